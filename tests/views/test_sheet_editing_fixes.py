"""Editing a sheet as a player does (issue 22, "Editing"): a message about a refused value
goes once the field holds a good one; a name stops at the library's limit while it is
typed, with a player's message; the Library… picker says when it lists only part of the
matches; Delete removes the selected row (undoable); the tab in front comes back in front
after a restart."""

from __future__ import annotations

from pathlib import Path

from main_window_helpers import make_controller, make_settings, make_window
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.model.abilities import Skill
from numdesk.model.kinds import EntryKind
from numdesk.model.limits import MAX_NAME
from numdesk.store import Library
from numdesk.views.sheet.picker import LibraryPickDialog
from tests.views.sheet_helpers import open_sheet, stored_character, type_into


def test_a_refusal_message_goes_once_the_field_is_right(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    _controller, sheet = open_sheet(qtbot, library, character.uid)
    tier = sheet.line("tierEdit")
    type_into(qtbot, tier, "abc")
    assert sheet.error_text("numbersError") != ""
    assert tier.text() == "1"  # the stored value is back, the cursor still in the field
    type_into(qtbot, tier, "1")  # the player types the right value: nothing to store
    assert sheet.error_text("numbersError") == ""
    type_into(qtbot, tier, "abc")
    assert sheet.error_text("numbersError") != ""
    qtbot.keyClick(tier, Qt.Key.Key_Tab)  # or just leaves the field as it now is
    assert sheet.error_text("numbersError") == ""


def test_a_name_stops_at_the_limit_while_typed(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, character.uid)
    name = sheet.line("nameEdit")
    name.setFocus()
    name.selectAll()
    qtbot.keyClicks(name, "k" * 599)
    assert len(name.text()) == MAX_NAME
    message = sheet.error_text("nameError")
    assert message == "This field holds at most 200 characters; the rest was not taken."
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert controller.character.name == "k" * MAX_NAME
    assert sheet.error_text("nameError") == ""  # stored: nothing left to say


def test_the_library_picker_says_when_it_lists_only_part(qtbot: QtBot, library: Library) -> None:
    library.save_many([Skill(f"Lore {number:03}") for number in range(250)])
    picker = LibraryPickDialog(library, EntryKind.SKILL, "numenera")
    qtbot.addWidget(picker)
    assert picker.results.count() == 200
    assert picker.message.text() == (
        "Showing the first 200 of 250 entries: type part of a name or text to find the others."
    )
    qtbot.keyClicks(picker.search_edit, "Lore 24")
    assert 0 < picker.results.count() < 200
    assert picker.message.text() == ""
    assert picker.select_name("Lore 249")


def test_delete_removes_the_selected_row_and_undo_brings_it_back(
    qtbot: QtBot, library: Library
) -> None:
    character = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, character.uid)
    editor = sheet.list_editors["weapons"]
    editor.select_row(0)
    editor.table.setFocus()
    qtbot.keyClick(editor.table, Qt.Key.Key_Delete)
    assert controller.character.weapons == []
    assert library.characters.load(character.uid).weapons == []
    assert "Broadsword" in controller.character.history[-1].summary
    qtbot.mouseClick(sheet.undo_button, Qt.MouseButton.LeftButton)
    assert [w.name for w in controller.character.weapons] == ["Broadsword"]


def test_the_tab_in_front_comes_back_in_front(qtbot: QtBot, tmp_path: Path) -> None:
    controller = make_controller(tmp_path)
    path = controller.path
    assert path is not None
    window = make_window(qtbot, controller)
    first = stored_character(controller.library)
    second = stored_character(controller.library, "cypher")
    window.open_entry(first.uid)
    window.open_entry(second.uid)
    window.documents.open(first.uid)  # the player switches back to the first sheet
    assert window.documents.current_uid() == first.uid
    window.close()
    controller.close()

    again = LibraryController(Library.open(path), settings=make_settings(tmp_path))
    restarted = make_window(qtbot, again)
    restarted.resume_session()
    assert restarted.documents.open_uids() == [first.uid, second.uid]
    assert restarted.documents.current_uid() == first.uid
    restarted.close()
    again.close()
