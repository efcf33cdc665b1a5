"""What the tests of sorted and searched listings share: the 10,000-entry library the
`big` fixture opens (tests/store/conftest.py), the order each column sorts in, and
reading a listing to its end."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from numdesk.bench.library import build_objects
from numdesk.model.entry_kind import EntryKind
from numdesk.model.listing import Sort, SortKey
from numdesk.model.summary import EntrySummary
from numdesk.store import Library
from numdesk.store.browse import Pages, summaries
from numdesk.store.search import Filters
from numdesk.store.sorted_pages import SortedMatches


def build_big(path: Path) -> None:
    """10,000 entries (creatures, characters, items), some tagged, some favourites,
    some of each rules profile."""
    rng = random.Random(3)
    objects = list(build_objects(creatures=8_000, characters=200, items=1_800, seed=11))
    for obj in objects:
        if hasattr(obj, "profile") and rng.random() < 0.3:
            obj.profile = rng.choice(["cypher", "numenera"])
    with Library.create(path, starter=False) as lib:
        lib.save_many(objects)
        for obj in rng.sample(objects, 300):
            lib.set_tags(obj.uid, rng.sample(["boss", "Forest", "night", "swarm"], 2))
        for obj in rng.sample(objects, 200):
            lib.set_favourite(obj.uid, True)


PROFILE_ORDER = (None, "cypher", "numenera")  # as labels sort: "", Cypher System, Numenera
KIND_ORDER = tuple(sorted(k.value for k in EntryKind))


def read_all(conn: sqlite3.Connection, pages: Pages, size: int = 100) -> list[EntrySummary]:
    rows: list[EntrySummary] = []
    while not pages.done:
        page = pages.next_page(conn, size)
        assert len(page) <= size
        rows += page
    return rows


def matching_uids(conn: sqlite3.Connection, text: str, **filters: Any) -> set[str]:
    """Every entry the search matches, found without paging (the full FTS query)."""
    phrase = " ".join(text.split()).casefold()
    words = " ".join(f'"{w}"*' for w in text.split())
    match = f"name : ({words})" if len(phrase) < 3 else f"({words})"
    sql = "SELECT e.uid, e.kind FROM entries_fts f JOIN entries e ON e.id = f.rowid"
    rows = conn.execute(f"{sql} WHERE entries_fts MATCH ?", (match,)).fetchall()
    kinds = filters.get("kinds")
    return {uid for uid, kind in rows if kinds is None or EntryKind(kind) in kinds}


def tag_text(summary: EntrySummary) -> str:
    return ", ".join(sorted(" ".join(t.split()).casefold() for t in summary.tags))


SORT_KEYS: dict[SortKey, Callable[[EntrySummary], Any]] = {
    SortKey.NAME: lambda s: s.name.casefold(),
    SortKey.LEVEL: lambda s: (-1 if s.level is None else s.level, s.name.casefold()),
    SortKey.KIND: lambda s: (KIND_ORDER.index(s.kind.value), s.name.casefold()),
    SortKey.PROFILE: lambda s: (PROFILE_ORDER.index(s.profile), s.name.casefold()),
    SortKey.FAVOURITE: lambda s: (0 if s.favourite else 1, s.name.casefold()),
    SortKey.TAGS: lambda s: (tag_text(s), s.name.casefold()),
}


def sort_of(key: SortKey, descending: bool) -> Sort:
    order = {SortKey.KIND: KIND_ORDER, SortKey.PROFILE: PROFILE_ORDER}.get(key, ())
    return Sort(key, descending, order)


def read_sorted(
    conn: sqlite3.Connection,
    text: str,
    sort: Sort,
    walking: bool | None,
    size: int = 100,
    lookups: bool | None = False,
) -> tuple[list[int], str]:
    """Every id a sorted search lists, read page by page, and how it was read (the rows
    of a walk looked up one by one with `lookups` True, as the browser chooses with None)."""
    phrase = " ".join(text.split()).casefold()
    match = " ".join(f'"{w}"*' for w in text.split())
    names_only = len(phrase) < 3
    step = SortedMatches(
        f"name : ({match})" if names_only else f"({match})",
        sort,
        Filters(),
        walking=walking,
        words=text.split(),
        lookups=lookups,
    )
    ids: list[int] = []
    while not step.done:
        page = step.take(conn, size)
        assert len(page) <= size
        ids += page
    return ids, step.reading


def uids_of(conn: sqlite3.Connection, ids: list[int]) -> list[str]:
    return [s.uid for s in summaries(conn, ids)]
