"""A sorted search whose words are short and whose matches are dense is walked on the
column's index looking each row up in the full-text index, rather than collecting every
match for each statement: it lists what the SQL sort lists, hands over where the matches
thin out, and is chosen only where the words and the matches make it cheaper."""

from __future__ import annotations

import sqlite3

import pytest

from numdesk.model.entry_kind import EntryKind
from numdesk.model.listing import Sort, SortKey
from numdesk.store import sorted_pages
from numdesk.store.browse import Pages, summaries
from tests.store.sorted_helpers import SORT_KEYS, matching_uids, read_sorted, sort_of


@pytest.mark.parametrize("text", ["sha", "zo", "da g"])
@pytest.mark.parametrize("key", [SortKey.LEVEL, SortKey.KIND, SortKey.TAGS])
@pytest.mark.parametrize("descending", [False, True])
def test_rows_looked_up_one_by_one_list_what_the_sql_sort_lists(
    big: sqlite3.Connection, text: str, key: SortKey, descending: bool
) -> None:
    """Dense matches ("sha"), names only and thin ("zo": the lookups hand over), and two
    words, page by page."""
    sort = sort_of(key, descending)
    looked_up, reading = read_sorted(big, text, sort, walking=True, lookups=True)
    sorted_in_sql, _ = read_sorted(big, text, sort, walking=False)
    assert reading == "looked up"
    assert looked_up == sorted_in_sql
    rows = summaries(big, looked_up)
    assert {r.uid for r in rows} == matching_uids(big, text)
    keys = [SORT_KEYS[key](r) for r in rows]
    assert keys == sorted(keys, reverse=descending)


def test_lookups_that_find_the_matches_too_thin_hand_over_to_collecting_them(
    big: sqlite3.Connection,
) -> None:
    """ "zo" names 479 of the 10,000 entries: a page of lookups reads four rows per match
    it still needs, finds too few, and the walk goes on collecting the matches, from the
    last row found; no statement sorts the library's rows first."""
    statements: list[str] = []
    big.set_trace_callback(statements.append)
    try:
        read, _ = read_sorted(big, "zo", Sort(SortKey.LEVEL), walking=True, lookups=True)
    finally:
        big.set_trace_callback(None)
    lookups = [s for s in statements if "EXISTS (SELECT 1 FROM entries_fts" in s]
    collecting = [s for s in statements if " IN (SELECT rowid FROM entries_fts" in s]
    assert lookups and collecting
    assert statements.index(lookups[0]) < statements.index(collecting[0])
    for statement in lookups:
        plan = " | ".join(row[3] for row in big.execute(f"EXPLAIN QUERY PLAN {statement}"))
        assert "TEMP B-TREE" not in plan, (statement, plan)
    assert read == read_sorted(big, "zo", Sort(SortKey.LEVEL), walking=False)[0]


def test_the_browser_looks_rows_up_for_short_words_and_dense_matches_only(
    big: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 10,000 entries collecting the matches of "sha" (6,566) costs less than the
    lookups a page needs: they are collected. Where collecting costs more (here made so
    by the threshold), words of up to three letters are looked up; a longer word, a few
    matches and a filter are read as before."""
    sort = Sort(SortKey.LEVEL)

    def reading(text: str, **filters: object) -> str:
        pages = Pages(text, sort, **filters)  # type: ignore[arg-type]
        assert pages.next_page(big, 100)
        return pages._steps[0].reading  # type: ignore[attr-defined]

    assert reading("sha") == "walked"
    monkeypatch.setattr(sorted_pages, "LOOKUP_WORTH", 1_000)
    assert reading("sha") == "looked up"
    assert reading("iron s") == "walked"  # "iron": no index of four-letter prefixes
    assert reading("zo") == "kept"  # 479 names: at most `CAP`
    assert reading("sha", kinds=[EntryKind.CREATURE]) == "sorted"
