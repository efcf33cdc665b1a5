"""A browser listing sorted by a column, read page by page (see `numdesk.store.browse`).

Each page starts after the last row of the one before (keyset paging on the sort key,
the name and the id), on an index of the column, so a page deep in the list costs
what the first one does. A column whose order is its shown label (kind, rules,
favourite) is read one value at a time, in the labels' order, on its (value, name)
index. The matches of a search are collected once when there are at most `CAP` of
them; where they are dense enough (see below), the column's index is then read in
order keeping the rows on that list, else each is looked up and they are sorted.
Beyond `CAP`, the column's index is read in order and each row kept if it is on
the list of the search's matches, all in one statement: SQLite reads the matches' ids
from the full-text index once into a list of its own (about a third of a microsecond
each), then steps the index until the page is full. The entries' own rows, each on a
page of its own beside the entry's data, are never read for it. Where the matches are
too thin along the column for that (fewer than one row in `READ_PER_MATCH` read), or
under a filter (whose own index would order the rows), they are sorted in SQL instead,
which costs what the matches number (about 3 µs each): the first page as a top-100
sort, the rest once, at the second page, and kept.

Collecting the matches costs what they number, again for every statement: 20-40 ms
for the 130,000 entries of 200,000 that the first three letters of a word can find.
Where the words are that short (the full-text index holds an index of such prefixes)
and the matches that dense, each row the walk reads is looked up in the full-text
index on its own instead (`LookupSource`, 30-60 µs a row): a page then costs what the
rows it reads number, 3-5 ms, whatever the library's size. Which way is cheaper is
judged for each part of the walk (entries with a level, and without), from a sample
of the matches.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from numdesk.model.entry_kind import EntryKind
from numdesk.model.listing import MatchCount, Sort, SortKey
from numdesk.store.page_steps import CAP, Step, fts_source
from numdesk.store.search import Filters, run_query
from numdesk.store.sorted_sources import (
    READ_PER_MATCH,
    EntriesSource,
    IdsSource,
    IndexSource,
    LookupSource,
    MatchSource,
    Source,
    lookups_worth,
    sorted_fallback,
)

#: The longest prefix the full-text index holds an index of (`entries_fts`: prefix =
#: '1 2 3'): looking one row up for such words costs 30-60 µs; for longer ones each
#: lookup reads every word they begin (milliseconds).
INDEXED_PREFIX = 3


#: Sort expressions of the columns that are not read one value at a time.
_EXPRESSIONS = {SortKey.LEVEL: "ifnull(e.level, -1)", SortKey.TAGS: "e.tag_key"}


def _grouped_order(sort: Sort) -> tuple[str, list[str | None]] | None:
    """The column and value order of a sort read one value at a time (None: not one)."""
    if sort.key is SortKey.KIND:
        listed = list(sort.order) or [k.value for k in EntryKind]
        return "e.kind", listed
    if sort.key is SortKey.PROFILE:
        return "e.profile", list(sort.order)
    if sort.key is SortKey.FAVOURITE:
        return "e.favourite", ["1", "0"]  # favourites first
    return None


def sorted_walk(sort: Sort, filters: Filters, source: Source) -> list[Step]:
    """Steps listing `source` in `sort` order, then by name."""
    grouped = _grouped_order(sort)
    if sort.key is SortKey.LEVEL and isinstance(source, EntriesSource):
        # no level first (as -1), each part on the index of (level, name)
        steps: list[Step] = [
            Walk(source, filters, sort.descending, None, where="e.level IS NULL"),
            Walk(source, filters, sort.descending, "e.level", where="e.level IS NOT NULL"),
        ]
        return steps[::-1] if sort.descending else steps
    if grouped is None:
        return [Walk(source, filters, sort.descending, _EXPRESSIONS.get(sort.key))]
    column, values = grouped
    if not isinstance(source, EntriesSource):
        # the matches of a search: one ordered query, the order as a CASE expression
        cases = " ".join(
            f"WHEN {column} = {_literal(v)} THEN {i}" for i, v in enumerate(values) if v
        )
        nulls = next((i for i, v in enumerate(values) if v is None), len(values))
        expression = f"CASE WHEN {column} IS NULL THEN {nulls} {cases} ELSE {len(values)} END"
        # no NULL among the keys: a row value holding NULL compares as unknown
        then = f"ifnull({column}, '')"
        return [Walk(source, filters, sort.descending, expression, then=then)]
    groups: list[Step] = []
    for value in values:
        test = f"{column} IS NULL" if value is None else f"{column} = {_literal(value)}"
        groups.append(Walk(source, filters, sort.descending, None, where=test))
    # the rest is in no index's order: an index walk would ask every row before the first
    groups.append(OtherValues(sorted_fallback(source), filters, sort.descending, column, values))
    return groups[::-1] if sort.descending else groups


class OtherValues(Step):
    """The rows of a column sorted one value at a time whose value is none of those
    listed (a kind only a newer numdesk knows, a rules set since deleted), by value.

    The values there are are found first, each by one step along the column's index:
    a query for "none of the listed values" reads the whole index, which the last page
    of a long list paid (3 ms at 10,000 entries, 30 ms at 100,000) to find, most
    often, nothing.
    """

    def __init__(
        self,
        source: Source,
        filters: Filters,
        descending: bool,
        column: str,
        listed: list[str | None],
    ) -> None:
        self._source, self._filters, self._descending = source, filters, descending
        self._column, self._listed = column, listed
        self._walk: Walk | None = None

    def take(self, conn: sqlite3.Connection, limit: int) -> list[int]:
        if self._walk is None:
            others = self._others(conn)
            if not others:
                self.done = True
                return []
            tests = [f"{self._column} IS NULL" for v in others if v is None]
            known = ", ".join(_literal(v) for v in others if v is not None)
            tests += [f"{self._column} IN ({known})"] if known else []
            order = f"ifnull({self._column}, '')"
            where = "(" + " OR ".join(tests) + ")"
            self._walk = Walk(self._source, self._filters, self._descending, order, where=where)
        taken = self._walk.take(conn, limit)
        self.done = self._walk.done
        return taken

    def _others(self, conn: sqlite3.Connection) -> list[str | None]:
        """The column's values (NULL as None) that are not listed, each found by a
        seek on the column's index."""
        column = self._column
        found: list[str | None] = []
        if None not in self._listed:
            row = conn.execute(f"SELECT 1 FROM entries e WHERE {column} IS NULL LIMIT 1")
            found += [None] if row.fetchone() else []
        value = conn.execute(f"SELECT min({column}) FROM entries e").fetchone()[0]
        while value is not None:
            if value not in self._listed and str(value) not in self._listed:
                found.append(value)
            sql = f"SELECT min({column}) FROM entries e WHERE {column} > ?"
            value = conn.execute(sql, (value,)).fetchone()[0]
        return found


