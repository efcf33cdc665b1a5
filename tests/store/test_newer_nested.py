"""Fields a newer numdesk added inside the list items and nested objects of a known kind
(issue 23) are kept by every save and export, on the item they belong to: an ability on
a sheet (matched by uid), a Pool (by its stat), a combatant of a fight and its
conditions, a creature's stat items (no uid: by place, never moved onto another item).
The rows are written with sqlite3, as the newer numdesk would have."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from numdesk.io.export import export_entries
from numdesk.model.abilities import Ability
from numdesk.model.character import Character
from numdesk.model.creature import Creature, CreatureItem
from numdesk.model.encounter import Combatant, Condition, Encounter
from numdesk.rules.types import Stat
from numdesk.store import Library
from numdesk.store.commit import Write

Data = dict[str, Any]


def _rewrite(path: Path, uid: str, change: Callable[[Data], None]) -> None:
    """Edit the stored row as a newer numdesk would (sqlite3, the library closed)."""
    with sqlite3.connect(path) as conn:
        (text,) = conn.execute("SELECT data FROM entries WHERE uid = ?", (uid,)).fetchone()
        data = json.loads(text)
        change(data)
        conn.execute("UPDATE entries SET data = ? WHERE uid = ?", (json.dumps(data), uid))


def _stored(path: Path, uid: str) -> Data:
    with sqlite3.connect(path) as conn:
        (text,) = conn.execute("SELECT data FROM entries WHERE uid = ?", (uid,)).fetchone()
    loaded: Data = json.loads(text)
    return loaded


def _by_name(items: list[Data]) -> dict[str, Data]:
    return {item["name"]: item for item in items}


def test_a_sheets_abilities_and_pools_keep_their_newer_fields_through_edits(
    tmp_path: Path,
) -> None:
    path = tmp_path / "lib.numdesk"
    hero = Character("Kael", profile="numenera")
    hero.abilities = [Ability("Bash"), Ability("Onslaught"), Ability("Pierce")]
    with Library.create(path, starter=False) as lib:
        lib.save_many([hero])

    def newer(data: Data) -> None:
        data["abilities"][1]["luck"] = {"points": 2}
        data["abilities"][2]["echo"] = "twice"
        data["pools"]["might"]["scars"] = 1

    _rewrite(path, hero.uid, newer)
    with Library.open(path, create=False) as lib:
        sheet, revision = lib.load_revision(hero.uid)
        assert isinstance(sheet, Character)
        # an ability removed, one added, the rest reordered and one edited; a Pool spent
        del sheet.abilities[0]
        sheet.abilities.reverse()
        sheet.abilities[0].description = "Hits twice."
        sheet.abilities.insert(1, Ability("Trained"))
        sheet.pools[Stat.MIGHT].current -= 2
        lib.commit([Write(hero.uid, sheet, revision)])
        stored = _stored(path, hero.uid)
        abilities = _by_name(stored["abilities"])
        assert abilities["Onslaught"]["luck"] == {"points": 2}
        assert abilities["Pierce"]["echo"] == "twice"
        assert abilities["Pierce"]["description"] == "Hits twice."
        assert "luck" not in abilities["Trained"] and "echo" not in abilities["Trained"]
        assert "Bash" not in abilities
        assert stored["pools"]["might"] == {"current": 8, "maximum": 10, "edge": 0, "scars": 1}
        # an export writes them where they are
        out = tmp_path / "out.numdesk-json"
        export_entries(lib, out)
        (entry,) = json.loads(out.read_text(encoding="utf-8"))["entries"]
        assert entry["data"]["abilities"] == stored["abilities"]
        assert entry["data"]["pools"]["might"]["scars"] == 1


def test_a_fights_combatants_and_conditions_keep_their_newer_fields(tmp_path: Path) -> None:
    path = tmp_path / "lib.numdesk"
    fight = Encounter("Ambush", profile="numenera")
    fight.combatants = [
        Combatant("Ana", side="pc"),
        Combatant("Bandit", level=2, health=6, max_health=6, conditions=[Condition("dazed")]),
    ]
    with Library.create(path, starter=False) as lib:
        lib.save_many([fight])

    def newer(data: Data) -> None:
        data["combatants"][1]["morale"] = "shaken"
        data["combatants"][1]["conditions"][0]["source"] = "Ana's shield bash"

    _rewrite(path, fight.uid, newer)
    with Library.open(path, create=False) as lib:
        loaded, revision = lib.load_revision(fight.uid)
        assert isinstance(loaded, Encounter)
        loaded.combatants[1].health = 2
        loaded.combatants.reverse()  # the order changed: matched by uid
        loaded.combatants.append(Combatant("Cy", side="pc"))
        lib.commit([Write(fight.uid, loaded, revision)])
        bandit = _by_name(_stored(path, fight.uid)["combatants"])["Bandit"]
        assert (bandit["health"], bandit["morale"]) == (2, "shaken")
        assert bandit["conditions"][0]["source"] == "Ana's shield bash"
        assert "morale" not in _by_name(_stored(path, fight.uid)["combatants"])["Cy"]


def test_stat_items_without_uid_keep_their_fields_and_never_pass_them_on(
    tmp_path: Path,
) -> None:
    path = tmp_path / "lib.numdesk"
    beast = Creature(
        "Margr",
        level=3,
        items=[CreatureItem("Bite", "attack"), CreatureItem("Claw", "attack"),
               CreatureItem("Climb", "skill")],
    )  # fmt: skip
    with Library.create(path, starter=False) as lib:
        lib.save_many([beast])

    def newer(data: Data) -> None:
        data["items"][0]["reach"] = "immediate"
        data["items"][2]["terrain"] = "cliffs"

    _rewrite(path, beast.uid, newer)
    with Library.open(path, create=False) as lib:
        # edited in place (the list as long as before): each keeps its own
        loaded, revision = lib.load_revision(beast.uid)
        assert isinstance(loaded, Creature)
        loaded.items[0].text = "Drags the prey down."
        loaded.level = 4
        lib.commit([Write(beast.uid, loaded, revision)])
        items = _stored(path, beast.uid)["items"]
        assert items[0]["reach"] == "immediate" and items[2]["terrain"] == "cliffs"
        assert items[0]["text"] == "Drags the prey down."
        # the first removed: Climb keeps its field, which does not go to Claw
        loaded, revision = lib.load_revision(beast.uid)
        assert isinstance(loaded, Creature)
        del loaded.items[0]
        lib.commit([Write(beast.uid, loaded, revision)])
        items = _by_name(_stored(path, beast.uid)["items"])
        assert set(items) == {"Claw", "Climb"}
        assert "reach" not in items["Claw"] and "terrain" not in items["Claw"]
        assert items["Climb"]["terrain"] == "cliffs"
        # an import over it (a new object with the same items) keeps them too
        lib.save_many([Creature("Margr", level=5, items=[CreatureItem("Claw", "attack"),
                       CreatureItem("Climb", "skill")], uid=beast.uid)])  # fmt: skip
        assert _by_name(_stored(path, beast.uid)["items"])["Climb"]["terrain"] == "cliffs"
