"""What a GM trips over at the table, driven through the real encounter window: a
stunned combatant's lost turn, dazed hindrance, turn keys on the table, going back past
the top of a round, followers' initiative, the window at 1366 × 768, and the table and
log updating only the rows that changed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QPushButton,
    QSpinBox,
    QToolBar,
)
from pytestqt.qtbot import QtBot

from numdesk.model.errors import DomainError
from numdesk.model.operations.encounter import SetInitiative
from numdesk.views.encounter import EncounterWindow
from numdesk.views.encounter.table import Column
from tests.views.encounter_helpers import Table, act, add_from_library, npc, order, turn


def cell(window: EncounterWindow, name: str, column: Column, role: int = 0) -> object:
    row = window.model.row_of(npc(window, name).uid)
    return window.model.data(window.model.index(row, column), role)


def start(table: Table, qtbot: QtBot, rolls: tuple[int, int, int]) -> EncounterWindow:
    """Ana, Bo and Cy with the given rolls against two level 2 bandits (target 6)."""
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Bandit",), count=2)
    for name, roll in zip(("Ana", "Bo", "Cy"), rolls, strict=True):
        act(window, name, "set_roll_button", roll_value=roll)
    return window


def space(window: EncounterWindow, qtbot: QtBot) -> None:
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_Space)


def test_stunned_loses_the_turn_and_dazed_shows_its_hindrance(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "numenera")
    window = start(table, qtbot, (15, 8, 4))
    space(window, qtbot)
    assert turn(window) == "R1 Ana"
    act(window, "Bandit 1", "add_condition_button", condition="stunned", rounds=1)
    act(window, "Bandit 2", "add_condition_button", condition="dazed", rounds=1)
    act(window, "Cy", "add_condition_button", condition="on fire", rounds=2)
    assert window.stunned_banner.isHidden()
    assert cell(window, "Bandit 1", Column.STATUS) == "loses turn"
    assert cell(window, "Bandit 2", Column.STATUS) == "tasks −1 step"
    assert cell(window, "Bandit 2", Column.CONDITIONS) == "dazed (ends R2, Ana's turn)"
    assert "hindered 1 step" in str(cell(window, "Bandit 2", Column.CONDITIONS, Qt.ToolTipRole))
    window.select_name("Bandit 2")
    assert "all its tasks are hindered 1 step" in window.stat_block.toPlainText()

    space(window, qtbot)  # Bo
    space(window, qtbot)  # Bandit 1, stunned: the window says so and offers to skip
    assert turn(window) == "R1 Bandit 1"
    assert window.stunned_banner.isVisible()
    assert "Bandit 1" in window.stunned_text.text() and "can still defend" in (
        window.stunned_text.text()
    )
    window.skip_button.click()
    assert turn(window) == "R1 Bandit 2"
    assert window.stunned_banner.isHidden()
    assert window.log_model.data(window.log_model.index(window.log_model.rowCount() - 1)).endswith(
        "Bandit 1 loses the turn (stunned). Turn: Bandit 2"
    )
    window.undo_action.trigger()  # back on the stunned turn: the banner is back
    assert turn(window) == "R1 Bandit 1" and window.stunned_banner.isVisible()
    window.redo_action.trigger()

    space(window, qtbot)  # Cy
    space(window, qtbot)  # round 2: Ana's turn comes round, her stun and daze end
    assert turn(window) == "R2 Ana"
    assert npc(window, "Bandit 1").conditions == [] and npc(window, "Bandit 2").conditions == []
    assert cell(window, "Bandit 2", Column.STATUS) == ""
    assert [c.name for c in npc(window, "Cy").conditions] == ["on fire"]  # ends in R3
    for _ in range(5):
        space(window, qtbot)
    assert turn(window) == "R3 Ana"
    assert npc(window, "Cy").conditions == []
    assert "Cy is no longer on fire" in window.controller.log_markdown()
    # NPCs acting together: a stunned one sits the turn out, the others act, no skipping
    act(window, "Bandit 2", "add_condition_button", condition="stunned", rounds=2)
    window.group_action.trigger()
    assert order(window) == ["Ana", "Bo", "NPCs (together)", "Cy"]
    space(window, qtbot)
    space(window, qtbot)
    assert turn(window) == "R3 NPCs (together)"
    assert window.stunned_banner.isVisible() and window.skip_button.isHidden()
    assert "not acting with the others" in window.stunned_text.text()
    assert "Bandit 2" in window.stunned_text.text()


def test_turn_keys_on_the_table_and_going_back_past_the_top_of_a_round(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = Table(tmp_path, "cypher")
    window = start(table, qtbot, (15, 8, 4))
    # Space/Backspace are named where the GM looks for the turn keys
    assert "Space" in window.next_action.toolTip() and "Space" in window.next_button.toolTip()
    assert "Backspace" in window.previous_action.toolTip()
    assert "Undo" in window.previous_action.toolTip()
    # typing an initiative in the table still works: its editor has the focus, not the table
    row = window.model.row_of(npc(window, "Cy").uid)
    window.table.setCurrentIndex(window.model.index(row, Column.INITIATIVE))
    window.table.edit(window.model.index(row, Column.INITIATIVE))
    editor = window.table.findChild(QSpinBox)
    assert editor is not None and editor.hasFocus()
    editor.lineEdit().selectAll()
    qtbot.keyClicks(editor, "5")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    QApplication.processEvents()  # the delegate commits the value queued
    assert npc(window, "Cy").initiative == 5 and window.controller.encounter.round == 0

    space(window, qtbot)
    space(window, qtbot)
    assert turn(window) == "R1 Bo"
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_Backspace)
    assert turn(window) == "R1 Ana"
    for _ in range(5):
        space(window, qtbot)
    assert turn(window) == "R2 Ana"
    # at the top of a round, Previous says to use Undo, which goes back exactly
    qtbot.keyClick(window.table, Qt.Key.Key_Backspace)
    assert turn(window) == "R2 Ana"
    assert "Undo" in window.message.text()
    window.undo_action.trigger()
    assert turn(window) == "R1 Cy"


def test_followers_act_on_their_target_number(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "numenera")
    window = start(table, qtbot, (15, 8, 4))
    add_from_library(window, ("Rex",))
    found = window.builder.model  # a line cut short by the narrow builder shows whole on hover
    line = found.index([e.name for e in found.entries].index("Rex"))
    assert (
        found.data(line, Qt.ItemDataRole.ToolTipRole)
        == found.data(line)
        == "Rex — Level 2 follower"
    )
    rex = npc(window, "Rex")
    assert rex.side == "follower"
    # no roll: 3 × level like every character the GM runs, on the PCs' side (numenera:
    # a tie with the NPCs goes to the NPCs)
    assert cell(window, "Rex", Column.INITIATIVE) == "6"
    assert "does not roll" in str(cell(window, "Rex", Column.INITIATIVE, Qt.ToolTipRole))
    row = window.model.row_of(rex.uid)
    assert not window.model.flags(window.model.index(row, Column.INITIATIVE)) & (
        Qt.ItemFlag.ItemIsEditable
    )
    window.select_name("Rex")
    # the same place for every row: the initiative controls stay, greyed, saying why
    assert not window.panel.set_roll_button.isEnabled()
    assert "target number" in window.panel.set_roll_button.toolTip()
    try:
        window.controller.apply(SetInitiative(rex.uid, 12))
    except DomainError as err:
        assert "only PCs roll" in err.message
    else:
        raise AssertionError("a follower's initiative was set")
    assert order(window) == ["Ana", "Bo", "Bandit 1", "Bandit 2", "Rex", "Cy"]


def test_the_window_fits_1366_by_768(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "cypher")
    window = start(table, qtbot, (15, 8, 4))
    # it opens no larger than the screen's free area (the offscreen screen is small)
    free = window.screen().availableGeometry()
    assert window.width() <= free.width() and window.height() <= free.height()
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(1366, 768)
    QApplication.processEvents()
    hint = window.minimumSizeHint()
    assert hint.width() <= 1366 and hint.height() <= 768
    assert window.width() <= 1366 and window.height() <= 768

    def nothing_clipped() -> None:
        assert window.table.horizontalScrollBar().maximum() == 0  # every column shows
        toolbar = window.findChild(QToolBar, "encounterToolbar")
        for action in toolbar.actions():  # none folded away behind the » button
            if not action.isSeparator():
                assert toolbar.widgetForAction(action).isVisible(), action.text()
        buttons = [window.next_button, window.previous_button]
        buttons += window.panel.findChildren(QPushButton)
        buttons += window.builder.findChildren(QPushButton)
        for button in buttons:
            if button.isVisibleTo(window):
                assert button.width() >= button.minimumSizeHint().width(), button.text()

    window.select_name("Ana")  # the panel with the most controls: a PC in cypher
    QApplication.processEvents()
    nothing_clipped()
    # starting the fight folds the builder away: the table takes the room, enough for
    # a PC's Pools and wounds in full
    act(window, "Cy", "first_button")
    space(window, qtbot)
    act(window, "Ana", "wound_button", wound=2)
    QApplication.processEvents()
    assert window.builder.isHidden() and not window.builder_action.isChecked()
    nothing_clipped()
    text = str(cell(window, "Ana", Column.HEALTH))
    assert "wounds 0/1/0" in text
    margin = 2 * window.table.style().pixelMetric(
        window.table.style().PixelMetric.PM_FocusFrameHMargin
    )
    assert window.table.fontMetrics().horizontalAdvance(text) + margin + 2 <= (
        window.table.columnWidth(Column.HEALTH)
    )
    window.builder_action.trigger()  # Ctrl+B brings it back
    assert window.builder.isVisibleTo(window)
    # reopened mid-fight: no builder, the turn in progress selected, the log at its end
    window.close()
    again = table.open(qtbot)
    assert again.builder.isHidden()
    assert again.selected_uid() == npc(again, "Cy").uid  # Cy's First action
    qtbot.waitUntil(again.log.shows_end)
    assert again.log_model.rowCount() - 1 in again.log.rows_shown()
    # the log takes the room beside the stat block, under its label
    assert again.log.height() >= again.stat_block.height() - 2 * again.log.row_height()


def test_the_table_and_the_log_update_only_the_rows_that_changed(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = Table(tmp_path, "numenera")
    window = start(table, qtbot, (15, 8, 4))
    space(window, qtbot)
    changed: list[tuple[int, int]] = []
    window.model.dataChanged.connect(lambda a, b, *_: changed.append((a.row(), b.row())))
    inserted: list[int] = []
    window.log_model.rowsInserted.connect(lambda _p, first, _last: inserted.append(first))
    removed: list[int] = []
    window.log_model.rowsRemoved.connect(lambda _p, first, _last: removed.append(first))
    lines = window.log_model.rowCount()
    with (
        qtbot.assertNotEmitted(window.model.modelReset),
        qtbot.assertNotEmitted(window.log_model.modelReset),
    ):
        space(window, qtbot)  # Ana -> Bo: two rows repaint
        assert changed == [(0, 1)]
        changed.clear()
        act(window, "Bandit 2", "damage_button", amount=2)  # one row
        row = window.model.row_of(npc(window, "Bandit 2").uid)
        assert changed == [(row, row)]
        window.undo_action.trigger()
        assert removed == [lines + 1]
    assert inserted == [lines, lines + 1]
    assert window.log_model.rowCount() == lines + 1
    # a new order (someone defeated drops to the end) resets the table
    with qtbot.waitSignal(window.model.modelReset):
        act(window, "Bandit 1", "damage_button", amount=9)
    assert window.model.combatant_at(window.model.rowCount() - 1).name == "Bandit 1"
    assert window.table.selectionBehavior() is QAbstractItemView.SelectionBehavior.SelectRows


def test_npc_health_by_damage_type_healing_and_the_defeat_choice(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = Table(tmp_path, "numenera")
    window = start(table, qtbot, (15, 8, 4))
    add_from_library(window, ("Margr",))  # Armor 1
    space(window, qtbot)
    act(window, "Margr", "damage_button", amount=3, damage_type="speed")
    assert npc(window, "Margr").health == 3  # Armor stops only Might damage
    act(window, "Margr", "heal_button", amount=2)
    assert npc(window, "Margr").health == 5
    act(window, "Margr", "damage_button", amount=3, damage_type="might", ignore_armor=True)
    assert npc(window, "Margr").health == 2  # the GM let this one through Armor
    # health set to 0: defeated as the GM picks, out of the order but still shown
    act(window, "Margr", "set_health_button", amount=0, defeat_as="knocked out")
    assert npc(window, "Margr").defeated == "knocked out"
    assert "Margr" not in order(window)
    assert window.model.row_of(npc(window, "Margr").uid) >= 0
    assert window.panel.set_defeated_button.isEnabled()
    act(window, "Margr", "set_defeated_button", defeat_as="dead")
    assert npc(window, "Margr").defeated == "dead"
    act(window, "Margr", "heal_button", amount=4)  # back on its feet, back in the order
    assert not npc(window, "Margr").defeated and "Margr" in order(window)
    assert npc(window, "Margr").health == 4


def test_a_cypher_pc_waits_and_acts_now(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "cypher")
    window = start(table, qtbot, (15, 8, 4))
    assert order(window) == ["Ana", "Bo", "Bandit 1", "Bandit 2", "Cy"]
    space(window, qtbot)
    act(window, "Bo", "wait_button")  # Bo holds his action
    assert order(window) == ["Ana", "Bandit 1", "Bandit 2", "Cy", "Bo"]
    space(window, qtbot)
    assert turn(window) == "R1 Bandit 1"
    act(window, "Bo", "act_now_button")  # he steps in right after Bandit 1
    assert order(window).index("Bo") == order(window).index("Bandit 1") + 1
    space(window, qtbot)
    assert turn(window) == "R1 Bo"
    assert "Bo waits to act after Bandit 1" in window.controller.log_markdown()
