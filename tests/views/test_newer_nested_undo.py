"""Fields a newer numdesk added inside a sheet's abilities and a fight's combatants
(issue 23) stay on their item through the app's edits, undo and redo: a sheet tab's
ability edits and a fight's damage, each undone and redone. The rows are written with
sqlite3 while no numdesk has the file open, as the newer numdesk would have."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from encounter_helpers import Table, act
from pytestqt.qtbot import QtBot

from numdesk.controllers.character import CharacterController
from numdesk.controllers.library import LibraryController
from numdesk.model.abilities import Ability
from numdesk.model.creature import CreatureItem
from numdesk.model.encounter import Combatant
from numdesk.model.operations.edits import SetField
from numdesk.model.operations.lists import AddItem, MoveItem, SetItemField
from numdesk.store import Library


def _reopen_after(table: Table, uid: str, change: Any) -> None:
    """Close the library, let a newer numdesk change entry `uid`, open it again."""
    table.library_controller.library.close()
    with sqlite3.connect(table.path) as conn:
        (text,) = conn.execute("SELECT data FROM entries WHERE uid = ?", (uid,)).fetchone()
        data = json.loads(text)
        change(data)
        conn.execute("UPDATE entries SET data = ? WHERE uid = ?", (json.dumps(data), uid))
    table.library_controller = LibraryController(Library.open(table.path), settings=table.settings)


def _stored(table: Table, uid: str) -> dict[str, Any]:
    with sqlite3.connect(table.path) as conn:
        (text,) = conn.execute("SELECT data FROM entries WHERE uid = ?", (uid,)).fetchone()
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def test_a_sheets_ability_keeps_its_newer_field_through_edits_undo_and_redo(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = Table(tmp_path, "numenera")
    ana = table.pcs[0]
    library = table.library_controller.library
    ana.abilities = [Ability("Bash"), Ability("Onslaught")]
    library.characters.save(ana)
    luck = {"points": 2, "spent": [1]}
    _reopen_after(table, ana.uid, lambda d: d["abilities"][1].update(luck=luck))
    sheet = CharacterController(table.library_controller.library, ana.uid, table.library_controller)
    onslaught = ana.abilities[1].uid
    sheet.apply(SetItemField("abilities", onslaught, "description", "Hits twice."))
    sheet.apply(MoveItem("abilities", onslaught, 0))
    sheet.apply(AddItem("abilities", Ability("Trained"), 0))
    sheet.apply(SetField("notes", "Map"))

    def onslaught_data() -> dict[str, Any]:
        return next(a for a in _stored(table, ana.uid)["abilities"] if a["uid"] == onslaught)

    assert onslaught_data()["luck"] == luck
    for _ in range(4):
        sheet.undo_stack.undo()
        assert onslaught_data()["luck"] == luck
    assert onslaught_data()["description"] == ""
    assert [a["name"] for a in _stored(table, ana.uid)["abilities"]] == ["Bash", "Onslaught"]
    for _ in range(4):
        sheet.undo_stack.redo()
        assert onslaught_data()["luck"] == luck
    assert onslaught_data()["description"] == "Hits twice."
    names = [a["name"] for a in _stored(table, ana.uid)["abilities"]]
    assert names == ["Trained", "Onslaught", "Bash"]
    others = [a for a in _stored(table, ana.uid)["abilities"] if a["uid"] != onslaught]
    assert not any("luck" in a for a in others)
    table.library_controller.library.close()


def test_a_combatants_newer_field_stays_through_damage_undo_and_redo(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = Table(tmp_path, "numenera")
    library = table.library_controller.library
    fight = library.encounters.load(table.encounter.uid)
    bandit = table.creatures[0]
    fight.combatants = [
        Combatant("Bandit", source_uid=bandit.uid, level=2, health=6, max_health=6),
        Combatant("Margr", source_uid=table.creatures[1].uid, level=2, health=6, max_health=6),
    ]
    library.encounters.save(fight)

    def newer(data: dict[str, Any]) -> None:
        data["combatants"][0]["morale"] = "shaken"
        data["morale_rule"] = "flee at half health"

    _reopen_after(table, fight.uid, newer)
    window = table.open(qtbot)
    act(window, "Bandit", "damage_button", amount=2)
    act(window, "Margr", "damage_button", amount=1)

    def stored_bandit() -> dict[str, Any]:
        combatants = _stored(table, fight.uid)["combatants"]
        return next(c for c in combatants if c["name"] == "Bandit")

    assert (stored_bandit()["health"], stored_bandit()["morale"]) == (4, "shaken")
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert (stored_bandit()["health"], stored_bandit()["morale"]) == (6, "shaken")
    window.redo_action.trigger()
    window.redo_action.trigger()
    assert (stored_bandit()["health"], stored_bandit()["morale"]) == (4, "shaken")
    assert _stored(table, fight.uid)["morale_rule"] == "flee at half health"
    margr = next(c for c in _stored(table, fight.uid)["combatants"] if c["name"] == "Margr")
    assert "morale" not in margr
    window.close()
    table.library_controller.library.close()


def test_a_deleted_entry_comes_back_with_its_newer_fields_on_undo(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = Table(tmp_path, "numenera")
    margr = table.creatures[1]
    margr.items = [CreatureItem("Bite", "attack"), CreatureItem("Climb", "skill")]
    table.library_controller.library.creatures.save(margr)

    def newer(data: dict[str, Any]) -> None:
        data["morale"] = {"base": 5}
        data["items"][1]["terrain"] = "cliffs"

    _reopen_after(table, margr.uid, newer)
    before = _stored(table, margr.uid)
    controller = table.library_controller
    controller.delete(margr.uid)
    assert not controller.library.has(margr.uid)
    controller.undo_stack.undo()
    assert _stored(table, margr.uid) == before
    controller.undo_stack.redo()
    assert not controller.library.has(margr.uid)
    controller.undo_stack.undo()
    assert _stored(table, margr.uid) == before
    controller.library.close()
