from __future__ import annotations

import pytest

from numdesk.rules.errors import RulesError
from numdesk.rules.rally import rally, rally_cost, treat_wound, treatment
from numdesk.rules.types import Stat, WoundSeverity
from numdesk.rules.wounds import WoundState

MINOR, MODERATE, MAJOR = WoundSeverity.MINOR, WoundSeverity.MODERATE, WoundSeverity.MAJOR


def test_rally_costs() -> None:
    assert rally_cost(MINOR) == 2
    assert rally_cost(MODERATE) == 5
    with pytest.raises(RulesError, match="major"):
        rally_cost(MAJOR)
    assert rally_cost(MAJOR, major_cost=8) == 8


def test_rally_pays_might_without_edge() -> None:
    result = rally(WoundState(moderate=1), MODERATE, 6)
    assert result.might_after == 1 and result.wounds_after == WoundState()


def test_rally_needs_might_and_a_wound() -> None:
    with pytest.raises(RulesError, match="costs 5"):
        rally(WoundState(moderate=1), MODERATE, 4)
    with pytest.raises(RulesError, match="no minor"):
        rally(WoundState(), MINOR, 10)


def test_treatment_table() -> None:
    assert treatment(MINOR).routine and treatment(MINOR).minutes == 1
    assert (treatment(MODERATE).difficulty, treatment(MODERATE).minutes) == (3, 10)
    assert (treatment(MAJOR).difficulty, treatment(MAJOR).minutes) == (6, 60)
    assert treatment(MAJOR).stat is Stat.INTELLECT


def test_treat_wound() -> None:
    assert treat_wound(WoundState(major=1), MAJOR, success=True) == WoundState()
    assert treat_wound(WoundState(major=1), MAJOR, success=False) == WoundState(major=1)
    assert treat_wound(WoundState(minor=1), MINOR, success=False) == WoundState()
    with pytest.raises(RulesError):
        treat_wound(WoundState(), MODERATE, success=True)
