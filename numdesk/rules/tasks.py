"""Task planning: from a base difficulty to the number a player must roll.

Collects every source of easing and hindering (RULES.md G3, G6–G9, C3, C13, G18),
applies the profile's caps and says the result the way players say it at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from numdesk.rules.combat_modifiers import CombatModifier, ModifierEffect
from numdesk.rules.difficulty import (
    MAX_DIFFICULTY,
    check_difficulty,
    difficulty_name,
    final_difficulty,
    is_impossible,
    is_routine,
    success_chance,
    target_number,
)
from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import Profile
from numdesk.rules.types import SkillLevel

_SKILL_STEPS = {
    SkillLevel.INABILITY: -1,
    SkillLevel.PRACTICED: 0,
    SkillLevel.TRAINED: 1,
    SkillLevel.SPECIALIZED: 2,
    SkillLevel.EXPERT: 3,
}

_NUMBER_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


def check_skill_level(level: SkillLevel, profile: Profile) -> None:
    """Refuse a skill level the profile does not know (e.g. expert in `numenera`);
    `practiced` (no training) is in every profile."""
    if level not in profile.skill_levels and level is not SkillLevel.PRACTICED:
        allowed = ", ".join(str(s) for s in profile.skill_levels)
        raise RulesError(
            f"The {profile.label} rules have no skill level {str(level)!r} (use {allowed})."
        )


def skill_steps(level: SkillLevel | None, profile: Profile, *, inability: bool = False) -> int:
    """Signed steps a skill gives: positive eases, negative hinders (G7).

    `level` is the training the character has (None for none); `inability` says it also
    has an inability in the task, which cancels one step of training. The ease never
    exceeds the profile's skill cap.
    """
    steps = 0
    if level is not None:
        check_skill_level(level, profile)
        steps = _SKILL_STEPS[level]
    if inability and level is not SkillLevel.INABILITY:
        steps -= 1
    return min(steps, profile.skill_ease_cap)


def helper_assets(helper_skill: SkillLevel | None, *, helper_inability: bool = False) -> int:
    """Assets one helper gives: none with an inability, 2 if trained or better, else 1 (G8)."""
    if helper_inability or helper_skill is SkillLevel.INABILITY:
        return 0
    if helper_skill is None:
        return 1
    return 2


def _count(n: int) -> str:
    return _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)


def steps_phrase(steps: int) -> str:
    """How a player says a net step change: "eased by two steps", "hindered by one step"."""
    if steps == 0:
        return "neither eased nor hindered"
    verb = "eased" if steps > 0 else "hindered"
    n = abs(steps)
    return f"{verb} by {_count(n)} step{'s' if n != 1 else ''}"


@dataclass(frozen=True, slots=True)
class TaskPlan:
    """Everything the table needs to know before (or instead of) rolling."""

    base_difficulty: int
    skill_steps: int
    asset_steps: int
    effort_levels: int
    other_eases: int
    hindrances: int
    eased: int
    hindered: int
    net_steps: int
    final_difficulty: int
    target_number: int
    success_chance: float
    routine: bool
    impossible: bool
    automatic_hit: bool
    no_attack_possible: bool
    summary: str

    @property
    def name(self) -> str:
        """Name of the final difficulty."""
        return difficulty_name(self.final_difficulty)

    @property
    def steps_text(self) -> str:
        """The net change as a player says it: "eased by two steps"."""
        return steps_phrase(self.net_steps)


def _non_negative(value: int, what: str) -> None:
    if value < 0:
        raise RulesError(f"{what} cannot be negative (got {value}).")


def plan_task(
    profile: Profile,
    base_difficulty: int,
    *,
    skill: SkillLevel | None = None,
    inability: bool = False,
    assets: int = 0,
    helpers: Sequence[SkillLevel | None] = (),
    effort_levels: int = 0,
    eases: int = 0,
    hindrances: int = 0,
    modifiers: Sequence[CombatModifier] = (),
) -> TaskPlan:
    """Work out one task's final difficulty, target number and chance.

    `assets` are tools or circumstances; `helpers` the skill level of each helper
    (`SkillLevel.INABILITY` for a helper who has an inability). Assets and helpers
    together ease at most the profile's asset cap. `effort_levels` are the levels spent
    on easing (not damage). `eases`/`hindrances` are any other steps (armor, wounds,
    conditions); `modifiers` are combat quick picks.
    """
    check_difficulty(base_difficulty)
    _non_negative(assets, "Assets")
    _non_negative(eases, "Eased steps")
    _non_negative(hindrances, "Hindered steps")
    if not 0 <= effort_levels <= profile.max_effort:
        raise RulesError(
            f"Effort on one action is 0 to {profile.max_effort} levels, not {effort_levels}."
        )
    skill_net = skill_steps(skill, profile, inability=inability)
    asset_total = assets + sum(helper_assets(h) for h in helpers)
    asset_steps = min(asset_total, profile.asset_ease_cap)
    mod_ease = sum(m.steps for m in modifiers if m.steps > 0)
    mod_hinder = -sum(m.steps for m in modifiers if m.steps < 0)
    automatic_hit = any(m.effect is ModifierEffect.AUTOMATIC_HIT for m in modifiers)
    no_attack = any(m.effect is ModifierEffect.NO_ATTACK for m in modifiers)
    eased = max(skill_net, 0) + asset_steps + effort_levels + eases + mod_ease
    hindered = max(-skill_net, 0) + hindrances + mod_hinder
    final = min(final_difficulty(base_difficulty, eased, hindered), MAX_DIFFICULTY)
    routine = is_routine(final) or (automatic_hit and not no_attack)
    impossible = no_attack or is_impossible(final)
    chance = 0.0 if no_attack else (1.0 if routine else success_chance(final))
    net = eased - hindered
    if no_attack:
        summary = "No attack is possible."
    elif automatic_hit:
        summary = "The attack hits automatically."
    else:
        summary = (
            f"{difficulty_name(base_difficulty)} ({base_difficulty}) {steps_phrase(net)}: "
            f"{difficulty_name(final)} ({final})"
        )
        if routine:
            summary += ", routine, no roll needed."
        elif impossible:
            summary += ", impossible, even a 20 fails."
        else:
            summary += f", roll {target_number(final)} or higher ({round(chance * 100)}%)."
    return TaskPlan(
        base_difficulty=base_difficulty,
        skill_steps=skill_net,
        asset_steps=asset_steps,
        effort_levels=effort_levels,
        other_eases=eases + mod_ease,
        hindrances=hindrances + mod_hinder,
        eased=eased,
        hindered=hindered,
        net_steps=net,
        final_difficulty=final,
        target_number=target_number(final),
        success_chance=chance,
        routine=routine,
        impossible=impossible,
        automatic_hit=automatic_hit and not no_attack,
        no_attack_possible=no_attack,
        summary=summary,
    )
