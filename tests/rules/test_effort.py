from __future__ import annotations

import pytest

from numdesk.rules.effort import (
    action_cost,
    can_afford,
    check_afford,
    check_retry,
    effort_cost,
    effort_damage,
    max_effort_levels,
    split_effort,
)
from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import CYPHER, NUMENERA
from numdesk.rules.types import Stat


def test_effort_cost_sequence() -> None:
    assert [effort_cost(n) for n in range(5)] == [0, 3, 5, 7, 9]


def test_free_levels_cost_nothing_and_do_not_count_against_score() -> None:
    cost = action_cost(NUMENERA, effort_score=1, effort_levels=2, free_levels=1)
    assert cost.paid_levels == 1 and cost.effort_points == 3


def test_paid_levels_limited_by_score() -> None:
    with pytest.raises(RulesError, match="Effort score of 1"):
        action_cost(NUMENERA, effort_score=1, effort_levels=2)


def test_no_action_takes_more_than_six_levels() -> None:
    with pytest.raises(RulesError, match="more than 6"):
        action_cost(CYPHER, effort_score=6, effort_levels=7, free_levels=2)
    assert max_effort_levels(6, CYPHER, free_levels=3) == 6
    assert max_effort_levels(2, CYPHER, free_levels=1) == 3


def test_edge_never_makes_cost_negative() -> None:
    assert action_cost(NUMENERA, effort_score=1, ability_cost=2, edge=5).total == 0


def test_afford() -> None:
    assert can_afford(5, 5)
    assert not can_afford(6, 5)
    assert check_afford(5, 5, Stat.SPEED) is None
    reason = check_afford(6, 5, Stat.SPEED)
    assert reason is not None and "Speed" in reason


def test_effort_damage() -> None:
    assert effort_damage(2) == 6
    assert effort_damage(2, area=True) == 4


def test_split_effort() -> None:
    split = split_effort(NUMENERA, 3, 1, area=True)
    assert split.ease_levels == 2 and split.bonus_damage == 2
    assert split.area_resist_damage == 1
    assert split_effort(CYPHER, 3, 1, area=True).area_resist_damage == 0
    with pytest.raises(RulesError):
        split_effort(NUMENERA, 2, 3)


def test_retry_needs_effort_outside_combat() -> None:
    assert check_retry(0) is not None
    assert check_retry(1) is None
    assert check_retry(0, combat=True) is None
