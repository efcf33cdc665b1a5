"""The declared limits: one table the importer, the entry editor and the sheet all obey."""

from __future__ import annotations

import pytest

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.limits import (
    MAX_LIST,
    MAX_NAME,
    MAX_TEXT,
    LimitError,
    check_limits,
    range_of,
)
from numdesk.model.operations import SetField, SetWounds
from numdesk.model.tables import RollTable, TableRow
from tests.model.sheet_ops_helpers import assert_refused, make_character


def test_a_sheet_refuses_more_wound_boxes_than_it_can_draw() -> None:
    message = assert_refused(
        SetWounds(minor_slots=2**31), make_character("cypher"), field="wounds.minor_slots"
    )
    assert message == ("Expected the number of wound boxes from 0 to 20, found 2147483648.")


def test_a_sheet_refuses_text_longer_than_the_limit() -> None:
    character = make_character()
    assert_refused(SetField("notes", "n" * (MAX_TEXT + 1)), character, field="notes")


@pytest.mark.parametrize(
    ("obj", "path"),
    [
        (Creature("x" * (MAX_NAME + 1)), "name"),
        (Creature("Brute", armor=21), "armor"),
        (Creature("Brute", level=0), "level"),
        (Creature("Brute", modifications=["m"] * (MAX_LIST + 1)), "modifications"),
        (Creature("Brute", description="a\ud800b"), "description"),
        (RollTable("T", rows=[TableRow(1, 6, "ok"), TableRow(7, 2**40, "no")]), "rows[1].end"),
        (Character("C", pools={}, xp=10**7), "xp"),
    ],
)
def test_first_value_out_of_bounds_is_named_by_its_path(obj: object, path: str) -> None:
    with pytest.raises(LimitError) as caught:
        check_limits(obj)
    assert caught.value.path == path


def test_values_within_the_limits_pass() -> None:
    check_limits(Creature("Brute", level=10, armor=20, description="d" * MAX_TEXT))
    check_limits(make_character("cypher"))


def test_unnamed_numbers_have_a_bound_too() -> None:
    bounds = range_of("Character", "shins")
    assert bounds.low < 0 < bounds.high < 2**31
