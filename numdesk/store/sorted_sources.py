"""Where a sorted listing reads its rows (see `numdesk.store.sorted_pages`).

A source is the FROM and WHERE of the rows a walk steps through in a column's order:
every entry, the entries a search matches (sorted in SQL), a list of ids, or every
entry kept where a test of its id holds (`IndexSource`, read on the column's index).
An index source says how it tests a row, how many rows a walk may read per match it
still needs before it hands over to its fallback, and how many pages one statement
reads at once.
"""

from __future__ import annotations

import json
import math
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from numdesk.store.search import Filters

#: A walk through collected matches hands over to the SQL sort once it has read this
#: many rows of the index per match it still needs (reading a row costs about a tenth
#: of sorting a match).
READ_PER_MATCH = 100
#: After the first page (a key press waits for it), a walk through collected matches
#: reads this many pages at once: each statement collects the matches' ids anew.
PAGES_AHEAD = 5
#: Looking one row up in the full-text index (`LookupSource`, for words of at most
#: three letters) costs about what collecting this many matches does (40 µs against
#: 0.2 µs): rows are looked up where a page needs fewer lookups than the matches number
#: ÷ this ÷ `LOOKUP_MARGIN`, and a walk reads no more rows than the matches ÷ this.
LOOKUP_COST = 200
LOOKUP_MARGIN = 1.5
#: A walk looking rows up reads up to this many times the rows its density needs
#: before it hands over to collecting the matches.
LOOKUP_READS = 3


class Source(ABC):
    """Where a sorted walk reads rows: FROM and WHERE with their parameters."""

    @abstractmethod
    def sql(self, filters: Filters) -> tuple[str, dict[str, Any]]:
        """The FROM/WHERE text (ending in a WHERE clause) and its parameters."""


class EntriesSource(Source):
    def sql(self, filters: Filters) -> tuple[str, dict[str, Any]]:
        return f"entries e WHERE 1{filters.sql(' AND ')}", dict(filters.params)


class IndexSource(EntriesSource):
    """Every entry in the column's order, kept where `hit` (a test of `e.id` with its
    `params`) holds; where fewer than one row in `reads_per_match` does, the walk hands
    over to `fallback`. `collects`: each statement first collects every match (so a
    statement reads `pages_ahead` pages after the first)."""

    def __init__(
        self,
        hit: str,
        params: dict[str, Any],
        fallback: Source,
        *,
        reads_per_match: int | None = None,
        pages_ahead: int | None = None,
        collects: bool = True,
    ) -> None:
        self.hit, self.params, self.fallback = hit, params, fallback
        self.reads_per_match = READ_PER_MATCH if reads_per_match is None else reads_per_match
        self.pages_ahead = PAGES_AHEAD if pages_ahead is None else pages_ahead
        self.collects = collects

    @classmethod
    def of_match(cls, match: str) -> IndexSource:
        """The entries the full-text search `match` finds, collected by each statement
        (the matches sorted in SQL where they are too thin)."""
        hit = "e.id IN (SELECT rowid FROM entries_fts WHERE entries_fts MATCH :match)"
        return cls(hit, {"match": match}, MatchSource(match))

    @classmethod
    def of_ids(cls, ids: Sequence[int]) -> IndexSource:
        """The entries `ids` (each looked up and sorted where they are too thin)."""
        kept = IdsSource(ids)
        return cls("e.id IN (SELECT value FROM json_each(:kept))", kept.params, kept)


def lookups_worth(density: float, matches: float, want: int) -> bool:
    """Whether `want` rows where `density` of them match cost less looked up one by one
    than `matches` collected."""
    return density > 0 and want / density * LOOKUP_COST * LOOKUP_MARGIN <= matches


class LookupSource(IndexSource):
    """The entries the full-text search `match` finds, each row of the index looked up
    in the full-text index on its own where that costs less for the rows a statement
    reads (`for_take`); else collected, as `IndexSource.of_match` does.

    `sample` is the ids of some of the matches, all of them between its lowest and
    highest id; `matches`, about how many there are (`estimate`).
    """

    def __init__(self, match: str, sample: Sequence[int], matches: float) -> None:
        hit = "EXISTS (SELECT 1 FROM entries_fts WHERE entries_fts MATCH :match AND rowid = e.id)"
        self.collecting = IndexSource.of_match(match)
        super().__init__(hit, {"match": match}, self.collecting, pages_ahead=1, collects=False)
        self._sample = sample
        self._span = (min(sample), max(sample))
        self.matches = matches
        self._densities: dict[str | None, float] = {}

    @staticmethod
    def estimate(conn: sqlite3.Connection, sample: Sequence[int]) -> tuple[float, float]:
        """The share of rows that match and about how many do, from `sample`, without
        reading it again (a keystroke's worth: ids deleted within its span only make
        the estimate lower)."""
        share = len(sample) / (max(sample) - min(sample) + 1)
        entries = conn.execute("SELECT ifnull(max(rowid), 0) FROM entries").fetchone()[0]
        return share, share * entries

    def density(self, conn: sqlite3.Connection, where: str | None = None) -> float:
        """The share of the rows `where` holds (of every row: None) that match, within
        the sample's span of ids."""
        test = f" AND {where}" if where else ""
        sql = f"SELECT count(*) FROM entries e WHERE e.id IN (SELECT value FROM json_each(?)){test}"
        found = conn.execute(sql, (json.dumps(sorted(self._sample)),)).fetchone()[0]
        sql = f"SELECT count(*) FROM entries e WHERE e.id BETWEEN ? AND ?{test}"
        rows = conn.execute(sql, self._span).fetchone()[0]
        return found / rows if rows else 0.0

    def worth(self, density: float, want: int) -> bool:
        """Whether `want` rows at `density` cost less looked up than collected."""
        return lookups_worth(density, self.matches, want)

    def for_take(self, conn: sqlite3.Connection, where: str | None, want: int) -> IndexSource:
        """How a walk through the rows `where` holds reads its next `want` matches:
        looking its rows up, reading up to `LOOKUP_READS` times the rows their density
        needs (never more than collecting costs), or collecting the matches (a long
        read, Ctrl+End: looked up one by one, the rows would cost more)."""
        if where not in self._densities:
            self._densities[where] = self.density(conn, where)
        density = self._densities[where]
        if not self.worth(density, want):
            return self.collecting
        reads = min(math.ceil(LOOKUP_READS / density), int(self.matches / (LOOKUP_COST * want)))
        return IndexSource(
            self.hit,
            self.params,
            self.fallback,
            reads_per_match=max(1, reads),
            pages_ahead=1,
            collects=False,
        )


def sorted_fallback(source: Source) -> Source:
    """What `source` finally hands over to: the rows sorted in SQL, never an index walk."""
    while isinstance(source, IndexSource):
        source = source.fallback
    return source


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
        self.params = {"kept": json.dumps(list(ids))}

    def sql(self, filters: Filters) -> tuple[str, dict[str, Any]]:
        source = (
            f"entries e WHERE e.id IN (SELECT value FROM json_each(:kept)){filters.sql(' AND ')}"
        )
        return source, dict(filters.params, **self.params)
