"""Conditions and how long "a round" lasts (RULES.md G18)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from numdesk.rules.errors import RulesError
from numdesk.rules.types import Stat


class Condition(StrEnum):
    """Conditions the rules name."""

    DAZED = "dazed"
    STUNNED = "stunned"
    PARALYSED = "paralysed"
    POISONED = "poisoned"
    DISEASED = "diseased"


@dataclass(frozen=True, slots=True)
class ConditionEffect:
    """What a condition does."""

    condition: Condition
    #: steps all tasks are hindered
    task_hinder: int
    loses_turn: bool
    can_defend: bool
    can_move: bool
    #: stat of the defense roll the condition calls for, if any
    defense_stat: Stat | None
    #: how often that roll comes ("each round", "daily"), or ""
    check_every: str


_EFFECTS = {
    Condition.DAZED: ConditionEffect(Condition.DAZED, 1, False, True, True, None, ""),
    Condition.STUNNED: ConditionEffect(Condition.STUNNED, 0, True, True, True, None, ""),
    Condition.PARALYSED: ConditionEffect(Condition.PARALYSED, 0, False, True, False, None, ""),
    Condition.POISONED: ConditionEffect(
        Condition.POISONED, 0, False, True, True, Stat.MIGHT, "as the poison says"
    ),
    Condition.DISEASED: ConditionEffect(
        Condition.DISEASED, 0, False, True, True, Stat.MIGHT, "daily"
    ),
}


def condition_effect(condition: Condition) -> ConditionEffect:
    """The effect of one condition (G18)."""
    return _EFFECTS[condition]


def condition_hindrance(conditions: Iterable[Condition]) -> int:
    """Steps all tasks are hindered by the conditions at hand (each counted once)."""
    return sum(_EFFECTS[c].task_hinder for c in set(conditions))


@dataclass(frozen=True, slots=True)
class TimedEffect:
    """An effect on `owner_id` made by `source_id` during `started_round`, for `rounds`."""

    owner_id: str
    source_id: str
    started_round: int
    rounds: int = 1

    def __post_init__(self) -> None:
        if self.rounds < 1:
            raise RulesError("An effect lasts at least one round.")


def effect_ends(effect: TimedEffect, round_number: int, acting_id: str) -> bool:
    """Whether the effect ends as `acting_id` starts its turn in `round_number` (G18).

    "A round" lasts until the creature that caused it comes to act again; `rounds`
    such turns later the effect is over.
    """
    return acting_id == effect.source_id and round_number >= effect.started_round + effect.rounds


class TurnEdge(StrEnum):
    """Where in its anchor's turn a timed effect ends: as that turn starts, or as it ends."""

    START = "start"
    END = "end"


def ending_round(round_number: int, rounds: int, turn_started: bool) -> int:
    """The round in which an effect lasting `rounds` of its anchor's turns ends.

    A round of it lasts until the anchor's next turn: `turn_started` says the anchor's
    turn has already begun in `round_number` (a G18 "round" caused on the causer's own
    turn ends next round), else its next turn is still to come this round (a mark taken
    before the taker's turn ends as that turn starts, T3). It ends at the start or the
    end of that turn (`TurnEdge`). Before the fight (round 0) every turn is still to come.
    """
    if rounds < 1:
        raise RulesError("An effect lasts at least one round.")
    if round_number < 1:
        return rounds
    return round_number + rounds - (0 if turn_started else 1)
