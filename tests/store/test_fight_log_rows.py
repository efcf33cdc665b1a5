"""A fight's log is kept a row per line beside the encounter (migration 0005): an old
library's logs move there whole and in order, a fight action appends its lines without
rewriting the earlier ones, and a save keeps what a newer numdesk wrote into a line
(issue 25)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from numdesk.model.encounter import Combatant, Encounter, LogEntry
from numdesk.model.errors import DomainError
from numdesk.model.operations.encounter import LogEvent
from numdesk.model.serialize import entry_data, to_data
from numdesk.store import Library
from numdesk.store.commit import Write
from numdesk.store.errors import LibraryError
from numdesk.store.migrate import downgrade

_BEFORE = "0004_browse_indexes"


def _fight(lines: int) -> Encounter:
    fight = Encounter("Ambush at the ford", round=3)
    fight.combatants = [Combatant("Bandit 1", side="npc", health=6, max_health=6)]
    fight.log = [LogEntry(1 + i // 100, f"Line {i}: “Ärger”", at=f"t{i}") for i in range(lines)]
    return fight


def _rows(path: Path, uid: str) -> list[tuple[int, int, str]]:
    con = sqlite3.connect(path)
    try:
        return con.execute(
            "SELECT l.id, l.seq, l.line FROM log_lines l JOIN entries e ON e.id = l.entry_id "
            "WHERE e.uid = ? ORDER BY l.seq",
            (uid,),
        ).fetchall()
    finally:
        con.close()


def _stored_json(path: Path, uid: str) -> dict[str, object]:
    con = sqlite3.connect(path)
    try:
        data = con.execute("SELECT data FROM entries WHERE uid = ?", (uid,)).fetchone()[0]
    finally:
        con.close()
    result: dict[str, object] = json.loads(data)
    return result


def test_an_old_library_opens_with_every_line_of_its_fight_logs(tmp_path: Path) -> None:
    path = tmp_path / "old.numdesk"
    fight, empty = _fight(1200), Encounter("Not started yet")
    with Library.create(path, starter=False) as lib:
        lib.save_many([fight, empty])
    downgrade(path, _BEFORE)
    old = _stored_json(path, fight.uid)
    assert old["log"] == [to_data(line) for line in fight.log]  # stored the old way
    assert _stored_json(path, empty.uid)["log"] == []

    with Library.open(path) as lib:
        loaded = lib.load(fight.uid)
        assert to_data(loaded) == to_data(fight)
        assert to_data(lib.load(empty.uid)) == to_data(empty)
        [again] = [e for e in lib.load_many([fight.uid]) if isinstance(e, Encounter)]
        assert again.log == fight.log
    rows = _rows(path, fight.uid)
    assert [seq for _id, seq, _line in rows] == list(range(1200))
    assert [json.loads(line) for _id, _seq, line in rows] == old["log"]
    assert "log" not in _stored_json(path, fight.uid)

    downgrade(path, _BEFORE)  # and back: the log in the JSON again, as it was
    assert _stored_json(path, fight.uid)["log"] == old["log"]


def test_a_log_that_is_not_a_list_is_named_when_read_not_dropped(tmp_path: Path) -> None:
    path = tmp_path / "damaged.numdesk"
    fight = _fight(3)
    with Library.create(path, starter=False) as lib:
        lib.save_many([fight])
    downgrade(path, _BEFORE)
    con = sqlite3.connect(path)
    con.execute("UPDATE entries SET data = json_set(data, '$.log', 'lost') WHERE uid = ?",
                (fight.uid,))  # fmt: skip
    con.commit()
    con.close()
    with Library.open(path) as lib, pytest.raises((DomainError, LibraryError), match="log"):
        lib.load(fight.uid)
    assert _stored_json(path, fight.uid)["log"] == "lost"


def test_a_fight_action_appends_its_lines_and_leaves_the_earlier_rows(library: Library) -> None:
    fight = _fight(500)
    library.save_many([fight])
    path = Path(library.path)
    rows = _rows(path, fight.uid)
    loaded, revision = library.load_revision(fight.uid)
    assert isinstance(loaded, Encounter)
    LogEvent("Bandit 1 flees", "note").apply(loaded)
    write = Write(loaded.uid, loaded, revision, data=entry_data(loaded), lines_kept=500)
    revision = library.commit([write])[loaded.uid]

    after = _rows(path, fight.uid)
    assert after[:500] == rows  # the same rows, not written again
    assert [json.loads(line)["text"] for _id, _seq, line in after[500:]] == ["Bandit 1 flees"]
    stored = library.load(fight.uid)
    assert isinstance(stored, Encounter) and stored.log == loaded.log

    # a save that does not name the stored lines (an import, a rename) compares them
    loaded.name = "Ambush at the old ford"
    library.commit([Write(loaded.uid, loaded, revision)])
    assert _rows(path, fight.uid) == after


def test_a_save_keeps_the_fields_a_newer_numdesk_wrote_into_a_line(library: Library) -> None:
    fight = _fight(5)
    library.save_many([fight])
    path = Path(library.path)
    newer = {**to_data(fight.log[2]), "mood": "grim"}
    con = sqlite3.connect(path)
    con.execute(
        "UPDATE log_lines SET line = ? WHERE seq = 2", (json.dumps(newer, ensure_ascii=False),)
    )
    con.commit()
    con.close()
    loaded, revision = library.load_revision(fight.uid)
    assert isinstance(loaded, Encounter) and loaded.log == fight.log
    LogEvent("Round 4 begins", "note").apply(loaded)
    library.commit([Write(loaded.uid, loaded, revision)])
    lines = [json.loads(line) for _id, _seq, line in _rows(path, fight.uid)]
    assert lines[2] == newer
    assert [line["text"] for line in lines] == [e.text for e in loaded.log]
