"""History entries: what changed on a sheet and why, in a player's words."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime


def now_iso() -> str:
    """The current time as an ISO 8601 string in UTC (history and logs store this)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class HistoryEntry:
    """One change: `summary` is the line a player reads ("Took 4 Might damage")."""

    summary: str
    kind: str = "edit"
    details: str = ""
    at: str = field(default_factory=now_iso)


#: The field of a character holding its history, and of an encounter holding its log:
#: records that only ever grow at their end (a line or two per click, for as long as the
#: entry is played), so snapshots, saves and undo patches treat them apart from the rest.
HISTORY_FIELD = "history"
LOG_FIELD = "log"
RECORD_FIELDS = frozenset({HISTORY_FIELD, LOG_FIELD})
