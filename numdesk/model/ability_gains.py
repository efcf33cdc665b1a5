"""What a special ability's text gives besides itself: Skills table rows ("You are trained
in searching, listening, …"), a skill choice ("Choose two of the following: …"), an Edge
to raise ("Choose one of your Edge stats that is 0"), or plain gains ("You gain +1 to
Armor, +1 to your Might Edge, and 5 additional points to your Might Pool").

The ability itself always stays on the sheet with its text; this reads only what the text
states without conditions, so a bonus that holds "while in beast form" is never applied.
"""

from __future__ import annotations

import re

from numdesk.model.abilities import Ability
from numdesk.model.ability_choices import gained_choice
from numdesk.model.book_choices import BookChoice, Option
from numdesk.model.book_skills import fixed_skills, skill_choice
from numdesk.model.characteristics import Characteristic, label
from numdesk.rules.types import Stat

_GAIN = re.compile(
    r"^\s*(?:You gain|You have|Your [\w\s]+? grants? you)\s+([^.]+)\.", re.IGNORECASE
)
_ITEM_POOL = re.compile(
    r"^\+?(\d+) (?:additional )?(?:points )?to your (Might|Speed|Intellect) Pool$", re.I
)
_ITEM_EDGE = re.compile(r"^\+(\d+) to your (Might|Speed|Intellect) Edge$", re.IGNORECASE)
_ITEM_ARMOR = re.compile(r"^\+(\d+) to Armor$", re.IGNORECASE)
_CONDITIONAL = re.compile(r"\b(?:when|while|if|until|for the next|as long as)\b", re.I)
_ARMOR_COST = re.compile(
    r"\bYou reduce the (?:Might and )?Speed cost (?:of|for) wearing armor by (\d+)\.", re.I
)
_RAISE_EDGE = re.compile(
    r"Choose one of your Edge stats that is 0\. It increases to 1\.", re.IGNORECASE
)


def read_ability(ability: Ability, source: str = "") -> Characteristic:
    """What `ability` gives besides itself (its `lines` say it); nothing if it gives nothing."""
    text = ability.description
    found = Characteristic(ability.name, text, source=source or ability.name)
    choice = gained_choice(ability.name, source or ability.name, text)
    if choice is not None:
        found.choice = choice
        found.lines.append(f"{ability.name}: your choice")
        _armor_cost(found, text)
        return found
    if _RAISE_EDGE.search(text):
        options = [Option(f"{label(s)} Edge", edge_bonus={s: 1}) for s in Stat]
        found.choice = BookChoice(ability.name, source or ability.name, text, options)
        found.lines.append(f"{ability.name}: your choice of Edge to raise")
        return found
    choice = skill_choice(ability.name, source or ability.name, text)
    if choice is not None:
        found.choice = choice
        found.lines.append(f"{ability.name}: your choice of skill")
        return found
    for skill in fixed_skills(text):
        skill.description = f"{ability.name}: {text}"
        found.skills.append(skill)
        found.lines.append(f"{skill.level.value.capitalize()} in {skill.name} ({ability.name})")
    _plain_gains(found, text)
    return found


def _plain_gains(found: Characteristic, text: str) -> None:
    """ "You gain 3 points to your Intellect Pool." — only a first sentence with no condition."""
    match = _GAIN.match(text)
    if not match or _CONDITIONAL.search(match.group(0)):
        return
    items = [i.strip() for i in re.split(r",\s*(?:and\s+)?|\s+and\s+", match.group(1)) if i]
    gains: list[tuple[str, int, str]] = []
    for item in items:
        if pool := _ITEM_POOL.match(item):
            gains.append(("pool", int(pool.group(1)), pool.group(2).lower()))
        elif edge := _ITEM_EDGE.match(item):
            gains.append(("edge", int(edge.group(1)), edge.group(2).lower()))
        elif armor := _ITEM_ARMOR.match(item):
            gains.append(("armor", int(armor.group(1)), ""))
        else:
            return  # part of the sentence is something else: leave it all to the text
    for what, amount, stat_name in gains:
        if what == "armor":
            found.armor += amount
            found.lines.append(f"{amount:+d} Armor ({found.name})")
            continue
        stat = Stat(stat_name)
        target = found.pool_bonus if what == "pool" else found.edge_bonus
        target[stat] = target.get(stat, 0) + amount
        noun = label(stat) if what == "pool" else f"{label(stat)} Edge"
        found.lines.append(f"{amount:+d} {noun} ({found.name})")


def _armor_cost(found: Characteristic, text: str) -> None:
    """ "You reduce the Speed cost for wearing armor by 1." (Practiced in Armor)."""
    match = _ARMOR_COST.search(text)
    if match and not _CONDITIONAL.search(match.group(0)):
        found.armor_cost_reduction = int(match.group(1))
        found.lines.append(
            f"Cost of wearing armor reduced by {found.armor_cost_reduction} ({found.name})"
        )
