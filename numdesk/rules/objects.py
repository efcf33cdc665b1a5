"""Damage to objects, in both models (RULES.md N9 for `numenera`, C11 for `cypher`)."""

from __future__ import annotations

from dataclasses import dataclass

from numdesk.rules.errors import RulesError
from numdesk.rules.types import ObjectState

#: Beating the target number by this much moves an object two / three steps (N9).
TWO_STEP_MARGIN = 6
THREE_STEP_MARGIN = 12


def _check_level(level: int) -> None:
    if not 0 <= level <= 10:
        raise RulesError(f"An object's level runs from 0 to 10, not {level}.")


def track_steps_for_margin(roll_total: int, target_number: int) -> int:
    """Steps a Might attack moves an object: 0 on a miss, 1, or 2/3 for margins 6/12 (N9)."""
    if roll_total < target_number:
        return 0
    margin = roll_total - target_number
    if margin >= THREE_STEP_MARGIN:
        return 3
    if margin >= TWO_STEP_MARGIN:
        return 2
    return 1


def object_acting_level(state: ObjectState, level: int) -> int:
    """An object with minor damage acts at one level lower (N9)."""
    _check_level(level)
    return max(0, level - 1) if state is ObjectState.MINOR_DAMAGE else level


@dataclass(frozen=True, slots=True)
class ObjectTrackResult:
    """An object's track before and after one attack."""

    before: ObjectState
    after: ObjectState
    steps: int
    acting_level: int

    @property
    def broken(self) -> bool:
        """Major damage or worse."""
        return self.after >= ObjectState.MAJOR_DAMAGE


def damage_object_track(state: ObjectState, level: int, roll_total: int) -> ObjectTrackResult:
    """Move an object down its track after a Might attack against its target number (N9)."""
    _check_level(level)
    steps = track_steps_for_margin(roll_total, 3 * level)
    after = ObjectState(min(int(state) + steps, ObjectState.DESTROYED))
    return ObjectTrackResult(
        before=state,
        after=after,
        steps=int(after) - int(state),
        acting_level=object_acting_level(after, level) if after < ObjectState.DESTROYED else 0,
    )


@dataclass(frozen=True, slots=True)
class ObjectHealth:
    """A `cypher` object: its current level (Armor and health at once) and original level."""

    level: int
    original_level: int
    damage_since_broken: int = 0

    def __post_init__(self) -> None:
        _check_level(self.original_level)
        if self.original_level < 1:
            raise RulesError("An object that can be damaged has level 1 or more.")
        if not 0 <= self.level <= self.original_level:
            raise RulesError(
                f"An object's level runs from 0 to its original {self.original_level}."
            )
        if self.damage_since_broken < 0 or (self.level > 0 and self.damage_since_broken):
            raise RulesError("Only a broken object counts damage towards destruction.")

    @property
    def broken(self) -> bool:
        """Level 0: broken (C11)."""
        return self.level == 0

    @property
    def destroyed(self) -> bool:
        """Broken, then damaged by at least its original level in total (C11)."""
        return self.broken and self.damage_since_broken >= self.original_level


def new_object(level: int) -> ObjectHealth:
    """An undamaged object of this level."""
    return ObjectHealth(level=level, original_level=level)


@dataclass(frozen=True, slots=True)
class ObjectDamage:
    """One hit on a `cypher` object."""

    amount: int
    before: ObjectHealth
    after: ObjectHealth
    level_lost: int
    broken: bool
    destroyed: bool


def damage_object(obj: ObjectHealth, amount: int) -> ObjectDamage:
    """Damage above the current level lowers it one for one; at 0 it is broken; later
    damage totalling the original level destroys it (C11).
    """
    if amount < 0:
        raise RulesError(f"Damage cannot be negative (got {amount}).")
    if obj.destroyed:
        raise RulesError("The object is already destroyed.")
    if obj.broken:
        after = ObjectHealth(0, obj.original_level, obj.damage_since_broken + amount)
    else:
        lost = min(max(0, amount - obj.level), obj.level)
        after = ObjectHealth(obj.level - lost, obj.original_level)
    return ObjectDamage(
        amount=amount,
        before=obj,
        after=after,
        level_lost=obj.level - after.level,
        broken=after.broken,
        destroyed=after.destroyed,
    )
