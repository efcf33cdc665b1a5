"""What a newer numdesk wrote into the same schema is kept by every write (issue 23):
the unknown fields of a known kind survive a sheet's save, an import over the entry
and an undo; an entry of an unknown kind is listed but never built, overwritten or
taken for another kind."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.entry_kind import NewerKind
from numdesk.store import Library
from numdesk.store.commit import Write
from numdesk.store.errors import LibraryError

LUCK = {"points": 2, "spent": [1, 0]}


def _edit_row(path: Path, uid: str, **extra: object) -> None:
    with sqlite3.connect(path) as conn:
        (data,) = conn.execute("SELECT data FROM entries WHERE uid = ?", (uid,)).fetchone()
        changed = json.dumps({**json.loads(data), **extra})
        conn.execute("UPDATE entries SET data = ? WHERE uid = ?", (changed, uid))


def _stored(path: Path, uid: str) -> dict[str, object]:
    with sqlite3.connect(path) as conn:
        (data,) = conn.execute("SELECT data FROM entries WHERE uid = ?", (uid,)).fetchone()
    loaded: dict[str, object] = json.loads(data)
    return loaded


def test_unknown_fields_survive_every_kind_of_write(tmp_path: Path) -> None:
    path = tmp_path / "lib.numdesk"
    hero = Character("Kael", profile="numenera", xp=1)
    beast = Creature(name="Margr", level=3)
    with Library.create(path, starter=False) as lib:
        lib.save_many([hero, beast])
    _edit_row(path, hero.uid, luck=LUCK)
    _edit_row(path, beast.uid, morale=5)
    with Library.open(path, create=False) as lib:
        assert lib.unknown_fields([hero.uid, beast.uid]) == {
            hero.uid: {"luck": LUCK},
            beast.uid: {"morale": 5},
        }
        sheet, revision = lib.load_revision(hero.uid)
        assert isinstance(sheet, Character)
        sheet.xp = 4
        lib.commit([Write(hero.uid, sheet, revision)])  # a sheet's save
        assert _stored(path, hero.uid)["luck"] == LUCK and _stored(path, hero.uid)["xp"] == 4
        beast.level = 6
        lib.save_many([beast])  # an import over it
        lib.creatures.save(beast)  # a script's save
        assert _stored(path, beast.uid)["morale"] == 5 and _stored(path, beast.uid)["level"] == 6


def test_an_entry_of_an_unknown_kind_is_listed_never_built_nor_overwritten(
    tmp_path: Path,
) -> None:
    path = tmp_path / "lib.numdesk"
    with Library.create(path, starter=False):
        pass
    spell = {"name": "Fireball", "uid": "spell-1", "school": "evocation"}
    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO entries (uid, kind, name, name_key, subtitle, favourite, data,"
            " created, updated) VALUES ('spell-1', 'spell', 'Fireball', 'fireball', '', 0, ?,"
            " '2031-01-01', '2031-01-01')",
            (json.dumps(spell),),
        )
    with Library.open(path, create=False) as lib:
        (summary,) = lib.search("")
        assert summary.kind == NewerKind("spell") and summary.name == "Fireball"
        assert lib.kind_of_uid("spell-1") == NewerKind("spell")
        assert lib.newer_uids() == ["spell-1"]
        assert lib.load_newer("spell-1").data == spell
        with pytest.raises(LibraryError, match="'Fireball' was made by a newer numdesk"):
            lib.load("spell-1")
        with pytest.raises(LibraryError, match="already belongs to a spell"):
            lib.save_many([Creature(name="Impostor", uid="spell-1")])
        assert lib.load_newer("spell-1").data == spell
