"""A browser listing sorted by a column, read page by page (see `numdesk.store.browse`).

Each page starts after the last row of the one before (keyset paging on the sort key,
the name and the id), on an index of the column, so a page deep in the list costs
what the first one does. A column whose order is its shown label (kind, rules,
favourite) is read one value at a time, in the labels' order, on its (value, name)
index. The matches of a search are collected once when there are at most `CAP` of
them. Beyond that, when they are a good share of the library, the column's index is
walked and each row asked of the full-text index (`numdesk.store.probe_terms`): a page
then costs the rows read to fill it, however many entries match. When they are a small
share (or a page finds too few of them), they are sorted in SQL, which costs what the
matches number: the first page as a top-100 sort, the rest once, at the second page,
and kept.
"""

from __future__ import annotations

import json
import math
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from numdesk.model.entry_kind import EntryKind
from numdesk.model.listing import Sort, SortKey
from numdesk.store.page_steps import CAP, Step, fts_source
from numdesk.store.probe_terms import SearchWords, probe_query
from numdesk.store.search import Filters, bind, run_query

#: What asking the full-text index about one row costs against sorting one match in
#: SQL (measured at 100k–200k entries: about 60 µs against 1.5 µs).
PROBE_COST = 40


class Source(ABC):
    """Where a sorted walk reads rows: FROM and WHERE with their parameters."""

    @abstractmethod
    def sql(self, filters: Filters) -> tuple[str, dict[str, Any]]:
        """The FROM/WHERE text (ending in a WHERE clause) and its parameters."""


class EntriesSource(Source):
    def sql(self, filters: Filters) -> tuple[str, dict[str, Any]]:
        return f"entries e WHERE 1{filters.sql(' AND ')}", dict(filters.params)


class ProbeSource(EntriesSource):
    """Every entry, each asked of the full-text index as it is read (see the module);
    `budget` rows read without filling a page hand the walk over to `fallback`."""

    def __init__(self, probe: str, budget: int, fallback: Source) -> None:
        self.probe, self.budget, self.fallback = probe, budget, fallback


class MatchSource(Source):
    def __init__(self, match: str) -> None:
        self._match = match

    def sql(self, filters: Filters) -> tuple[str, dict[str, Any]]:
        source = (
            "entries_fts f CROSS JOIN entries e ON e.id = f.rowid"
            f" WHERE entries_fts MATCH :match{filters.sql(' AND ')}"
        )
        return source, dict(filters.params, match=self._match)


class IdsSource(Source):
    def __init__(self, ids: Sequence[int]) -> None:
        self._ids = json.dumps(list(ids))

    def sql(self, filters: Filters) -> tuple[str, dict[str, Any]]:
        source = (
            f"entries e WHERE e.id IN (SELECT value FROM json_each(:kept)){filters.sql(' AND ')}"
        )
        return source, dict(filters.params, kept=self._ids)


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
    listed = ", ".join(_literal(v) for v in values if v is not None)
    rest = f"{column} NOT IN ({listed})" if listed else "1"
    if None not in values:
        rest = f"({rest} OR {column} IS NULL)"
    # the rest is in no index's order: an index walk would ask every row before the first
    rest_source = source.fallback if isinstance(source, ProbeSource) else source
    groups.append(Walk(rest_source, filters, sort.descending, f"ifnull({column}, '')", where=rest))
    return groups[::-1] if sort.descending else groups


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

    def take(self, conn: sqlite3.Connection, limit: int) -> list[int]:
        if isinstance(self._source, ProbeSource):
            return self._probe(conn, limit, self._source)
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

    def _probe(self, conn: sqlite3.Connection, limit: int, source: ProbeSource) -> list[int]:
        """Rows in index order, each asked of the full-text index as it is read (the
        cursor is stepped row by row, so rows after the page are never asked); after
        `source.budget` rows without a full page, the rest is sorted in SQL instead."""
        hit = ", EXISTS (SELECT 1 FROM entries_fts WHERE entries_fts MATCH :probe AND rowid = e.id)"
        sql, params = self._query(source.budget, hit)
        sql, params = bind(sql, dict(params, probe=source.probe), self._filters.expanding)
        cursor = conn.execute(sql, params)
        taken: list[int] = []
        read = 0
        try:
            for *keys, matches in cursor:
                read += 1
                self._last = tuple(keys)
                if matches:
                    taken.append(keys[-1])
                    if len(taken) == limit:
                        return taken
        finally:
            cursor.close()
        if read < source.budget:
            self.done = True
            return taken
        # few matches here: sorting them costs less than asking every row
        self._source = source.fallback
        return taken + self.take(conn, limit - len(taken))


