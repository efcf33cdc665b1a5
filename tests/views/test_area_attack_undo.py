"""Undo and redo of an area attack on many combatants put every one of them back exactly,
on screen and in the file, though the attack copies only the combatants it reaches and
the undo patches the fight in memory (issue 25); a fight action appends its log lines."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from encounter_helpers import Table, add_from_library
from pytestqt.qtbot import QtBot

from numdesk.model.encounter import Encounter
from numdesk.model.operations.encounter_health import DamageCombatant
from numdesk.model.serialize import to_data
from numdesk.rules.dice import Dice
from numdesk.views.encounter import EncounterWindow


def _stored(table: Table) -> dict[str, object]:
    stored = table.library_controller.library.load(table.encounter.uid)
    assert isinstance(stored, Encounter)
    return to_data(stored)  # type: ignore[no-any-return]


def _fight(qtbot: QtBot, tmp_path: Path) -> tuple[Table, EncounterWindow]:
    """60 bandits and margrs, wounded unevenly, and two PCs."""
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot, dice=Dice(seed=7))
    add_from_library(window, ("Bandit",), count=30)
    add_from_library(window, ("Margr",), count=30)
    add_from_library(window, ("Ana", "Bo"))
    controller = window.controller
    npcs = [c for c in controller.encounter.combatants if c.side == "npc"]
    for number, combatant in enumerate(npcs):
        if number % 3:
            controller.apply(DamageCombatant(combatant.uid, 1 + number % 4))
    return table, window


def test_undo_and_redo_of_an_area_attack_on_60_put_every_combatant_back(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table, window = _fight(qtbot, tmp_path)
    stack = window.controller.undo_stack
    before, steps = to_data(window.controller.encounter), stack.count()

    window.select_npcs()
    window.panel.amount.setValue(4)  # fells some: the turn order changes too
    lines_told: list[tuple[int, int]] = []
    window.log_model.dataChanged.connect(lambda a, b, *_: lines_told.append((a.row(), b.row())))
    window.panel.damage_selected()
    assert window.message.text() == ""
    after = to_data(window.controller.encounter)
    # the log's new lines reach its view in one signal, not one per line
    assert lines_told == [(len(before["log"]), len(after["log"]) - 1)]
    assert stack.count() == steps + 1  # one step for the 60 targets
    hit = [c for c in after["combatants"] if c["side"] == "npc"]
    assert [c["health"] for c in hit] == [
        max(c["health"] - (4 - c["armor"]), 0) for c in before["combatants"] if c["side"] == "npc"
    ]  # a margr's Armor takes 1 off
    assert len(after["log"]) > len(before["log"]) and _stored(table) == after

    stack.undo()
    assert to_data(window.controller.encounter) == before
    assert _stored(table) == before
    assert window.log_model.rowCount() == len(before["log"])

    stack.redo()
    assert to_data(window.controller.encounter) == after
    assert _stored(table) == after

    stack.undo()  # and again, from the file: a new window reads what the undo left
    window.close()
    table.restart()
    again = table.open(qtbot)
    assert to_data(again.controller.encounter) == before


def test_a_fight_action_appends_its_log_lines_to_the_stored_ones(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table, window = _fight(qtbot, tmp_path)
    con = sqlite3.connect(table.path)

    def rows() -> list[tuple[int, str]]:
        return con.execute(
            "SELECT l.id, l.line FROM log_lines l JOIN entries e ON e.id = l.entry_id "
            "WHERE e.uid = ? ORDER BY l.seq",
            (table.encounter.uid,),
        ).fetchall()

    try:
        earlier = rows()
        assert len(earlier) == len(window.controller.encounter.log) > 30
        target = next(c for c in window.controller.encounter.combatants if c.side == "npc")
        window.controller.apply(DamageCombatant(target.uid, 1))
        now = rows()
        assert now[: len(earlier)] == earlier  # the same rows, none written again
        assert [json.loads(line)["text"] for _id, line in now[len(earlier) :]] == [
            e.text for e in window.controller.encounter.log[len(earlier) :]
        ]
        assert len(now) == len(earlier) + 1
        window.controller.undo_stack.undo()
        assert rows() == earlier
    finally:
        con.close()
