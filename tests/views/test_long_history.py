"""A sheet played for years: 5,000 history lines and 1,000 list entries survive every
edit, undo, redo and restart line for line, through the real sheet on a real library
file, while a click saves only what it changed (issue 25)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QModelIndex, QSettings
from pytestqt.qtbot import QtBot

from numdesk.controllers.character import CharacterController
from numdesk.controllers.library import LibraryController
from numdesk.controllers.settings import AppSettings
from numdesk.model.character import Character
from numdesk.model.history import HistoryEntry
from numdesk.model.items import Equipment
from numdesk.model.operations import SetField, SetItemField
from numdesk.model.serialize import to_data
from numdesk.rules.types import Stat
from numdesk.store import Library
from numdesk.views.sheet import SheetWidget
from numdesk.views.sheet.history import HistoryModel
from tests.views.sheet_helpers import stored_character, type_into

LINES = 5000


def _lines(character: Character) -> list[tuple[str, str, str, str]]:
    return [(h.summary, h.kind, h.details, h.at) for h in character.history]


def _stored(path: Path, uid: str) -> Character:
    """The character as another numdesk opening the file reads it."""
    with Library.open(path) as other:
        return other.characters.load(uid)


def _played(library: Library, lines: int = LINES) -> Character:
    character = stored_character(library)
    character.history = [
        HistoryEntry(f"Session {i}: took {i % 7} Might damage", kind="pools", at=f"2025-{i:05d}")
        for i in range(lines)
    ]
    library.characters.save(character)
    return library.characters.load(character.uid)


def _open(qtbot: QtBot, path: Path, uid: str) -> tuple[LibraryController, SheetWidget]:
    settings = AppSettings(QSettings(str(path.parent / "s.ini"), QSettings.Format.IniFormat))
    controller = LibraryController(settings=settings)
    controller.open_library(path)
    sheet = SheetWidget(CharacterController(controller.library, uid, controller))
    qtbot.addWidget(sheet)
    sheet.resize(1366, 768)
    sheet.show()
    qtbot.waitExposed(sheet)
    sheet.side.setCurrentWidget(sheet.history_panel)
    return controller, sheet


def test_5000_history_lines_stay_whole_through_edit_undo_redo_and_restart(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "long.numdesk"
    with Library.create(path, starter=False) as library:
        uid = _played(library).uid
    original = _lines(_stored(path, uid))
    assert len(original) == LINES
    library_controller, sheet = _open(qtbot, path, uid)
    sheet_controller = sheet.controller
    shown = sheet_controller.character
    model = sheet.history_panel.model

    with qtbot.assertNotEmitted(model.modelReset):
        type_into(qtbot, sheet.line("mightCurrent"), "12")
    edited = _lines(_stored(path, uid))
    assert edited[:LINES] == original and len(edited) == LINES + 1
    assert "Might" in edited[-1][0]
    assert sheet_controller.character is shown  # its own save is not read back
    assert _lines(sheet_controller.character) == edited
    assert edited[-1][0] in sheet.history_panel.lines()[0]

    with qtbot.assertNotEmitted(model.modelReset):
        sheet.undo_button.click()
    assert _lines(_stored(path, uid)) == original
    assert _lines(sheet_controller.character) == original
    assert sheet_controller.character.pool(Stat.MIGHT).current == 15
    assert original[-1][0] in sheet.history_panel.lines()[0]

    sheet.redo_button.click()
    assert _lines(_stored(path, uid)) == edited  # the same line, time and all
    sheet_controller.apply(SetField("notes", "Owes the Aeon Priests a favour"))
    twice = _lines(_stored(path, uid))
    assert twice[: LINES + 1] == edited and len(twice) == LINES + 2

    # restart: the library and the sheet open anew, and undo goes on where it was
    sheet.close()
    library_controller.close()
    library_controller, sheet = _open(qtbot, path, uid)
    assert _lines(sheet.controller.character) == twice
    assert sheet.controller.undo_stack.index() == 2
    sheet.undo_button.click()
    sheet.undo_button.click()
    assert _lines(_stored(path, uid)) == original
    sheet.redo_button.click()
    assert _lines(_stored(path, uid)) == edited
    assert to_data(sheet.controller.character) == to_data(_stored(path, uid))
    library_controller.close()


def test_lines_another_numdesk_added_meanwhile_stay_when_undone_here(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "long.numdesk"
    with Library.create(path, starter=False) as library:
        uid = _played(library).uid
    original = _lines(_stored(path, uid))
    library_controller, sheet = _open(qtbot, path, uid)
    sheet.controller.apply(SetField("notes", "Map"))
    mine = _lines(_stored(path, uid))[-1]

    with Library.open(path) as other_library:  # a second numdesk on the same file
        other = CharacterController(other_library, uid)
        other.apply(SetField("player", "Bea"))
        theirs = _lines(other.character)[-1]

    sheet.undo_button.click()  # this sheet did not see the other save: undo reads it
    stored = _stored(path, uid)
    assert _lines(stored) == [*original, theirs]
    assert (stored.notes, stored.player) == ("", "Bea")
    sheet.redo_button.click()
    assert _lines(_stored(path, uid)) == [*original, theirs, mine]
    assert _lines(sheet.controller.character) == [*original, theirs, mine]
    library_controller.close()


def test_the_history_list_offers_the_newest_lines_and_older_ones_as_it_scrolls(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "long.numdesk"
    with Library.create(path, starter=False) as library:
        uid = _played(library).uid
    library_controller, sheet = _open(qtbot, path, uid)
    panel = sheet.history_panel
    assert panel.model.rowCount() == HistoryModel.PAGE
    assert panel.lines()[0].endswith(f"Session {LINES - 1}: took {(LINES - 1) % 7} Might damage")
    panel.view.scrollToBottom()
    qtbot.waitUntil(lambda: panel.model.rowCount() > HistoryModel.PAGE)
    while panel.model.canFetchMore(QModelIndex()):
        panel.model.fetchMore(QModelIndex())
    lines = panel.lines()
    assert len(lines) == LINES
    assert lines[-1].endswith("Session 0: took 0 Might damage")

    # saved elsewhere (the fight window, say): read again and shown anew, newest first
    with Library.open(path) as other_library:
        other = CharacterController(other_library, uid)
        other.apply(SetField("player", "Bea"))
    library_controller.notify_saved(uid)
    assert panel.lines()[0].endswith(other.character.history[-1].summary)
    assert panel.model.rowCount() == HistoryModel.PAGE
    library_controller.close()


def test_a_sheet_with_1000_list_entries_keeps_every_entry_through_edit_and_undo(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "big.numdesk"
    with Library.create(path, starter=False) as library:
        character = stored_character(library)
        character.equipment = [Equipment(f"Gear {i}", quantity=1 + i % 3) for i in range(1000)]
        library.characters.save(character)
    original = to_data(_stored(path, character.uid))
    library_controller, sheet = _open(qtbot, path, character.uid)
    controller = sheet.controller
    controller.apply(SetItemField("equipment", 500, "quantity", 40))
    controller.apply(SetItemField("equipment", 999, "name", "Last gear"))
    stored = _stored(path, character.uid)
    assert stored.equipment[500].quantity == 40 and stored.equipment[999].name == "Last gear"
    assert to_data(stored) == to_data(controller.character)
    sheet.undo_button.click()
    sheet.undo_button.click()
    assert to_data(_stored(path, character.uid)) == original
    assert to_data(controller.character) == original
    sheet.redo_button.click()
    stored = _stored(path, character.uid)
    assert stored.equipment[500].quantity == 40 and stored.equipment[999].name == "Gear 999"
    assert to_data(controller.character) == to_data(stored)
    library_controller.close()
