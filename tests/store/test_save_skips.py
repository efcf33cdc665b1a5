"""What a save leaves alone to be quick (issue 25): it looks for a newer numdesk's
fields only in what changed since this numdesk wrote the entry, and rewrites the search
row only when the searchable text changed. Neither may lose anything: a newer numdesk's
field written in between still survives every later save, and the search still finds
the entry by its new name after a rename, and by its name, tags and words after a save
that changed none of them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.kinds import EntryKind
from numdesk.model.newer import has_newer
from numdesk.model.serialize import entry_data
from numdesk.store import Library
from numdesk.store.commit import Write

Data = dict[str, Any]


def _fight() -> Encounter:
    fight = Encounter("Ambush at the ford", profile="numenera", notes="Rain and mud.")
    fight.combatants = [Combatant("Ana", side="pc")] + [
        Combatant(f"Bandit {n}", level=2, health=6, max_health=6) for n in range(1, 6)
    ]
    return fight


def _hit(lib: Library, uid: str, who: int) -> None:
    """A fight action as the fight window saves it: with its data at hand."""
    fight, revision = lib.load_revision(uid)
    assert isinstance(fight, Encounter)
    fight.combatants[who].health -= 1
    lib.commit([Write(uid, fight, revision, data=entry_data(fight))])


def _stored(path: Path, uid: str) -> tuple[Data, int]:
    with sqlite3.connect(path) as conn:
        text, revision = conn.execute(
            "SELECT data, revision FROM entries WHERE uid = ?", (uid,)
        ).fetchone()
    return json.loads(text), revision


def _newer_write(path: Path, uid: str, who: int) -> None:
    """A newer numdesk (another process, the library open here) adds a field to one
    combatant. The revision is left as it is: a file put back from elsewhere can hold
    other content at the same revision, so content, not revision, must decide."""
    data, _revision = _stored(path, uid)
    data["combatants"][who]["morale"] = "shaken"
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE entries SET data = ? WHERE uid = ?", (json.dumps(data), uid))


def test_a_newer_numdesks_field_written_between_saves_survives_the_saves_after(
    tmp_path: Path,
) -> None:
    path = tmp_path / "lib.numdesk"
    fight = _fight()
    with Library.create(path, starter=False) as lib:
        lib.save_many([fight])
        for who in (1, 2, 1):  # saves this numdesk remembers as holding nothing newer
            _hit(lib, fight.uid, who)
        _newer_write(path, fight.uid, 3)
        for who in (1, 2, 3, 1):  # the changed one, others, and the one carrying it
            _hit(lib, fight.uid, who)
            stored, _revision = _stored(path, fight.uid)
            assert stored["combatants"][3]["morale"] == "shaken"
        assert [c["health"] for c in stored["combatants"][1:4]] == [2, 4, 5]


def test_a_newer_field_the_save_itself_brings_back_is_kept_by_the_next_save(
    tmp_path: Path,
) -> None:
    """An undo that brings back a newer numdesk's field writes data holding it (not the
    object's own conversion): that save must not be taken as holding nothing newer."""
    path = tmp_path / "lib.numdesk"
    fight = _fight()
    with Library.create(path, starter=False) as lib:
        lib.save_many([fight])
        _hit(lib, fight.uid, 1)
        _hit(lib, fight.uid, 2)
        loaded, revision = lib.load_revision(fight.uid)
        data = entry_data(loaded)
        data["combatants"][4] = {**data["combatants"][4], "morale": "brave"}
        lib.commit([Write(fight.uid, loaded, revision, data=data)])
        assert _stored(path, fight.uid)[0]["combatants"][4]["morale"] == "brave"
        _hit(lib, fight.uid, 1)
        _hit(lib, fight.uid, 4)
        assert _stored(path, fight.uid)[0]["combatants"][4]["morale"] == "brave"


def test_has_newer_skips_only_the_items_named_known() -> None:
    data = entry_data(_fight())
    data["combatants"][2] = {**data["combatants"][2], "morale": "shaken"}
    kind = EntryKind.ENCOUNTER
    assert has_newer(kind, data)
    assert has_newer(kind, data, {"combatants": {0, 1, 3, 4, 5}})
    assert not has_newer(kind, data, {"combatants": {2}})
    assert has_newer(kind, {**data, "weather": "storm"}, {"combatants": {2}})


def _search_rows(path: Path, name: str) -> int:
    with sqlite3.connect(path) as conn:
        (count,) = conn.execute(
            "SELECT count(*) FROM entries_fts WHERE entries_fts MATCH ?", (f'"{name}"',)
        ).fetchone()
    return int(count)


def test_the_search_finds_the_fight_after_saves_that_did_and_did_not_change_its_text(
    tmp_path: Path,
) -> None:
    path = tmp_path / "lib.numdesk"
    fight = _fight()
    with Library.create(path, starter=False) as lib:
        lib.save_many([fight])
        lib.set_tags(fight.uid, ["river"])
        for who in (1, 2):  # hits change no searchable word
            _hit(lib, fight.uid, who)
        for text in ("ambush", "ford", "river", "mud", "bandit"):
            assert [r.uid for r in lib.search(text)] == [fight.uid], text
        assert _search_rows(path, "ford") == 1

        loaded, revision = lib.load_revision(fight.uid)
        assert isinstance(loaded, Encounter)
        loaded.name = "Siege of the mill"
        loaded.combatants[2].name = "Slinger"
        lib.commit([Write(fight.uid, loaded, revision, data=entry_data(loaded))])
        assert lib.search("ambush") == []
        assert lib.search("ford") == []
        assert [r.uid for r in lib.search("siege")] == [fight.uid]
        assert [r.uid for r in lib.search("slinger")] == [fight.uid]
        assert [r.uid for r in lib.search("river")] == [fight.uid]

        _hit(lib, fight.uid, 2)  # and after one more save that changed no word
        for text in ("siege", "mill", "slinger", "river", "mud"):
            assert [r.uid for r in lib.search(text)] == [fight.uid], text
        assert lib.search("ambush") == []
        assert _search_rows(path, "mill") == 1


def test_revision_is_what_the_file_holds_now(tmp_path: Path) -> None:
    """The quick revision read an undo asks first sees other writers' saves."""
    path = tmp_path / "lib.numdesk"
    fight = _fight()
    with Library.create(path, starter=False) as lib:
        lib.save_many([fight])
        assert lib.revision(fight.uid) == _stored(path, fight.uid)[1] == 1
        _hit(lib, fight.uid, 1)
        assert lib.revision(fight.uid) == 2
        with sqlite3.connect(path) as conn:  # another numdesk saves it
            conn.execute("UPDATE entries SET revision = revision + 1 WHERE uid = ?", (fight.uid,))
        assert lib.revision(fight.uid) == 3
        assert lib.revision("no-such-entry") is None
    with Library.open_read_only(path) as lib:
        assert lib.revision(fight.uid) == 3
