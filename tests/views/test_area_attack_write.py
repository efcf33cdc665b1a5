"""An area attack is one write: every target's damage and log line land in ONE
transaction (the encounter's revision moves by one), and a write that fails keeps
nothing, on screen or in the file."""

from __future__ import annotations

from pathlib import Path

from encounter_helpers import Table, add_from_library, npc
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from numdesk.model.encounter import Encounter
from numdesk.model.operations.encounter import LogEvent
from numdesk.rules.dice import Dice
from numdesk.store import Library
from numdesk.store.commit import Write
from numdesk.views.encounter import EncounterWindow

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def area_attack(qtbot: QtBot, window: EncounterWindow, amount: str) -> None:
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_A, CTRL_SHIFT)
    qtbot.keyClicks(window.table, amount)
    qtbot.keyClick(window.panel.amount, Qt.Key.Key_Return)


def start(qtbot: QtBot, tmp_path: Path) -> tuple[Table, EncounterWindow]:
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot, dice=Dice(seed=1))
    add_from_library(window, ("Bandit",), count=4)
    return table, window


def test_area_attack_is_one_write(qtbot: QtBot, tmp_path: Path) -> None:
    table, window = start(qtbot, tmp_path)
    library = table.library_controller.library
    _before, revision = library.load_revision(table.encounter.uid)
    steps = window.controller.undo_stack.count()

    area_attack(qtbot, window, "2")

    stored, now = library.load_revision(table.encounter.uid)
    assert now == revision + 1  # four targets, one save
    assert isinstance(stored, Encounter)
    assert [c.health for c in stored.combatants] == [4, 4, 4, 4]
    assert sum("Bandit" in e.text and "2" in e.text for e in stored.log[-4:]) == 4
    assert window.controller.undo_stack.count() == steps + 1


def test_a_failed_area_attack_keeps_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    table, window = start(qtbot, tmp_path)
    # another numdesk saves the encounter meanwhile: our write must be refused whole
    other = Library.open(table.path)
    theirs, revision = other.load_revision(table.encounter.uid)
    assert isinstance(theirs, Encounter)
    LogEvent("Noted in the other window", "note").apply(theirs)
    other.commit([Write(theirs.uid, theirs, revision)])
    other.close()
    steps = window.controller.undo_stack.count()

    area_attack(qtbot, window, "2")

    assert [npc(window, f"Bandit {n}").health for n in (1, 2, 3, 4)] == [6, 6, 6, 6]
    assert window.controller.encounter.log[-1].text == "Noted in the other window"
    assert window.controller.undo_stack.count() == steps
    assert "another window" in window.message.text()
    stored = table.library_controller.library.load(table.encounter.uid)
    assert isinstance(stored, Encounter)
    assert [c.health for c in stored.combatants] == [6, 6, 6, 6]
