"""The browser's listings on a 10,000-entry library: page after page, every match comes
exactly once, in the order asked for, and the count is right or says it is a floor."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from numdesk.model.entry_kind import EntryKind
from numdesk.model.listing import Sort, SortKey
from numdesk.store import Library, sorted_sources
from numdesk.store.browse import CAP, Pages, count_matches_capped, summaries
from numdesk.store.search import count_matches
from tests.store.sorted_helpers import (
    SORT_KEYS,
    matching_uids,
    read_all,
    read_sorted,
    sort_of,
    uids_of,
)


@pytest.mark.parametrize("text", ["", "sha", "iron s", "zo"])
@pytest.mark.parametrize("key", list(SortKey))
@pytest.mark.parametrize("descending", [False, True])
def test_sorted_pages_list_every_match_once_in_order(
    big: sqlite3.Connection, text: str, key: SortKey, descending: bool
) -> None:
    rows = read_all(big, Pages(text, sort_of(key, descending)))
    uids = [r.uid for r in rows]
    assert len(uids) == len(set(uids))
    if text:
        assert set(uids) == matching_uids(big, text)
    else:
        assert len(uids) == 10_000
    keys = [SORT_KEYS[key](r) for r in rows]
    assert keys == sorted(keys, reverse=descending)


@pytest.mark.parametrize("text", ["s", "gl", "sha", "shadow crawler", "iron s", "zorfen", "xq"])
def test_search_pages_list_every_match_once(big: sqlite3.Connection, text: str) -> None:
    rows = read_all(big, Pages(text))
    uids = [r.uid for r in rows]
    assert len(uids) == len(set(uids))
    assert set(uids) == matching_uids(big, text)
    assert len(uids) == count_matches(big, text)


def test_search_pages_with_a_filter_and_odd_page_sizes(big: sqlite3.Connection) -> None:
    kinds = [EntryKind.CREATURE]
    for size in (1, 7, 250):
        rows = read_all(big, Pages("sha", kinds=kinds), size)
        uids = [r.uid for r in rows]
        assert len(uids) == len(set(uids)) == len(matching_uids(big, "sha", kinds=kinds))
        assert {r.kind for r in rows} == {EntryKind.CREATURE}


def test_names_come_before_texts_in_a_big_search(big: sqlite3.Connection) -> None:
    rows = read_all(big, Pages("hunter"))
    in_name = ["hunter" in r.name.casefold() for r in rows]
    first_text = in_name.index(False)
    assert all(in_name[:first_text]) and not any(in_name[first_text:])


def test_the_count_is_exact_up_to_the_cap_and_a_floor_beyond(big: sqlite3.Connection) -> None:
    few = count_matches_capped(big, "zorfen")
    assert few.exact and few.entries == count_matches(big, "zorfen") <= CAP
    many = count_matches_capped(big, "sha")
    assert not many.exact and many.entries == CAP < count_matches(big, "sha")
    everything = count_matches_capped(big)
    assert everything.exact and everything.entries == 10_000
    filtered = count_matches_capped(big, kinds=[EntryKind.CHARACTER])
    assert filtered.exact and filtered.entries == 200


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("zorfen", {}),
        ("sha", {}),
        ("sha", {"kinds": [EntryKind.CHARACTER]}),
        ("sha", {"kinds": [EntryKind.CREATURE]}),
        ("zo", {"tags": ["boss"]}),
    ],
)
def test_a_sorted_search_counts_as_the_same_search_unsorted(
    big: sqlite3.Connection, text: str, wanted: dict[str, Any]
) -> None:
    """A sorted listing's count (the ids its first page reads) is the search's count,
    filters and all, exact up to the cap and a floor beyond, and its pages hold it."""
    listing = Pages(text, Sort(SortKey.LEVEL, descending=True), **wanted)
    shown = listing.count(big)
    assert shown == count_matches_capped(big, text, **wanted)
    ids: list[int] = []
    while not listing.done:
        ids += listing.next_page(big, 100)
    assert len(ids) == len(set(ids)) == count_matches(big, text, **wanted)
    assert shown.entries == min(len(ids), CAP) and shown.exact == (len(ids) <= CAP)


def test_a_small_library_keeps_relevance_order(tmp_path: Path) -> None:
    from numdesk.model.creature import Creature

    with Library.create(tmp_path / "small.numdesk", starter=False) as lib:
        lib.save_many(
            [
                Creature("Ember drake", description="ember"),
                Creature("Ash wolf", description="Ember, ember, ember everywhere."),
                Creature("Stone", description="An ember somewhere in a long text " * 5),
            ]
        )
        found = [s.name for s in lib.search("ember")]
    # the name first, then the text that says it most
    assert found == ["Ember drake", "Ash wolf", "Stone"]


# -- a search sorted by walking the column's index ------------------------------------


@pytest.mark.parametrize("text", ["sha", "shado", "iron s", "zo", "zorfen"])
@pytest.mark.parametrize("key", [SortKey.LEVEL, SortKey.KIND, SortKey.TAGS, SortKey.FAVOURITE])
@pytest.mark.parametrize("descending", [False, True])
def test_a_search_walked_on_the_index_lists_what_the_sql_sort_lists(
    big: sqlite3.Connection, text: str, key: SortKey, descending: bool
) -> None:
    """Walking the column's index gives the same rows in the same order as sorting the
    matches in SQL, for short prefixes ("sha"), longer ones ("shado"), several words,
    names only ("zo"), and matches too sparse for the walk ("zorfen": it hands over to
    the SQL sort), read page by page (the pages after the first are read five at once)."""
    sort = sort_of(key, descending)
    walked, reading = read_sorted(big, text, sort, walking=True)
    sorted_in_sql, _ = read_sorted(big, text, sort, walking=False)
    assert reading == "walked"
    assert walked == sorted_in_sql or len(sorted_in_sql) <= CAP  # few: kept, not SQL-sorted
    rows = summaries(big, walked)
    assert len(walked) == len(set(walked))
    assert {r.uid for r in rows} == matching_uids(big, text)
    keys = [SORT_KEYS[key](r) for r in rows]
    assert keys == sorted(keys, reverse=descending)


def test_the_walk_reads_the_index_in_order_and_stops_with_the_page(
    big: sqlite3.Connection,
) -> None:
    """No sort step before the rows come out (that would read every row of the library
    first), for every column a search can be sorted by."""
    statements: list[str] = []
    big.set_trace_callback(statements.append)
    try:
        for key in SortKey:
            for descending in (False, True):
                read_sorted(big, "sha", sort_of(key, descending), walking=True)
    finally:
        big.set_trace_callback(None)
    walks = {s for s in statements if "MATCH" in s and " AS hit " in s}
    assert walks
    for statement in walks:
        plan = " | ".join(row[3] for row in big.execute(f"EXPLAIN QUERY PLAN {statement}"))
        assert "TEMP B-TREE" not in plan, (statement, plan)


@pytest.mark.parametrize("key", [SortKey.LEVEL, SortKey.NAME, SortKey.TAGS])
@pytest.mark.parametrize("descending", [False, True])
def test_a_walk_that_reaches_the_end_of_the_index_sorts_nothing(
    big: sqlite3.Connection, key: SortKey, descending: bool
) -> None:
    """A search most entries match is read to its last page on the index alone: the end
    of the index (or of the entries with no level) is not taken for matches too thin
    to walk, which would sort every match in SQL to find that none is left."""
    statements: list[str] = []
    big.set_trace_callback(statements.append)
    try:
        walked, _ = read_sorted(big, "sha", sort_of(key, descending), walking=True)
    finally:
        big.set_trace_callback(None)
    assert len(walked) == count_matches(big, "sha")
    assert not [s for s in statements if "CROSS JOIN entries e" in s]


def test_many_matches_are_walked_few_kept_and_a_filtered_search_sorted(
    big: sqlite3.Connection,
) -> None:
    """More than `CAP` matches are read on the column's index; at most `CAP` are
    collected once; under a filter (whose own index would order the rows) the matches
    are sorted in SQL."""
    many = Pages("sha", Sort(SortKey.LEVEL))
    few = Pages("zorfen", Sort(SortKey.LEVEL))
    filtered = Pages("sha", Sort(SortKey.LEVEL), kinds=[EntryKind.CREATURE])
    for pages in (many, few, filtered):
        assert pages.next_page(big, 100)
    readings = [step.reading for p in (many, few, filtered) for step in p._steps]
    assert readings == ["walked", "kept", "sorted"]
    assert count_matches(big, "sha", kinds=[EntryKind.CREATURE]) > CAP
    assert count_matches(big, "zorfen") <= CAP


def test_a_walk_through_thin_matches_hands_over_to_the_sql_sort(
    big: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where too few rows of the index match, the walk stops reading it and the rest
    is sorted in SQL, from the last row found on: each match listed once, in order.
    (At 10,000 entries a page's walk may read the whole index; five rows per match
    wanted make "zorfen" too thin.)"""
    monkeypatch.setattr(sorted_sources, "READ_PER_MATCH", 5)
    statements: list[str] = []
    big.set_trace_callback(statements.append)
    try:
        walked, reading = read_sorted(big, "zorfen", Sort(SortKey.LEVEL), walking=True)
    finally:
        big.set_trace_callback(None)
    assert reading == "walked"
    assert any(" AS hit " in s for s in statements)
    assert any("CROSS JOIN entries e" in s for s in statements)  # the SQL sort took over
    levels = [s.level if s.level is not None else -1 for s in summaries(big, walked)]
    assert levels == sorted(levels) and len(walked) == len(set(walked))
    assert set(uids_of(big, walked)) == matching_uids(big, "zorfen")


