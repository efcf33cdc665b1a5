"""Faces a player rolled at the table go through the same Dice object (RULES.md G2, T9)."""

from __future__ import annotations

import pytest

from numdesk.rules.device_levels import parse_level_dice, roll_level
from numdesk.rules.dice import Dice
from numdesk.rules.errors import RulesError


def test_entered_faces_are_used_in_order_then_the_app_rolls() -> None:
    dice = Dice(script=[7])
    with dice.player_faces(12, None):
        assert dice.d20("first") == 12
        assert dice.d20("second") == 7  # None: the app rolled
    assert [r.entered for r in dice.log] == [True, False]


def test_unused_faces_are_dropped_when_the_block_ends() -> None:
    dice = Dice(script=[3])
    with dice.player_faces(18):
        pass  # the action was refused before rolling
    assert dice.d20() == 3


def test_a_face_the_die_cannot_show_is_refused() -> None:
    dice = Dice()
    with pytest.raises(RulesError, match="d6 shows 1 to 6"), dice.player_faces(7):
        dice.d6()
    assert dice.log == []


@pytest.mark.parametrize(
    ("text", "faces", "level"),
    [("1d6+2", [4], 6), ("1d10", [10], 10), ("d6 + 3", [1], 4), ("2d6-1", [1, 1], 1)],
)
def test_level_dice(text: str, faces: list[int], level: int) -> None:
    parsed = parse_level_dice(text)
    assert parsed is not None
    dice = Dice()
    with dice.player_faces(*faces):
        assert roll_level(parsed, dice, "Stim") == level
    assert dice.log[0].purpose == "level of Stim"


def test_level_text_that_is_not_dice() -> None:
    assert parse_level_dice("as the GM decides") is None
    fixed = parse_level_dice("5")
    assert fixed is not None and fixed.fixed and roll_level(fixed, Dice()) == 5
