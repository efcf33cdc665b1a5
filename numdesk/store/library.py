"""The library: one SQLite file holding every entry a user makes or imports.

`Library.open` checks the file before touching it, migrates an older file after copying
it aside, takes a rolling backup at most once a day, and then offers one typed
repository per kind. Every public method is one transaction: it happens completely or
not at all, even if the process is killed half-way.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from tempfile import TemporaryDirectory
from types import TracebackType
from typing import Any

from sqlalchemy import Connection, delete, func, select, update
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter
from numdesk.model.follower import Follower
from numdesk.model.items import Armor, Artifact, Cypher, Equipment, Oddity, Shield, Weapon
from numdesk.model.kinds import ENTRY_CLASSES, EntryKind, ModelObject
from numdesk.model.rules_set import RulesSet
from numdesk.model.summary import EntrySummary
from numdesk.model.tables import RollTable
from numdesk.model.templates import SentenceTemplate, TypeTemplate
from numdesk.rules.profiles import PROFILES
from numdesk.store import backups
from numdesk.store.connection import make_engine
from numdesk.store.entries import describe, rebuild
from numdesk.store.errors import LibraryError, explain_database_error
from numdesk.store.migrate import (
    check_location,
    migrate_with_backup,
    needs_verifying,
    read_revision,
    upgrade,
)
from numdesk.store.repository import Repository
from numdesk.store.restore import restore
from numdesk.store.revisions import HEAD
from numdesk.store.rules_sets import (
    forget,
    load_registry,
    refuse_delete_in_use,
    register_sets,
)
from numdesk.store.schema import Entry, Meta, Tag
from numdesk.store.search import count_matches, query_summaries
from numdesk.store.starter import STARTER_EDITION, load_starter
from numdesk.store.writer import (
    drop_unused_tags,
    existing_uids,
    now_stamp,
    read_histories,
    read_history,
    set_tags,
    set_tags_many,
    write_rows,
)


class Library:
    """An open library file. Use `Library.open` or `Library.create`, then `close()`."""

    def __init__(self, path: Path, *, read_only: bool = False) -> None:
        """Connect to a file that is already at the newest schema (use `open`)."""
        self._path = path
        self._read_only = read_only
        #: why no automatic backup was made on open (None: made, or not due)
        self.backup_problem: str | None = None
        #: a folder holding an upgraded copy, for a read-only open of an older file
        self._scratch: TemporaryDirectory[str] | None = None
        self._writer = make_engine(path, write=True, read_only=read_only)
        self._reader = make_engine(path, write=False, read_only=read_only)
        self._write: sessionmaker[Session] = sessionmaker(self._writer, expire_on_commit=False)
        self._read: sessionmaker[Session] = sessionmaker(self._reader)
        self.characters: Repository[Character] = Repository(self, EntryKind.CHARACTER, Character)
        self.creatures: Repository[Creature] = Repository(self, EntryKind.CREATURE, Creature)
        self.followers: Repository[Follower] = Repository(self, EntryKind.FOLLOWER, Follower)
        self.encounters: Repository[Encounter] = Repository(self, EntryKind.ENCOUNTER, Encounter)
        self.cyphers: Repository[Cypher] = Repository(self, EntryKind.CYPHER, Cypher)
        self.artifacts: Repository[Artifact] = Repository(self, EntryKind.ARTIFACT, Artifact)
        self.oddities: Repository[Oddity] = Repository(self, EntryKind.ODDITY, Oddity)
        self.equipment: Repository[Equipment] = Repository(self, EntryKind.EQUIPMENT, Equipment)
        self.weapons: Repository[Weapon] = Repository(self, EntryKind.WEAPON, Weapon)
        self.armor: Repository[Armor] = Repository(self, EntryKind.ARMOR, Armor)
        self.shields: Repository[Shield] = Repository(self, EntryKind.SHIELD, Shield)
        self.abilities: Repository[Ability] = Repository(self, EntryKind.ABILITY, Ability)
        self.skills: Repository[Skill] = Repository(self, EntryKind.SKILL, Skill)
        self.types: Repository[TypeTemplate] = Repository(self, EntryKind.TYPE, TypeTemplate)
        self.descriptors: Repository[SentenceTemplate] = Repository(
            self, EntryKind.DESCRIPTOR, SentenceTemplate
        )
        self.foci: Repository[SentenceTemplate] = Repository(
            self, EntryKind.FOCUS, SentenceTemplate
        )
        self.flavors: Repository[SentenceTemplate] = Repository(
            self, EntryKind.FLAVOR, SentenceTemplate
        )
        self.tables: Repository[RollTable] = Repository(self, EntryKind.TABLE, RollTable)
        self.rules_sets: Repository[RulesSet] = Repository(self, EntryKind.RULES_SET, RulesSet)
        self._repos: dict[EntryKind, Repository[Any]] = {
            repo.kind: repo for repo in vars(self).values() if isinstance(repo, Repository)
        }
        #: rules sets stored here that cannot be used (each a sentence), from the last load
        self.rules_set_problems: list[str] = []
        self._registered: set[str] = set()

    # -- opening and closing ---------------------------------------------------------

    @classmethod
    def open(
        cls, path: Path, create: bool = True, *, starter: bool = True, auto_backup: bool = True
    ) -> Library:
        """Open the library at `path`, creating it if missing and `create` is true.

        An older file is copied to `<name>.backup-<revision>-<time>` and migrated; a file
        from a newer numdesk, a damaged, read-only or non-library file is refused with a
        LibraryError and left as it was.
        """
        path = Path(path).expanduser()
        check_location(path)
        if not path.exists():
            if not create:
                raise LibraryError(f"There is no library at {path}.")
            return cls.create(path, starter=starter)
        backup_due = auto_backup and backups.auto_backup_due(path)
        revision = read_revision(path, verify=needs_verifying(path, backup_due))
        if revision is None:
            return cls._initialise(path, starter=starter)
        if revision != HEAD:
            migrate_with_backup(path, revision)
        library = cls(path)
        backups.remove_stale_partials(path)
        if backup_due:
            library.backup_problem = library._try_backup()
        library._add_newer_starter()
        library._load_rules_sets()
        return library

    @classmethod
    def open_read_only(cls, path: Path) -> Library:
        """Open an existing library for reading only: exports and printing.

        Nothing is created or changed: a missing or empty file is refused, no backup is
        taken, and a file with an older schema is upgraded in a temporary copy. A
        read-only file (or one in a read-only folder) opens as well as any other.
        """
        path = Path(path).expanduser()
        if not path.exists():
            raise LibraryError(f"There is no library at {path}.")
        check_location(path)
        revision = read_revision(path, writable=False)
        if revision is None:
            raise LibraryError(f"{path} is empty, not a numdesk library; it was not changed.")
        if revision == HEAD:
            return cls(path, read_only=True)
        scratch = TemporaryDirectory(prefix="numdesk-")
        try:
            copy = Path(scratch.name) / path.name
            backups.copy_database(path, copy)
            upgrade(copy, HEAD)
            library = cls(copy, read_only=True)
        except Exception as err:
            scratch.cleanup()
            if isinstance(err, LibraryError):
                raise
            raise LibraryError(
                f"numdesk could not read the older library {path} ({err}); it was not changed."
            ) from err
        library._scratch = scratch
        return library

    @classmethod
    def create(cls, path: Path, *, starter: bool = True) -> Library:
        """A new library at `path` (which must not exist yet), with starter content."""
        path = Path(path).expanduser()
        check_location(path)
        if path.exists() and path.stat().st_size > 0:
            raise LibraryError(f"A file already exists at {path}; choose another name.")
        return cls._initialise(path, starter=starter)

    @classmethod
    def _initialise(cls, path: Path, *, starter: bool) -> Library:
        existed = path.exists()
        try:
            upgrade(path, HEAD)
            library = cls(path)
        except Exception as err:
            if not existed:
                _remove_database(path)
            if isinstance(err, LibraryError):
                raise
            raise LibraryError(f"Could not create a library at {path}: {err}.") from err
        try:
            # one transaction: a library is never left with half its starter content
            with library._writing() as session:
                if starter:
                    write_rows(session.connection(), [describe(o) for o in load_starter()])
                    _put_meta(session, "starter_content", STARTER_EDITION)
                _put_meta(session, "created", now_stamp())
        except Exception:
            library.close()
            if not existed:
                _remove_database(path)
            raise
        return library

    @property
    def path(self) -> Path:
        """The library file."""
        return self._path

    def close(self) -> None:
        """Close every connection (the WAL is folded back into the file).

        The library's rules sets leave the registry: another library does not know them.
        """
        forget(self._registered)
        self._registered.clear()
        self._writer.dispose()
        self._reader.dispose()
        if self._scratch is not None:
            self._scratch.cleanup()
            self._scratch = None

    def __enter__(self) -> Library:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Library({str(self._path)!r})"

    # -- entries of any kind ---------------------------------------------------------

    def repo_for(self, kind: EntryKind) -> Repository[Any]:
        """The repository of `kind`."""
        return self._repos[EntryKind(kind)]

    def save_many(
        self,
        objs: Iterable[ModelObject],
        progress: Callable[[int, int], None] | None = None,
        tags: Mapping[str, Sequence[str]] | None = None,
        favourites: Collection[str] = (),
    ) -> None:
        """Insert or update many entries of any kinds in ONE transaction (an import).

        If any object cannot be stored, nothing is written. `progress(done, total)` is
        called as the work proceeds. `tags` (uid -> tag names) replaces those entries'
        tags and `favourites` marks entries as favourites in the same transaction, so an
        import files what it brings without one commit per entry.
        """
        objs = list(objs)
        rows = [describe(obj) for obj in objs]
        with self._writing() as session:
            conn = session.connection()
            write_rows(conn, rows, progress)
            if tags:
                uids = list(tags)
                ids: dict[str, int] = {}
                for start in range(0, len(uids), 500):
                    chunk = uids[start : start + 500]
                    stmt = select(Entry.uid, Entry.id).where(Entry.uid.in_(chunk))
                    ids.update({uid: entry_id for uid, entry_id in conn.execute(stmt)})
                missing = next((uid for uid in tags if uid not in ids), None)
                if missing is not None:
                    raise _missing(missing)
                set_tags_many(conn, {ids[uid]: names for uid, names in tags.items()})
            if favourites:
                conn.execute(
                    update(Entry).where(Entry.uid.in_(list(favourites))).values(favourite=True)
                )
        self.rules_set_problems = register_sets(objs, self._registered)

    def load(self, uid: str) -> ModelObject:
        """The entry `uid` whatever its kind; LibraryError if missing."""
        return self._load(uid, None)

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
                raise _missing(missing)
            character_ids = [r.id for r in rows.values() if r.kind == EntryKind.CHARACTER.value]
            histories = read_histories(conn, character_ids)
        return [
            rebuild(EntryKind(rows[uid].kind), rows[uid].data, histories.get(rows[uid].id))
            for uid in wanted
        ]

    def kind_of_uid(self, uid: str) -> EntryKind:
        """The kind of entry `uid`; LibraryError if missing."""
        with self._reading() as session:
            kind = session.scalar(select(Entry.kind).where(Entry.uid == uid))
        if kind is None:
            raise _missing(uid)
        return EntryKind(kind)

    def has(self, uid: str) -> bool:
        """Whether the library holds an entry `uid`."""
        with self._reading() as session:
            return session.scalar(select(Entry.id).where(Entry.uid == uid)) is not None

    def delete(self, uid: str) -> None:
        """Remove entry `uid` whatever its kind (with its tags and history)."""
        self._delete(uid, None)

    def check_deletable(self, uids: Collection[str]) -> None:
        """LibraryError naming the users if any of `uids` is a rules set that entries
        other than `uids` still use (deleting a set with all its users is fine)."""
        going = set(uids)
        with self._reading() as session:
            conn = session.connection()
            rows = conn.execute(
                select(Entry.uid, Entry.name).where(
                    Entry.uid.in_(list(going)), Entry.kind == EntryKind.RULES_SET.value
                )
            )
            for row in rows:
                refuse_delete_in_use(conn, row.uid, row.name, going)

    def summary(self, uid: str) -> EntrySummary:
        """The browser line of entry `uid`; LibraryError if missing."""
        with self._reading() as session:
            found = query_summaries(_dbapi(session), uids=[uid], limit=1)
        if not found:
            raise _missing(uid)
        return found[0]

    def search(
        self,
        text: str = "",
        kinds: Collection[EntryKind] | None = None,
        profile: str | None = None,
        level_min: int | None = None,
        level_max: int | None = None,
        tags: Collection[str] | None = None,
        favourites_only: bool = False,
        limit: int = 200,
        offset: int = 0,
    ) -> list[EntrySummary]:
        """Entries matching `text` (words typed so far) and every filter, best first.

        A character's level is its tier. Several `tags` must all be present. Entries
        without a profile (items, abilities, tables) match any `profile`. `offset`
        skips that many matches (a browser loading page by page).
        """
        with self._reading() as session:
            return query_summaries(
                _dbapi(session),
                text,
                kinds=kinds,
                profile=profile,
                level_min=level_min,
                level_max=level_max,
                tags=tags,
                favourites_only=favourites_only,
                limit=limit,
                offset=offset,
            )

    def count_matches(
        self,
        text: str = "",
        kinds: Collection[EntryKind] | None = None,
        profile: str | None = None,
        level_min: int | None = None,
        level_max: int | None = None,
        tags: Collection[str] | None = None,
        favourites_only: bool = False,
    ) -> int:
        """How many entries `search` finds with these filters and no limit."""
        with self._reading() as session:
            return count_matches(
                _dbapi(session),
                text,
                kinds=kinds,
                profile=profile,
                level_min=level_min,
                level_max=level_max,
                tags=tags,
                favourites_only=favourites_only,
            )

    def count(self, kind: EntryKind | None = None) -> int:
        """How many entries (of `kind`, or in all) the library holds."""
        stmt = select(func.count()).select_from(Entry)
        if kind is not None:
            stmt = stmt.where(Entry.kind == EntryKind(kind).value)
        with self._reading() as session:
            return int(session.scalar(stmt) or 0)

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
                raise _missing(uid)

    def all_tags(self) -> list[str]:
        """Every tag in use, sorted ignoring case."""
        with self._reading() as session:
            names = session.scalars(select(Tag.name)).all()
        return sorted(names, key=str.casefold)

    # -- backups and settings --------------------------------------------------------

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

    def meta_get(self, key: str, default: Any = None) -> Any:
        """A setting stored in the library (any JSON value), or `default`."""
        with self._reading() as session:
            value = session.scalar(select(Meta.value).where(Meta.key == key))
        return default if value is None else json.loads(value)

    def meta_set(self, key: str, value: Any) -> None:
        """Store a setting in the library; `value` must be JSON-compatible."""
        with self._writing() as session:
            _put_meta(session, key, value)

    def _load_rules_sets(self) -> None:
        """Register this library's house rules sets so `get_profile` knows them."""
        with self._reading() as session:
            self.rules_set_problems = load_registry(session.connection(), self._registered)

    def _add_newer_starter(self) -> None:
        """Add the starter files newer than the library's edition, new uids only.

        Only libraries that were given starter content grow (a library made with
        `starter=False` records no edition); entries the user edited or deleted stay so.
        """
        edition = self.meta_get("starter_content")
        if not isinstance(edition, int) or edition >= STARTER_EDITION:
            return
        newer = load_starter(after_edition=edition)
        with self._writing() as session:
            conn = session.connection()
            present = existing_uids(conn, [o.uid for o in newer])
            write_rows(conn, [describe(o) for o in newer if o.uid not in present])
            _put_meta(session, "starter_content", STARTER_EDITION)

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
            raise _missing(uid, kind)
        return int(row.id)

    def _load(self, uid: str, kind: EntryKind | None) -> ModelObject:
        with self._reading() as session:
            conn = session.connection()
            row = conn.execute(
                select(Entry.id, Entry.kind, Entry.data).where(Entry.uid == uid)
            ).first()
            if row is None or (kind is not None and row.kind != kind.value):
                raise _missing(uid, kind)
            row_kind = EntryKind(row.kind)
            history = read_history(conn, row.id) if ENTRY_CLASSES[row_kind] is Character else None
            obj = rebuild(row_kind, row.data, history)
        profile = getattr(obj, "profile", None)
        if isinstance(profile, str) and profile not in PROFILES:
            # a rules set saved since this library opened (an import from the command
            # line while the app is open): register the library's sets again
            self._load_rules_sets()
        return obj

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
            forget([uid])
            self._registered.discard(uid)

    def _list(self, kind: EntryKind) -> list[EntrySummary]:
        with self._reading() as session:
            return query_summaries(_dbapi(session), kinds=[kind], limit=None)

    def _uid_by_name(self, kind: EntryKind, name: str) -> str | None:
        stmt = (
            select(Entry.uid)
            .where(Entry.kind == kind.value, Entry.name_key == name.strip().casefold())
            .order_by(Entry.id)
            .limit(1)
        )
        with self._reading() as session:
            return session.scalar(stmt)


def _dbapi(session: Session) -> sqlite3.Connection:
    """The session's `sqlite3` connection, inside the session's transaction (the search
    queries are plain DB-API SQL, shared with the first screen's `store.reader`)."""
    conn = session.connection().connection.driver_connection
    assert isinstance(conn, sqlite3.Connection)
    return conn


def _put_meta(session: Session, key: str, value: Any) -> None:
    encoded = json.dumps(value, ensure_ascii=False)
    stmt = sqlite_insert(Meta).values(key=key, value=encoded)
    session.execute(stmt.on_conflict_do_update(index_elements=["key"], set_={"value": encoded}))


def _missing(uid: str, kind: EntryKind | None = None) -> LibraryError:
    what = f"{kind.value} " if kind is not None else "entry "
    return LibraryError(f"The library holds no {what}with the id {uid}.")


def _remove_database(path: Path) -> None:
    for side in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{side}").unlink(missing_ok=True)
