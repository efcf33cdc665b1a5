"""The fight is a window of its own that behaves: not kept above the main window (so
Alt+Tab reaches any sheet), Tab walks the controls without ever changing the target,
and Ctrl+Z / Ctrl+Y reach the fight's undo stack from any field, the initiative cell's
editor included."""

from __future__ import annotations

from pathlib import Path

from encounter_helpers import Table, add_from_library, npc
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from numdesk.views.actions import ActionId
from numdesk.views.encounter import EncounterWindow
from numdesk.views.encounter.table import Column
from tests.views.fight_keys import CTRL, SHIFT, Keys
from tests.views.main_window_helpers import make_controller, make_window


def test_the_fight_is_its_own_window_not_kept_above_the_main_one(
    qtbot: QtBot, tmp_path: Path
) -> None:
    controller = make_controller(tmp_path)
    main = make_window(qtbot, controller)
    main.actions_by_id[ActionId.NEW_ENCOUNTER].trigger()
    [fight] = list(main.documents.encounter_windows.values())
    assert isinstance(fight, EncounterWindow)
    qtbot.waitExposed(fight)
    # owned by nobody: the window manager never keeps it above the main window
    assert fight.parent() is None
    handle = fight.windowHandle()
    assert handle is not None and handle.transientParent() is None
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    fight.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is fight)
    # closing the main window closes the fight with it (nothing is left running)
    main.close()
    qtbot.waitUntil(lambda: not main.documents.encounter_windows)
    controller.close()


def test_tab_walks_the_controls_and_never_changes_the_target(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "cypher")
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Bandit",), count=2)
    window.select_name("Bo")
    window.table.setFocus()
    keys = Keys(qtbot)
    visited: list[QWidget] = []
    for _ in range(60):
        keys.press(Qt.Key.Key_Tab)
        focus = QApplication.focusWidget()
        assert focus is not None
        visited.append(focus)
        assert window.selected() is npc(window, "Bo"), f"Tab moved the target at {focus}"
        assert window.selected_combatants() == [npc(window, "Bo")]
    panel = window.panel
    assert panel.amount in visited or panel.amount.lineEdit() in visited
    assert panel.pick in visited and panel.intrude_button in visited
    for _ in range(60):
        keys.press(Qt.Key.Key_Tab, SHIFT)
        assert window.selected() is npc(window, "Bo")


def test_ctrl_z_and_ctrl_y_reach_the_fight_from_any_field(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo"))
    stack = window.controller.undo_stack
    keys = Keys(qtbot)

    # from the builder's search box, with text typed in it
    window.builder_action.setChecked(True)
    window.builder.search.setFocus()
    keys.type("Band")
    steps = stack.index()
    keys.press(Qt.Key.Key_Z, CTRL)
    assert stack.index() == steps - 1
    assert window.builder.search.text() == "Band"  # the text stays; the step went
    keys.press(Qt.Key.Key_Y, CTRL)
    assert stack.index() == steps

    # from the initiative cell's editor: the stored roll is undone, not only its text
    window.select_name("Ana")
    row = window.model.row_of(npc(window, "Ana").uid)
    window.table.setCurrentIndex(window.model.index(row, Column.INITIATIVE))
    window.table.setFocus()
    keys.press(Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert editor is not None and editor is not window.table
    keys.type("14")
    keys.press(Qt.Key.Key_Return)  # the view commits the editor's value a moment later
    qtbot.waitUntil(lambda: npc(window, "Ana").initiative == 14)
    window.table.setCurrentIndex(window.model.index(row, Column.INITIATIVE))
    keys.press(Qt.Key.Key_F2)
    keys.type("9")
    keys.press(Qt.Key.Key_Z, CTRL)  # still in the editor
    assert npc(window, "Ana").initiative is None  # the stored 14 is undone
    # and the reason field of the intrusion: its own text undo does not shadow the step
    window.select_name("Ana")
    reason = window.panel.reason
    assert isinstance(reason, QLineEdit)
    reason.setFocus()
    keys.type("x")
    before = stack.index()
    keys.press(Qt.Key.Key_Z, CTRL)
    assert stack.index() == before - 1


def test_each_fight_window_keeps_its_own_keys_as_others_open_and_close(
    qtbot: QtBot, tmp_path: Path
) -> None:
    controller = make_controller(tmp_path)
    main = make_window(qtbot, controller)

    def new_fight() -> EncounterWindow:
        before = set(main.documents.encounter_windows.values())
        main.actions_by_id[ActionId.NEW_ENCOUNTER].trigger()
        [fight] = [w for w in main.documents.encounter_windows.values() if w not in before]
        assert isinstance(fight, EncounterWindow)
        qtbot.waitExposed(fight)
        fight.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is fight)
        return fight

    def digit_over_table(fight: EncounterWindow, digit: str) -> str:
        fight.table.setFocus()
        qtbot.keyClicks(fight.table, digit)  # a digit over the table starts the amount
        return fight.panel.amount.lineEdit().text()

    first, second = new_fight(), new_fight()
    assert digit_over_table(second, "3") == "3"
    assert first.panel.amount.lineEdit().text() != "3"  # the other fight's field is untouched
    first.close()
    qtbot.waitUntil(lambda: first not in main.documents.encounter_windows.values())
    assert digit_over_table(second, "5") == "5"
    third = new_fight()
    assert digit_over_table(third, "7") == "7"
    assert second.panel.amount.lineEdit().text() == "5"
    main.close()
    controller.close()
