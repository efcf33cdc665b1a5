"""What every part of a browser listing shares (`numdesk.store.browse`): a step read in
order, the full-text source under the filters, and the cap on counting."""

from __future__ import annotations

import sqlite3
from abc import ABC, abstractmethod

from numdesk.store.search import Filters

#: Counting stops past this many matches: more are shown as "1,000+".
CAP = 1_000


class Step(ABC):
    """One part of a listing (a tier of a search, a group of a sort), read in order."""

    done = False

    @abstractmethod
    def take(self, conn: sqlite3.Connection, limit: int) -> list[int]:
        """Up to `limit` next entry ids; sets `done` once nothing is left. Fewer
        without `done` end the page there (the next page goes on from them)."""


def fts_source(filters: Filters) -> str:
    """FROM and WHERE of a full-text query under `filters` (`:match` to be bound).

    The FTS table is read first (CROSS JOIN): looking each entry up in it instead would
    run the full-text query once per entry.
    """
    if not filters.where:
        return "entries_fts f WHERE entries_fts MATCH :match"
    return (
        "entries_fts f CROSS JOIN entries e ON e.id = f.rowid"
        f" WHERE entries_fts MATCH :match{filters.sql(' AND ')}"
    )