def _literal(value: str | None) -> str:
    """A value as an SQL literal (the values are kinds and profiles, never user text,
    but quoted properly all the same)."""
    if value is None:
        return "NULL"
    return "'" + str(value).replace("'", "''") + "'"


class Walk(Step):
    """Rows of a source in (expression, name, id) order, each read after the last."""

    def __init__(
        self,
        source: Source,
        filters: Filters,
        descending: bool,
        expression: str | None,
        *,
        where: str | None = None,
        then: str | None = None,
    ) -> None:
        self._source, self._filters = source, filters
        self._keys = [k for k in (expression, then, "e.name_key", "e.id") if k is not None]
        self._where = where
        self._descending = descending
        self._last: tuple[Any, ...] | None = None
        self._sorted_once = False  # a page read from an ORDER BY over a search's matches
        self._kept: list[int] | None = None  # the rest of those, sorted once
        self._ahead: list[int] = []  # rows an index walk read beyond the page
        self._walked_out = False  # the walk read the index to its end
        #: whether the last `take` collected the matches from the full-text index
        self.walked = False

    def take(self, conn: sqlite3.Connection, limit: int) -> list[int]:
        self.walked = False
        source = self._source
        if isinstance(source, LookupSource):  # looked up or collected: judged each time
            source = source.for_take(conn, self._where, limit)
        if isinstance(source, IndexSource) and not self._walked_out and len(self._ahead) < limit:
            want = limit if self._last is None else limit * source.pages_ahead
            self._ahead += self._walk(conn, want, source)
        taken, self._ahead = self._ahead[:limit], self._ahead[limit:]
        if isinstance(self._source, IndexSource):  # a full page, or the index's end
            self.done = self._walked_out and not self._ahead
            return taken
        if self._ahead:  # read before the walk handed over: listed first, in full
            return taken
        # handed over to the SQL sort (or never walked): the rest after the last row
        return taken + self._sorted(conn, limit - len(taken))

    def _sorted(self, conn: sqlite3.Connection, limit: int) -> list[int]:
        """The next `limit` rows read in (expression, name, id) order by SQL."""
        if self._kept is None and self._sorted_once:
            # a search's matches sorted for a second page: the rest is sorted once and
            # kept, instead of every later page sorting all of them again
            sql, params = self._query(-1)  # SQLite: no limit
            self._kept = [row[-1] for row in run_query(conn, sql, params, self._filters.expanding)]
        if self._kept is not None:
            taken, self._kept = self._kept[:limit], self._kept[limit:]
            self.done = not self._kept
            return taken
        self._sorted_once = isinstance(self._source, MatchSource)
        sql, params = self._query(limit)
        rows = run_query(conn, sql, params, self._filters.expanding)
        if rows:
            self._last = tuple(rows[-1])
        self.done = len(rows) < limit
        return [row[-1] for row in rows]

    def _query(self, limit: int, extra: str = "") -> tuple[str, dict[str, Any]]:
        """The next `limit` rows' keys (and `extra` columns after them), from `_last` on."""
        source, params = self._source.sql(self._filters)
        keys = ", ".join(self._keys)
        direction = " DESC" if self._descending else ""
        sql = f"SELECT {keys}{extra} FROM {source}"
        if self._where:
            sql += f" AND {self._where}"
        if self._last is not None:
            names = [f"k{i}" for i in range(len(self._keys))]
            params.update(zip(names, self._last, strict=True))
            marks = ", ".join(f":{n}" for n in names)
            sign = "<" if self._descending else ">"
            # the first key alone as well: SQLite then reads its index from there
            sql += f" AND {self._keys[0]} {sign}= :k0 AND ({keys}) {sign} ({marks})"
        order = ", ".join(f"{k}{direction}" for k in self._keys)
        sql += f" ORDER BY {order} LIMIT :n"
        params["n"] = limit
        return sql, params

    def _walk(self, conn: sqlite3.Connection, want: int, source: IndexSource) -> list[int]:
        """The next `want` rows of the index that the search matches, in one statement
        (see the module). Where fewer are found, either the index ended (every match of
        it is read) or the rows the source may read per match held too few: then the
        rest is read from its fallback, from the last row found on."""
        self.walked = source.collects
        budget = want * source.reads_per_match
        inner, params = self._query(budget, f", {source.hit} AS hit")
        sql = f"SELECT * FROM ({inner}) WHERE hit LIMIT :want"
        params = dict(params, **source.params, want=want)
        rows = run_query(conn, sql, params, self._filters.expanding)
        if len(rows) < want:
            # how far the walk read: the index alone, counted without the matches
            rest, rest_params = self._query(budget)
            read = run_query(
                conn, f"SELECT count(*) FROM ({rest})", rest_params, self._filters.expanding
            )[0][0]
            if read < budget:
                self._walked_out = True
            else:
                self._source = source.fallback
        if rows:
            self._last = tuple(rows[-1][:-1])
        return [row[-2] for row in rows]