class SortedMatches(Step):
    """A search's matches in a column's order: collected once when there are at most
    `CAP` of them, else read on the column's index and asked of the full-text index
    row by row when they are a good share of the library, else sorted in SQL page by
    page (see the module). `probing` True walks the index however few the matches
    are, False sorts more than `CAP` of them in SQL, None chooses by their share."""

    def __init__(
        self,
        match: str,
        sort: Sort,
        filters: Filters,
        search: SearchWords,
        probing: bool | None = None,
    ) -> None:
        self._match, self._sort, self._filters = match, sort, filters
        self._search, self._probing = search, probing
        self._steps: list[Step] | None = None
        self._matches: int | None = None
        #: how the matches are read: "kept", "probed" or "sorted" (known after a page)
        self.reading = ""

    def matches(self, conn: sqlite3.Connection) -> int | None:
        """How many entries match, counted in full once (the index counts without
        reading the entries: 5-15 ms for 100,000 matches); None under filters, whose
        matches are only ever counted up to `CAP`."""
        if self._matches is None and not self._filters.where:
            sql = "SELECT count(*) FROM entries_fts WHERE entries_fts MATCH ?"
            self._matches = int(conn.execute(sql, (self._match,)).fetchone()[0])
        return self._matches

    def take(self, conn: sqlite3.Connection, limit: int) -> list[int]:
        if self._steps is None:
            self._steps = sorted_walk(self._sort, self._filters, self._source(conn, limit))
        taken: list[int] = []
        while len(taken) < limit and self._steps:
            step = self._steps[0]
            taken += step.take(conn, limit - len(taken))
            if step.done:
                self._steps.pop(0)
        self.done = not self._steps
        return taken

    def _source(self, conn: sqlite3.Connection, limit: int) -> Source:
        """Where the walk reads: the few matches kept, the index asked, or all sorted."""
        matches = self.matches(conn)
        if self._probing is not True and (matches is None or matches <= CAP):
            sql = f"SELECT f.rowid FROM {fts_source(self._filters)} LIMIT :cap"
            params = dict(self._filters.params, match=self._match, cap=CAP + 1)
            ids = [row[0] for row in run_query(conn, sql, params, self._filters.expanding)]
            if len(ids) <= CAP:
                self.reading = "kept"
                return IdsSource(ids)
        probed = self._probe_source(conn, matches or 0, limit)
        self.reading = "sorted" if probed is None else "probed"
        return probed or MatchSource(self._match)

    def _probe_source(
        self, conn: sqlite3.Connection, matches: int, limit: int
    ) -> ProbeSource | None:
        """The index walk, when the matches are a share of the library at which asking
        rows costs less than sorting them; None for the SQL sort.

        Reading a page asks about `limit ÷ share` rows; sorting costs `share × entries`
        matches: the walk pays above a share of √(PROBE_COST × limit ÷ entries). A page
        of the walk may ask as many rows as a sorted page costs before it hands over to
        the sort (where the matches thin out along the column).
        """
        if self._probing is False or self._filters.where:
            return None  # a filter's index would order the rows: every row asked first
        entries = int(conn.execute("SELECT ifnull(max(id), 1) FROM entries").fetchone()[0])
        least = min(1.0, math.sqrt(PROBE_COST * limit / entries))
        if self._probing is None and matches / entries < least:
            return None
        probe = probe_query(conn, self._search)
        if probe is None:
            return None
        budget = math.ceil(max(limit / least, matches / PROBE_COST))
        return ProbeSource(probe, budget, MatchSource(self._match))
