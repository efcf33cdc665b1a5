"""A Foundry NPC's items and current health have places a user looks: its readable page,
its editor (a table, never JSON), the fight (starting hurt, items in the stat block) and
the printed stat block; a community or vehicle keeps its kind through the editor."""

from __future__ import annotations

from pathlib import Path

from encounter_helpers import add_from_library
from PySide6.QtWidgets import QTableWidgetItem
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.io.importer import import_files
from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter
from numdesk.printing import render_creatures_pdf
from numdesk.store import Library
from numdesk.views.encounter import EncounterWindow, open_encounter_window
from numdesk.views.entry_editor import EntryEditor
from numdesk.views.entry_editor.stat_items import StatItemsTable
from tests.io.conftest import FIXTURES
from tests.printing.conftest import flat, pdf_text
from tests.views.main_window_helpers import make_settings

KNIFE = "Curved Knife (4 damage, immediate, light weapon, practiced)"


def smuggler(library: Library) -> Creature:
    import_files(library, [FIXTURES / "foundry_npc.json", FIXTURES / "cypher_v3_community.json"])
    found = library.creatures.find_by_name("Harbour Smuggler")
    assert found is not None
    return found


def test_page_and_editor_show_the_items(qtbot: QtBot, library: Library, tmp_path: Path) -> None:
    npc = smuggler(library)
    controller = LibraryController(library, make_settings(tmp_path))
    editor = EntryEditor(controller, npc.uid)
    qtbot.addWidget(editor)
    assert editor.reader is not None
    text = editor.reader.text()
    assert KNIFE in text and "Smoke Pellet (cypher, level 2)" in text
    assert "Health now" in text and "Sneaking (specialized)" in text
    assert "NPC · Cypher System (damage track) rules" in text  # the set's name, not its uid
    editor.start_editing()
    table = editor.fields["items"]
    assert isinstance(table, StatItemsTable)
    assert table.table.rowCount() == 4
    table.table.setItem(0, 2, QTableWidgetItem("5"))  # the knife now does 5
    editor.commit_all()
    stored = library.load(npc.uid)
    assert isinstance(stored, Creature) and stored.items[0].damage == 5
    table.table.setItem(0, 2, QTableWidgetItem("lots"))
    assert "Row 1: the damage must be a whole number" in editor.error_text("items")
    stored = library.load(npc.uid)
    assert isinstance(stored, Creature) and stored.items[0].damage == 5  # refused: unchanged


def test_a_community_keeps_its_kind_through_the_editor(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    smuggler(library)
    creatures = [library.load(s.uid) for s in library.creatures.list()]
    town = next(c for c in creatures if isinstance(c, Creature) and c.kind == "community")
    controller = LibraryController(library, make_settings(tmp_path))
    editor = EntryEditor(controller, town.uid)
    qtbot.addWidget(editor)
    editor.start_editing()
    editor.commit_all()
    stored = library.load(town.uid)
    assert isinstance(stored, Creature) and stored.kind == "community"


def test_a_hurt_npc_starts_the_fight_hurt_with_its_items_shown(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    npc = smuggler(library)
    fight = Encounter("Docks", profile=npc.profile)
    library.save_many([fight])
    controller = LibraryController(library, make_settings(tmp_path))
    window = open_encounter_window(controller, fight.uid)
    assert isinstance(window, EncounterWindow)
    qtbot.addWidget(window)
    add_from_library(window, ("Harbour Smuggler",))
    combatant = window.controller.encounter.combatants[0]
    assert (combatant.health, combatant.max_health) == (7, 12)
    window.select(combatant.uid)
    shown = window.stat_block.toPlainText()
    assert KNIFE in shown and "Carries" in shown


def test_the_printed_stat_block_lists_the_items(library: Library, tmp_path: Path) -> None:
    npc = smuggler(library)
    out = tmp_path / "npc.pdf"
    render_creatures_pdf([npc], out)
    text = flat(pdf_text(out))
    assert "Attacks: " + KNIFE in text
    assert "Skills: Sneaking (specialized)" in text
