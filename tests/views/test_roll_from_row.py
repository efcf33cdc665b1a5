"""Rolling straight from a sheet row: Enter, a double-click or the context menu on a
skill, ability or weapon row opens the task dialog with that row chosen, its steps, cost
and damage in the preview; F2 and typing still edit the cell."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication
from pytestqt.qtbot import QtBot

from numdesk.model.abilities import Ability
from numdesk.model.items import Weapon
from numdesk.rules.dice import Dice
from numdesk.rules.types import Stat, WeaponCategory
from numdesk.store import Library
from numdesk.views.sheet import SheetWidget
from numdesk.views.sheet.item_table import ItemTable
from numdesk.views.sheet.task_dialog import TaskDialog
from tests.views.sheet_helpers import open_sheet, stored_character
from tests.views.test_ability_choices import _brakka as brakka
from tests.views.test_task_dialog_layout import _overlaps as overlaps

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


def _ability_row(sheet: SheetWidget, name: str) -> int:
    model = _table(sheet, "abilities").model()
    return next(r for r in range(model.rowCount()) if model.index(r, 0).data().startswith(name))


def test_an_attack_abilitys_row_rolls_an_attack_with_a_weapon(
    qtbot: QtBot, csrd_library: Library, artifacts_dir: Path
) -> None:
    """QA: double-clicking Bash gave '(not an attack)' and no damage; with the axe chosen
    by hand it said 4, not Bash's 1 less, and the daze was nowhere."""
    uid = brakka(qtbot, csrd_library)  # Warrior with Bash and Combat Prowess (melee)
    made = csrd_library.characters.load(uid)
    made.weapons = [
        Weapon("Crossbow", WeaponCategory.MEDIUM, range="long"),
        Weapon("Battleaxe", WeaponCategory.MEDIUM),
    ]
    csrd_library.characters.save(made)
    controller, sheet = open_sheet(qtbot, csrd_library, uid, dice=Dice(script=[15]))
    table = _table(sheet, "abilities")
    qtbot.mouseDClick(table.viewport(), LEFT, pos=_cell(table, _ability_row(sheet, "Bash")))
    task = _new_dialog(sheet, 0)
    qtbot.addWidget(task)
    assert task.weapon.currentText() == "Battleaxe (medium)"  # Bash is a melee attack
    assert not task.weapon_note.isVisible()
    damage = task.values["damageValue"].text()
    assert damage == "4\nBattleaxe 4, Combat Prowess (melee) +1, Bash −1"
    task.select(task.weapon, "Crossbow")  # the player's to change
    assert task.values["damageValue"].text() == "3\nCrossbow 4, Bash −1"
    task.select(task.weapon, "Battleaxe")
    task.fit_to_screen(QRect(QPoint(0, 0), QSize(1366, 768)))
    result = task.roll()
    assert result is not None and result.damage == 4
    text = task.values["resultValue"].text()
    assert "deals 4 damage" in text
    assert "Bash: the target is dazed: everything it tries is hindered for one round" in text
    assert "dazed" in controller.character.history[-1].summary
    for _ in range(3):
        QApplication.processEvents()
    assert overlaps(task) == []
    task.grab().save(str(artifacts_dir / "task-bash-from-row.png"))


def test_an_attack_ability_without_a_weapon_says_so(
    qtbot: QtBot, library: Library, csrd_path: Path, artifacts_dir: Path
) -> None:
    abilities = json.loads(csrd_path.read_text(encoding="utf-8"))["abilities"]
    swipe = next(a for a in abilities if a["name"] == "Swipe")
    character = stored_character(library, "cypher")
    character.abilities.append(Ability("Swipe", 1, Stat.SPEED, description=swipe["description"]))
    character.weapons = []
    library.characters.save(character)
    _controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[3]))
    table = _table(sheet, "abilities")
    table.row_menu(table.model().index(_ability_row(sheet, "Swipe"), 0)).actions()[0].trigger()
    task = _new_dialog(sheet, 0)
    qtbot.addWidget(task)
    assert task.weapon.currentData() is None
    assert task.weapon_note.isVisible()
    assert task.weapon_note.text() == "Swipe is an attack, but the sheet has no weapon in use"
    task.fit_to_screen(QRect(QPoint(0, 0), QSize(1366, 768)))
    QApplication.processEvents()
    assert overlaps(task) == []
    task.grab().save(str(artifacts_dir / "task-swipe-no-weapon.png"))
    result = task.roll()
    assert result is not None and not result.success
    assert "dazed" not in task.values["resultValue"].text()  # a miss dazes nobody
