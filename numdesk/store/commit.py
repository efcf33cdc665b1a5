"""One user action written as one transaction: several entries, revision-checked, with
its undo journal line.

Every write names the revision of the entry it started from (`Write.expected`). Inside
the write transaction (BEGIN IMMEDIATE holds the write lock, so nobody can save in
between) the stored revisions are compared first: if any entry was saved by someone
else since it was read, nothing is written and `ConflictError` says which entry. This
is what stops two windows, or two numdesk processes on one library, from overwriting
each other's acknowledged edits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, select, update

from numdesk.model.kinds import ModelObject
from numdesk.store.entries import describe
from numdesk.store.errors import LibraryError
from numdesk.store.journal import JournalWrite, write_journal
from numdesk.store.schema import Entry
from numdesk.store.writer import drop_unused_tags, set_tags, write_rows


class ConflictError(LibraryError):
    """A save was refused because the entry changed since it was read (nothing written)."""

    def __init__(self, message: str, uid: str) -> None:
        super().__init__(message)
        self.uid = uid


@dataclass(frozen=True)
class Write:
    """Store `obj` as entry `uid`, or delete it when `obj` is None.

    `expected` is the revision the writer read; None means the entry must not exist
    yet (a creation, or the undo of a delete). `tags` and `favourite`, when given, are
    set too (a deleted entry comes back with them). `data`, when given, is `obj` already
    converted by `to_data` or `entry_data` (the fight and the sheet have it at hand:
    converting twice per click costs). `history_kept`, for a character, is how many
    first lines of its history are stored already at revision `expected` (the writer
    read them then and left them alone): only the lines after them are written, so a
    long history costs a save nothing. None compares the whole stored history.
    """

    uid: str
    obj: ModelObject | None
    expected: int | None
    tags: tuple[str, ...] | None = None
    favourite: bool | None = None
    data: dict[str, Any] | None = None
    history_kept: int | None = None


def commit(
    conn: Connection, writes: Sequence[Write], journal: JournalWrite | None = None
) -> dict[str, int]:
    """Check every revision, then write everything; returns uid -> revision now stored."""
    stored: dict[str, tuple[int, int, str]] = {}
    for write in writes:
        # plain SQL: this runs on every fight action (see journal.write_journal)
        row = conn.exec_driver_sql(_READ_REVISION, (write.uid,)).first()
        name = getattr(write.obj, "name", None) or (row.name if row is not None else write.uid)
        if write.expected is None and row is not None:
            raise ConflictError(
                f"'{name}' is already in the library (saved from another window or "
                "another numdesk); nothing was changed.",
                write.uid,
            )
        if write.expected is not None:
            if row is None:
                raise ConflictError(
                    f"'{name}' was deleted in another window or another numdesk; "
                    "nothing was changed.",
                    write.uid,
                )
            if row.revision != write.expected:
                raise ConflictError(
                    f"'{name}' was changed in another window or another numdesk since it "
                    "was shown here. Nothing was overwritten: it now shows the saved "
                    "version; make the change again if it is still needed.",
                    write.uid,
                )
            stored[write.uid] = (row.id, row.revision, row.name)
    kept = _history_kept(writes)
    deleted = [w.uid for w in writes if w.obj is None]
    if deleted:
        conn.execute(delete(Entry).where(Entry.uid.in_(deleted)))
        drop_unused_tags(conn)
    rows = [describe(w.obj, w.data, kept.get(w.uid)) for w in writes if w.obj is not None]
    if rows:
        write_rows(conn, rows)
    for write in writes:
        if write.obj is None:
            continue
        if write.tags is not None:
            entry_id = conn.execute(select(Entry.id).where(Entry.uid == write.uid)).scalar_one()
            set_tags(conn, entry_id, list(write.tags))
        if write.favourite is not None:
            conn.execute(
                update(Entry).where(Entry.uid == write.uid).values(favourite=write.favourite)
            )
    if journal is not None:
        write_journal(conn, journal)
    revisions: dict[str, int] = {}
    for write in writes:
        if write.obj is not None:
            row = conn.exec_driver_sql(_READ_REVISION, (write.uid,)).first()
            if row is not None:
                revisions[write.uid] = int(row.revision)
    return revisions


def _history_kept(writes: Sequence[Write]) -> dict[str, int | None]:
    """uid -> the history lines stored already that the writes leave alone.

    Safe after the revision check: those lines are stored as the writer read them. A
    creation compares nothing, and of several writes of one entry (the last is stored)
    each counted on what it started from: the least of them holds.
    """
    kept: dict[str, int | None] = {}
    for write in writes:
        mine = write.history_kept if write.expected is not None else None
        if write.uid in kept:
            earlier = kept[write.uid]
            mine = None if earlier is None or mine is None else min(earlier, mine)
        kept[write.uid] = mine
    return kept


_READ_REVISION = "SELECT id, revision, name FROM entries WHERE uid = ?"
