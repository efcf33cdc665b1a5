"""`cypher` wounds: slots, roll-over, hindrance, death, and Pool damage turned into a wound
(RULES.md C1–C4). The same slot logic serves shields (C7).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from numdesk.rules.errors import RulesError
from numdesk.rules.types import Stat, WoundSeverity

_NAMES = {
    WoundSeverity.MINOR: "minor",
    WoundSeverity.MODERATE: "moderate",
    WoundSeverity.MAJOR: "major",
}


def severity_name(severity: WoundSeverity) -> str:
    """Lower-case name of a severity for sentences."""
    return _NAMES[severity]


@dataclass(frozen=True, slots=True)
class WoundState:
    """Wounds taken and the slots for each severity (C1)."""

    minor: int = 0
    moderate: int = 0
    major: int = 0
    minor_slots: int = 3
    moderate_slots: int = 3
    major_slots: int = 3

    def __post_init__(self) -> None:
        for severity in WoundSeverity:
            slots = self.slots(severity)
            count = self.count(severity)
            name = severity_name(severity)
            if slots < 1:
                raise RulesError(f"There must be at least one {name} wound slot.")
            if not 0 <= count <= slots:
                raise RulesError(f"{count} {name} wounds do not fit {slots} {name} slots.")

    def count(self, severity: WoundSeverity) -> int:
        """Wounds of this severity."""
        return (self.minor, self.moderate, self.major)[severity - 1]

    def slots(self, severity: WoundSeverity) -> int:
        """Slots for this severity."""
        return (self.minor_slots, self.moderate_slots, self.major_slots)[severity - 1]

    def with_count(self, severity: WoundSeverity, count: int) -> WoundState:
        """A copy with `count` wounds of `severity`."""
        return replace(self, **{_NAMES[severity]: count})

    def full(self, severity: WoundSeverity) -> bool:
        """Whether every slot of this severity is taken."""
        return self.count(severity) >= self.slots(severity)


def is_dead(state: WoundState) -> bool:
    """Filling the last major slot (the third, normally) kills (C3)."""
    return state.full(WoundSeverity.MAJOR)


def wound_hindrance(state: WoundState) -> int:
    """Steps every task is hindered: 1 with all moderate slots full, +1 per major (C3)."""
    return (1 if state.full(WoundSeverity.MODERATE) else 0) + state.major


@dataclass(frozen=True, slots=True)
class WoundResult:
    """One wound taken, after roll-over."""

    before: WoundState
    after: WoundState
    requested: WoundSeverity
    applied: WoundSeverity
    rolled_over: bool
    dead: bool
    summary: str


def add_wound(state: WoundState, severity: WoundSeverity) -> WoundResult:
    """Take a wound; with its slots full it rolls over to the next severity (C2)."""
    if is_dead(state):
        raise RulesError("Every major wound slot is already filled.")
    applied = severity
    while applied < WoundSeverity.MAJOR and state.full(applied):
        applied = WoundSeverity(applied + 1)
    after = state.with_count(applied, state.count(applied) + 1)
    dead = is_dead(after)
    summary = f"Takes a {severity_name(applied)} wound"
    if applied is not severity:
        summary += f" (a {severity_name(severity)} wound rolled over)"
    summary += "; the last major slot is filled." if dead else "."
    return WoundResult(
        before=state,
        after=after,
        requested=severity,
        applied=applied,
        rolled_over=applied is not severity,
        dead=dead,
        summary=summary,
    )


def remove_wound(state: WoundState, severity: WoundSeverity) -> WoundState:
    """Heal one wound of `severity`."""
    if state.count(severity) == 0:
        raise RulesError(f"There is no {severity_name(severity)} wound to remove.")
    return state.with_count(severity, state.count(severity) - 1)


def wound_for_overflow(overflow: int) -> WoundSeverity | None:
    """Severity of the wound Pool damage past 0 causes: 1–4, 5–8, 9+ (C4)."""
    if overflow <= 0:
        return None
    if overflow <= 4:
        return WoundSeverity.MINOR
    if overflow <= 8:
        return WoundSeverity.MODERATE
    return WoundSeverity.MAJOR


@dataclass(frozen=True, slots=True)
class PoolWound:
    """A special attack on one Pool, and the wound its overflow caused."""

    stat: Stat
    amount: int
    pool_before: int
    pool_after: int
    overflow: int
    wound: WoundResult | None


def pool_damage_to_wound(
    stat: Stat, pool_current: int, amount: int, state: WoundState
) -> PoolWound:
    """Damage a Pool; what goes past 0 becomes one wound by its size (C4)."""
    if amount < 0:
        raise RulesError(f"Damage cannot be negative (got {amount}).")
    if pool_current < 0:
        raise RulesError("A Pool cannot be below 0.")
    overflow = max(0, amount - pool_current)
    severity = wound_for_overflow(overflow)
    return PoolWound(
        stat=stat,
        amount=amount,
        pool_before=pool_current,
        pool_after=max(0, pool_current - amount),
        overflow=overflow,
        wound=add_wound(state, severity) if severity is not None else None,
    )
