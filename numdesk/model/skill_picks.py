"""Skills picked twice: in two "choose N" lists, or one the character already has.

The Skills table holds one row per skill, so a second pick of the same skill would give
the character nothing: six picks would make four skills without a word. The books say
so in their own terms ("in which you are not already trained", "you must select
different skills each time"); `duplicate_pick_problems` refuses such a pick and says the
rule of the choice that states one, or plainly that a second training adds nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from numdesk.model.abilities import Skill
from numdesk.model.book_choices import SKILLS, BookChoice, Option
from numdesk.rules.types import SkillLevel

_NOT_TRAINED = "not already trained"
_DIFFERENT = ("different skills each time", "different skill each time", "choose a different")


def _rule(choice: BookChoice, other: BookChoice | None) -> str:
    """The book's rule that forbids the repeat, in words, from `choice`'s own text."""
    text = choice.text.casefold()
    if _NOT_TRAINED in text:
        return f"{choice.key} trains you only in skills in which you are not already trained"
    same_ability = other is not None and other.source == choice.source
    if same_ability and any(words in text for words in _DIFFERENT):
        return f"the book says to choose different skills each time you take {choice.source}"
    return ""


def _said_rule(first: BookChoice, second: BookChoice | None) -> str:
    """The rule of either choice (the first that states one), or the plain reason."""
    rule = _rule(first, second) or (_rule(second, first) if second is not None else "")
    return rule or "a second training in the same skill would add nothing"


def duplicate_pick_problems(
    answered: Iterable[tuple[BookChoice, list[Option]]],
    held: dict[str, tuple[str, SkillLevel]],
) -> list[str]:
    """Why some picked skills repeat another pick or a skill already held.

    `answered` pairs each skill choice with the options picked; `held` maps a skill's
    name (folded) to where it comes from and its level (the type's, the templates' and
    the abilities' own rows). A pick at a higher level than the row held (specialized in
    what the descriptor trains) is a step up, not a repeat.
    """
    problems: list[str] = []
    picked: dict[str, BookChoice] = {}
    for choice, options in answered:
        if choice.kind != SKILLS:
            continue
        for option in options:
            for skill in option.skills:
                problem = _repeat(choice, skill, picked, held)
                if problem:
                    problems.append(problem)
                else:
                    picked.setdefault(skill.name.casefold(), choice)
    return problems


def _repeat(
    choice: BookChoice,
    skill: Skill,
    picked: dict[str, BookChoice],
    held: dict[str, tuple[str, SkillLevel]],
) -> str:
    folded = skill.name.casefold()
    order = list(SkillLevel)
    if folded in held:
        where, level = held[folded]
        trained = level not in (SkillLevel.INABILITY, SkillLevel.PRACTICED)
        if trained and order.index(skill.level) <= order.index(level):
            return (
                f"{choice.title}: you are already trained in {skill.name} ({where}); "
                f"{_said_rule(choice, None)}: choose another."
            )
    other = picked.get(folded)
    if other is not None and other is not choice:
        return (
            f"{skill.name} is chosen under both {other.title} and {choice.title}; "
            f"{_said_rule(choice, other)}: choose another in one of them."
        )
    return ""
