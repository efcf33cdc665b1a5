"""A whole three-round fight driven by the keyboard alone (QTest key events, no mouse),
in both rules: initiative typed from the players' dice, an area attack on four NPCs,
wounds or Pool damage, a condition, a table action, undo, First action — and the keys
reach the window from whatever field has the focus."""

from __future__ import annotations

from pathlib import Path

import pytest
from encounter_helpers import Table, add_from_library, npc, turn
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from numdesk.rules.dice import Dice
from numdesk.rules.types import Stat
from numdesk.views.encounter import EncounterWindow
from numdesk.views.encounter.initiative_dialog import InitiativeDialog
from numdesk.views.encounter.keys import FIGHT_KEYS, KeysDialog
from tests.views.sheet_helpers import with_modal

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def press(
    qtbot: QtBot, key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    """A key press where the focus is now (as a user's key goes)."""
    target = QApplication.focusWidget()
    assert target is not None
    qtbot.keyClick(target, key, modifiers)


def type_text(qtbot: QtBot, text: str) -> None:
    target = QApplication.focusWidget()
    assert target is not None
    qtbot.keyClicks(target, text)


def back_to(window: EncounterWindow, qtbot: QtBot) -> None:
    window.activateWindow()  # offscreen, a closed dialog does not hand activation back
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def fight(qtbot: QtBot, tmp_path: Path, profile: str) -> tuple[Table, EncounterWindow]:
    table = Table(tmp_path, profile)
    window = table.open(qtbot, dice=Dice(seed=3))
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Bandit",), count=4)
    window.table.setFocus()
    return table, window


def initiative_by_keys(qtbot: QtBot, window: EncounterWindow) -> None:
    """Ctrl+I, then each player's d20 typed, Tab between fields, Enter to set."""

    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, InitiativeDialog)
        try:
            for pc, face in zip(dialog.pcs, ("15", "9", "4"), strict=True):
                field = dialog.faces[pc.uid]
                field.setFocus()
                qtbot.keyClick(field, Qt.Key.Key_A, CTRL)  # select "app rolls"
                qtbot.keyClicks(field, face)
            qtbot.keyClick(dialog.faces[dialog.pcs[-1].uid], Qt.Key.Key_Return)
        finally:
            if dialog.isVisible():  # a failed step must not leave the test waiting
                dialog.reject()

    with_modal(lambda: press(qtbot, Qt.Key.Key_I, CTRL), fill)


