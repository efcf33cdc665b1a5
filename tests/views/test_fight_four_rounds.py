"""Issue 21's "done when": four rounds of a mixed Cypher fight from the keyboard alone,
every PC hit with its defense roll inside the fight, each action one log line and one
undo step, and the fight's Undo taking the last hit back whole."""

from __future__ import annotations

from pathlib import Path

from encounter_helpers import Table, add_from_library, npc
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from numdesk.model.operations.encounter import current_slot
from numdesk.views.encounter import EncounterWindow
from numdesk.views.encounter.defense_step import DefenseStep
from tests.views.fight_keys import ALT, CTRL, Keys, back_to, initiative_by_keys
from tests.views.sheet_helpers import with_modal


def _acting(window: EncounterWindow) -> str:
    enc = window.controller.encounter
    slot = current_slot(enc)
    assert slot is not None
    return npc(window, next(c.name for c in enc.combatants if c.uid == slot.uid)).name


def _select_by_keys(window: EncounterWindow, keys: Keys, name: str) -> None:
    for _ in range(len(window.controller.encounter.combatants)):
        selected = window.selected()
        if selected is not None and selected.name == name:
            return
        keys.press(Qt.Key.Key_Down, CTRL)
    raise AssertionError(f"{name} never selected")


def test_four_rounds_with_every_hit_defended_in_the_fight(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "cypher")
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Bandit",), count=2)
    window.table.setFocus()
    keys = Keys(qtbot)
    initiative_by_keys(qtbot, window, ("15", "9", "4"), keys)
    window.table.setFocus()
    keys.press(Qt.Key.Key_Right, CTRL)
    controller = window.controller
    pcs = ["Ana", "Bo", "Cy"]
    hits = 0
    faces = iter(["2", "15"] * 20)
    while controller.encounter.round <= 4:
        acting = _acting(window)
        steps, lines = controller.undo_stack.count(), len(controller.encounter.log)
        if acting in pcs:
            # the PC distracts a bandit: Ctrl+Down to it, Alt+T, D, Enter
            _select_by_keys(window, keys, "Bandit 1" if acting != "Bo" else "Bandit 2")
            keys.press(Qt.Key.Key_T, ALT)
            keys.type("D")
            keys.press(Qt.Key.Key_Return)
        else:
            # the bandit hits a PC: select the PC, Ctrl+H, the player's d20, Enter
            target = pcs[hits % 3]
            _select_by_keys(window, keys, target)
            face = next(faces)

            def defend(dialog: QWidget, face: str = face) -> None:
                assert isinstance(dialog, DefenseStep)
                try:
                    assert dialog.level.value() == 2  # the bandit's level, filled in
                    dialog.activateWindow()
                    qtbot.waitUntil(dialog.face.hasFocus)
                    keys.type(face)
                    keys.press(Qt.Key.Key_Return)
                finally:
                    if dialog.isVisible():
                        dialog.reject()

            with_modal(lambda: keys.press(Qt.Key.Key_H, CTRL), defend)
            back_to(window, qtbot)
            added = [e.text for e in controller.encounter.log[lines:]]
            # the line says what happened: a 2 fails the block, a 15 holds it
            said = (
                f"{acting} hits {target}: "
                if face == "2"
                else f"{target} defends against {acting}: "
            )
            assert len(added) == 1 and added[0].startswith(said), added
            hits += 1
        assert window.message.text() == "", window.message.text()
        assert controller.undo_stack.count() == steps + 1
        window.table.setFocus()
        keys.press(Qt.Key.Key_Right, CTRL)
    assert controller.encounter.round == 5
    assert hits == 8  # two bandits, four rounds
    wounds = sum(table.sheet(name).wounds.minor for name in pcs)
    assert wounds == 4  # every failed block (a 2) took the minor wound whole; a 15 saved
    # the fight's Undo walks back: round 5, Cy's pick, Cy's turn, Bandit 2's hit (a 15:
    # no wound), Bandit 2's turn, then Bandit 1's hit on Ana (a 2: a minor wound) whole
    ana = table.sheet("Ana").wounds.minor
    for _ in range(6):
        keys.press(Qt.Key.Key_Z, CTRL)
    assert table.sheet("Ana").wounds.minor == ana - 1
    assert sum(table.sheet(name).wounds.minor for name in pcs) == 3
    assert controller.encounter.round == 4 and _acting(window) == "Bandit 1"
