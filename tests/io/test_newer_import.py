"""A backup restores whole, what a newer numdesk made included (issue 23): an export
holding an entry of a kind this numdesk does not know, and fields it does not know at
any depth, is imported (it used to be refused by JSON path) with report lines saying
what was kept; export -> import into an empty library -> export gives the same file.
The newer numdesk's rows are written with sqlite3; export and import run as the
command line, in their own processes."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from numdesk.io.importer import import_files
from numdesk.model.abilities import Ability
from numdesk.model.character import Character
from numdesk.model.creature import Creature, CreatureItem
from numdesk.model.entry_kind import NewerKind
from numdesk.store import Library
from tests.conftest import REPO_ROOT

SPELL = {
    "name": "Fireball",
    "uid": "7c1d2f3a-0000-4000-8000-0000000005e1",
    "school": "evocation",
    "effect": "6 damage to all within short range.",
    "components": [{"name": "sulphur", "consumed": True}],
}


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT))
    return subprocess.run(
        [sys.executable, "-m", "numdesk", *args],
        capture_output=True, text=True, env=env, timeout=180, check=False,
    )  # fmt: skip


def _newer_library(path: Path) -> tuple[str, str]:
    """A library into which a newer numdesk wrote a spell (tagged, a favourite) and
    fields of its own on a creature, a creature's attack and a sheet's ability."""
    margr = Creature("Margr", level=3, items=[CreatureItem("Bite", "attack")])
    kael = Character("Kael", profile="numenera", abilities=[Ability("Onslaught")])
    with Library.create(path, starter=False) as lib:
        lib.save_many([margr, kael])
    with sqlite3.connect(path) as conn:
        for uid, change in (
            (margr.uid, lambda d: d.update(morale={"base": 5}) or d["items"][0].update(reach=2)),
            (kael.uid, lambda d: d["abilities"][0].update(luck={"points": 2})),
        ):
            (text,) = conn.execute("SELECT data FROM entries WHERE uid = ?", (uid,)).fetchone()
            data = json.loads(text)
            change(data)
            conn.execute("UPDATE entries SET data = ? WHERE uid = ?", (json.dumps(data), uid))
        cursor = conn.execute(
            "INSERT INTO entries (uid, kind, name, name_key, subtitle, favourite, data,"
            " created, updated) VALUES (?, 'spell', 'Fireball', 'fireball', 'Level 3 spell',"
            " 1, ?, '2031-01-01', '2031-01-01')",
            (SPELL["uid"], json.dumps(SPELL)),
        )
        conn.execute(
            "INSERT INTO entries_fts (rowid, name, tags, body) VALUES (?, 'Fireball', '', '')",
            (cursor.lastrowid,),
        )
    with Library.open(path, create=False) as lib:
        lib.set_tags(str(SPELL["uid"]), ["arcane"])
    return margr.uid, kael.uid


def _without_time(document: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in document.items() if key != "exported_at"}


def test_export_import_into_an_empty_library_export_is_identical(tmp_path: Path) -> None:
    first, second = tmp_path / "first.numdesk", tmp_path / "second.numdesk"
    margr_uid, kael_uid = _newer_library(first)
    one, two = tmp_path / "one.numdesk-json", tmp_path / "two.numdesk-json"
    done = _cli("export", "--library", str(first), "--out", str(one))
    assert done.returncode == 0, done.stderr
    Library.create(second, starter=False).close()
    done = _cli("import", "--library", str(second), str(one))
    assert done.returncode == 0, done.stdout + done.stderr
    said = done.stdout
    assert "Imported 3 entries" in said and "1 made by a newer numdesk, kept as they are" in said
    assert "Fireball: made by a newer numdesk" in said
    assert "Margr: holds what a newer numdesk added (“morale”, “reach” in items)" in said
    assert "Kael: holds what a newer numdesk added (“luck” in abilities)" in said
    done = _cli("export", "--library", str(second), "--out", str(two))
    assert done.returncode == 0, done.stderr
    exported = [json.loads(p.read_text(encoding="utf-8")) for p in (one, two)]
    assert _without_time(exported[0]) == _without_time(exported[1])
    by_uid = {e["data"]["uid"]: e for e in exported[1]["entries"]}
    spell = by_uid[SPELL["uid"]]
    assert (spell["kind"], spell["data"], spell["tags"], spell["favourite"]) == (
        "spell", SPELL, ["arcane"], True,
    )  # fmt: skip
    assert by_uid[margr_uid]["data"]["items"][0]["reach"] == 2
    assert by_uid[kael_uid]["data"]["abilities"][0]["luck"] == {"points": 2}
    # the restored library holds them as the first did: listed, kept by saves
    with Library.open(second, create=False) as lib:
        assert lib.kind_of_uid(str(SPELL["uid"])) == NewerKind("spell")
        assert [s.name for s in lib.search("fireball")] == ["Fireball"]
        margr = lib.load(margr_uid)
        assert isinstance(margr, Creature) and margr.items[0].name == "Bite"
        margr.level = 4
        lib.save_many([margr])
        assert lib.newer_field_names(margr_uid) == [("morale", ""), ("reach", "items")]


def test_a_newer_numdesks_entry_is_still_checked_as_far_as_this_numdesk_can(
    tmp_path: Path,
) -> None:
    """Its envelope, uid and name are checked; a kind name that is no kind at all, or a
    uid an entry of another kind has in the library, is refused and nothing changes."""
    path = tmp_path / "lib.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.save_many([Creature("Margr", level=3, uid="shared-uid")])

    def document(kind: str, data: dict[str, Any]) -> Path:
        file = tmp_path / f"{len(list(tmp_path.iterdir()))}.numdesk-json"
        entries = [{"kind": kind, "data": data}]
        file.write_text(json.dumps({"format": "numdesk", "version": 1, "entries": entries}))
        return file

    with Library.open(path, create=False) as lib:
        with pytest.raises(Exception, match=r"\$\.entries\[0\]\.data: expected a field 'name'"):
            import_files(lib, [document("spell", {"uid": "a"})])
        with pytest.raises(Exception, match=r"\$\.entries\[0\]\.kind"):
            import_files(lib, [document("Spell of <b>doom</b>", {"uid": "a", "name": "X"})])
        with pytest.raises(Exception, match="already belongs to a creature"):
            import_files(lib, [document("spell", {"uid": "shared-uid", "name": "Fireball"})])
        assert [s.name for s in lib.search("")] == ["Margr"]
