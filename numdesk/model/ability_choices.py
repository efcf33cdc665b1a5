"""Choices a special ability's text asks once, when the character gains it.

"You add +1 damage to one type of weapon attack of your choice: melee weapon attacks or
ranged weapon attacks" (Combat Prowess) is asked like a descriptor's "+2 Might or +2
Intellect": a `BookChoice` whose options say what each gives. The answer is written on
the ability (`Ability.choice`), so what it gives in play is read again from the ability
itself: archived or removed, it gives nothing. What numdesk applies:

- extra damage on melee or on ranged weapon attacks (`damage_bonus`, by the task dialog);
- a type of armor to start with (an Armor row of that weight);
- training in a type of attack or of defense (a Skills table row);
- an Edge raised from 0 to 1 (read in `numdesk.model.ability_gains`).

A choice whose effect is a rule for the table ("decide if it applies to Might Effort or
Speed Effort") is asked and recorded on the ability; its effect stays the ability's text,
and the option's `kept` line says so.
"""

from __future__ import annotations

import re

from numdesk.model.abilities import Ability, Skill
from numdesk.model.book_choices import SKILLS, BookChoice, Option
from numdesk.rules.types import ArmorCategory, SkillLevel

_DAMAGE = re.compile(
    r"\+(\d+) damage to one type of (?:weapon )?attack of your choice:\s*([^.]+)\.", re.I
)
_ARMOR = re.compile(r"\bstart the game with a type of armor of your choice\b", re.I)
_ATTACKS = re.compile(
    r"Choose one type of attack in which you are (not already )?trained:\s*([^.]+)\.\s*"
    r"You are (trained|specialized) in attacks using that type of weapon",
    re.I,
)
_DEFENSES = re.compile(
    r"Choose one type of defense task in which you are (not already )?trained:\s*([^.]+)\.\s*"
    r"You are (trained|specialized) in defense tasks of that type",
    re.I,
)
_EFFORT = re.compile(
    r"When you choose this ability, decide if it applies to (\w+) Effort or (\w+) Effort", re.I
)
#: what the table keeps of a choice numdesk records but does not apply
KEPT = "numdesk records the choice; what it does is the ability's text"


def _listed(text: str) -> list[str]:
    parts = re.split(r",\s*(?:or\s+|and\s+)?|\s+or\s+", text.strip(" ."))
    return [p.strip() for p in parts if p.strip()]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def damage_choice(name: str, source: str, text: str) -> BookChoice | None:
    """Combat Prowess: +N damage on melee or on ranged weapon attacks."""
    match = _DAMAGE.search(text)
    if not match:
        return None
    amount = int(match.group(1))
    options = []
    for part in _listed(match.group(2)):
        lowered = part.casefold()
        reach = "melee" if "melee" in lowered else "ranged" if "ranged" in lowered else ""
        if not reach:
            return None
        options.append(Option(_capital(part), damage_bonus={reach: amount}))
    return BookChoice(name, source, text, options) if len(options) > 1 else None


def armor_choice(name: str, source: str, text: str) -> BookChoice | None:
    """Practiced in Armor: "You start the game with a type of armor of your choice"."""
    if not _ARMOR.search(text):
        return None
    weights = (ArmorCategory.LIGHT, ArmorCategory.MEDIUM, ArmorCategory.HEAVY)
    options = [Option(f"{w.value.capitalize()} armor", armor=w) for w in weights]
    return BookChoice(name, source, text, options)


def _level(word: str) -> SkillLevel:
    return SkillLevel.SPECIALIZED if word.casefold() == "specialized" else SkillLevel.TRAINED


def training_choice(name: str, source: str, text: str) -> BookChoice | None:
    """Skill With Attacks / Defense and their Mastery: a type of attack or defense."""
    found = _ATTACKS.search(text)
    noun = "attacks"
    if found is None:
        found = _DEFENSES.search(text)
        noun = "defense"
    if found is None:
        return None
    level = _level(found.group(3))
    choice = BookChoice(name, source, text, kind=SKILLS, level=level)
    for part in _listed(found.group(2)):
        skill = _capital(f"{part} {noun}")
        choice.options.append(Option(skill, skills=[Skill(skill, level, f"{name}: {text}")]))
    return choice


def effort_choice(name: str, source: str, text: str) -> BookChoice | None:
    """Amazing Effort: "decide if it applies to Might Effort or Speed Effort" (recorded)."""
    match = _EFFORT.search(text)
    if not match:
        return None
    options = [Option(f"{_capital(match.group(i))} Effort") for i in (1, 2)]
    return BookChoice(name, source, text, options)


def gained_choice(name: str, source: str, text: str) -> BookChoice | None:
    """The choice `text` asks when the ability is gained (one of the above), or None."""
    for reader in (damage_choice, armor_choice, training_choice, effort_choice):
        choice = reader(name, source, text)
        if choice is not None:
            return choice
    return None


def applied_option(ability: Ability) -> Option | None:
    """The option the ability's recorded answer picks (None: none asked or answered)."""
    if not ability.choice:
        return None
    choice = gained_choice(ability.name, ability.name, ability.description)
    return choice.option(ability.choice) if choice is not None else None


def damage_bonuses(abilities: list[Ability], reach: str) -> list[tuple[str, int]]:
    """(ability name, +damage) for every ability in `abilities` adding damage on weapon
    attacks of `reach` ("melee" or "ranged") by the player's answer."""
    found = []
    for ability in abilities:
        option = applied_option(ability)
        if option is not None and option.damage_bonus.get(reach):
            found.append((ability.name, option.damage_bonus[reach]))
    return found
