"""An import pauses the search index's merging for its own transaction only: afterwards
the library merges as usual, a failed import leaves the setting as it was, and the
index stays whole and finds old and new entries alike."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from numdesk.model.creature import Creature
from numdesk.model.items import Cypher
from numdesk.model.kinds import ModelObject
from numdesk.store import Library
from numdesk.store.errors import LibraryError
from numdesk.store.index_merging import BULK


def automerge(path: Path) -> str | None:
    """The setting as stored in the file, read on a connection of its own."""
    with sqlite3.connect(path) as conn:
        row = conn.execute("SELECT v FROM entries_fts_config WHERE k = 'automerge'").fetchone()
    return None if row is None else str(row[0])


def whole(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO entries_fts(entries_fts) VALUES ('integrity-check')")


def beasts(word: str, count: int) -> list[Creature]:
    return [Creature(f"{word} beast {n}", level=1 + n % 9) for n in range(count)]


def test_a_big_import_leaves_merging_on_and_the_index_whole(library: Library) -> None:
    path = library.path
    library.save_many(beasts("Ashen", 150))  # an index with segments of its own
    assert automerge(path) is None  # below the bulk size: nothing changed
    library.save_many(beasts("Brine", BULK + 50))
    assert automerge(path) == "4"
    for n in range(5):  # the saves after it merge as usual
        library.save_many([Creature(f"Cinder beast {n}", level=2)])
    whole(path)
    assert len(library.search("ashen", limit=None)) == 150
    assert len(library.search("brine", limit=None)) == BULK + 50
    assert [s.name for s in library.search("cinder beast 3")][:1] == ["Cinder beast 3"]


def test_a_failed_import_leaves_the_setting_as_it_was(library: Library) -> None:
    path = library.path
    dune = Creature("Dune beast", level=2)
    library.save_many([dune])
    doomed: list[ModelObject] = [*beasts("Ember", BULK), Cypher("Dune shard", uid=dune.uid)]
    with pytest.raises(LibraryError, match="already belongs to a creature"):
        library.save_many(doomed)  # refused inside the import's transaction
    assert automerge(path) is None
    assert library.search("ember") == []
    whole(path)
    library.save_many(beasts("Frost", BULK))  # and the next import works as usual
    assert automerge(path) == "4"
    assert len(library.search("frost", limit=None)) == BULK
