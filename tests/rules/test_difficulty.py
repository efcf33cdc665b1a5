from __future__ import annotations

import pytest

from numdesk.rules.difficulty import (
    check_difficulty,
    difficulty_name,
    final_difficulty,
    is_impossible,
    is_routine,
    roll_succeeds,
    success_chance,
)
from numdesk.rules.errors import RulesError


def test_names_cover_zero_to_ten() -> None:
    assert difficulty_name(0) == "Routine"
    assert difficulty_name(4) == "Difficult"
    assert difficulty_name(10) == "Impossible"
    assert difficulty_name(13) == "Impossible"


def test_check_difficulty_rejects_out_of_range() -> None:
    check_difficulty(0)
    check_difficulty(10)
    with pytest.raises(RulesError, match="between 0 and 10"):
        check_difficulty(11)
    with pytest.raises(RulesError):
        check_difficulty(-1)


def test_final_difficulty_never_below_zero() -> None:
    assert final_difficulty(3, 5, 0) == 0
    assert final_difficulty(3, 1, 2) == 4


def test_routine_and_impossible() -> None:
    assert is_routine(0) and not is_routine(1)
    assert is_impossible(7) and not is_impossible(6)
    assert success_chance(0) == 1.0
    assert success_chance(7) == 0.0
    assert success_chance(6) == pytest.approx(0.15)
    assert success_chance(1) == pytest.approx(0.9)


def test_roll_succeeds_meets_target() -> None:
    assert roll_succeeds(12, 4)
    assert not roll_succeeds(11, 4)
    assert not roll_succeeds(20, 7)
    with pytest.raises(RulesError):
        roll_succeeds(21, 3)