@pytest.mark.parametrize(
    ("read_per_match", "text", "descending"), [(5, "zo", True), (12, "da", False)]
)
def test_rows_read_ahead_before_a_hand_over_are_all_listed(
    big: sqlite3.Connection,
    monkeypatch: pytest.MonkeyPatch,
    read_per_match: int,
    text: str,
    descending: bool,
) -> None:
    """A later read of the walk (five pages at once) finds fewer matches than it wanted
    but more than a page, and hands over to the SQL sort: the rows it read ahead are
    listed before the listing ends. They were dropped, and the count said so exactly
    (found at 100,000 entries: "da" by name listed 4,800 of 4,925)."""
    monkeypatch.setattr(sorted_sources, "READ_PER_MATCH", read_per_match)
    sort = sort_of(SortKey.NAME, descending)
    walked, _ = read_sorted(big, text, sort, walking=True)
    assert walked == read_sorted(big, text, sort, walking=False)[0]
    assert set(uids_of(big, walked)) == matching_uids(big, text)


def test_a_walked_search_folds_words_as_the_index_does(tmp_path: Path) -> None:
    """Accents and case: "ÉCLA" finds "éclair", "Eclat" and "eclipse" is left out, the
    same entries the search itself finds, whichever way it is read."""
    from numdesk.model.creature import Creature

    names = ["Éclair drake", "ECLAT wolf", "eclipse cat", "Eclàt beetle", "Ash wolf"]
    with Library.create(tmp_path / "accents.numdesk", starter=False) as lib:
        lib.save_many([Creature(n, level=i) for i, n in enumerate(names, 1)])
    conn = sqlite3.connect(tmp_path / "accents.numdesk")
    try:
        for text in ("ÉCLA", "écla wol", "ecl", "Éclair"):
            walked, reading = read_sorted(conn, text, Sort(SortKey.LEVEL), walking=True)
            kept, _ = read_sorted(conn, text, Sort(SortKey.LEVEL), walking=None)
            assert reading == "walked"
            assert walked == kept, text
            assert set(uids_of(conn, walked)) == matching_uids(conn, text), text
        found = [
            s.name for s in summaries(conn, read_sorted(conn, "écla", Sort(SortKey.LEVEL), True)[0])
        ]
        assert found == ["Éclair drake", "ECLAT wolf", "Eclàt beetle"]
    finally:
        conn.close()


