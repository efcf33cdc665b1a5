"""Gaining special abilities at a new tier, with what they give and the choices they ask.

The tier-up dialog hands the abilities ticked and the player's answers; `GainAbilities`
puts the abilities on the sheet and applies what their texts give, as the wizard does
at creation: training ("You are trained in …") as Skills table rows, plain gains of
Pools, Edges and Armor, and the answered choices (Improved Edge's Edge, Skill With
Defense's defense, Combat Prowess's melee or ranged, written on the ability). What an
ability's text does beyond that stays its text. `gain_problems` says what is missing or
wrong in the answers, in the same words the wizard uses.
"""

from __future__ import annotations

import copy
import re

from numdesk.model.abilities import Ability, Skill
from numdesk.model.ability_apply import apply_effect, apply_options
from numdesk.model.book_choices import (
    BookChoice,
    Option,
    answer_problems,
    chosen_options,
    number_repeats,
)
from numdesk.model.character import Character
from numdesk.model.characteristics import Characteristic, label
from numdesk.model.creation_effects import ability_effects
from numdesk.model.errors import DomainError
from numdesk.model.items import new_uid
from numdesk.model.operations.base import Change
from numdesk.model.operations.sheet import CharacterOperation
from numdesk.model.skill_picks import duplicate_pick_problems
from numdesk.rules.types import SkillLevel

Answers = dict[str, list[str]]


def gained_choices(abilities: list[Ability]) -> list[BookChoice]:
    """The choices `abilities` ask when gained, each under a key of its own."""
    return number_repeats([e.choice for e in ability_effects(abilities) if e.choice])


def _answers(answers: Answers, choice: BookChoice) -> list[str]:
    folded = {k.casefold(): v for k, v in answers.items()}
    return folded.get(choice.title.casefold(), folded.get(choice.key.casefold(), []))


def _held(character: Character, effects: list[Characteristic]) -> dict[str, tuple[str, SkillLevel]]:
    held = {s.name.casefold(): ("your Skills table", s.level) for s in character.skills}
    for effect in effects:
        for skill in effect.skills:
            held.setdefault(skill.name.casefold(), (effect.source or effect.name, skill.level))
    return held


def gain_problems(character: Character, abilities: list[Ability], answers: Answers) -> list[str]:
    """Why the answers do not yet answer what `abilities` ask ([] when they do)."""
    problems: list[str] = []
    answered: list[tuple[BookChoice, list[Option]]] = []
    for choice in gained_choices(abilities):
        given = _answers(answers, choice)
        problems.extend(answer_problems(choice, given))
        options = chosen_options(choice, given)
        answered.append((choice, options))
        for option in options:
            for stat in option.edge_bonus:
                edge = character.pool(stat).edge
                if edge != 0:
                    problems.append(
                        f"{choice.title} raises an Edge that is 0; your "
                        f"{label(stat)} Edge is {edge}."
                    )
    problems.extend(duplicate_pick_problems(answered, _held(character, ability_effects(abilities))))
    return problems


def _add_skill(character: Character, skill: Skill, lines: list[str]) -> None:
    """A Skills table row, or a row raised to the new level; nothing if it is held."""
    order = list(SkillLevel)
    for row in character.skills:
        same_kind = (row.level is SkillLevel.INABILITY) == (skill.level is SkillLevel.INABILITY)
        if row.name.casefold() == skill.name.casefold() and same_kind:
            if order.index(skill.level) > order.index(row.level):
                row.level = skill.level
                lines.append(f"{skill.name} raised to {skill.level.value}")
            return
    row = copy.deepcopy(skill)
    row.uid = new_uid()
    character.skills.append(row)
    lines.append(f"{skill.level.value.capitalize()} in {skill.name}")


def _give(character: Character, effect: Characteristic | Option, lines: list[str]) -> None:
    """Skills, Pools and Edges an ability or a chosen option gives."""
    for skill in effect.skills:
        _add_skill(character, skill, lines)
    for stat, amount in effect.pool_bonus.items():
        pool = character.pool(stat)
        pool.maximum += amount
        pool.current += amount
        lines.append(f"{amount:+d} {label(stat)} Pool")
    for stat, amount in effect.edge_bonus.items():
        character.pool(stat).edge += amount
        lines.append(f"{amount:+d} {label(stat)} Edge")


def _said_by_give(line: str) -> bool:
    """Lines `_give` says itself (skills, Pools, Edges) or a choice's own line."""
    return (
        line.startswith(("Trained in", "Specialized in"))
        or ": your choice" in line
        or re.match(r"^[+-]\d+ (?:Might|Speed|Intellect)(?: Edge)? \(", line) is not None
    )


class GainAbilities(CharacterOperation):
    """Put `abilities` on the sheet with what they give; `answers` (by choice title)
    answer the choices they ask. Refused, changing nothing, while an answer is missing."""

    def __init__(self, abilities: list[Ability], answers: Answers | None = None) -> None:
        super().__init__()
        self.abilities = copy.deepcopy(abilities)
        self.answers = dict(answers or {})

    def _run(self, character: Character) -> Change:
        problems = gain_problems(character, self.abilities, self.answers)
        if problems:
            raise DomainError(problems[0], field="abilities")
        gained = copy.deepcopy(self.abilities)
        lines: list[str] = []
        for ability in gained:
            character.abilities.append(ability)
        effects = ability_effects(gained)
        for effect in effects:
            _give(character, effect, lines)
            apply_effect(character, effect)
            lines.extend(line for line in effect.lines if not _said_by_give(line))
        for choice in gained_choices(gained):
            options = chosen_options(choice, _answers(self.answers, choice))
            if choice.owner is not None:
                gained[choice.owner].choice = "; ".join(o.label for o in options)
            lines.append(f"{choice.title}: {'; '.join(o.label for o in options)}")
            for option in options:
                _give(character, option, lines)
            lines.extend(apply_options(character, choice, options))
        names = ", ".join(a.name for a in gained)
        summary = f"Gained {names}" + (f" ({'; '.join(lines)})" if lines else "")
        return Change(summary, kind="items", details="\n".join(lines))
