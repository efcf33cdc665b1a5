"""Reading a descriptor's characteristics ("+2 to your Speed Pool", "You're trained in …")
and a type's basic abilities ("Your Effort is 1", "a Might Edge of 1 … or …") into what a
character sheet holds: Pool and Edge changes, Armor, extra Pools, Skills table rows,
equipment, a contact, and the choices the book leaves to the player.

Rulebook templates are prose. The sheet needs numbers and rows, so the plain phrasings
are read into structure; a choice ("+2 Might or +2 Intellect or +1 to all three") becomes
a `BookChoice` the wizard and the CLI ask; whatever is not plain (a condition, a special
rule) is kept as an ability carrying its whole text, with a `reason` saying why, so
nothing a template gives is dropped. Each characteristic also says in short lines what
was made of it, which the wizard shows ("+2 Speed from Exceptional").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from numdesk.model.abilities import Ability, Skill
from numdesk.model.book_choices import BookChoice, Option
from numdesk.model.book_skills import (
    fixed_skills,
    hindered_subject,
    inability_choice,
    skill_choice,
    weapon_inabilities,
)
from numdesk.model.extras import ExtraPool
from numdesk.model.items import Equipment
from numdesk.rules.types import AbilityKind, AbilitySource, SkillLevel, Stat

_STATS = {s.value: s for s in Stat}
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_POOL = r"([+-]\d+) to (?:your |the )?(Might|Speed|Intellect) Pool"
_ALSO_POOL = r"(?:,)? and (?:([+-]\d+) )?(?:to )?(?:your |the )?(Might|Speed|Intellect) Pool"
_WHOLE_POOL = re.compile(rf"^\s*{_POOL}(?:{_ALSO_POOL})?(?P<rest>.*)$", re.IGNORECASE)
_ALL_POOLS = re.compile(
    r"^\s*([+-]\d+) to (?:all three|each of your|every) (?:stat )?Pools?\.?$", re.IGNORECASE
)
_DIVIDE = re.compile(
    r"^[\s,]*(?:and )?(?:you get )?(\d+) additional points to divide"
    r" among your (?:stat )?Pools\.?\s*$",
    re.IGNORECASE,
)
_EDGE_UP = re.compile(r"^\s*Your (Might|Speed|Intellect) Edge increases by (\d+)\.?\s*$", re.I)
_ARMOR = re.compile(r"^\s*\+(\d+) to Armor\.?\s*$", re.IGNORECASE)
_ARMOR_AGAINST = re.compile(
    r"^\s*\+(\d+) to Armor against (?:damage from )?(\w+)(?: damage)?(?: only)?\.?\s*$", re.I
)
_RECOVERY = re.compile(
    r"^\s*(?:Add (\d+) to the points you regain when you make a recovery roll"
    r"|You add \+(\d+) to your recovery rolls)\.?\s*$",
    re.IGNORECASE,
)
_EXTRA_POOL = re.compile(
    r"additional Pool called (\w+) that begins with (\d+) points?, and it has a maximum value"
    r" of (\d+) points?",
    re.IGNORECASE,
)
_GAIN_ONE_OF = re.compile(r"You gain one of the following abilities:\s*([^.]+)\.", re.I)
#: the start of a text that sets conditions: kept as text with this reason
_CONDITION = re.compile(r"^\s*(?:when|while|if|after|whenever|once|during)\b", re.IGNORECASE)

SPECIAL_RULE = "a special rule: its text says what it does"


@dataclass
class Characteristic:
    """What one characteristic (or a type's basic ability) gives, as the sheet holds it."""

    name: str
    text: str
    pool_bonus: dict[Stat, int] = field(default_factory=dict)
    extra_points: int = 0
    edge_bonus: dict[Stat, int] = field(default_factory=dict)
    #: Edges the text sets outright (a type's "Might Edge of 1 …")
    edges: dict[Stat, int] = field(default_factory=dict)
    armor: int = 0
    armor_against: dict[str, int] = field(default_factory=dict)
    recovery_bonus: int = 0
    #: less Speed (or Might) cost for wearing armor (Practiced in Armor)
    armor_cost_reduction: int = 0
    extra_pools: list[ExtraPool] = field(default_factory=list)
    skills: list[Skill] = field(default_factory=list)
    choice: BookChoice | None = None
    equipment: list[Equipment] = field(default_factory=list)
    #: a person the character knows (a descriptor's Contact), for the sheet's connections
    connection: str = ""
    effort: int | None = None
    cypher_limit: int | None = None
    ability: Ability | None = None
    #: why (part of) the text is kept as an ability; "" when all of it became structure
    reason: str = ""
    lines: list[str] = field(default_factory=list)
    #: the template or ability it belongs to ("Strong"), for messages naming it
    source: str = ""

    @property
    def structured(self) -> bool:
        """Whether anything besides kept text came of it."""
        return bool(
            self.pool_bonus
            or self.extra_points
            or self.edge_bonus
            or self.edges
            or self.armor
            or self.armor_against
            or self.recovery_bonus
            or self.armor_cost_reduction
            or self.extra_pools
            or self.skills
            or self.choice
            or self.equipment
            or self.connection
            or self.effort is not None
            or self.cypher_limit is not None
        )


def split_line(line: str) -> tuple[str, str]:
    """ "Name: text" as stored in a template's characteristics -> (name, text)."""
    name, sep, text = line.partition(":")
    if not sep or len(name) > 60:
        return "", line.strip()
    return name.strip(), text.strip()


def label(stat: Stat) -> str:
    return stat.value.capitalize()


def read_characteristic(name: str, text: str, source: str = "") -> Characteristic:
    """Structure from one descriptor characteristic, or an ability keeping its text."""
    found = Characteristic(name, text, source=source)
    owner = name or source or "the descriptor"
    lowered = name.casefold()
    if lowered.startswith("additional equipment"):
        _equipment(found, text, source)
        return found
    if lowered == "contact" or text.casefold().startswith("you have an important contact"):
        found.connection = f"{name or 'Contact'} ({source}): {text}" if source else text
        found.lines.append("Contact: written into your connections")
        return found
    if _read_pools(found, owner) or _read_small_numbers(found, owner):
        return found
    choice = pool_choice(name or source, source, text) or ability_choice(name, source, text)
    if choice is not None:
        found.choice = choice
        found.lines.append(f"{choice.title}: your choice")
        return found
    if _read_extra_pool(found, owner):
        return found
    if lowered.startswith("inabilit"):
        return _read_inability(found, source)
    if _read_skills(found, source, kept_rest=not lowered.startswith("skill")):
        return found
    reason = SPECIAL_RULE
    if _CONDITION.match(text):
        reason = "it applies only in some situations: kept with its text"
    _keep(found, source, reason)
    return found


def _keep(found: Characteristic, source: str, reason: str) -> None:
    found.ability = Ability(
        name=found.name or source or "Characteristic",
        kind=AbilityKind.ENABLER,
        source=AbilitySource.DESCRIPTOR,
        description=found.text,
    )
    found.reason = reason
    found.lines.append(f"Ability {found.ability.name} (kept with its text)")


def _equipment(found: Characteristic, text: str, source: str) -> None:
    """ "You have an extra medium weapon or heavy weapon." -> an equipment line."""
    short = re.sub(r"^\s*You (?:have|carry|own)\s+", "", text).strip(" .")
    name = short[:1].upper() + short[1:] if short and len(short.split()) <= 8 else ""
    title = name or (f"Additional equipment ({source})" if source else "Additional equipment")
    found.equipment.append(Equipment(title, description=text))
    found.lines.append(f"Equipment: {title}")


def _read_pools(found: Characteristic, owner: str) -> bool:
    """Fill Pool bonuses and points to divide when the whole text says only that."""
    text = found.text
    match = _WHOLE_POOL.match(text)
    rest = text
    if match:
        first = int(match.group(1))
        found.pool_bonus[_STATS[match.group(2).lower()]] = first
        if match.group(4):
            amount = int(match.group(3)) if match.group(3) else first
            found.pool_bonus[_STATS[match.group(4).lower()]] = amount
        rest = match.group("rest")
    divide = _DIVIDE.match(rest) if rest.strip(" .") else None
    if divide:
        found.extra_points = int(divide.group(1))
        rest = ""
    if rest.strip(" .") or not (found.pool_bonus or found.extra_points):
        found.pool_bonus, found.extra_points = {}, 0
        return False
    for stat, amount in found.pool_bonus.items():
        found.lines.append(f"{amount:+d} {label(stat)} from {owner}")
    if found.extra_points:
        found.lines.append(f"{found.extra_points} extra points to divide from {owner}")
    return True


def _read_small_numbers(found: Characteristic, owner: str) -> bool:
    """A whole text that is one Edge, Armor or recovery change."""
    text = found.text
    if match := _EDGE_UP.match(text):
        stat, amount = _STATS[match.group(1).lower()], int(match.group(2))
        found.edge_bonus[stat] = amount
        found.lines.append(f"{amount:+d} {label(stat)} Edge from {owner}")
    elif match := _ARMOR.match(text):
        found.armor = int(match.group(1))
        found.lines.append(f"{found.armor:+d} Armor from {owner}")
    elif match := _ARMOR_AGAINST.match(text):
        kind, amount = match.group(2).casefold(), int(match.group(1))
        found.armor_against[kind] = amount
        found.lines.append(f"{amount:+d} Armor against {kind} from {owner}")
    elif match := _RECOVERY.match(text):
        found.recovery_bonus = int(match.group(1) or match.group(2))
        found.lines.append(f"{found.recovery_bonus:+d} to recovery rolls from {owner}")
    else:
        return False
    return True


def _one_pool_option(part: str) -> Option | None:
    part = part.strip(" .")
    if match := re.fullmatch(_POOL, part, re.IGNORECASE):
        return Option(part, pool_bonus={_STATS[match.group(2).lower()]: int(match.group(1))})
    if match := _ALL_POOLS.match(part):
        return Option(part, pool_bonus=dict.fromkeys(Stat, int(match.group(1))))
    return None


def pool_choice(key: str, source: str, text: str) -> BookChoice | None:
    """ "+2 to your Might Pool or +2 to your Intellect Pool or +1 to all three Pools."."""
    parts = re.split(r"\s*,?\s+or\s+", text.strip().rstrip("."))
    if len(parts) < 2:
        return None
    options = [_one_pool_option(p) for p in parts]
    if any(o is None for o in options):
        return None
    return BookChoice(key, source, text, [o for o in options if o is not None])


def ability_choice(key: str, source: str, text: str) -> BookChoice | None:
    """ "You gain one of the following abilities: Communication, Eyes Adjusted, or …"."""
    match = _GAIN_ONE_OF.search(text)
    if not match:
        return None
    names = [p.strip() for p in re.split(r",\s*(?:or |and )?|\s+or\s+", match.group(1))]
    return BookChoice(key, source, text, [Option(n, ability=n) for n in names if n])


def _read_extra_pool(found: Characteristic, owner: str) -> bool:
    """Lucky's Luck Pool: a Pool of its own, and its rules kept as the ability's text."""
    match = _EXTRA_POOL.search(found.text)
    if not match:
        return False
    name, start, top = match.group(1).capitalize(), int(match.group(2)), int(match.group(3))
    found.extra_pools.append(ExtraPool(name, current=start, maximum=top))
    found.lines.append(f"{name} Pool {start} (maximum {top}) from {owner}")
    _keep(found, "", f"how the {name} Pool is spent and refreshed is its text")
    return True


def _read_inability(found: Characteristic, source: str) -> Characteristic:
    choice = inability_choice(found.name, source, found.text)
    if choice is not None:
        found.choice = choice
        found.lines.append(f"{choice.title}: your choice of inability")
        return found
    subject = hindered_subject(found.text)
    if subject:
        found.skills = [Skill(subject, SkillLevel.INABILITY, found.text)]
        found.lines.append(f"Inability: {subject}")
        return found
    _keep(found, source, "it hinders something the book does not name plainly")
    return found


def _read_skills(found: Characteristic, source: str, kept_rest: bool) -> bool:
    """Skills table rows or a skill choice; `kept_rest` keeps a longer text as an ability."""
    text = found.text
    choice = skill_choice(found.name or source, source, text)
    if choice is not None:
        found.choice = choice
        found.lines.append(f"{choice.title}: your choice of skill")
        return True
    skills = fixed_skills(text)
    if not skills:
        return False
    found.skills = skills
    for skill in skills:
        found.lines.append(f"{skill.level.value.capitalize()} in {skill.name}")
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]
    if kept_rest and len(sentences) > 1:
        _keep(found, source, "a special rule beside the training")
    return True


