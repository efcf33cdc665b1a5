"""Content a newer numdesk wrote into a library of the same schema.

A newer numdesk may add a kind of entry ("spell") or a field to a known kind ("morale"
on a creature) without changing the library's schema. This numdesk keeps both exactly
as stored: an entry of an unknown kind is a `NewerEntry` (listed, shown as made by a
newer numdesk, exported unchanged, never edited); the unknown fields of a known kind
are carried over by every save and every export (`unknown_fields`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache
from typing import Any

from numdesk.model.kinds import ENTRY_CLASSES, EntryKind


@dataclass(frozen=True)
class NewerEntry:
    """An entry of a kind this numdesk does not know, as stored: `data` is its content."""

    uid: str
    kind: str
    name: str
    data: dict[str, Any]


@cache
def known_fields(kind: EntryKind) -> frozenset[str]:
    """The top-level fields this numdesk stores for an entry of `kind`."""
    return frozenset(f.name for f in dataclasses.fields(ENTRY_CLASSES[kind]))


def unknown_fields(kind: EntryKind, data: dict[str, Any]) -> dict[str, Any]:
    """The top-level fields of stored `data` this numdesk does not know (a newer one's)."""
    known = known_fields(kind)
    return {key: value for key, value in data.items() if key not in known}
