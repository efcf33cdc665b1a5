"""The library browser's pages: a search or a sorted list, read one window at a time.

A `Pages` object is one search (or one sorted list) that a browser reads page by page
as the user scrolls. Every page starts where the last one ended (keyset paging, or a
ranking kept from the first page), never with an OFFSET that re-reads every earlier
match, so the last page of 100,000 matches costs what the first one does. Nothing is
counted or ranked in full when a key is pressed:

- A search lists its matches in tiers: the exact name, names beginning with the text,
  other names holding its words, then (from three characters on) entries whose tags or
  text hold them. A tier of at most `RANKED_MAX` matches is ranked by relevance
  (bm25) and the ranking kept for the next pages; a bigger one
  lists its newest entries first, which FTS5 reads in index order and stops as soon
  as the page is full (ranking 100,000 texts on a key press costs more than all the
  rest of it, many times over).
- A sort by a column is an ORDER BY in SQL on an index of that column, then the name
  (`numdesk.store.sorted_pages`).
- The count goes up to `CAP` and says when there are more ("1,000+"); known before
  the first page, it spares the tiers their own counting when the matches are few.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any, Unpack

from numdesk.model.entry_kind import stored_kind
from numdesk.model.listing import MatchCount, Sort, SortKey
from numdesk.model.summary import EntrySummary
from numdesk.store.page_steps import CAP, Step, fts_source
from numdesk.store.search import (
    MAX_TERMS,
    MIN_TEXT_CHARS,
    WORD,
    Filters,
    SearchFilters,
    fts_query,
    run_query,
)
from numdesk.store.sorted_pages import SortedMatches, sorted_walk
from numdesk.store.sorted_sources import EntriesSource

#: A tier of at most this many matches is ranked by relevance; a bigger one lists
#: newest first.
RANKED_MAX = 300
#: The bm25 weights of name, tags and text.
_BM25 = "bm25(entries_fts, 10.0, 4.0, 1.0)"
#: As many rows as there are (a LIMIT that never stops a query).
_ALL = 2**62
_COLUMNS = "e.id, e.uid, e.kind, e.name, e.profile, e.level, e.subtitle, e.favourite"
#: An entry's tag names as a JSON list ("[]" for none).
_TAGS = (
    "(SELECT json_group_array(t.name) FROM entry_tags et JOIN tags t ON t.id = et.tag_id"
    " WHERE et.entry_id = e.id)"
)


def _phrase(text: str) -> str:
    return " ".join(text.split()).casefold()


def _match_all(text: str, match: str) -> str:
    """Every match of a search: names only for the first key presses, else any column."""
    return f"name : ({match})" if len(_phrase(text)) < MIN_TEXT_CHARS else f"({match})"


def count_matches_capped(
    conn: sqlite3.Connection, text: str = "", **wanted: Unpack[SearchFilters]
) -> MatchCount:
    """How many entries `Pages` lists for this search, counted up to `CAP`."""
    filters = Filters(**wanted)
    match = fts_query(text)
    params = dict(filters.params, cap=CAP + 1)
    if match is None and not filters.where:
        return MatchCount(int(conn.execute("SELECT count(*) FROM entries").fetchone()[0]), True)
    if match is None:
        inner = f"SELECT 1 FROM entries e{filters.sql()} LIMIT :cap"
    else:
        params["match"] = _match_all(text, match)
        inner = f"SELECT 1 FROM {fts_source(filters)} LIMIT :cap"
    found = int(run_query(conn, f"SELECT count(*) FROM ({inner})", params, filters.expanding)[0][0])
    return MatchCount(min(found, CAP), found <= CAP)


class Pages:
    """One search or sorted list of the library, read page by page (see the module)."""

    def __init__(
        self,
        text: str = "",
        sort: Sort | None = None,
        *,
        uids: Sequence[str] | None = None,
        **wanted: Unpack[SearchFilters],
    ) -> None:
        self._filters = Filters(uids=uids, **wanted)
        self._text, self._wanted = text, wanted
        self._steps = _plan(text, sort, self._filters)
        self._step = 0
        self._count: MatchCount | None = None

    def count(self, conn: sqlite3.Connection) -> MatchCount:
        """How many entries the listing holds, counted up to `CAP` (once).

        Known before the first page, it spares the search's tiers their own counting
        when all matches are few.
        """
        if self._count is None and isinstance(self._steps[0], SortedMatches):
            self._count = self._steps[0].capped_count(conn)  # the ids its first page reads
        if self._count is None:
            self._count = count_matches_capped(conn, self._text, **self._wanted)
            if self._count.exact:
                for step in self._steps:
                    if isinstance(step, _Tier):
                        step.at_most = self._count.entries
        return self._count

    @property
    def done(self) -> bool:
        """Whether every match has been read."""
        return self._step >= len(self._steps)

    def next_page(self, conn: sqlite3.Connection, limit: int) -> list[EntrySummary]:
        """The next `limit` matches in order: fewer at the end, and where a page of a
        sorted search would read the full-text index a second time."""
        ids: list[int] = []
        while len(ids) < limit and not self.done:
            step = self._steps[self._step]
            wanted = limit - len(ids)
            got = step.take(conn, wanted)
            ids += got
            if step.done:
                self._step += 1
            elif len(got) < wanted:
                break  # the step ended the page early (a sorted search's, at a group's end)
        return summaries(conn, ids)


def query_summaries(
    conn: sqlite3.Connection,
    text_query: str = "",
    *,
    uids: Sequence[str] | None = None,
    limit: int | None = 200,
    offset: int = 0,
    **wanted: Unpack[SearchFilters],
) -> list[EntrySummary]:
    """The first matches of a search (as `Pages` orders them), skipping `offset`: for
    lists that want a few entries at once (a picker, a name check); a browser reads
    `Pages` instead, so a deep page never re-reads the ones before it."""
    if fts_query(text_query) is not None:
        wanted_rows = None if limit is None else offset + limit
        pages = Pages(text_query, uids=uids, **wanted)
        rows = pages.next_page(conn, _ALL if wanted_rows is None else wanted_rows)
        return rows[offset:]
    filters = Filters(uids=uids, **wanted)
    params = dict(filters.params, limit=-1 if limit is None else limit, offset=offset)
    sql = (
        f"SELECT e.id FROM entries e{filters.sql()} ORDER BY e.name_key, e.id"
        " LIMIT :limit OFFSET :offset"  # SQLite: -1 is no limit
    )
    ids = [row[0] for row in run_query(conn, sql, params, filters.expanding)]
    return summaries(conn, ids)


def summaries_of_uids(conn: sqlite3.Connection, uids: Sequence[str]) -> list[EntrySummary]:
    """The browser lines of the entries `uids` the library holds (by uid, each one
    looked up on its index: an import into a big library reads only its own entries)."""
    sql = "SELECT e.id FROM entries e WHERE e.uid IN (SELECT value FROM json_each(?))"
    ids = [row[0] for row in conn.execute(sql, (json.dumps(list(uids)),))]
    return summaries(conn, ids)


def summaries(conn: sqlite3.Connection, ids: Sequence[int]) -> list[EntrySummary]:
    """The browser lines of entry `ids`, in that order (ids no longer there are skipped).

    One statement reads each entry with its tags (as a JSON list): a page is read on
    every key press, and a second statement for the tags cost as much as the first.
    """
    if not ids:
        return []
    wanted = "e.id IN (SELECT value FROM json_each(?))"
    sql = f"SELECT {_COLUMNS}, {_TAGS} FROM entries e WHERE {wanted}"
    rows = {row[0]: row for row in conn.execute(sql, (json.dumps(list(ids)),))}
    return [
        EntrySummary(
            uid=uid,
            kind=stored_kind(kind),
            name=name,
            profile=profile,
            level=level,
            tags=() if tags == "[]" else tuple(sorted(json.loads(tags), key=str.casefold)),
            favourite=bool(favourite),
            subtitle=subtitle,
        )
        for _id, uid, kind, name, profile, level, subtitle, favourite, tags in (
            rows[i] for i in ids if i in rows
        )
    ]


def _plan(text: str, sort: Sort | None, filters: Filters) -> list[Step]:
    match = fts_query(text)
    if match is None:
        return sorted_walk(sort or Sort(SortKey.NAME), filters, EntriesSource())
    if sort is not None:
        words = WORD.findall(text)[:MAX_TERMS]
        return [SortedMatches(_match_all(text, match), sort, filters, words=words)]
    return _search_tiers(text, match, filters)


# -- a search's tiers ------------------------------------------------------------------


def _search_tiers(text: str, match: str, filters: Filters) -> list[Step]:
    words = WORD.findall(text)[:MAX_TERMS]
    begins = f'name : ^"{" ".join(words)}" *'
    exact = _Exact(_phrase(text), begins, filters)
    few_names = len(words) > 1  # few names hold every one of several words
    steps: list[Step] = [
        exact,
        _Tier(begins, filters, skip=exact.ids, rank_first=few_names),
        _Tier(f"name : ({match}) NOT {begins}", filters, rank_first=few_names),
    ]
    if len(_phrase(text)) >= MIN_TEXT_CHARS:
        steps.append(_Tier(f"({match}) NOT name : ({match})", filters))
    return steps


class _Exact(Step):
    """Entries named exactly the text (that the search matches), first of all."""

    def __init__(self, phrase: str, begins: str, filters: Filters) -> None:
        self._phrase, self._begins, self._filters = phrase, begins, filters
        self.ids: set[int] = set()

    def take(self, conn: sqlite3.Connection, limit: int) -> list[int]:
        self.done = True
        params = dict(self._filters.params, phrase=self._phrase)
        sql = f"SELECT e.id FROM entries e WHERE e.name_key = :phrase{self._filters.sql(' AND ')}"
        found = [row[0] for row in run_query(conn, sql, params, self._filters.expanding)]
        check = "SELECT 1 FROM entries_fts WHERE entries_fts MATCH ? AND rowid = ?"
        ids = [i for i in found if conn.execute(check, (self._begins, i)).fetchone()]
        self.ids.update(ids)
        return ids  # a handful at most: never more than one page's worth in practice


class _Tier(Step):
    """The entries a full-text query matches: ranked when few, else newest first.

    A tier is probed by reading its newest `RANKED_MAX` + 1 matches, without their
    relevance: bm25 looks up each match's column sizes in a table of its own (about
    5 µs a row), which a tier of more matches than can be ranked would pay for
    nothing, and those rows are its first page anyway. Only a tier of 2 to
    `RANKED_MAX` matches is read a second time, ranked. A tier expected to be small
    (`rank_first`: the names holding each of several words) is ranked while it is
    probed instead: reading it twice would cost more than ranking, and FTS5 reads
    several prefixes newest first more slowly than oldest first.
    """

    def __init__(
        self,
        match: str,
        filters: Filters,
        skip: set[int] | None = None,
        rank_first: bool = False,
    ) -> None:
        self._match, self._filters = match, filters
        self._rank_first = rank_first
        self._skip = skip if skip is not None else set()
        self._ranked: list[int] | None = None
        self._next = 0  # the position in `_ranked` where the next page starts
        self._last: int | None = None  # the id where the newest-first reading stopped
        self._newest: list[int] = []  # newest matches read already, not yet listed
        self._probed = False
        #: no more matches than this, when known (the listing's count)
        self.at_most: int | None = None

    def _rank_if_few(self, conn: sqlite3.Connection) -> list[int] | None:
        """The tier's matches by relevance when there are at most `RANKED_MAX`."""
        ranked = f" ORDER BY {_BM25}, f.rowid"
        if self.at_most is not None and self.at_most <= RANKED_MAX:
            return self._run(conn, ranked)
        if self._rank_first:
            source = fts_source(self._filters)
            params = dict(self._filters.params, match=self._match, cap=RANKED_MAX + 1)
            first = f"SELECT f.rowid, {_BM25} FROM {source} LIMIT :cap"
            rows = run_query(conn, first, params, self._filters.expanding)
            if len(rows) <= RANKED_MAX:
                return [row[0] for row in sorted(rows, key=lambda r: (r[1], r[0]))]
        newest = self._run(conn, " ORDER BY f.rowid DESC LIMIT :n", n=RANKED_MAX + 1)
        if len(newest) > RANKED_MAX:
            self._newest = newest
            return None
        return newest if len(newest) < 2 else self._run(conn, ranked)

    def _run(self, conn: sqlite3.Connection, tail: str, **params: Any) -> list[int]:
        sql = f"SELECT f.rowid FROM {fts_source(self._filters)}{tail}"
        bound = dict(self._filters.params, match=self._match, **params)
        return [row[0] for row in run_query(conn, sql, bound, self._filters.expanding)]

    def take(self, conn: sqlite3.Connection, limit: int) -> list[int]:
        if not self._probed:
            self._probed = True
            self._ranked = self._rank_if_few(conn)
        if self._ranked is not None:
            taken: list[int] = []
            while self._next < len(self._ranked) and len(taken) < limit:
                entry_id = self._ranked[self._next]
                self._next += 1
                if entry_id not in self._skip:
                    taken.append(entry_id)
            self.done = self._next >= len(self._ranked)
            return taken
        taken = []
        while len(taken) < limit and not self.done:
            want = limit - len(taken)
            if self._newest:  # read when the tier was counted: more follow
                batch, self._newest = self._newest[:want], self._newest[want:]
                self.done = False
            else:
                tail = " ORDER BY f.rowid DESC LIMIT :n"
                if self._last is None:
                    batch = self._run(conn, tail, n=want)
                else:
                    batch = self._run(conn, " AND f.rowid < :last" + tail, n=want, last=self._last)
                self.done = len(batch) < want
            if batch:
                self._last = batch[-1]
            taken += [i for i in batch if i not in self._skip]
        return taken
