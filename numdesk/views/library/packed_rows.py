"""The browser's loaded rows, held as plain tuples the garbage collector leaves alone.

A listing scrolled to its end holds every match: 100,000 rows and more in a big
library. Held as `EntrySummary` objects, each row is one more object that Python's
cycle collector walks in every full collection: about 10 ms per 40,000 rows, paid by
whichever page of the scroll happens to start one, so a page now and then took five
times the others. A tuple of strings, numbers and None can hold no reference cycle, and
Python stops tracking it, so packed rows cost the collector nothing however many there
are. The table reads its cells straight from the tuple; a caller asking for a row gets
an `EntrySummary` again.
"""

from __future__ import annotations

from numdesk.model.entry_kind import EntryKind, NewerKind, stored_kind
from numdesk.model.summary import EntrySummary

#: uid, kind (a known kind by its stored value; a `NewerKind` as it is), name, profile,
#: level, tags, favourite, subtitle.
Packed = tuple[str, str | NewerKind, str, str | None, int | None, tuple[str, ...], bool, str]

UID, KIND, NAME, PROFILE, LEVEL, TAGS, FAVOURITE, SUBTITLE = range(8)


def pack(summary: EntrySummary) -> Packed:
    """`summary` as a tuple of plain values (an `EntryKind` member is an object the
    collector tracks; its stored value is a plain string)."""
    kind = summary.kind
    return (
        summary.uid,
        kind.value if isinstance(kind, EntryKind) else kind,
        summary.name,
        summary.profile,
        summary.level,
        tuple(summary.tags),
        summary.favourite,
        summary.subtitle,
    )


def kind_of(row: Packed) -> EntryKind | NewerKind:
    """The row's kind."""
    kind = row[KIND]
    return stored_kind(kind) if isinstance(kind, str) else kind


def unpack(row: Packed) -> EntrySummary:
    """The `EntrySummary` `row` was packed from."""
    return EntrySummary(
        uid=row[UID],
        kind=kind_of(row),
        name=row[NAME],
        profile=row[PROFILE],
        level=row[LEVEL],
        tags=row[TAGS],
        favourite=row[FAVOURITE],
        subtitle=row[SUBTITLE],
    )
