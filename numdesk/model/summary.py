"""What a list shows of a library entry without loading it."""

from __future__ import annotations

from typing import NamedTuple

from numdesk.model.entry_kind import EntryKind, NewerKind


class EntrySummary(NamedTuple):
    """One row of the library browser or a search result.

    It lives in the model, not the store, so views can hold and show summaries without
    importing the storage layer. A named tuple rather than a dataclass, like the first
    screen's other records: Python makes its class in a tenth of a frozen dataclass's
    1-3 ms, and builds a page of rows faster.
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
