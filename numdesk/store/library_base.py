"""What every `Library` operation stands on: the read and write transactions, loading
and saving one entry for the repositories, tags and favourites, the library's own
settings and the registry of its house rules sets.

`Library` (`store/library.py`) adds opening, creating, searching, committing and
backups on top; this part never opens or creates a file itself.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, delete, select, update
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from numdesk.model.character import Character
from numdesk.model.encounter import Encounter
from numdesk.model.entry_kind import NewerKind, stored_kind
from numdesk.model.kinds import ENTRY_CLASSES, EntryKind, ModelObject
from numdesk.model.newer import NewerEntry, newer_names
from numdesk.model.rules_set import RulesSet
from numdesk.model.summary import EntrySummary
from numdesk.rules.profiles import PROFILES
from numdesk.store import backups
from numdesk.store.browse import query_summaries
from numdesk.store.entries import describe, rebuild
from numdesk.store.errors import LibraryError, explain_database_error
from numdesk.store.newer import (
    newer_entry_error,
    newer_stored,
    newer_uids,
    read_newer,
    unknown_fields_of,
)
from numdesk.store.records import read_histories, read_history, read_log, read_logs
from numdesk.store.restore import restore
from numdesk.store.rules_registry import forget, register_sets
from numdesk.store.rules_sets import load_registry, refuse_delete_in_use
from numdesk.store.schema import Entry, Meta
from numdesk.store.summary_queries import SummaryQueries
from numdesk.store.writer import drop_unused_tags, set_tags, write_rows


class LibraryBase(SummaryQueries):
    """The plumbing of a `Library` (its base class); the attributes are set by it."""

    _path: Path
    _read_only: bool
    _write: sessionmaker[Session]
    _read: sessionmaker[Session]
    _reader: Engine
    _registered: set[str]
    rules_set_problems: list[str]

    # -- used by the repositories ----------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[Session]:
        """One write transaction (BEGIN IMMEDIATE); database errors become LibraryError."""
        if self._read_only:
            raise LibraryError(f"The library {self._path} is open read-only; nothing was changed.")
        try:
            with self._write.begin() as session:
                yield session
        except (DBAPIError, sqlite3.Error) as err:
            raise LibraryError(explain_database_error(self._path, err)) from err

    @contextmanager
    def _reading(self) -> Iterator[Session]:
        """One read transaction (a consistent snapshot); errors become LibraryError."""
        try:
            with self._read.begin() as session:
                yield session
        except (DBAPIError, sqlite3.Error) as err:
            raise LibraryError(explain_database_error(self._path, err)) from err

    def _entry_id(self, conn: Connection, uid: str, kind: EntryKind | None = None) -> int:
        row = conn.execute(select(Entry.id, Entry.kind).where(Entry.uid == uid)).first()
        if row is None or (kind is not None and row.kind != kind.value):
            raise missing_entry(uid, kind)
        return int(row.id)

    def _load(self, uid: str, kind: EntryKind | None) -> ModelObject:
        return self._load_row(uid, kind)[0]

    def _load_row(self, uid: str, kind: EntryKind | None) -> tuple[ModelObject, int]:
        with self._reading() as session:
            obj, revision = self._read_row(session.connection(), uid, kind)
        profile = getattr(obj, "profile", None)
        if isinstance(profile, str) and profile not in PROFILES:
            # a rules set saved since this library opened (an import from the command
            # line while the app is open): register the library's sets again
            self.load_rules_sets()
        return obj, revision

    def _read_row(
        self, conn: Connection, uid: str, kind: EntryKind | None
    ) -> tuple[ModelObject, int]:
        """Entry `uid` and its revision, read on `conn` (inside the caller's transaction)."""
        row = conn.execute(
            select(Entry.id, Entry.kind, Entry.data, Entry.revision).where(Entry.uid == uid)
        ).first()
        if row is None or (kind is not None and row.kind != kind.value):
            raise missing_entry(uid, kind)
        row_kind = _known_kind(conn, uid, row.kind)
        cls = ENTRY_CLASSES[row_kind]
        history = read_history(conn, row.id) if cls is Character else None
        log = read_log(conn, row.id) if cls is Encounter else None
        return rebuild(row_kind, row.data, history, log), int(row.revision)

    def _save_one(self, obj: ModelObject, kind: EntryKind) -> None:
        row = describe(obj)
        if row.kind != kind:
            raise LibraryError(f"'{row.name}' is a {row.kind.value}, not a {kind.value}.")
        if isinstance(obj, RulesSet):
            obj.profile()  # a set whose changes do not fit is refused, not stored
        with self._writing() as session:
            write_rows(session.connection(), [row])
        register_sets([obj], self._registered)

    def _delete(self, uid: str, kind: EntryKind | None) -> None:
        with self._writing() as session:
            conn = session.connection()
            entry_id = self._entry_id(conn, uid, kind)
            row = conn.execute(select(Entry.kind, Entry.name).where(Entry.id == entry_id)).one()
            if row.kind == EntryKind.RULES_SET.value:
                refuse_delete_in_use(conn, uid, row.name)
            conn.execute(delete(Entry).where(Entry.id == entry_id))
            drop_unused_tags(conn)
        if row.kind == EntryKind.RULES_SET.value:
            forget([uid], self._registered)

    def _list(self, kind: EntryKind) -> list[EntrySummary]:
        with self._reading() as session:
            return query_summaries(dbapi_of(session), kinds=[kind], limit=None)

    def _uid_by_name(self, kind: EntryKind, name: str) -> str | None:
        stmt = (
            select(Entry.uid)
            .where(Entry.kind == kind.value, Entry.name_key == name.strip().casefold())
            .order_by(Entry.id)
            .limit(1)
        )
        with self._reading() as session:
            return session.scalar(stmt)

    # -- reading entries of any kind ---------------------------------------------------

    def load_many(self, uids: Iterable[str]) -> list[ModelObject]:
        """The entries `uids`, in that order, read in one transaction (for exports).

        Much faster than one `load` per entry; LibraryError names the first missing uid.
        """
        wanted = list(uids)
        rows: dict[str, Any] = {}
        with self._reading() as session:
            conn = session.connection()
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                stmt = select(Entry.uid, Entry.id, Entry.kind, Entry.data).where(
                    Entry.uid.in_(chunk)
                )
                rows.update({row.uid: row for row in conn.execute(stmt)})
            missing = next((uid for uid in wanted if uid not in rows), None)
            if missing is not None:
                raise missing_entry(missing)
            for uid in wanted:
                _known_kind(conn, uid, rows[uid].kind)
            character_ids = [r.id for r in rows.values() if r.kind == EntryKind.CHARACTER.value]
            histories = read_histories(conn, character_ids)
            fight_ids = [r.id for r in rows.values() if r.kind == EntryKind.ENCOUNTER.value]
            logs = read_logs(conn, fight_ids)
        return [
            rebuild(
                EntryKind(rows[uid].kind),
                rows[uid].data,
                histories.get(rows[uid].id),
                logs.get(rows[uid].id),
            )
            for uid in wanted
        ]

    def kind_of_uid(self, uid: str) -> EntryKind | NewerKind:
        """The kind of entry `uid` (a `NewerKind` if only a newer numdesk knows it);
        LibraryError if missing."""
        with self._reading() as session:
            kind = session.scalar(select(Entry.kind).where(Entry.uid == uid))
        if kind is None:
            raise missing_entry(uid)
        return stored_kind(kind)

    def load_newer(self, uid: str) -> NewerEntry:
        """Entry `uid` of a kind only a newer numdesk knows, exactly as stored."""
        with self._reading() as session:
            entry = read_newer(session.connection(), uid)
        if entry is None:
            raise missing_entry(uid)
        return entry

    def newer_uids(self) -> list[str]:
        """Every entry of a kind only a newer numdesk knows, by name."""
        with self._reading() as session:
            return newer_uids(session.connection())

    def unknown_fields(self, uids: Iterable[str]) -> dict[str, dict[str, Any]]:
        """uid -> the fields a newer numdesk stored in that entry that this one does not
        know (only for entries that have some): kept by every save, added to exports."""
        with self._reading() as session:
            return unknown_fields_of(session.connection(), list(uids))

    def revision(self, uid: str) -> int | None:
        """The revision entry `uid` is stored at (None if the library holds none): one
        small query, to tell whether a copy a window holds is still the stored one.

        Asked before every undo of a fight, so it goes to the driver as it is: one
        statement is read in a transaction of its own (the connections do not open one
        themselves, `store.connection`), without a session's or a transaction's upkeep
        (about 0.02 ms instead of 0.2)."""
        try:
            conn = self._reader.raw_connection()
            try:
                cursor = conn.cursor()
                cursor.execute("SELECT revision FROM entries WHERE uid = ?", (uid,))
                row = cursor.fetchone()
                cursor.close()
            finally:
                conn.close()
        except (DBAPIError, sqlite3.Error) as err:
            raise LibraryError(explain_database_error(self._path, err)) from err
        return None if row is None else int(row[0])

    def newer_stored(self, uids: Iterable[str]) -> dict[str, Any]:
        """uid -> stored data, for the entries of `uids` holding a field a newer numdesk
        added at any depth (an export carries them into what it writes)."""
        with self._reading() as session:
            found = newer_stored(session.connection(), list(uids))
        return {uid: data for uid, (_kind, data) in found.items()}

    def newer_field_names(self, uid: str) -> list[tuple[str, str]]:
        """The fields a newer numdesk stored in entry `uid`, at any depth, each with the
        top-level field it is inside: ("morale", ""), ("luck", "abilities")."""
        with self._reading() as session:
            found = newer_stored(session.connection(), [uid])
        return [name for kind, data in found.values() for name in newer_names(kind, data)]

    def has(self, uid: str) -> bool:
        """Whether the library holds an entry `uid`."""
        with self._reading() as session:
            return session.scalar(select(Entry.id).where(Entry.uid == uid)) is not None

    def summary(self, uid: str) -> EntrySummary:
        """The browser line of entry `uid`; LibraryError if missing."""
        with self._reading() as session:
            found = query_summaries(dbapi_of(session), uids=[uid], limit=1)
        if not found:
            raise missing_entry(uid)
        return found[0]

    # -- backups ------------------------------------------------------------------

    def backup_now(self) -> Path:
        """Copy the library into `backups/` beside it now; keeps the newest ten."""
        target = backups.backup_now(self._path)
        backups.prune_backups(self._path)
        return target

    def _try_backup(self) -> str | None:
        """Take the daily backup; a failure (a full disk) is reported, never fatal.

        The library opens either way and `backup_problem` holds the reason in a few
        words; as no new backup exists, the next open tries again.
        """
        try:
            self.backup_now()
        except (LibraryError, OSError) as err:
            cause = err.__cause__ if isinstance(err, LibraryError) and err.__cause__ else err
            return backups.failure_reason(cause)
        return None

    def list_backups(self) -> list[Path]:
        """The backups of this library, newest first."""
        return backups.list_backups(self._path)

    @staticmethod
    def restore_backup(backup: Path, target: Path) -> None:
        """Replace the library `target` (closed) by the copy `backup`.

        The current `target`, if any, is first saved as a backup itself, so a restore
        can be undone by restoring that one.
        """
        restore(Path(backup), Path(target))

    # -- tags and favourites ---------------------------------------------------------

    def set_tags(self, uid: str, tags: list[str]) -> None:
        """Replace the tags of entry `uid` (case-insensitive; blanks and repeats dropped)."""
        with self._writing() as session:
            conn = session.connection()
            set_tags(conn, self._entry_id(conn, uid), tags)

    def set_favourite(self, uid: str, favourite: bool) -> None:
        """Mark or unmark entry `uid` as a favourite."""
        with self._writing() as session:
            result = session.execute(
                update(Entry).where(Entry.uid == uid).values(favourite=bool(favourite))
            )
            if result.rowcount == 0:  # type: ignore[attr-defined]
                raise missing_entry(uid)

    @contextmanager
    def _summary_connection(self) -> Iterator[sqlite3.Connection]:
        """The browser's queries run in one read transaction on a pooled DB-API
        connection of the reading engine, without an ORM session (a key press runs a
        few of them: a session's set-up cost as much as the queries themselves)."""
        try:
            pooled = self._reader.raw_connection()
        except (DBAPIError, sqlite3.Error) as err:
            raise LibraryError(explain_database_error(self._path, err)) from err
        try:
            conn = pooled.driver_connection
            assert isinstance(conn, sqlite3.Connection)
            conn.execute("BEGIN")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        except sqlite3.Error as err:
            raise LibraryError(explain_database_error(self._path, err)) from err
        finally:
            pooled.close()

    # -- settings and rules sets ---------------------------------------------------------

    def meta_get(self, key: str, default: Any = None) -> Any:
        """A setting stored in the library (any JSON value), or `default`."""
        with self._reading() as session:
            value = session.scalar(select(Meta.value).where(Meta.key == key))
        return default if value is None else json.loads(value)

    def meta_set(self, key: str, value: Any) -> None:
        """Store a setting in the library; `value` must be JSON-compatible."""
        with self._writing() as session:
            put_meta(session, key, value)

    def load_rules_sets(self) -> None:
        """Register this library's house rules sets so `get_profile` knows them (again,
        after another process or another `Library` on the same file added some)."""
        with self._reading() as session:
            self.rules_set_problems = load_registry(session.connection(), self._registered)


def dbapi_of(session: Session) -> sqlite3.Connection:
    """The session's `sqlite3` connection, inside the session's transaction (the search
    queries are plain DB-API SQL, shared with the first screen's `store.reader`)."""
    conn = session.connection().connection.driver_connection
    assert isinstance(conn, sqlite3.Connection)
    return conn


def put_meta(session: Session, key: str, value: Any) -> None:
    encoded = json.dumps(value, ensure_ascii=False)
    stmt = sqlite_insert(Meta).values(key=key, value=encoded)
    session.execute(stmt.on_conflict_do_update(index_elements=["key"], set_={"value": encoded}))


def _known_kind(conn: Connection, uid: str, kind: str) -> EntryKind:
    """The stored `kind` of entry `uid`; a LibraryError saying so if only a newer
    numdesk knows it (such an entry is never built as a model object)."""
    known = stored_kind(kind)
    if isinstance(known, NewerKind):
        name = conn.execute(select(Entry.name).where(Entry.uid == uid)).scalar_one()
        raise newer_entry_error(name, kind)
    return known


def missing_entry(uid: str, kind: EntryKind | None = None) -> LibraryError:
    what = f"{kind.value} " if kind is not None else "entry "
    return LibraryError(f"The library holds no {what}with the id {uid}.")
