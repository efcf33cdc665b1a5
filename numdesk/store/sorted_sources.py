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
#: A walk that looks each row up in the full-text index (`IndexSource.of_lookups`)
#: hands over to collecting the matches once it has read this many rows per match it
#: still needs: a lookup costs what collecting about a hundred matches does.
LOOKUPS_PER_MATCH = 4


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
    def of_lookups(cls, match: str) -> IndexSource:
        """The entries the full-text search `match` finds, each row of the index looked
        up in the full-text index on its own: for words the index holds the prefixes
        of, and matches so dense that a page needs few lookups (collected where they
        turn out too thin)."""
        hit = "EXISTS (SELECT 1 FROM entries_fts WHERE entries_fts MATCH :match AND rowid = e.id)"
        return cls(
            hit,
            {"match": match},
            cls.of_match(match),
            reads_per_match=LOOKUPS_PER_MATCH,
            pages_ahead=1,
            collects=False,
        )

    @classmethod
    def of_ids(cls, ids: Sequence[int]) -> IndexSource:
        """The entries `ids` (each looked up and sorted where they are too thin)."""
        kept = IdsSource(ids)
        return cls("e.id IN (SELECT value FROM json_each(:kept))", kept.params, kept)


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
