"""The round keeps going: waiting on one's own turn right after new initiative hands the
turn on (C12); taking the attack runs on the taker's own clock (T3); a lone player
accepts a GM intrusion in the fight (G16). All on the real fight window, from the keys."""

from __future__ import annotations

from pathlib import Path

from encounter_helpers import Table, add_from_library, npc, order, turn
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from numdesk.model.creature import Creature
from numdesk.rules.table_picks import TAKE_ATTACK
from numdesk.views.encounter import EncounterWindow
from numdesk.views.encounter.table import Column
from tests.views.fight_keys import CTRL, CTRL_SHIFT, Keys, initiative_by_keys


def _cell(window: EncounterWindow, name: str, column: Column) -> str:
    row = window.model.row_of(npc(window, name).uid)
    return str(window.model.index(row, column).data())


def test_wait_right_after_new_initiative_hands_the_turn_on(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "cypher")
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Bandit",))
    window.table.setFocus()
    keys = Keys(qtbot)
    initiative_by_keys(qtbot, window, ("15", "9", "4"), keys)
    window.table.setFocus()
    for _ in range(5):  # start, then the four turns of round 1
        keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R2 Ana"

    # new initiative at the top of round 2: Cy rolls high and goes first
    initiative_by_keys(qtbot, window, ("2", "9", "18"), keys)
    assert order(window) == ["Cy", "Bo", "Bandit", "Ana"]
    assert turn(window) == "R2 Cy"
    window.table.setFocus()
    window.select_name("Cy")
    keys.press(Qt.Key.Key_P, CTRL_SHIFT)  # Cy waits
    assert window.message.text() == ""
    assert order(window) == ["Bo", "Bandit", "Ana", "Cy"]
    assert turn(window) == "R2 Bo"  # the marker moved on
    seen = []
    for _ in range(4):
        keys.press(Qt.Key.Key_Right, CTRL)
        seen.append(turn(window))
    # everyone keeps their turn, Cy last; then round 3
    assert seen == ["R2 Bandit", "R2 Ana", "R2 Cy", "R3 Cy"]


def test_waiting_on_ones_own_turn_mid_round(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "cypher")
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Bandit",))
    window.table.setFocus()
    keys = Keys(qtbot)
    initiative_by_keys(qtbot, window, ("15", "9", "4"), keys)
    window.table.setFocus()
    keys.press(Qt.Key.Key_Right, CTRL)
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Bo"
    window.select_name("Bo")
    keys.press(Qt.Key.Key_P, CTRL_SHIFT)
    assert turn(window) == "R1 Bandit"
    keys.press(Qt.Key.Key_Right, CTRL)
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Bo"
    # one undo puts the wait back: Bo's own turn again
    window.controller.undo_stack.undo()
    window.controller.undo_stack.undo()
    window.controller.undo_stack.undo()
    assert turn(window) == "R1 Bo" and order(window)[1] == "Bo"


def test_a_waiting_pc_is_not_waiting_on_their_own_delayed_turn(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = Table(tmp_path, "cypher")
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Bandit",))
    window.table.setFocus()
    keys = Keys(qtbot)
    initiative_by_keys(qtbot, window, ("15", "9", "4"), keys)
    window.table.setFocus()
    keys.press(Qt.Key.Key_Right, CTRL)  # Ana
    window.select_name("Ana")
    keys.press(Qt.Key.Key_P, CTRL_SHIFT)  # Ana waits: Bo's turn
    assert turn(window) == "R1 Bo"
    seen = [_cell(window, "Ana", Column.STATUS)]
    while turn(window) != "R1 Ana":
        keys.press(Qt.Key.Key_Right, CTRL)
    seen.append(_cell(window, "Ana", Column.STATUS))  # her delayed turn, now
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R2 Ana"
    seen.append(_cell(window, "Ana", Column.STATUS))  # a new round: waiting is over
    assert seen == ["waiting", "acting now (waited)", ""], seen
    # in round 2 she waits again and acts right after Bo: once that turn is over, "waited"
    window.select_name("Ana")
    keys.press(Qt.Key.Key_P, CTRL_SHIFT)
    assert turn(window) == "R2 Bo"
    window.select_name("Ana")
    window.panel.act_now_button.click()
    assert window.message.text() == ""
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R2 Ana"
    assert _cell(window, "Ana", Column.STATUS) == "acting now (waited)"
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R2 Bandit"
    assert _cell(window, "Ana", Column.STATUS) == "waited"


def _take(window: EncounterWindow, name: str) -> None:
    window.select_name(name)
    window.panel.pick.setCurrentIndex(window.panel.pick.findData(TAKE_ATTACK))
    window.panel.pick_button.click()


def test_taking_the_attack_runs_on_the_takers_own_clock(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "cypher")
    table.library_controller.library.save_many([Creature("Ogre", level=1, profile="cypher")])
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo"))
    add_from_library(window, ("Bandit", "Ogre"))
    window.table.setFocus()
    keys = Keys(qtbot)
    initiative_by_keys(qtbot, window, ("15", "4"), keys)
    window.table.setFocus()
    assert order(window) == ["Ana", "Bandit", "Bo", "Ogre"]
    keys.press(Qt.Key.Key_Right, CTRL)
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Bandit"

    _take(window, "Bo")  # the Bandit hits Ana; Bo takes it
    assert window.message.text() == ""
    # the column says when the mark really ends: as Bo's own turn starts, this round
    assert _cell(window, "Bo", Column.CONDITIONS) == "took an attack (ends R1, Bo's turn)"
    _take(window, "Bo")  # not again before his next turn
    assert "already took an attack" in window.message.text()

    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Bo"
    assert not npc(window, "Bo").conditions
    assert "Bo can take an attack again" in window.controller.log_markdown()
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Ogre"
    _take(window, "Bo")  # the Ogre hits Ana: Bo's turn came round, he may take it
    assert window.message.text() == ""
    assert table.sheet("Bo").wounds.minor == 2
    assert "is no longer took" not in window.controller.log_markdown()


def test_a_lone_player_accepts_an_intrusion(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot)
    add_from_library(window, ("Ana",))
    add_from_library(window, ("Bandit",))
    window.select_name("Ana")
    assert window.panel.recipient.count() == 0
    editor = window.panel.recipient.lineEdit()
    assert editor is not None and "Ana keeps both" in editor.placeholderText()
    steps = window.controller.undo_stack.count()
    window.table.setFocus()
    Keys(qtbot).press(Qt.Key.Key_G, CTRL_SHIFT)
    assert window.message.text() == ""
    assert table.sheet("Ana").xp == 4  # 2 before, both kept
    assert window.controller.undo_stack.count() == steps + 1
    last = window.controller.encounter.log[-1].text
    assert last == "GM intrusion on Ana: 2 XP, both kept (no other PC in the fight)"
    # a player not in this fight can be named: Ana keeps 1, the name is on her sheet
    window.panel.recipient.setEditText("Dee")
    window.panel.reason.setText("saw the trap")
    window.panel.intrude_button.click()
    assert window.message.text() == ""
    assert table.sheet("Ana").xp == 5
    assert "1 given to Dee (not in this fight) (saw the trap)" in window.controller.log_markdown()
    window.controller.undo_stack.undo()
    window.controller.undo_stack.undo()
    assert table.sheet("Ana").xp == 2
