"""The table link between real numdesk processes on 127.0.0.1: a host and players, each
on its own library file, editing at once; a wrong code; a kill -9 and a re-join."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.serialize import to_data
from numdesk.store import Library
from tests.link import procs


def _library(path: Path, *characters: Character) -> Path:
    with Library.create(path, starter=False) as lib:
        for character in characters:
            lib.characters.save(character)
    return path


def _sheet(path: Path, uid: str) -> dict | None:
    with Library.open(path, create=False) as lib:
        if not lib.has(uid):
            return None
        return to_data(lib.characters.load(uid))


def _settled(a: Path, b: Path, uid: str, timeout: float = procs.WAIT) -> dict:
    """Both libraries' copies of `uid`, once they are equal (AssertionError if never)."""
    end = time.monotonic() + timeout
    while True:
        first, second = _sheet(a, uid), _sheet(b, uid)
        if first is not None and first == second:
            return first
        if time.monotonic() > end:
            assert first == second
        time.sleep(0.2)


@pytest.fixture
def table(tmp_path: Path):  # type: ignore[no-untyped-def]
    ana = Character("Ana Vell", profile="cypher", player="Ana", xp=2)
    gm = _library(tmp_path / "gm.numdesk")
    player = _library(tmp_path / "ana.numdesk", ana)
    host, port = procs.host(gm)
    yield gm, player, ana.uid, host, port
    host.stop()


def test_a_brought_character_arrives_and_changes_travel_both_ways(table) -> None:  # type: ignore[no-untyped-def]
    gm, player, uid, host, port = table
    joined = procs.join(player, port, "ana vell")
    joined.wait_for(r"joined 'Friday'")
    host.wait_for(r"Ana joined from 127\.0\.0\.1, bringing Ana Vell")
    assert _settled(gm, player, uid)["xp"] == 2
    procs.edit(player, "Ana Vell", "xp=5").wait_for("done")
    procs.edit(gm, "Ana Vell", "speed=4").wait_for("done")
    sheet = _settled(gm, player, uid)
    assert sheet["xp"] == 5 and sheet["pools"]["speed"]["current"] == 4
    assert joined.stop() == 0


def test_the_same_field_at_once_ends_the_same_and_both_histories_say_so(table) -> None:  # type: ignore[no-untyped-def]
    gm, player, uid, host, port = table
    joined = procs.join(player, port, "Ana Vell")
    host.wait_for("Ana joined")
    _settled(gm, player, uid)
    joined.stop()
    host.wait_for("Ana left the table")
    # apart: both change XP and different fields
    procs.edit(player, "Ana Vell", "xp=6", "notes=from home").wait_for("done")
    procs.edit(gm, "Ana Vell", "xp=9", "speed=3").wait_for("done")
    joined = procs.join(player, port, "Ana Vell")
    host.wait_for("Ana joined")
    sheet = _settled(gm, player, uid)
    assert sheet["xp"] in (6, 9)
    assert sheet["notes"] == "from home" and sheet["pools"]["speed"]["current"] == 3
    lines = [h["summary"] for h in sheet["history"]]
    conflict = [line for line in lines if line.startswith("XP:")]
    assert len(conflict) == 1, lines
    loser = 9 if sheet["xp"] == 6 else 6
    assert f"replaced '{loser}'" in conflict[0] or f"replaced {loser}" in conflict[0]
    assert "set at the same time" in conflict[0]
    joined.stop()


def test_a_wrong_code_is_refused_on_both_sides_and_changes_nothing(table) -> None:  # type: ignore[no-untyped-def]
    gm, player, _uid, host, port = table
    joined = procs.join(player, port, "Ana Vell", code="AAA-AAA")
    assert joined.wait() == 3
    joined.wait_for("not joined: the table refused the join code")
    host.wait_for(r"refused 127\.0\.0\.1: wrong join code")
    with Library.open(gm, create=False) as lib:
        assert lib.characters.list() == []


def test_no_table_at_the_address_and_a_refused_character_have_their_own_status(
    tmp_path: Path, table
) -> None:  # type: ignore[no-untyped-def]
    gm, player, uid, _host, port = table
    nowhere = procs.join(player, 1, "Ana Vell")
    assert nowhere.wait() == 4
    nowhere.wait_for("cannot reach a table at 127.0.0.1:1")
    with Library.open(gm, create=False) as lib:
        lib.creatures.save(Creature("Ana's double", uid=uid))
    refused = procs.join(player, port, "Ana Vell")
    assert refused.wait() == 5
    refused.wait_for("the table refused Ana Vell: the GM's library holds something else")


def test_a_player_killed_mid_game_rejoins_and_loses_nothing_acknowledged(table) -> None:  # type: ignore[no-untyped-def]
    gm, player, uid, host, port = table
    joined = procs.join(player, port, "Ana Vell")
    host.wait_for("Ana joined")
    editing = procs.edit(player, "Ana Vell", "--random", "40", "--seed", "7", "--role", "player")
    damage = procs.edit(gm, "Ana Vell", "--random", "20", "--seed", "8", "--role", "gm")
    editing.wait_for(r"acked .*", timeout=procs.WAIT)
    joined.kill()  # kill -9 while the player edits
    editing.wait_for("done")
    damage.wait_for("done")
    joined = procs.join(player, port, "Ana Vell")
    host.wait_for("Ana joined")
    sheet = _settled(gm, player, uid)
    acked = [line.removeprefix("acked item=") for line in editing.lines if "acked item=" in line]
    names = {item["name"] for item in sheet["equipment"]}
    assert set(acked) <= names
    joined.stop()


def test_a_character_on_house_rules_brings_its_rules_set_along(tmp_path: Path) -> None:
    from numdesk.model.rules_set import RulesSet

    gritty = RulesSet("Gritty", base="cypher", changes={"max_effort": 3})
    ana = Character("Ana Vell", profile=gritty.uid, player="Ana")
    gm = _library(tmp_path / "gm.numdesk")
    player = tmp_path / "ana.numdesk"
    with Library.create(player, starter=False) as lib:
        lib.save_many([gritty, ana])
    host, port = procs.host(gm)
    joined = procs.join(player, port, "Ana Vell")
    host.wait_for("Ana brought the house rules 'Gritty' with Ana Vell")
    sheet = _settled(gm, player, ana.uid)
    assert sheet["profile"] == gritty.uid
    with Library.open(gm, create=False) as lib:
        assert lib.rules_sets.load(gritty.uid).changes == {"max_effort": 3}
    joined.stop()
    host.stop()


def test_a_dropped_connection_rejoins_by_itself(table) -> None:  # type: ignore[no-untyped-def]
    gm, player, uid, host, port = table
    joined = procs.join(player, port, "Ana Vell")
    host.wait_for("Ana joined")
    _settled(gm, player, uid)
    host.kill()  # the GM's laptop crashes
    joined.wait_for(r"lost the table; joining again")
    procs.edit(player, "Ana Vell", "notes=while the GM was away").wait_for("done")
    again, _port = procs.host(gm, port=port)
    try:
        joined.wait_for(r"joined 'Friday'")
        assert _settled(gm, player, uid)["notes"] == "while the GM was away"
    finally:
        joined.stop()
        again.stop()
