"""What a list shows of a library entry without loading it."""

from __future__ import annotations

from dataclasses import dataclass

from numdesk.model.entry_kind import EntryKind, NewerKind


@dataclass(frozen=True)
class EntrySummary:
    """One row of the library browser or a search result.

    It lives in the model, not the store, so views can hold and show summaries without
    importing the storage layer.
    """

    uid: str
    #: a `NewerKind` for an entry of a kind only a newer numdesk knows
    kind: EntryKind | NewerKind
    name: str
    profile: str | None
    level: int | None
    tags: tuple[str, ...]
    favourite: bool
    subtitle: str
