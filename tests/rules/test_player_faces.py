"""Faces a player rolled at the table go through the same Dice object (RULES.md G2, T9)."""

from __future__ import annotations

import pytest

from numdesk.rules.dice import Dice
from numdesk.rules.errors import RulesError
from numdesk.rules.items import level_dice_count, roll_device_level


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
def test_level_dice_take_typed_faces(text: str, faces: list[int], level: int) -> None:
    assert level_dice_count(text) == (len(faces), 10 if "d10" in text else 6)
    dice = Dice()
    with dice.player_faces(*faces):
        assert roll_device_level(text, dice).level == level
    assert all(r.entered for r in dice.log)


def test_level_text_that_is_not_dice() -> None:
    assert level_dice_count("as the GM decides") is None
    assert level_dice_count("5") == (0, 0)