@pytest.mark.parametrize("profile", ["numenera", "cypher"])
def test_three_rounds_from_the_keyboard(qtbot: QtBot, tmp_path: Path, profile: str) -> None:
    table, window = fight(qtbot, tmp_path, profile)
    controller = window.controller
    initiative_by_keys(qtbot, window)
    back_to(window, qtbot)
    pcs = {c.name: c.initiative for c in controller.encounter.combatants if c.side == "pc"}
    assert pcs == {"Ana": 15, "Bo": 9, "Cy": 4}
    assert (
        "Ana 15 = 15, Bo 9 = 9, Cy 4 = 4"
        in window.log_model.index(window.log_model.rowCount() - 1).data()
    )
    window.table.setFocus()
    press(qtbot, Qt.Key.Key_Right, CTRL)  # start the fight
    assert controller.encounter.round == 1
    assert turn(window) == "R1 Ana"

    # Ana's area attack: every NPC selected, 3 typed over the table, Enter
    steps = controller.undo_stack.count()
    log_rows = window.log_model.rowCount()
    press(qtbot, Qt.Key.Key_A, CTRL_SHIFT)
    assert len(window.selected_combatants()) == 4
    assert "4 selected" in window.panel.selection_label.text()
    type_text(qtbot, "3")
    assert window.panel.amount.hasFocus()
    press(qtbot, Qt.Key.Key_Return)
    assert [npc(window, f"Bandit {n}").health for n in (1, 2, 3, 4)] == [3, 3, 3, 3]
    assert controller.undo_stack.count() == steps + 1  # one undo step
    assert window.log_model.rowCount() == log_rows + 4  # one line per target
    assert window.panel.amount.value() == 0  # never applied twice by accident
    assert window.table.hasFocus()

    # typed an amount, then straight to the next turn: Ctrl+→ works from the field
    press(qtbot, Qt.Key.Key_D, CTRL)
    assert window.panel.amount.hasFocus()
    type_text(qtbot, "5")
    press(qtbot, Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Bo"
    press(qtbot, Qt.Key.Key_Escape)
    assert window.table.hasFocus()
    # the amount did not carry over to the next combatant
    press(qtbot, Qt.Key.Key_Down, CTRL)
    assert window.panel.amount.value() == 0

    # undo the turn and the area attack from the keyboard, then redo both
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert turn(window) == "R1 Ana"
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert [npc(window, f"Bandit {n}").health for n in (1, 2, 3, 4)] == [6, 6, 6, 6]
    press(qtbot, Qt.Key.Key_Y, CTRL)
    assert [npc(window, f"Bandit {n}").health for n in (1, 2, 3, 4)] == [3, 3, 3, 3]
    press(qtbot, Qt.Key.Key_Y, CTRL)
    assert turn(window) == "R1 Bo"

    # Bo dazes Bandit 1 (condition key) and Cy helps Ana's defense (table action key)
    window.table.setFocus()
    window.select_name("Bandit 1")
    press(qtbot, Qt.Key.Key_C, CTRL_SHIFT)
    assert any(c.name == "dazed" for c in npc(window, "Bandit 1").conditions)
    press(qtbot, Qt.Key.Key_Right, CTRL)  # Cy's turn... or the NPCs' (by initiative)
    window.select_name("Ana")
    press(qtbot, Qt.Key.Key_T, CTRL_SHIFT)  # Help with defense (T1), the first pick
    assert any(c.name == "helped" for c in npc(window, "Ana").conditions)

    # the NPCs hit Ana: a wound (cypher) or 4 Might damage (numenera), by keys
    if profile == "cypher":
        press(qtbot, Qt.Key.Key_W, CTRL_SHIFT)
        assert table.sheet("Ana").wounds.minor == 1
        press(qtbot, Qt.Key.Key_F, CTRL_SHIFT)  # Ana takes a First action next
    else:
        type_text(qtbot, "4")
        press(qtbot, Qt.Key.Key_Return)
        assert table.sheet("Ana").pool(Stat.MIGHT).current == 6
    assert window.message.text() == "", window.message.text()

    # on to round 3 with the turn key alone, from the table
    while controller.encounter.round < 3:
        press(qtbot, Qt.Key.Key_Right, CTRL)
        back_to(window, qtbot)
    assert controller.encounter.round == 3
    # the help ended at Cy's (the helper's) next turn: the log says so
    assert not any(c.name == "helped" for c in npc(window, "Ana").conditions)


def test_keys_list_and_tooltips(qtbot: QtBot, tmp_path: Path) -> None:
    _table, window = fight(qtbot, tmp_path, "cypher")
    listed: list[str] = []

    def read(dialog: QWidget) -> None:
        assert isinstance(dialog, KeysDialog)
        listed.extend(dialog.table.item(r, 1).text() for r in range(dialog.table.rowCount()))
        dialog.reject()

    with_modal(lambda: press(qtbot, Qt.Key.Key_F1), read)
    assert len(listed) == len(FIGHT_KEYS)
    window.select_name("Ana")
    assert "Ctrl+Shift+W" in window.panel.wound_button.toolTip()
    # a key for a control that does not apply says why instead of doing nothing
    back_to(window, qtbot)
    window.select_name("Bandit 1")
    window.table.setFocus()
    press(qtbot, Qt.Key.Key_W, CTRL_SHIFT)
    assert "Only PCs take wounds" in window.message.text()
