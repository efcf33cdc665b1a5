"""Abilities taken from the library are linked, not copied: a CSRD character's sheet
shows the library entry's current text, keeps the player's own text, and keeps a copy
when the entry is deleted; the PDF and the export hold the text the sheet shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, QSettings, Qt
from pytestqt.qtbot import QtBot

from numdesk.cli import main
from numdesk.controllers.character import CharacterController
from numdesk.controllers.library import LibraryController
from numdesk.controllers.settings import AppSettings
from numdesk.model.abilities import Ability
from numdesk.model.character import Character
from numdesk.printing.pdf import write_pdf
from numdesk.store import Library
from numdesk.views.library.printing import printable_parts
from numdesk.views.sheet import SheetWidget
from tests.printing.conftest import flat, pdf_text

WARRIOR = ["--rules", "cypher", "--name", "Ash", "--type", "Warrior", "--descriptor", "Strong"]
WARRIOR += ["--choose", "Physical Nature=Might Edge 1"]
FOUR = ["--ability", "Bash", "--ability", "Swipe", "--ability", "Overwatch"]
FOUR += ["--ability", "Combat Prowess", "--choose", "Combat Prowess=melee"]
EXTRA = ["--extra", "might=2", "--extra", "speed=2", "--extra", "intellect=2"]
NEW_TEXT = "Corrected in the library: a mighty blow that dazes the foe."


def _make_ash(library: Library) -> Character:
    assert main(["new-character", "--library", str(library.path), *WARRIOR, *FOUR, *EXTRA]) == 0
    made = library.characters.find_by_name("Ash")
    assert made is not None
    return made


def _bash(character: Character) -> Ability:
    return next(a for a in character.abilities if a.name == "Bash")


@pytest.fixture
def hub(csrd_library: Library, tmp_path: Path) -> LibraryController:
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    return LibraryController(csrd_library, settings=settings)


def _sheet(qtbot: QtBot, hub: LibraryController, uid: str) -> SheetWidget:
    controller = CharacterController(hub.library, uid, library_controller=hub)
    sheet = SheetWidget(controller)
    qtbot.addWidget(sheet)
    sheet.resize(1366, 900)
    sheet.show()
    return sheet


def _row(sheet: SheetWidget, name: str) -> int:
    abilities = sheet.controller.character.abilities
    return next(i for i, a in enumerate(abilities) if a.name == name)


def _cell(sheet: SheetWidget, row: int, field: str, role: int) -> object:
    editor = sheet.list_editors["abilities"]
    assert editor.model is not None
    column = [c.field for c in editor.model.spec.columns].index(field)
    return editor.model.data(editor.model.index(row, column, QModelIndex()), role)


def _edit_entry(hub: LibraryController, uid: str, text: str) -> None:
    entry = hub.load(uid)
    assert isinstance(entry, Ability)
    entry.description = text
    hub.save_field_changes(hub.load(uid), entry)


def test_sheet_follows_the_library_entry(
    qtbot: QtBot, hub: LibraryController, csrd_library: Library, artifacts_dir: Path
) -> None:
    ash = _make_ash(csrd_library)
    bash = _bash(ash)
    entry = csrd_library.load(bash.library_uid)
    assert isinstance(entry, Ability) and entry.description
    sheet = _sheet(qtbot, hub, ash.uid)
    row = _row(sheet, "Bash")
    assert _cell(sheet, row, "description", Qt.ItemDataRole.EditRole) == entry.description
    assert str(_cell(sheet, row, "name", Qt.ItemDataRole.DisplayRole)).startswith("Bash ")
    tip = str(_cell(sheet, row, "name", Qt.ItemDataRole.ToolTipRole))
    assert f"From the library: {entry.name}" in tip
    sheet.list_editors["abilities"].select_row(row)
    bar = sheet.ability_links
    assert "From the library" in bar.status.text() and bar.open_button.isEnabled()
    with qtbot.waitSignal(sheet.openEntryRequested) as opened:
        bar.open_button.click()
    assert opened.args == [bash.library_uid]
    grab = sheet.list_editors["abilities"].grab()
    assert grab.save(str(artifacts_dir / "abilities-linked.png"))

    # the library entry is corrected: the open sheet shows it at once...
    _edit_entry(hub, bash.library_uid, NEW_TEXT)
    assert _cell(sheet, row, "description", Qt.ItemDataRole.EditRole) == NEW_TEXT
    # ... and so does the sheet opened again (and its stored copy follows on the next save)
    again = _sheet(qtbot, hub, ash.uid)
    assert _bash(again.controller.character).description == NEW_TEXT


def test_own_text_is_kept_and_can_go_back_to_the_library(
    qtbot: QtBot, hub: LibraryController, csrd_library: Library
) -> None:
    ash = _make_ash(csrd_library)
    uid = _bash(ash).library_uid
    sheet = _sheet(qtbot, hub, ash.uid)
    row = _row(sheet, "Bash")
    editor = sheet.list_editors["abilities"]
    assert editor.model is not None
    column = [c.field for c in editor.model.spec.columns].index("description")
    assert editor.model.setData(editor.model.index(row, column), "My own bash: I headbutt.")
    own = _bash(sheet.controller.character)
    assert own.own_text and own.description == "My own bash: I headbutt."
    assert "Your own text" in str(_cell(sheet, row, "name", Qt.ItemDataRole.ToolTipRole))

    _edit_entry(hub, uid, NEW_TEXT)  # the library changes: the player's text stays
    assert _bash(sheet.controller.character).description == "My own bash: I headbutt."
    stored = _bash(csrd_library.characters.load(ash.uid))
    assert stored.own_text and stored.description == "My own bash: I headbutt."
    reopened = _sheet(qtbot, hub, ash.uid)
    assert _bash(reopened.controller.character).description == "My own bash: I headbutt."

    editor.select_row(row)
    assert sheet.ability_links.library_text_button.isEnabled()
    sheet.ability_links.library_text_button.click()
    assert _bash(sheet.controller.character).description == NEW_TEXT
    sheet.controller.undo_stack.undo()  # undo brings the own text back
    assert _bash(sheet.controller.character).description == "My own bash: I headbutt."


def test_a_deleted_entry_keeps_the_text_and_says_so(
    qtbot: QtBot,
    hub: LibraryController,
    csrd_library: Library,
    tmp_path: Path,
    artifacts_dir: Path,
) -> None:
    ash = _make_ash(csrd_library)
    bash = _bash(ash)
    kept = bash.description
    sheet = _sheet(qtbot, hub, ash.uid)
    row = _row(sheet, "Bash")
    hub.delete(bash.library_uid)
    assert _cell(sheet, row, "description", Qt.ItemDataRole.EditRole) == kept
    assert str(_cell(sheet, row, "name", Qt.ItemDataRole.DisplayRole)).endswith("⚠")
    bar = sheet.ability_links
    assert "Bash: library entry gone — the text kept on the sheet is shown." in bar.status.text()
    sheet.list_editors["abilities"].select_row(row)
    assert "Library entry gone" in bar.status.text() and not bar.open_button.isEnabled()
    assert sheet.list_editors["abilities"].grab().save(str(artifacts_dir / "abilities-gone.png"))

    reopened = _sheet(qtbot, hub, ash.uid)  # nothing lost after a restart either
    assert _bash(reopened.controller.character).description == kept
    out = tmp_path / "ash.json"
    hub.export(out, [ash.uid])  # the export carries the text: self-contained
    assert kept in out.read_text(encoding="utf-8")


def test_pdf_and_export_hold_the_resolved_text(
    hub: LibraryController, csrd_library: Library, tmp_path: Path, artifacts_dir: Path
) -> None:
    ash = _make_ash(csrd_library)  # not open in any sheet
    _edit_entry(hub, _bash(ash).library_uid, NEW_TEXT)
    pdf = artifacts_dir / "ability-links-sheet.pdf"
    assert write_pdf(pdf, printable_parts(hub, [ash.uid]))
    assert NEW_TEXT in flat(pdf_text(pdf))
    out = tmp_path / "ash.json"
    hub.export(out, [ash.uid])
    document = json.loads(out.read_text(encoding="utf-8"))
    assert NEW_TEXT in json.dumps(document)


def test_open_in_library_opens_the_entry_in_the_main_window(
    qtbot: QtBot, hub: LibraryController, csrd_library: Library
) -> None:
    from numdesk.views.entry_editor import EntryEditor
    from tests.views.main_window_helpers import make_window

    ash = _make_ash(csrd_library)
    window = make_window(qtbot, hub)
    sheet = window.open_entry(ash.uid)
    assert isinstance(sheet, SheetWidget)
    row = _row(sheet, "Bash")
    sheet.list_editors["abilities"].select_row(row)
    sheet.ability_links.open_button.click()
    opened = window.documents.current_widget()
    assert isinstance(opened, EntryEditor)
    assert opened.entry.uid == _bash(ash).library_uid
