"""A character's history is written line by line: a save names the lines it found
stored and writes only the rest, and nothing can leave a gap (issue 25)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from numdesk.model.character import Character
from numdesk.model.history import HistoryEntry
from numdesk.model.serialize import entry_data, to_data
from numdesk.store import Library
from numdesk.store.commit import Write
from numdesk.store.errors import LibraryError


def _lines(character: Character) -> list[tuple[str, str]]:
    return [(h.summary, h.at) for h in character.history]


def _hero(library: Library, lines: int) -> tuple[Character, int]:
    hero = Character("Ana", history=[HistoryEntry(f"Line {i}", at=f"t{i}") for i in range(lines)])
    library.characters.save(hero)
    return library.load_revision(hero.uid)  # type: ignore[return-value]


def test_a_save_that_kept_the_stored_lines_appends_the_new_ones(library: Library) -> None:
    hero, revision = _hero(library, 300)
    hero.xp = 4
    hero.history.append(HistoryEntry("Gained 4 XP", at="t300"))
    library.commit([Write(hero.uid, hero, revision, data=entry_data(hero), history_kept=300)])
    stored = library.characters.load(hero.uid)
    assert _lines(stored) == _lines(hero) and stored.xp == 4

    # an undo takes lines away from the end (and may add others)
    hero, revision = library.load_revision(hero.uid)  # type: ignore[assignment]
    del hero.history[298:]
    hero.history.append(HistoryEntry("Rest", at="t9"))
    library.commit([Write(hero.uid, hero, revision, history_kept=298)])
    assert _lines(library.characters.load(hero.uid)) == _lines(hero)


def test_several_writes_of_one_sheet_keep_only_what_all_of_them_kept(library: Library) -> None:
    hero, revision = _hero(library, 10)
    first = dataclasses.replace(hero, history=[*hero.history, HistoryEntry("One", at="a")])
    second = dataclasses.replace(first, history=[*first.history, HistoryEntry("Two", at="b")])
    library.commit(
        [
            Write(hero.uid, first, revision, history_kept=10),
            Write(hero.uid, second, revision, history_kept=11),  # counted on `first`
        ]
    )
    assert _lines(library.characters.load(hero.uid)) == _lines(second)


def test_a_save_claiming_more_stored_lines_than_there_are_is_refused(library: Library) -> None:
    hero, revision = _hero(library, 5)
    hero.history.append(HistoryEntry("Six", at="t6"))
    before = to_data(library.characters.load(hero.uid))
    with pytest.raises(LibraryError, match="history"):
        library.commit([Write(hero.uid, hero, revision, history_kept=6)])
    assert to_data(library.characters.load(hero.uid)) == before


def test_a_sheet_written_with_its_whole_data_keeps_the_history_in_its_own_table(
    library: Library,
) -> None:
    """The table link saves a sheet with `to_data` of all of it, history included."""
    hero, revision = _hero(library, 3)
    hero.history.append(HistoryEntry("From the table", at="t3"))
    library.commit([Write(hero.uid, hero, revision, data=to_data(hero))])
    assert _lines(library.characters.load(hero.uid)) == _lines(hero)
    with library._reading() as session:
        stored = session.connection().exec_driver_sql(
            "SELECT data FROM entries WHERE uid = ?", (hero.uid,)
        )
        assert "history" not in json.loads(stored.scalar_one())
