"""`cypher` healing without rest: rallying and treatment (RULES.md C8, C9)."""

from __future__ import annotations

from dataclasses import dataclass

from numdesk.rules.errors import RulesError
from numdesk.rules.types import Stat, WoundSeverity
from numdesk.rules.wounds import WoundState, remove_wound, severity_name

_RALLY_COST = {WoundSeverity.MINOR: 2, WoundSeverity.MODERATE: 5}


def rally_cost(severity: WoundSeverity, *, major_cost: int | None = None) -> int:
    """Might points to rally off a wound: 2 minor, 5 moderate (C8).

    Majors cannot be rallied unless the campaign is superheroic; then pass the cost
    the GM set as `major_cost`.
    """
    if severity is WoundSeverity.MAJOR:
        if major_cost is None:
            raise RulesError("A major wound cannot be rallied off; use treatment, rest or healing.")
        if major_cost < 0:
            raise RulesError("A rally cost cannot be negative.")
        return major_cost
    return _RALLY_COST[severity]


@dataclass(frozen=True, slots=True)
class RallyResult:
    """One rally: Might paid (Edge never helps) and the wound removed."""

    severity: WoundSeverity
    cost: int
    might_before: int
    might_after: int
    wounds_before: WoundState
    wounds_after: WoundState


def rally(
    wounds: WoundState,
    severity: WoundSeverity,
    might_current: int,
    *,
    major_cost: int | None = None,
) -> RallyResult:
    """Spend Might to remove one wound as an action; Edge does not apply (C8, G9b)."""
    cost = rally_cost(severity, major_cost=major_cost)
    if might_current < cost:
        raise RulesError(
            f"Rallying off a {severity_name(severity)} wound costs {cost} Might points; "
            f"the Pool holds {might_current}."
        )
    after = remove_wound(wounds, severity)
    return RallyResult(
        severity=severity,
        cost=cost,
        might_before=might_current,
        might_after=might_current - cost,
        wounds_before=wounds,
        wounds_after=after,
    )


@dataclass(frozen=True, slots=True)
class Treatment:
    """The Intellect task (healing skill) that treats one wound, and how long it takes."""

    severity: WoundSeverity
    difficulty: int
    minutes: int
    routine: bool
    stat: Stat


_TREATMENT = {
    WoundSeverity.MINOR: (0, 1),
    WoundSeverity.MODERATE: (3, 10),
    WoundSeverity.MAJOR: (6, 60),
}


def treatment(severity: WoundSeverity) -> Treatment:
    """Difficulty and time to treat a wound: routine/1 min, 3/10 min, 6/1 hour (C9)."""
    difficulty, minutes = _TREATMENT[severity]
    return Treatment(
        severity=severity,
        difficulty=difficulty,
        minutes=minutes,
        routine=difficulty == 0,
        stat=Stat.INTELLECT,
    )


def treat_wound(wounds: WoundState, severity: WoundSeverity, *, success: bool) -> WoundState:
    """The wounds after a treatment attempt; a routine treatment always succeeds (C9)."""
    if wounds.count(severity) == 0:
        raise RulesError(f"There is no {severity_name(severity)} wound to treat.")
    if success or treatment(severity).routine:
        return remove_wound(wounds, severity)
    return wounds
