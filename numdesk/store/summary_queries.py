"""The browser's queries, written once for both ways a library file is read.

The first screen lists a library through `LibraryReader` (plain `sqlite3`, before
SQLAlchemy is imported); after that, `Library` answers inside its own read
transactions. Both hand a DB-API connection to `SummaryQueries`, so searching,
paging, counting and the tag list are one piece of code and the two can never drift apart.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import Unpack

from numdesk.model.entry_kind import EntryKind
from numdesk.model.listing import MatchCount
from numdesk.model.summary import EntrySummary
from numdesk.store.browse import (
    Pages,
    query_summaries,
    summaries_of_uids,
)
from numdesk.store.search import (
    SearchFilters,
    count_entries,
    count_matches,
    tag_names,
)


class SummaryQueries:
    """Search, counts and tags over the connection `_summary_connection` lends."""

    def _summary_connection(self) -> AbstractContextManager[sqlite3.Connection]:
        """A DB-API connection to run one query on (inside a read transaction)."""
        raise NotImplementedError

    def search(
        self,
        text: str = "",
        limit: int | None = 200,
        offset: int = 0,
        **filters: Unpack[SearchFilters],
    ) -> list[EntrySummary]:
        """Entries matching `text` (words typed so far) and every filter, best first.

        A character's level is its tier. Several `tags` must all be present. Entries
        without a profile (items, abilities, tables) match any `profile`. `offset`
        skips that many matches (a browser loading page by page); `limit` None lists all.
        """
        with self._summary_connection() as conn:
            return query_summaries(conn, text, limit=limit, offset=offset, **filters)

    def count_matches(self, text: str = "", **filters: Unpack[SearchFilters]) -> int:
        """How many entries `search` finds with these filters and no limit."""
        with self._summary_connection() as conn:
            return count_matches(conn, text, **filters)

    def summaries_of(self, uids: Iterable[str]) -> list[EntrySummary]:
        """The browser lines of those of `uids` the library holds (in no set order)."""
        with self._summary_connection() as conn:
            return summaries_of_uids(conn, list(uids))

    def next_page(self, pages: Pages, limit: int) -> list[EntrySummary]:
        """The next `limit` entries of a browser's listing (`Pages` keeps its place)."""
        with self._summary_connection() as conn:
            return pages.next_page(conn, limit)

    def count_capped(self, pages: Pages) -> MatchCount:
        """How many entries a browser's listing holds, counted up to a cap."""
        with self._summary_connection() as conn:
            return pages.count(conn)

    def count(self, kind: EntryKind | None = None) -> int:
        """How many entries (of `kind`, or in all) the library holds."""
        with self._summary_connection() as conn:
            return count_entries(conn, kind)

    def all_tags(self) -> list[str]:
        """Every tag in use, sorted ignoring case."""
        with self._summary_connection() as conn:
            return tag_names(conn)
