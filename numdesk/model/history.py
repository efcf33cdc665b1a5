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


#: The field of a character holding its history. The history only ever grows at its
#: end, so snapshots, saves and undo patches treat it apart from the rest of the sheet.
HISTORY_FIELD = "history"
