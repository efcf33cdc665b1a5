from __future__ import annotations

import pytest

from numdesk.rules.dice import Dice
from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import CYPHER, NUMENERA
from numdesk.rules.recovery import (
    apply_recovery,
    available_rests,
    can_recover_track_step,
    check_rest,
    recover_track_step,
    recovery_roll,
    rest_heals_wounds,
    take_rest,
)
from numdesk.rules.types import DamageTrackState, Rest, Stat, WoundSeverity
from numdesk.rules.wounds import WoundState

M, S, INT = Stat.MIGHT, Stat.SPEED, Stat.INTELLECT
MAXIMA = {M: 10, S: 10, INT: 10}


def test_recovery_roll_adds_tier_and_bonus() -> None:
    roll = recovery_roll(NUMENERA, Dice(script=[4]), 2, bonus=2)
    assert (roll.die, roll.total) == (4, 8)
    assert roll.last_action_bonus == 0


def test_last_action_bonus_in_cypher_only() -> None:
    roll = recovery_roll(CYPHER, Dice(script=[1]), 1, last_action=True)
    assert roll.total == 1 + 1 + 2
    with pytest.raises(RulesError, match="Last"):
        recovery_roll(NUMENERA, Dice(script=[1]), 1, last_action=True)
    with pytest.raises(RulesError):
        recovery_roll(CYPHER, Dice(script=[1]), 1, rest=Rest.ONE_HOUR, last_action=True)
    with pytest.raises(RulesError):
        recovery_roll(CYPHER, Dice(script=[1]), 7)


def test_rests_in_order_for_numenera() -> None:
    assert available_rests(NUMENERA, []) == (Rest.ONE_ACTION,)
    assert available_rests(NUMENERA, [Rest.ONE_ACTION]) == (Rest.TEN_MINUTES,)
    reason = check_rest(NUMENERA, Rest.ONE_HOUR, [Rest.ONE_ACTION])
    assert reason is not None and "ten minutes" in reason


def test_any_unused_rest_for_cypher() -> None:
    assert available_rests(CYPHER, [Rest.ONE_HOUR]) == (
        Rest.ONE_ACTION,
        Rest.TEN_MINUTES,
        Rest.TEN_HOURS,
    )
    assert check_rest(CYPHER, Rest.ONE_HOUR, [Rest.ONE_HOUR]) is not None


def test_ten_hour_rest_starts_a_new_day() -> None:
    used = [Rest.ONE_ACTION, Rest.TEN_MINUTES, Rest.ONE_HOUR]
    taken = take_rest(NUMENERA, Rest.TEN_HOURS, used)
    assert taken.new_day and taken.used_after == ()
    assert take_rest(CYPHER, Rest.ONE_HOUR, []).used_after == (Rest.ONE_HOUR,)
    with pytest.raises(RulesError):
        take_rest(NUMENERA, Rest.ONE_HOUR, [])


def test_extra_points_are_lost_and_pools_capped() -> None:
    result = apply_recovery(NUMENERA, {M: 9, S: 10, INT: 10}, MAXIMA, 5, {M: 5})
    assert result.pools_after[M] == 10 and result.lost == 4


def test_split_cannot_exceed_roll() -> None:
    with pytest.raises(RulesError, match="Only 3"):
        apply_recovery(NUMENERA, {M: 1, S: 1, INT: 1}, MAXIMA, 3, {M: 2, S: 2})


def test_pool_raised_from_zero_moves_up_the_track() -> None:
    result = apply_recovery(
        NUMENERA,
        {M: 0, S: 0, INT: 4},
        MAXIMA,
        4,
        {M: 2, S: 2},
        track=DamageTrackState.DEBILITATED,
    )
    assert result.track_after is DamageTrackState.HALE and result.steps_up == 2
    cypher = apply_recovery(CYPHER, {M: 0, S: 5, INT: 4}, MAXIMA, 4, {M: 2})
    assert cypher.steps_up == 0


def test_spend_recovery_for_a_step() -> None:
    pools = {M: 1, S: 1, INT: 1}
    assert can_recover_track_step(pools, DamageTrackState.IMPAIRED)
    assert recover_track_step(pools, DamageTrackState.IMPAIRED) is DamageTrackState.HALE
    with pytest.raises(RulesError, match="hale"):
        recover_track_step(pools, DamageTrackState.HALE)
    with pytest.raises(RulesError, match="above 0"):
        recover_track_step({M: 0, S: 1, INT: 1}, DamageTrackState.IMPAIRED)


def test_rest_heals_wounds() -> None:
    wounds = WoundState(minor=2, moderate=2, major=1)
    assert rest_heals_wounds(Rest.ONE_ACTION, wounds).wounds_after == wounds
    assert rest_heals_wounds(Rest.TEN_MINUTES, wounds).wounds_after.minor == 0
    assert rest_heals_wounds(Rest.ONE_HOUR, wounds).wounds_after.moderate == 1
    night = rest_heals_wounds(Rest.TEN_HOURS, wounds)
    assert night.wounds_after == WoundState(minor=2, moderate=0, major=1)
    assert night.major_task_difficulty == 6
    healed = rest_heals_wounds(Rest.TEN_HOURS, wounds, major_task_succeeded=True)
    assert healed.removed[WoundSeverity.MAJOR] == 1