def read_characteristics(lines: list[str], source: str = "") -> list[Characteristic]:
    """Every characteristic line of a template ("Name: text"), read in order."""
    return [read_characteristic(*split_line(line), source) for line in lines if line.strip()]


# -- a type's basic abilities ("Effort: Your Effort is 1.") ---------------------------------


def _edges_in(text: str) -> dict[Stat, int]:
    return {
        _STATS[name.lower()]: int(v)
        for name, v in re.findall(r"(Might|Speed|Intellect) Edge of (\d+)", text, re.I)
    }


def edge_choice(key: str, source: str, text: str) -> BookChoice | None:
    """ "a Might Edge of 1 and a Speed Edge of 0, or … Either way, … Intellect Edge of 0"."""
    body, *rest = re.split(r"\bEither way\b", text, maxsplit=1, flags=re.IGNORECASE)
    common = rest[0] if rest else ""
    alternatives = re.split(r",?\s+or\s+(?:you have\s+)?", body)
    if len(alternatives) < 2:
        return None
    shared = _edges_in(common)
    options = []
    for alternative in alternatives:
        edges = {**_edges_in(alternative), **shared}
        if len(edges) != len(Stat):
            return None
        words = ", ".join(f"{label(s)} Edge {edges[s]}" for s in Stat)
        options.append(Option(words, edges=edges))
    return BookChoice(key, source, text, options)


