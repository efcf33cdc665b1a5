"""The encounter window driven as a GM would, on a real library file in tmp_path.

Numenera: 3 PCs and 5 NPCs of two kinds built from the library, Ex10 initiative, three
rounds with damage both ways (an NPC defeated, a PC impaired on its stored sheet, a
condition ending on time), a GM intrusion with the XP gift, undo of the last five
actions, then a "restart" (new Library object on the same file) that resumes exactly.
Cypher: the tie going to the PC, a First and a Last action, a wound, undo and resume.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from numdesk.controllers.character import CharacterController
from numdesk.model.operations import SetField
from numdesk.model.serialize import to_data
from numdesk.rules.dice import Dice
from numdesk.rules.types import DamageTrackState, Stat, WoundSeverity
from numdesk.store import Library
from numdesk.views.encounter import EncounterWindow, open_encounter_window
from numdesk.views.encounter.table import Column
from numdesk.views.library.model import ENTRY_MIME_TYPE
from tests.views.encounter_helpers import (
    Table,
    act,
    add_from_library,
    next_turn,
    npc,
    order,
    resume_check,
    turn,
)
from tests.views.sheet_helpers import with_modal


def test_numenera_fight(qtbot: QtBot, tmp_path: Path, artifacts_dir: Path) -> None:
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot, dice=Dice(script=[4]))

    # -- build: 3 PCs, 3 bandits and 2 margrs from the library
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Bandit",), count=3)
    add_from_library(window, ("Margr",), count=2)
    names = [c.name for c in window.controller.encounter.combatants]
    assert names == ["Ana", "Bo", "Cy", "Bandit 1", "Bandit 2", "Bandit 3", "Margr 1", "Margr 2"]
    assert npc(window, "Bandit 2").health == 6 and npc(window, "Margr 1").armor == 1
    assert "3 PCs" in window.summary.text() and "level 2 × 5" in window.summary.text()
    window.select_name("Bandit 1")
    assert "Fights in pairs" in window.stat_block.toPlainText()
    assert "A second bandit shows up" in window.stat_block.toPlainText()

    # -- Ex10: PCs 8 (typed in the table), 15 (the panel), 4 (rolled) vs target number 6
    ana_row = window.model.row_of(npc(window, "Ana").uid)
    assert window.model.setData(window.model.index(ana_row, Column.INITIATIVE), 8)
    act(window, "Bo", "set_roll_button", roll_value=15)
    act(window, "Cy", "roll_button", eases=0)
    assert order(window) == [
        "Bo",
        "Ana",
        "Bandit 1",
        "Bandit 2",
        "Bandit 3",
        "Margr 1",
        "Margr 2",
        "Cy",
    ]

    # Cy's sheet is open in a sheet tab meanwhile: it must follow the fight live
    cy_sheet = CharacterController(
        table.library_controller.library, table.pcs[2].uid, table.library_controller
    )

    # -- round 1
    next_turn(window, qtbot)
    assert turn(window) == "R1 Bo"
    act(window, "Bandit 1", "damage_button", amount=6)  # Bo kills Bandit 1
    assert npc(window, "Bandit 1").defeated == "dead"
    assert "Bandit 1" not in order(window)
    assert window.model.row_of(npc(window, "Bandit 1").uid) >= 0  # still shown
    act(window, "Margr 1", "add_condition_button", condition="dazed", rounds=1)
    next_turn(window, qtbot)
    act(window, "Margr 1", "damage_button", amount=4)  # Ana: 1 stopped by Armor
    assert npc(window, "Margr 1").health == 3
    next_turn(window, qtbot)
    assert turn(window) == "R1 Bandit 2"
    act(window, "Cy", "damage_button", amount=4)  # Bandit 2 hits Cy: Might 5 -> 1
    next_turn(window, qtbot)
    act(window, "Cy", "damage_button", amount=4)  # Bandit 3: Might 0, 3 to Speed
    assert table.sheet("Cy").damage_track is DamageTrackState.IMPAIRED
    assert table.sheet("Cy").pool(Stat.SPEED).current == 7
    assert cy_sheet.character.damage_track is DamageTrackState.IMPAIRED
    window.undo_action.trigger()  # one undo takes back the log line and the sheet change
    assert table.sheet("Cy").damage_track is DamageTrackState.HALE
    assert cy_sheet.character.pool(Stat.MIGHT).current == 1
    window.redo_action.trigger()
    assert cy_sheet.character.damage_track is DamageTrackState.IMPAIRED
    assert "impaired" in window.model.data(
        window.model.index(window.model.row_of(npc(window, "Cy").uid), Column.HEALTH)
    )
    next_turn(window, qtbot)
    next_turn(window, qtbot)
    next_turn(window, qtbot)
    assert turn(window) == "R1 Cy"
    assert [c.name for c in npc(window, "Margr 1").conditions] == ["dazed"]

    # -- round 2: Bo's turn comes round, the daze he caused ends
    next_turn(window, qtbot)
    assert turn(window) == "R2 Bo"
    assert npc(window, "Margr 1").conditions == []
    assert "Margr 1 is no longer dazed" in window.controller.log_markdown()
    act(window, "Ana", "intrude_button", recipient=npc(window, "Bo").uid, reason="saved me")
    assert (table.sheet("Ana").xp, table.sheet("Bo").xp) == (3, 2)
    assert "GM intrusion" in table.sheet("Ana").history[-1].summary
    assert "Received 1 XP from Ana" in table.sheet("Bo").history[-1].summary
    for _ in range(7):
        next_turn(window, qtbot)
    assert turn(window) == "R3 Bo"
    act(window, "Bandit 2", "damage_button", amount=2)
    window.select_name("Bandit 2")
    qtbot.wait(50)
    window.grab().save(str(artifacts_dir / "encounter-numenera.png"))

    # -- undo the last five actions (damage, round 3, Cy's, Margr 2's and Margr 1's turns),
    # then four more to take back the GM intrusion on both stored sheets
    for _ in range(5):
        window.undo_action.trigger()
    assert turn(window) == "R2 Bandit 3"
    assert npc(window, "Bandit 2").health == 6
    assert (table.sheet("Ana").xp, table.sheet("Bo").xp) == (3, 2)
    for _ in range(4):
        window.undo_action.trigger()
    assert turn(window) == "R2 Bo"
    assert (table.sheet("Ana").xp, table.sheet("Bo").xp) == (2, 1)  # intrusion undone
    window.redo_action.trigger()
    assert (table.sheet("Ana").xp, table.sheet("Bo").xp) == (3, 2)

    # -- the log exports as Markdown
    exported = window.export_log(tmp_path / "log.md")
    assert exported is not None
    text = exported.read_text(encoding="utf-8")
    assert "## Round 1" in text and "Bandit 1 takes 6" in text

    # -- a crash loses nothing: another connection to the file already sees this state
    with Library.open(table.path) as other:
        assert to_data(other.encounters.load(table.encounter.uid)) == to_data(
            window.controller.encounter
        )

    # -- restart the app and resume
    again = resume_check(table, window, qtbot)
    assert turn(again) == "R2 Bo"
    assert table.sheet("Cy").damage_track is DamageTrackState.IMPAIRED
    next_turn(again, qtbot)
    assert turn(again) == "R2 Ana"


def test_cypher_fight(qtbot: QtBot, tmp_path: Path, artifacts_dir: Path) -> None:
    table = Table(tmp_path, "cypher")
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Bandit",), count=3)
    add_from_library(window, ("Margr",), count=2)
    act(window, "Ana", "set_roll_button", roll_value=8)
    act(window, "Bo", "set_roll_button", roll_value=15)
    act(window, "Cy", "set_roll_button", roll_value=6)  # a tie with the NPCs' 6
    # cypher: a PC who ties the NPCs goes before them
    assert order(window) == [
        "Bo",
        "Ana",
        "Cy",
        "Bandit 1",
        "Bandit 2",
        "Bandit 3",
        "Margr 1",
        "Margr 2",
    ]
    act(window, "Cy", "first_button")
    act(window, "Bo", "last_button")
    assert order(window)[0] == "Cy (First action)"
    assert order(window)[-2:] == ["Cy (Follow-up)", "Bo (Last action)"]
    next_turn(window, qtbot)
    assert turn(window) == "R1 Cy (First action)"
    act(window, "Bandit 1", "damage_button", amount=6)
    next_turn(window, qtbot)  # Ana
    next_turn(window, qtbot)  # Bandit 2
    act(window, "Ana", "wound_button", wound=int(WoundSeverity.MODERATE))  # a moderate wound
    assert table.sheet("Ana").wounds.moderate == 1
    for _ in range(4):
        next_turn(window, qtbot)
    assert turn(window) == "R1 Cy (Follow-up)"
    next_turn(window, qtbot)
    assert turn(window) == "R1 Bo (Last action)"
    qtbot.wait(50)
    window.grab().save(str(artifacts_dir / "encounter-cypher.png"))
    next_turn(window, qtbot)
    assert turn(window) == "R2 Bo"  # the First/Last choices were for round 1 only
    act(window, "Margr 2", "damage_button", amount=3)
    # undo the last five: damage, turn into round 2, Last, Follow-up, and one more turn
    for _ in range(5):
        window.undo_action.trigger()
    assert turn(window) == "R1 Margr 1"
    assert table.sheet("Ana").wounds.moderate == 1
    assert npc(window, "Margr 2").health == 6
    again = resume_check(table, window, qtbot)
    assert turn(again) == "R1 Margr 1"
    assert npc(again, "Bandit 1").defeated == "dead"


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_drop_from_the_library_and_errors_shown(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot)
    mime = QMimeData()
    payload = [{"uid": table.creatures[0].uid, "kind": "creature", "name": "Bandit"}]
    mime.setData(ENTRY_MIME_TYPE, json.dumps(payload).encode("utf-8"))
    window.builder.count.setValue(4)
    args = (
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    enter = QDragEnterEvent(QPoint(10, 10), *args)  # its only constructor
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(10, 10), *args)
    QApplication.sendEvent(window, drop)
    assert drop.isAccepted()
    names = [c.name for c in window.controller.encounter.combatants]
    assert names == ["Bandit 1", "Bandit 2", "Bandit 3", "Bandit 4"]
    # starting without PC initiative is refused with a message, nothing changes
    add_from_library(window, ("Ana",))
    window.next_action.trigger()
    assert "Ana" in window.message.text()
    assert window.controller.encounter.round == 0
    # an object follows the profile's model
    window.builder.object_name.setText("Door")
    window.builder.object_level.setValue(2)
    window.builder.add_object_button.click()
    act(window, "Door", "damage_button", amount=13)  # beats 6 by 7: two steps
    assert npc(window, "Door").object_state.name == "MAJOR_DAMAGE"
    with pytest.raises(KeyError):
        window.select_name("Nobody")


def test_library_changes_reach_the_open_encounter(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo"))
    add_from_library(window, ("Bandit",), count=2)
    # new initiative for every PC (the app rolls for both), then group mode: all NPCs
    # on one turn
    with_modal(window.reroll_action.trigger, lambda dialog: dialog.accept())
    window.activateWindow()  # the offscreen platform does not hand it back by itself
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    assert window.message.text() == ""
    assert all(c.initiative for c in window.controller.encounter.combatants if c.side == "pc")
    window.group_action.trigger()
    assert "NPCs (together)" in order(window) and len(order(window)) == 3
    next_turn(window, qtbot)
    next_turn(window, qtbot)
    window.reroll_action.trigger()  # in the middle of a round: refused, nothing changes
    assert "start of a round" in window.message.text()
    act(window, "Ana", "damage_button", amount=3)
    assert table.sheet("Ana").pool(Stat.MIGHT).current == 7
    # the encounter is renamed in the library browser: the open window follows
    table.library_controller.rename(table.encounter.uid, "Ambush at dawn")
    assert window.windowTitle().startswith("Ambush at dawn")
    assert [c.name for c in window.controller.encounter.combatants][-1] == "Bandit 2"
    act(window, "Bandit 1", "damage_button", amount=2)
    assert table.library_controller.library.encounters.load(table.encounter.uid).name == (
        "Ambush at dawn"
    )
    act(window, "Ana", "damage_button", amount=1)
    # Ana's sheet is edited in its own tab: undoing the damage here would wipe that out,
    # so the encounter's undo history is dropped, and the GM is told
    sheet = CharacterController(
        table.library_controller.library, table.pcs[0].uid, table.library_controller
    )
    sheet.apply(SetField("notes", "Carries the map"))
    assert window.controller.undo_stack.count() == 0
    assert "sheet was changed elsewhere" in window.message.text()
    assert table.sheet("Ana").notes == "Carries the map"
    assert "M 6/10" in window.model.data(
        window.model.index(window.model.row_of(npc(window, "Ana").uid), Column.HEALTH)
    )
    # a prepared encounter is reused by duplicating it in the library
    copy_uid = table.library_controller.duplicate(table.encounter.uid)
    copy_window = open_encounter_window(table.library_controller, copy_uid)
    qtbot.addWidget(copy_window)
    assert isinstance(copy_window, EncounterWindow)
    names = [c.name for c in copy_window.controller.encounter.combatants]
    assert names == ["Ana", "Bo", "Bandit 1", "Bandit 2"]
