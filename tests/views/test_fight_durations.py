"""Durations and marks: a condition or table mark can end as a chosen combatant's next
turn starts or ends (by default the rules' own clock: G18 for conditions, the taker's
next turn for T3); the Conditions column says when it really ends, and the Status
column and the stat block say in words what each mark does."""

from __future__ import annotations

from pathlib import Path

from encounter_helpers import Table, add_from_library, npc, turn
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from numdesk.rules.table_picks import GUARD, HELP_DEFENSE
from numdesk.views.encounter import EncounterWindow
from numdesk.views.encounter.table import Column
from tests.views.fight_keys import ALT, CTRL, CTRL_SHIFT, Keys, initiative_by_keys


def fight(qtbot: QtBot, tmp_path: Path) -> tuple[EncounterWindow, Keys]:
    """Cypher: Ana 15, Bo 9, a Bandit (6), Cy 4; round 1, Ana's turn."""
    table = Table(tmp_path, "cypher")
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Bandit",))
    window.table.setFocus()
    keys = Keys(qtbot)
    initiative_by_keys(qtbot, window, ("15", "9", "4"), keys)
    window.table.setFocus()
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Ana"
    return window, keys


def cell(window: EncounterWindow, name: str, column: Column, role: int = 0) -> str:
    row = window.model.row_of(npc(window, name).uid)
    return str(window.model.index(row, column).data(role))


def test_a_condition_ends_at_the_end_of_a_chosen_turn(qtbot: QtBot, tmp_path: Path) -> None:
    window, keys = fight(qtbot, tmp_path)
    window.select_name("Bandit")
    window.table.setFocus()
    keys.press(Qt.Key.Key_C, ALT)
    keys.type("d")  # dazed
    keys.press(Qt.Key.Key_Tab)
    keys.type("1")
    keys.press(Qt.Key.Key_S, ALT)  # it ends …
    keys.press(Qt.Key.Key_Down)  # … as the turn ends
    keys.press(Qt.Key.Key_H, ALT)  # … of whose turn
    anchor = window.panel.ends_anchor
    assert anchor.currentIndex() == 0  # the rules' clock unless the GM picks one
    keys.press(Qt.Key.Key_Down)
    keys.press(Qt.Key.Key_Down)  # Ana, Bo
    assert anchor.currentText() == "of Bo's next turn"
    keys.press(Qt.Key.Key_Return)
    assert window.message.text() == ""
    # Bo's turn is still to come this round: dazed until it is over
    assert cell(window, "Bandit", Column.CONDITIONS) == "dazed (ends R1, after Bo's turn)"
    assert "ends R1 as Bo's turn ends" in window.controller.encounter.log[-1].text
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Bo" and npc(window, "Bandit").conditions
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Bandit"
    assert not npc(window, "Bandit").conditions  # over before the Bandit acts
    assert "Bandit is no longer dazed" in window.controller.log_markdown()


def test_by_default_a_condition_runs_on_the_causers_clock(qtbot: QtBot, tmp_path: Path) -> None:
    window, keys = fight(qtbot, tmp_path)
    window.select_name("Bandit")
    window.panel.condition.setEditText("dazed")
    keys.press(Qt.Key.Key_C, CTRL_SHIFT)
    # caused on Ana's turn (G18): through the Bandit's own next turn, to Ana's in R2
    assert cell(window, "Bandit", Column.CONDITIONS) == "dazed (ends R2, Ana's turn)"


def test_a_mark_can_end_on_a_chosen_turn_and_says_what_it_does(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window, keys = fight(qtbot, tmp_path)
    window.select_name("Ana")
    panel = window.panel
    panel.pick.setCurrentIndex(panel.pick.findData(GUARD))
    keys.press(Qt.Key.Key_T, CTRL_SHIFT)
    status = cell(window, "Ana", Column.STATUS)
    assert "defense eased 1 step" in status and "no attacks" in status
    assert "adds nothing" not in window.stat_block.toPlainText()
    assert "every defense task eased 1 step until it stops (T4)" in window.stat_block.toPlainText()

    # Bo helps Ana; the GM has the help end as the Bandit's turn starts, not at Bo's
    keys.press(Qt.Key.Key_Right, CTRL)
    window.select_name("Ana")
    panel.ends_anchor.setCurrentIndex(panel.ends_anchor.findData(npc(window, "Bandit").uid))
    panel.pick.setCurrentIndex(panel.pick.findData(HELP_DEFENSE))
    keys.press(Qt.Key.Key_T, CTRL_SHIFT)
    assert window.message.text() == ""
    conditions = cell(window, "Ana", Column.CONDITIONS)
    assert "helped (ends R1, Bandit's turn)" in conditions
    assert "defense eased 2 steps" in cell(window, "Ana", Column.STATUS)  # help + guarding
    tip = cell(window, "Ana", Column.STATUS, Qt.ItemDataRole.ToolTipRole)
    assert "helped: an asset on every defense task until the helper's next turn (T1)" in tip
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Bandit"
    assert [c.name for c in npc(window, "Ana").conditions] == ["guarding"]
