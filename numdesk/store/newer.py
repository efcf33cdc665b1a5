"""Reading what a newer numdesk wrote into this library (`numdesk.model.newer`).

Entries of a kind this numdesk does not know are read only as they are stored
(`read_newer`), and the fields of known kinds it does not know are found
by walking the stored data along what this numdesk knows of the kind, so every save
can carry them over (`keep_unknown_fields`), at any depth.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Connection

from numdesk.model.entry_kind import EntryKind, NewerKind, stored_kind
from numdesk.model.newer import (
    NewerEntry,
    carry_newer,
    has_newer,
    unknown_fields,
)
from numdesk.store.entries import EntryRow
from numdesk.store.errors import LibraryError

_CHUNK = 500


def newer_entry_error(name: str, kind: str) -> LibraryError:
    """The refusal for opening, changing or printing an entry of a kind only a newer
    numdesk knows."""
    return LibraryError(
        f"'{name}' was made by a newer numdesk: it is a kind of entry ('{kind}') this "
        "numdesk does not know. It is kept as it is and exported unchanged; use a newer "
        "numdesk to open or change it."
    )


def read_newer(conn: Connection, uid: str) -> NewerEntry | None:
    """Entry `uid` as stored if its kind is unknown here; None for a known kind or none."""
    row = conn.exec_driver_sql("SELECT kind, name, data FROM entries WHERE uid = ?", (uid,)).first()
    if row is None or not isinstance(stored_kind(row.kind), NewerKind):
        return None
    try:
        data = json.loads(row.data)
    except ValueError as err:
        raise LibraryError(f"The stored entry '{row.name}' is damaged and cannot be read.") from err
    return NewerEntry(uid, row.kind, row.name, data if isinstance(data, dict) else {})


def newer_uids(conn: Connection) -> list[str]:
    """The uids of every entry of a kind unknown here, by name."""
    known = ", ".join(f"'{k.value}'" for k in EntryKind)
    rows = conn.exec_driver_sql(
        f"SELECT uid FROM entries WHERE kind NOT IN ({known}) ORDER BY name_key, id"
    )
    return [uid for (uid,) in rows]


def unknown_fields_of(conn: Connection, uids: Sequence[str]) -> dict[str, dict[str, Any]]:
    """uid -> the stored top-level fields this numdesk does not know, for those of the
    known-kind entries `uids` that have any."""
    found = {}
    for uid, (kind, data) in newer_stored(conn, uids).items():
        fields = unknown_fields(kind, data)
        if fields:
            found[uid] = fields
    return found


#: uid -> (kind, data) as this numdesk last wrote the entry, where that data held only
#: fields this numdesk knows (`EntryRow.known_only`): while the library still stores
#: exactly that text, it holds nothing a newer numdesk added and is not parsed again.
#: Compared by content, never by revision, so another library with the same entry, a
#: restored backup or a newer numdesk's write in between is read as before.
_WRITTEN: dict[str, tuple[str, str]] = {}
#: entries remembered (the ones being played or edited, a few at a time)
_WRITTEN_KEPT = 64


def remember_written(rows: Sequence[EntryRow]) -> None:
    """Note the rows just written whose data holds only fields this numdesk knows."""
    for row in rows:
        _WRITTEN.pop(row.uid, None)
        if row.known_only:
            _WRITTEN[row.uid] = (row.kind.value, row.data)
    while len(_WRITTEN) > _WRITTEN_KEPT:
        del _WRITTEN[next(iter(_WRITTEN))]


def newer_stored(conn: Connection, uids: Sequence[str]) -> dict[str, tuple[EntryKind, Any]]:
    """uid -> (kind, stored data) of those known-kind entries of `uids` holding a field a
    newer numdesk added, at any depth (a creature's "morale", an ability's "luck").

    Each entry is parsed and walked along what this numdesk knows of its kind (0.03 ms
    for a usual entry, about 1 ms for a fight of 50), unless it is stored exactly as
    this numdesk last wrote it with nothing of a newer one's (`remember_written`).
    """
    found: dict[str, tuple[EntryKind, Any]] = {}
    for start in range(0, len(uids), _CHUNK):
        chunk = list(uids[start : start + _CHUNK])
        marks = ", ".join("?" for _ in chunk)
        rows = conn.exec_driver_sql(
            f"SELECT uid, kind, data FROM entries WHERE uid IN ({marks})", tuple(chunk)
        )
        for uid, stored, text in rows:
            if _WRITTEN.get(uid) == (stored, text):
                continue
            kind = stored_kind(stored)
            if not isinstance(kind, EntryKind):
                continue
            try:
                data = json.loads(text)
            except ValueError:
                continue  # a damaged row has nothing to keep
            if has_newer(kind, data):
                found[uid] = (kind, data)
    return found


def keep_unknown_fields(conn: Connection, rows: Sequence[EntryRow]) -> list[EntryRow]:
    """`rows` about to replace stored entries, each given back the fields a newer
    numdesk stored in it that this numdesk does not know, at any depth (so no save
    drops them): matched by field, by key, and list items by uid or unchanged place."""
    stored = newer_stored(conn, [r.uid for r in rows])
    if not stored:
        return list(rows)
    kept = []
    for row in rows:
        if row.uid in stored:
            kind, old = stored[row.uid]
            data = carry_newer(kind, old, json.loads(row.data))
            row = dataclasses.replace(
                row,
                data=json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                known_only=False,
            )
        kept.append(row)
    return kept


def with_newer_fields(rows: Sequence[EntryRow], newer_data: Mapping[str, Any]) -> list[EntryRow]:
    """`rows` of imported entries, each given back the fields a newer numdesk added that
    the file held for it (`newer_data`: uid -> the entry's data as the file has it)."""
    kept = []
    for row in rows:
        source = newer_data.get(row.uid)
        if source is not None:
            data = carry_newer(row.kind, source, json.loads(row.data))
            row = dataclasses.replace(
                row,
                data=json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                known_only=False,
            )
        kept.append(row)
    return kept
