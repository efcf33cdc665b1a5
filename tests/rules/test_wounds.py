from __future__ import annotations

import pytest

from numdesk.rules.errors import RulesError
from numdesk.rules.types import Stat, WoundSeverity
from numdesk.rules.wounds import (
    WoundState,
    add_wound,
    is_dead,
    pool_damage_to_wound,
    remove_wound,
    wound_for_overflow,
    wound_hindrance,
)

MINOR, MODERATE, MAJOR = WoundSeverity.MINOR, WoundSeverity.MODERATE, WoundSeverity.MAJOR


def test_wound_state_validates() -> None:
    with pytest.raises(RulesError):
        WoundState(minor=4)
    with pytest.raises(RulesError):
        WoundState(major_slots=0)


def test_roll_over_minor_to_moderate_to_major() -> None:
    full_minor = WoundState(minor=3)
    result = add_wound(full_minor, MINOR)
    assert result.applied is MODERATE and result.rolled_over
    both_full = WoundState(minor=3, moderate=3)
    assert add_wound(both_full, MINOR).applied is MAJOR
    assert add_wound(both_full, MODERATE).applied is MAJOR


def test_third_major_kills() -> None:
    result = add_wound(WoundState(major=2), MAJOR)
    assert result.dead and is_dead(result.after)
    with pytest.raises(RulesError):
        add_wound(result.after, MINOR)


def test_extra_slots_delay_death() -> None:
    assert not add_wound(WoundState(major=2, major_slots=4), MAJOR).dead


def test_hindrance() -> None:
    assert wound_hindrance(WoundState(moderate=2)) == 0
    assert wound_hindrance(WoundState(moderate=3)) == 1
    assert wound_hindrance(WoundState(moderate=3, major=2)) == 3
    assert wound_hindrance(WoundState(major=1)) == 1


def test_remove_wound() -> None:
    assert remove_wound(WoundState(minor=2), MINOR) == WoundState(minor=1)
    with pytest.raises(RulesError):
        remove_wound(WoundState(), MAJOR)


@pytest.mark.parametrize(
    ("overflow", "severity"),
    [(0, None), (1, MINOR), (4, MINOR), (5, MODERATE), (8, MODERATE), (9, MAJOR), (30, MAJOR)],
)
def test_wound_for_overflow(overflow: int, severity: WoundSeverity | None) -> None:
    assert wound_for_overflow(overflow) is severity


def test_pool_damage_without_overflow_leaves_no_wound() -> None:
    result = pool_damage_to_wound(Stat.SPEED, 5, 5, WoundState())
    assert result.pool_after == 0 and result.wound is None
