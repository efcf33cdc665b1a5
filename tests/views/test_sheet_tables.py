"""Sheet tables edit like a spreadsheet: Tab/Shift+Tab walk the cells row by row, Enter
commits, Esc cancels, and the save never moves the editor to another row (issue 11)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QLineEdit, QWidget
from pytestqt.qtbot import QtBot
from sheet_helpers import open_sheet, stored_character

from numdesk.model.abilities import Ability, Skill
from numdesk.store import Library
from numdesk.views.sheet import SheetWidget


def _editor() -> QWidget:
    widget = QApplication.focusWidget()
    assert isinstance(widget, QLineEdit | QAbstractSpinBox | QComboBox), widget
    return widget


def _type(qtbot: QtBot, text: str, key: Qt.Key = Qt.Key.Key_Tab) -> None:
    """Replace the open editor's text by `text`, then press `key`."""
    editor = _editor()
    if isinstance(editor, QLineEdit | QAbstractSpinBox):
        editor.selectAll()
        qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, key)


def _cell(sheet: SheetWidget, table: str) -> tuple[int, int]:
    view = sheet.list_editors[table].table
    current = view.currentIndex()
    return current.row(), current.column()


def test_tab_walks_a_whole_abilities_row_then_the_next(qtbot: QtBot, library: Library) -> None:
    hero = stored_character(library)
    hero.abilities = [Ability("Old first"), Ability("Old second")]
    library.characters.save(hero)
    controller, sheet = open_sheet(qtbot, library, hero.uid)
    view = sheet.list_editors["abilities"].table
    view.setFocus()
    view.setCurrentIndex(view.model().index(0, 0))
    qtbot.keyClick(view, Qt.Key.Key_F2)
    _type(qtbot, "Pierce")  # name
    assert _cell(sheet, "abilities") == (0, 1)
    _type(qtbot, "1")  # cost
    _type(qtbot, "")  # pool (a list: kept)
    _type(qtbot, "")  # kind
    _type(qtbot, "2")  # tier
    _type(qtbot, "")  # range (none)
    _type(qtbot, "")  # spell tier (none)
    _type(qtbot, "")  # source
    _type(qtbot, "Stab through armor")  # description, then Tab: the next row's first cell
    assert _cell(sheet, "abilities") == (1, 0)
    assert isinstance(_editor(), QLineEdit) and _editor().text() == "Old second"
    # Shift+Tab goes back into the row just left
    qtbot.keyClick(_editor(), Qt.Key.Key_Backtab)
    # the description (Archived, the hidden Tags and Your choice columns skipped)
    assert _cell(sheet, "abilities") == (0, 11)
    qtbot.keyClick(_editor(), Qt.Key.Key_Escape)
    first, second = controller.character.abilities
    assert (first.name, first.cost, first.tier, first.description) == (
        "Pierce",
        1,
        2,
        "Stab through armor",
    )
    assert second.name == "Old second"
    stored = library.characters.load(hero.uid).abilities
    assert [a.name for a in stored] == ["Pierce", "Old second"]
    assert view.selectionModel().isRowSelected(0)


def test_a_new_skill_is_typed_in_place_and_esc_cancels(qtbot: QtBot, library: Library) -> None:
    hero = stored_character(library)
    hero.skills = [Skill("Climbing"), Skill("Swimming")]
    library.characters.save(hero)
    controller, sheet = open_sheet(qtbot, library, hero.uid)
    editor = sheet.list_editors["skills"]
    qtbot.mouseClick(editor.add_button, Qt.MouseButton.LeftButton)
    assert _cell(sheet, "skills") == (2, 0)  # the editor is open in the new row's first cell
    _type(qtbot, "Lockpicking")
    _type(qtbot, "")  # level
    _type(qtbot, "")  # stat (none)
    _type(qtbot, "Only old locks", Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not editor.table.isPersistentEditorOpen(editor.table.currentIndex()))
    QApplication.processEvents()  # Enter commits on the next turn of the event loop
    names = [s.name for s in controller.character.skills]
    assert names == ["Climbing", "Swimming", "Lockpicking"]
    assert controller.character.skills[2].description == "Only old locks"
    assert _cell(sheet, "skills") == (2, 6)  # Notes (check boxes, the hidden Tags skipped)
    steps = controller.undo_stack.count()
    # Esc leaves the cell as it was and makes no undo step
    qtbot.keyClick(editor.table, Qt.Key.Key_F2)
    _type(qtbot, "Scribbles", Qt.Key.Key_Escape)
    assert controller.character.skills[2].description == "Only old locks"
    assert controller.undo_stack.count() == steps
    # a save made elsewhere (a row added by another window) keeps the current row
    editor.table.setCurrentIndex(editor.model.index(1, 0))
    other = library.characters.load(hero.uid)
    other.skills.insert(0, Skill("Running"))
    library.characters.save(other)
    controller.reload()
    assert _cell(sheet, "skills") == (2, 0)
    assert editor.model.items()[2].name == "Swimming"
