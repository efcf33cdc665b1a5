"""No number on screen disagrees with the one the rules use: Armor in the fight and on the
sheet, a follower's health, and the upper bounds of Edge and device levels."""

from __future__ import annotations

from pathlib import Path

import pytest
from encounter_helpers import Table, add_from_library
from pytestqt.qtbot import QtBot

from numdesk.model.errors import DomainError
from numdesk.model.follower import Follower
from numdesk.model.items import Armor, Cypher
from numdesk.model.operations import SetPool
from numdesk.model.operations.lists import AddItem
from numdesk.rules.types import ArmorCategory, Stat
from numdesk.store import Library
from numdesk.views.encounter.table import Column
from tests.views.sheet_helpers import open_sheet, stored_character


@pytest.mark.parametrize(("profile", "shown"), [("numenera", "2"), ("cypher", "medium")])
def test_armor_in_the_fight_is_the_armor_the_maths_uses(
    qtbot: QtBot, tmp_path: Path, profile: str, shown: str
) -> None:
    table = Table(tmp_path, profile)
    library = table.library_controller.library
    ana = table.sheet("Ana")
    ana.armor = [Armor("Brigandine", ArmorCategory.MEDIUM)]  # no explicit value: by category
    library.characters.save(ana)
    window = table.open(qtbot)
    add_from_library(window, ("Ana",))
    row = window.model.row_of(window.controller.encounter.combatants[0].uid)
    assert window.model.index(row, Column.ARMOR).data() == shown
    if profile == "numenera":
        window.controller.damage_pc(window.controller.encounter.combatants[0].uid, 5)
        assert table.sheet("Ana").pool(Stat.MIGHT).current == 10 - 3  # 5 - 2 Armor


def test_sheet_shows_armor_totals_and_follower_health(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    character.armor = [Armor("Brigandine", ArmorCategory.MEDIUM)]
    character.followers = [Follower("Rex", level=3)]
    library.characters.save(character)
    _controller, sheet = open_sheet(qtbot, library, character.uid)
    armor = sheet.list_editors["armor"]
    assert armor.model is not None
    assert armor.model.index(0, 2).data() == "2"  # the blank value shown as the rules read it
    assert armor.note_label.text().startswith("Armor 2 in all")
    followers = sheet.list_editors["followers"]
    assert followers.model is not None
    assert followers.model.index(0, 2).data() == "9"  # 3 × level, as the PDF prints


def test_cypher_sheet_says_what_armor_does(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library, "cypher")
    character.armor = [Armor("Plate", ArmorCategory.HEAVY)]
    library.characters.save(character)
    _controller, sheet = open_sheet(qtbot, library, character.uid)
    note = sheet.list_editors["armor"].note_label.text()
    assert note == "Heavy armor: block eased 3, dodge hindered 3."


def test_upper_bounds_of_edge_and_device_levels(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    controller, _sheet = open_sheet(qtbot, library, character.uid)
    with pytest.raises(DomainError, match="between 0 and 7"):
        controller.apply(SetPool(Stat.MIGHT, edge=9))
    with pytest.raises(DomainError, match="between 1 and 10"):
        controller.apply(AddItem("cyphers", Cypher("Boom", level=99)))
    stored = library.characters.load(character.uid)
    assert stored.pool(Stat.MIGHT).edge == 1 and len(stored.cyphers) == 2