class SortedMatches(Step):
    """A search's matches in a column's order: collected once when there are at most
    `CAP` of them, else read on the column's index (see the module). `walking` False
    sorts more than `CAP` of them in SQL instead, True walks the index however few they
    are. `words` are the search's words; the rows of a walk are looked up one by one
    where they and the matches make it worth it (`lookups` None), or wherever the
    matches are dense enough (True), or never (False)."""

    def __init__(
        self,
        match: str,
        sort: Sort,
        filters: Filters,
        walking: bool | None = None,
        *,
        words: Sequence[str] = (),
        lookups: bool | None = None,
    ) -> None:
        self._match, self._sort, self._filters = match, sort, filters
        self._walking, self._words, self._lookups = walking, words, lookups
        self._steps: list[Step] | None = None
        self._first: list[int] | None = None
        #: how the matches are read: "kept", "walked", "looked up" or "sorted" (known
        #: after a page)
        self.reading = ""

    def capped_count(self, conn: sqlite3.Connection) -> MatchCount:
        """How many entries match, counted up to `CAP` (by reading their first ids,
        which the first page reads anyway)."""
        found = len(self._first_ids(conn))
        return MatchCount(min(found, CAP), found <= CAP)

    def _first_ids(self, conn: sqlite3.Connection) -> list[int]:
        """The ids of the first `CAP` + 1 matches, in no set order (read once)."""
        if self._first is None:
            sql = f"SELECT f.rowid FROM {fts_source(self._filters)} LIMIT :cap"
            params = dict(self._filters.params, match=self._match, cap=CAP + 1)
            self._first = [row[0] for row in run_query(conn, sql, params, self._filters.expanding)]
        return self._first

    def take(self, conn: sqlite3.Connection, limit: int) -> list[int]:
        first_page = self._steps is None
        if self._steps is None:
            self._steps = sorted_walk(self._sort, self._filters, self._source(conn, limit))
        taken: list[int] = []
        while len(taken) < limit and self._steps:
            step = self._steps[0]
            taken += step.take(conn, limit - len(taken))
            if step.done:
                self._steps.pop(0)
                # a later page reads the matches from the full-text index once at most
                # (each reading costs what they number): where a group of the sort ends
                # within it after such a reading, the page ends there, short
                if taken and not first_page and isinstance(step, Walk) and step.walked:
                    break
        self.done = not self._steps
        return taken

    def _source(self, conn: sqlite3.Connection, limit: int) -> Source:
        """Where the walk reads: the few matches kept, the index, or all sorted.

        Under a filter the matches are sorted in SQL: the filter's own index would
        order the rows, and the walk would read every row before its first page."""
        if self._walking is not True:
            ids = self._first_ids(conn)
            if len(ids) <= CAP:
                self.reading = "kept"
                if self._walking is None and self._walks_kept(conn, len(ids)):
                    return IndexSource.of_ids(ids)
                return IdsSource(ids)
        if self._walking is False or self._filters.where:
            self.reading = "sorted"
            return MatchSource(self._match)
        lookups = self._lookup_source(conn, limit)
        if lookups is not None:
            self.reading = "looked up"
            return lookups
        self.reading = "walked"
        return IndexSource.of_match(self._match)

    def _lookup_source(self, conn: sqlite3.Connection, limit: int) -> LookupSource | None:
        """Rows looked up one by one rather than the matches collected, if that is worth
        it for the whole index (see `LOOKUP_COST`; each part of the walk judges again):
        for more than `CAP` matches of words of at most `INDEXED_PREFIX` letters, their
        number estimated from the first `CAP` + 1 of them."""
        if self._lookups is False or not self._words:
            return None
        if max(len(word) for word in self._words) > INDEXED_PREFIX:
            return None
        ids = self._first_ids(conn)
        if len(ids) <= CAP:
            return None
        share, matches = LookupSource.estimate(conn, ids)
        if not self._lookups and not lookups_worth(share, matches, limit):
            return None
        return LookupSource(self._match, ids, matches)

    def _walks_kept(self, conn: sqlite3.Connection, kept: int) -> bool:
        """Whether `kept` matches are read on the column's index rather than each looked
        up and sorted (about 3 µs a match, again for every page): where at least one
        entry in `READ_PER_MATCH` is one of them, with no filter, on a column of its own
        index (a sort by kind, rules or favourite reads the kept matches in one
        statement; walked, it would read each value's part of its index)."""
        if self._filters.where or _grouped_order(self._sort) is not None:
            return False
        entries = conn.execute("SELECT ifnull(max(rowid), 0) FROM entries").fetchone()[0]
        return kept * READ_PER_MATCH >= entries
