"""Range bands and movement (RULES.md G13)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from numdesk.rules.errors import RulesError


class Range(StrEnum):
    """The range bands, nearest first."""

    IMMEDIATE = "immediate"
    SHORT = "short"
    LONG = "long"
    VERY_LONG = "very_long"


RANGE_FEET: dict[Range, int] = {
    Range.IMMEDIATE: 10,
    Range.SHORT: 50,
    Range.LONG: 100,
    Range.VERY_LONG: 500,
}
RANGE_METRES: dict[Range, int] = {
    Range.IMMEDIATE: 3,
    Range.SHORT: 15,
    Range.LONG: 30,
    Range.VERY_LONG: 150,
}
#: The Speed task a character may need to cover a long distance in one action.
LONG_MOVE_DIFFICULTY = 4


def range_for_distance(feet: float) -> Range | None:
    """The nearest band that covers `feet`, or None beyond very long."""
    if feet < 0:
        raise RulesError(f"A distance cannot be negative (got {feet}).")
    for band, limit in RANGE_FEET.items():
        if feet <= limit:
            return band
    return None


@dataclass(frozen=True, slots=True)
class MoveRule:
    """What moving a distance takes."""

    range: Range
    #: moving this far is the whole action rather than part of one
    whole_action: bool
    #: difficulty of the Speed task the GM may ask for, or None
    speed_difficulty: int | None


def movement(band: Range) -> MoveRule:
    """Immediate is part of an action, short the whole action, long the whole action and
    possibly a difficulty 4 Speed task (G13). Very long cannot be crossed in one action.
    """
    if band is Range.IMMEDIATE:
        return MoveRule(band, False, None)
    if band is Range.SHORT:
        return MoveRule(band, True, None)
    if band is Range.LONG:
        return MoveRule(band, True, LONG_MOVE_DIFFICULTY)
    raise RulesError("A very long distance takes more than one action to cover.")