def test_names_are_ranked_by_relevance_as_they_are_counted(tmp_path: Path) -> None:
    """A tier of a few names comes best first (a short name holding the word before a
    long one), not newest first: the long name is saved last."""
    from numdesk.model.creature import Creature

    names = ["Wyrm wyrm", "Red wyrm", "Great old wyrm of the deep cold north"]
    with Library.create(tmp_path / "ranked.numdesk", starter=False) as lib:
        for name in names:
            lib.save_many([Creature(name)])
        found = [s.name for s in lib.search("wyrm")]
    assert found == names


@pytest.mark.parametrize("key", [SortKey.LEVEL, SortKey.NAME, SortKey.TAGS])
@pytest.mark.parametrize("descending", [False, True])
def test_few_matches_are_walked_where_dense_and_looked_up_where_sparse(
    big: sqlite3.Connection, key: SortKey, descending: bool
) -> None:
    """At most `CAP` matches are collected; "zo" (479 names of 10,000 entries) is then
    read on the column's index, "zorfen" (36) looked up and sorted. Either way the
    rows are those the SQL sort lists, in its order."""
    sort = sort_of(key, descending)
    for text, walked in (("zo", True), ("zorfen", False)):
        statements: list[str] = []
        big.set_trace_callback(statements.append)
        try:
            read, reading = read_sorted(big, text, sort, walking=None, size=50)
        finally:
            big.set_trace_callback(None)
        assert reading == "kept"
        assert any("json_each(" in s and " AS hit " in s for s in statements) == walked, text
        assert read == read_sorted(big, text, sort, walking=False)[0], text
