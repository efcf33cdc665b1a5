"""Rolling straight from a sheet row: Enter, a double-click or the context menu on a
skill, ability or weapon row opens the task dialog with that row chosen, its steps, cost
and damage in the preview; F2 and typing still edit the cell."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication
from pytestqt.qtbot import QtBot

from numdesk.rules.dice import Dice
from numdesk.rules.types import Stat
from numdesk.store import Library
from numdesk.views.sheet import SheetWidget
from numdesk.views.sheet.item_table import ItemTable
from numdesk.views.sheet.task_dialog import TaskDialog
from tests.views.sheet_helpers import open_sheet, stored_character

LEFT = Qt.MouseButton.LeftButton


def _table(sheet: SheetWidget, name: str) -> ItemTable:
    return sheet.list_editors[name].table


def _cell(table: ItemTable, row: int, column: int = 0) -> QPoint:
    model = table.model()
    table.scrollTo(model.index(row, column))
    return table.visualRect(model.index(row, column)).center()


def _new_dialog(sheet: SheetWidget, before: int) -> TaskDialog:
    dialogs = sheet.play_panel.dialogs
    assert len(dialogs) == before + 1, "no task dialog opened"
    dialog = dialogs[-1]
    assert isinstance(dialog, TaskDialog) and dialog.isVisible()
    return dialog


def test_enter_on_a_skill_row_rolls_with_that_skill(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)  # Climbing is specialized
    controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[5]))
    table = _table(sheet, "skills")
    table.setFocus()
    qtbot.mouseClick(table.viewport(), LEFT, pos=_cell(table, 1))
    assert table.currentIndex().row() == 1
    qtbot.keyClick(table, Qt.Key.Key_Return)
    task = _new_dialog(sheet, 0)
    qtbot.addWidget(task)
    assert task.skill.currentText() == "Climbing (specialized)"
    assert task.values["finalValue"].text().startswith("1 ")  # 3 eased two steps
    assert task.values["sayValue"].text() == "Say: “eased by two steps”"
    # the cursor waits in Difficulty: type it, then roll from the keyboard
    qtbot.waitUntil(task.difficulty.hasFocus)
    qtbot.keyClicks(task.difficulty, "5")
    assert task.values["finalValue"].text().startswith("3 ")
    task.roll_button.setFocus()
    qtbot.keyClick(task.roll_button, Qt.Key.Key_Space)
    assert "Rolled 5 against 9" in task.values["resultValue"].text()
    assert controller.character.history[-1].summary.startswith("Might task: Rolled 5")
    assert table.state() != QAbstractItemView.State.EditingState  # Enter did not edit


def test_f2_and_typing_still_edit_a_rollable_row(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    _controller, sheet = open_sheet(qtbot, library, character.uid)
    table = _table(sheet, "skills")
    table.setFocus()
    table.setCurrentIndex(table.model().index(0, 0))
    qtbot.keyClick(table, Qt.Key.Key_F2)
    assert table.state() == QAbstractItemView.State.EditingState
    editor = QApplication.focusWidget()
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
    assert table.state() != QAbstractItemView.State.EditingState
    assert not sheet.play_panel.dialogs  # neither F2 nor Esc rolled
    assert "F2" in table.toolTip() and "Enter or double-click: roll" in table.toolTip()


def test_double_click_on_a_weapon_row_rolls_the_attack(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library, "cypher")
    _controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[19]))
    table = _table(sheet, "weapons")
    qtbot.mouseDClick(table.viewport(), LEFT, pos=_cell(table, 0))
    task = _new_dialog(sheet, 0)
    qtbot.addWidget(task)
    assert table.state() != QAbstractItemView.State.EditingState  # rolled, did not edit
    assert task.weapon.currentText() == "Broadsword (medium)"
    assert task.values["damageValue"].text() == "4"
    assert "Broadsword" in task.windowTitle()
    task.effort_damage.setValue(1)
    assert task.values["damageValue"].text() == "7\nBroadsword 4, Effort +3"
    result = task.roll()
    assert result is not None and result.damage == 7 + 3


def test_an_ability_row_brings_its_cost_and_pool(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)  # Pierce: 1 Speed
    _controller, sheet = open_sheet(qtbot, library, character.uid)
    editor = sheet.list_editors["abilities"]
    editor.select_row(1)
    qtbot.mouseClick(editor.roll_button, LEFT)
    task = _new_dialog(sheet, 0)
    qtbot.addWidget(task)
    assert task.ability.currentText().startswith("Pierce")
    assert task.stat.currentData() == Stat.SPEED
    assert "Pierce: 1" in task.values["costValue"].text()


def test_the_context_menu_names_the_keys_and_rolls(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    _controller, sheet = open_sheet(qtbot, library, character.uid)
    table = _table(sheet, "skills")
    menu = table.row_menu(table.model().index(0, 0))
    texts = [action.text() for action in menu.actions()]
    assert texts == [
        "&Roll with this row…\tEnter",
        "&Edit this cell\tF2",
        "Re&move this row\tDelete",
    ]
    menu.actions()[0].trigger()
    task = _new_dialog(sheet, 0)
    qtbot.addWidget(task)
    assert task.skill.currentText() == "Swords (trained)"
    cyphers = sheet.list_editors["cyphers"].table
    menu = cyphers.row_menu(cyphers.model().index(0, 0))
    assert menu.actions()[0].text() == "&Edit this cell\tF2"  # no roll


def test_an_archived_row_says_why_it_does_not_roll(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    character.weapons[0].archived = True
    library.characters.save(character)
    _controller, sheet = open_sheet(qtbot, library, character.uid)
    editor = sheet.list_editors["weapons"]
    editor.select_row(0)
    qtbot.keyClick(editor.table, Qt.Key.Key_Return)
    assert not sheet.play_panel.dialogs
    assert "Broadsword is archived" in editor.error_label.text()
    assert editor.error_label.isVisibleTo(editor)