def read_type_line(name: str, text: str, source: str = "") -> Characteristic | None:
    """One of a type's basic abilities, or None for a line that is not one (a note)."""
    found = Characteristic(name, text, source=source)
    owner = source or "the type"
    if not name or text.casefold().startswith("this type lets the player choose"):
        return None
    if match := re.search(r"Effort is (\d+)", text):
        found.effort = int(match.group(1))
        found.lines.append(f"Effort {found.effort} from {owner}")
    elif match := re.search(r"bear (\w+) cyphers", text, re.IGNORECASE):
        word = match.group(1).lower()
        found.cypher_limit = int(word) if word.isdigit() else _NUMBERS.get(word)
        found.lines.append(f"Cypher limit {found.cypher_limit} from {owner}")
    elif "Edge of" in text:
        choice = edge_choice(name, source, text)
        if choice is not None:
            found.choice = choice
            found.lines.append(f"{choice.title}: your choice of Edges")
        elif (edges := _edges_in(text)) and len(edges) == len(Stat):
            found.edges = edges
            found.lines.append(", ".join(f"{label(s)} Edge {v}" for s, v in edges.items()))
    elif name.casefold().startswith("starting equipment"):
        found.equipment.append(Equipment("Starting equipment", description=text))
        found.lines.append(f"Equipment: starting equipment from {owner}")
    elif re.search(r"\bweapons?\b", text, re.IGNORECASE):
        found.skills = weapon_inabilities(text)
        found.lines += [f"Inability: {s.name}" for s in found.skills]
        found.ability = Ability(
            name, kind=AbilityKind.ENABLER, source=AbilitySource.TYPE, description=text
        )
        found.reason = "which weapons are used without penalty is its text"
        found.lines.append(f"Ability {name} (kept with its text)")
    else:
        found.ability = Ability(
            name, kind=AbilityKind.ENABLER, source=AbilitySource.TYPE, description=text
        )
        found.reason = SPECIAL_RULE
        found.lines.append(f"Ability {name} (kept with its text)")
    return found
