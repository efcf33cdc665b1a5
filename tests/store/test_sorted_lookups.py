"""A sorted search whose words are short and whose matches are dense is walked on the
column's index looking each row up in the full-text index, rather than collecting every
match for each statement: it lists what the SQL sort lists, hands over where the matches
thin out, and is chosen, for each part of the walk, only where it costs less.

At 10,000 entries collecting is the cheaper way for every search, so the tests make a
lookup cheaper (`LOOKUP_COST`) to see the lookups at work."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest

from numdesk.model.entry_kind import EntryKind
from numdesk.model.listing import Sort, SortKey
from numdesk.store import sorted_sources
from numdesk.store.browse import Pages, summaries
from tests.store.sorted_helpers import SORT_KEYS, matching_uids, read_sorted, sort_of

LOOKING_UP = "EXISTS (SELECT 1 FROM entries_fts"
COLLECTING = " IN (SELECT rowid FROM entries_fts"


@pytest.fixture
def statements(big: sqlite3.Connection) -> Iterator[list[str]]:
    """Every statement run on `big` during the test."""
    seen: list[str] = []
    big.set_trace_callback(seen.append)
    yield seen
    big.set_trace_callback(None)


@pytest.mark.parametrize("text", ["sha", "zo", "da g"])
@pytest.mark.parametrize("key", [SortKey.LEVEL, SortKey.KIND, SortKey.TAGS])
@pytest.mark.parametrize("descending", [False, True])
def test_rows_looked_up_one_by_one_list_what_the_sql_sort_lists(
    big: sqlite3.Connection,
    monkeypatch: pytest.MonkeyPatch,
    statements: list[str],
    text: str,
    key: SortKey,
    descending: bool,
) -> None:
    """Dense matches ("sha"), two words, and names only ("zo": 479, too few to look up),
    page by page."""
    monkeypatch.setattr(sorted_sources, "LOOKUP_COST", 1)
    sort = sort_of(key, descending)
    looked_up, reading = read_sorted(big, text, sort, walking=True, lookups=True)
    assert reading == ("walked" if text == "zo" else "looked up")
    assert any(LOOKING_UP in s for s in statements) == (text != "zo")
    sorted_in_sql, _ = read_sorted(big, text, sort, walking=False)
    assert looked_up == sorted_in_sql
    rows = summaries(big, looked_up)
    assert {r.uid for r in rows} == matching_uids(big, text)
    keys = [SORT_KEYS[key](r) for r in rows]
    assert keys == sorted(keys, reverse=descending)


def test_lookups_that_find_the_matches_too_thin_hand_over_to_collecting_them(
    big: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch, statements: list[str]
) -> None:
    """A walk reading no more rows than it wants (so one that misses hands over) goes
    on collecting the matches, from the last row it found; no statement sorts the
    library's rows first, and the rows are those the SQL sort lists."""
    monkeypatch.setattr(sorted_sources, "LOOKUP_COST", 1)
    monkeypatch.setattr(sorted_sources, "LOOKUP_READS", 0.5)
    sort = Sort(SortKey.LEVEL, descending=True)  # the entries with a level first
    read, _ = read_sorted(big, "sha", sort, walking=True, lookups=True)
    lookups = [s for s in statements if LOOKING_UP in s]
    collecting = [s for s in statements if COLLECTING in s and "e.level IS NOT NULL" in s]
    assert lookups and collecting
    assert statements.index(lookups[0]) < statements.index(collecting[0])
    for statement in lookups:
        plan = " | ".join(row[3] for row in big.execute(f"EXPLAIN QUERY PLAN {statement}"))
        assert "TEMP B-TREE" not in plan, (statement, plan)
    assert read == read_sorted(big, "sha", sort, walking=False)[0]


def test_each_part_of_the_walk_is_judged_on_its_own(
    big: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch, statements: list[str]
) -> None:
    """By level: the entries with a level are looked up; of those without one (the
    items, saved last) the sampled matches say nothing, so theirs are collected."""
    monkeypatch.setattr(sorted_sources, "LOOKUP_COST", 10)
    pages = Pages("sha", Sort(SortKey.LEVEL, descending=True))
    while not pages.done:
        pages.next_page(big, 100)
    with_level = [s for s in statements if "e.level IS NOT NULL" in s and " AS hit " in s]
    without = [s for s in statements if "e.level IS NULL" in s and " AS hit " in s]
    assert with_level and all(LOOKING_UP in s for s in with_level)
    assert without and all(COLLECTING in s for s in without)


def test_the_browser_looks_rows_up_for_short_words_and_dense_matches_only(
    big: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 10,000 entries collecting the 8,500 matches of "sha" costs less than looking
    up the rows of a page: they are collected. Where a lookup costs less, words of up to
    three letters are looked up; a longer word, few matches and a filter are read as
    before."""
    sort = Sort(SortKey.LEVEL)

    def reading(text: str, **filters: object) -> str:
        pages = Pages(text, sort, **filters)  # type: ignore[arg-type]
        assert pages.next_page(big, 100)
        return pages._steps[0].reading  # type: ignore[attr-defined]

    assert reading("sha") == "walked"
    monkeypatch.setattr(sorted_sources, "LOOKUP_COST", 10)
    assert reading("sha") == "looked up"
    assert reading("iron s") == "walked"  # "iron": no index of four-letter prefixes
    assert reading("zo") == "kept"  # 479 names: at most `CAP`
    assert reading("sha", kinds=[EntryKind.CREATURE]) == "sorted"


def test_a_long_read_collects_the_matches_and_a_page_looks_its_rows_up(
    big: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch, statements: list[str]
) -> None:
    """A page of 100 is looked up; the rest at once (Ctrl+End: 2,000 at a time) would
    need more lookups than collecting costs, so it is collected, and the rows are those
    the SQL sort lists."""
    monkeypatch.setattr(sorted_sources, "LOOKUP_COST", 10)
    sort = Sort(SortKey.LEVEL, descending=True)
    pages = Pages("sha", sort)
    first = pages.next_page(big, 100)
    assert any(LOOKING_UP in s for s in statements)
    assert not any(COLLECTING in s for s in statements)
    statements.clear()
    rest: list[str] = []
    while not pages.done:
        rest += [s.uid for s in pages.next_page(big, 2_000)]
    with_level = [s for s in statements if "e.level IS NOT NULL" in s and " AS hit " in s]
    assert with_level and all(COLLECTING in s for s in with_level)
    listed = [s.uid for s in first] + rest
    assert listed == [s.uid for s in summaries(big, read_sorted(big, "sha", sort, False)[0])]
