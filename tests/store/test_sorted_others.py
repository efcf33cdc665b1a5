"""A list sorted by kind or rules: entries whose value is none of the listed ones (a
kind only a newer numdesk knows, a rules set since deleted) come last, by value, and
finding that there are none does not read the whole column's index."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from numdesk.model.creature import Creature
from numdesk.model.entry_kind import EntryKind
from numdesk.model.listing import Sort, SortKey
from numdesk.store import Library
from numdesk.store.browse import Pages

KINDS = tuple(k.value for k in EntryKind)
PROFILES: tuple[str | None, ...] = (None, "cypher", "numenera")
#: name → (kind, profile) written straight into the file, as a newer numdesk would
ODD = {
    "Ash drake": ("spell", "cypher"),
    "Bone drake": ("aardvark", "gone-set"),
    "Cave drake": ("spell", None),
}


@pytest.fixture
def library(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    path = tmp_path / "odd.numdesk"
    names = ["Dusk drake", "Ember drake", "Frost drake", "Glass drake", *ODD]
    with Library.create(path, starter=False) as lib:
        lib.save_many([Creature(name, level=i) for i, name in enumerate(names, 1)])
    conn = sqlite3.connect(path)
    with conn:
        for name, (kind, profile) in ODD.items():
            sql = "UPDATE entries SET kind = ?, profile = ? WHERE name = ?"
            conn.execute(sql, (kind, profile, name))
    yield conn
    conn.close()


def listed(conn: sqlite3.Connection, text: str, sort: Sort) -> tuple[list[str], list[str]]:
    """The names listed, two to a page, and the statements run."""
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    try:
        pages, names = Pages(text, sort), []
        while not pages.done:
            names += [s.name for s in pages.next_page(conn, 2)]
    finally:
        conn.set_trace_callback(None)
    return names, statements


def row_of(conn: sqlite3.Connection, name: str) -> tuple[str, str | None]:
    kind, profile = conn.execute(
        "SELECT kind, profile FROM entries WHERE name = ?", (name,)
    ).fetchone()
    return kind, profile


def fts_readings(statements: list[str]) -> int:
    """How many of the walk's statements read the full-text index (SQLite builds the
    list of matches only when a row of the walk asks for it)."""
    readings, walking = 0, False
    for statement in statements:
        if not statement.startswith("--"):
            walking = " AS hit " in statement
        elif walking and "entries_fts_" in statement:
            readings, walking = readings + 1, False
    return readings


@pytest.mark.parametrize("text", ["", "drake"])
@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize(("key", "order", "column"), [
    (SortKey.KIND, KINDS, 0),
    (SortKey.PROFILE, PROFILES, 1),
])  # fmt: skip
def test_values_not_listed_come_last_by_value(
    library: sqlite3.Connection,
    text: str,
    descending: bool,
    key: SortKey,
    order: tuple[str | None, ...],
    column: int,
) -> None:
    names, _statements = listed(library, text, Sort(key, descending, order))

    def position(name: str) -> tuple[int, str, str]:
        value = row_of(library, name)[column]
        if value in order:
            return order.index(value), "", name.casefold()
        return len(order), value or "", name.casefold()

    expected = sorted(names, key=position)
    assert names == (expected[::-1] if descending else expected)
    assert len(names) == 7


def test_with_no_value_left_over_nothing_reads_the_whole_index(
    library: sqlite3.Connection,
) -> None:
    with library:
        library.execute("DELETE FROM entries WHERE name IN (?, ?, ?)", tuple(ODD))
    names, statements = listed(library, "", Sort(SortKey.KIND, False, KINDS))
    assert names == ["Dusk drake", "Ember drake", "Frost drake", "Glass drake"]
    assert not [s for s in statements if "NOT IN" in s]


def test_a_later_page_reads_the_matches_once_and_ends_with_its_group(
    library: sqlite3.Connection,
) -> None:
    """Walked on the index (as a big library's search is), each page after the first
    reads the search's matches from the full-text index once at most: where a kind's
    group ends inside a page, the page ends there. Every match comes once, in order."""
    from numdesk.store.search import Filters
    from numdesk.store.sorted_pages import SortedMatches

    sort = Sort(SortKey.KIND, False, KINDS)
    walked = SortedMatches('("drake"*)', sort, Filters(), walking=True)
    pages: list[list[int]] = []
    readings: list[int] = []
    while not walked.done:
        statements: list[str] = []
        library.set_trace_callback(statements.append)
        try:
            pages.append(walked.take(library, 3))
        finally:
            library.set_trace_callback(None)
        readings.append(fts_readings(statements))
    assert all(n <= 1 for n in readings[1:]) and any(len(p) < 3 for p in pages[:-1])
    in_sql = SortedMatches('("drake"*)', sort, Filters(), walking=False)
    expected = in_sql.take(library, 100)
    assert [i for page in pages for i in page] == expected
