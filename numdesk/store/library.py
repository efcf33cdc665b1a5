"""The library: one SQLite file holding every entry a user makes or imports.

`Library.open` checks the file before touching it, migrates an older file after copying
it aside, takes a rolling backup at most once a day, and then offers one typed
repository per kind. Every public method is one transaction: it happens completely or
not at all, even if the process is killed half-way.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from contextlib import closing, suppress
from pathlib import Path
from tempfile import TemporaryDirectory
from types import TracebackType
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter
from numdesk.model.follower import Follower
from numdesk.model.items import Armor, Artifact, Cypher, Equipment, Oddity, Shield, Weapon
from numdesk.model.kinds import EntryKind, ModelObject
from numdesk.model.newer import NewerEntry
from numdesk.model.rules_set import RulesSet
from numdesk.model.tables import RollTable
from numdesk.model.templates import SentenceTemplate, TypeTemplate
from numdesk.store import backups, index_merging, open_files
from numdesk.store.commit import Write, commit
from numdesk.store.connection import make_engine
from numdesk.store.entries import describe
from numdesk.store.errors import LibraryError
from numdesk.store.journal import JournalStep, JournalWrite, read_journal
from numdesk.store.library_base import LibraryBase, missing_entry, put_meta
from numdesk.store.migrate import (
    check_location,
    migrate_with_backup,
    needs_verifying,
    read_revision,
    upgrade,
)
from numdesk.store.newer import with_newer_fields
from numdesk.store.repository import Repository
from numdesk.store.revisions import HEAD
from numdesk.store.rules_registry import forget, register_sets
from numdesk.store.rules_sets import refuse_delete_in_use
from numdesk.store.schema import Entry
from numdesk.store.starter import STARTER_EDITION, load_starter
from numdesk.store.writer import (
    existing_uids,
    now_stamp,
    set_tags_many,
    write_newer,
    write_rows,
)


class Library(LibraryBase):
    """An open library file. Use `Library.open` or `Library.create`, then `close()`."""

    def __init__(self, path: Path, *, read_only: bool = False) -> None:
        """Connect to a file that is already at the newest schema (use `open`)."""
        self._path = path
        self._read_only = read_only
        #: why no automatic backup was made on open (None: made, or not due)
        self.backup_problem: str | None = None
        #: a folder holding an upgraded copy, for a read-only open of an older file
        self._scratch: TemporaryDirectory[str] | None = None
        open_files.opened(path)
        self._counted = True
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
        library.load_rules_sets()
        return library

    @classmethod
    def attach(cls, path: Path) -> Library:
        """The library at `path` that `quick_open` found ready (checked, backed up, at
        the current schema): opened without checking it again."""
        library = cls(Path(path).expanduser())
        library.load_rules_sets()
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
        if Path(f"{path}-wal").exists() and not Path(f"{path}-shm").exists():
            return cls._read_only_copy(path)
        revision = read_revision(path, writable=False)
        if revision is None:
            raise LibraryError(f"{path} is empty, not a numdesk library; it was not changed.")
        if revision == HEAD:
            library = cls(path, read_only=True)
            library.load_rules_sets()  # its entries print and export by their own rules
            return library
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
        library.load_rules_sets()
        return library

    @classmethod
    def _read_only_copy(cls, path: Path) -> Library:
        """`path` with a write-ahead log left beside it and no index (`-shm`): no numdesk
        has it open (a live one keeps both), so its last saves are only in the log.
        Reading it in place would make an index file beside it, so the file and its log
        are copied to a temporary folder, folded together there and read; nothing beside
        the library is made or changed."""
        scratch = TemporaryDirectory(prefix="numdesk-")
        try:
            copy = Path(scratch.name) / path.name
            shutil.copyfile(path, copy)
            shutil.copyfile(f"{path}-wal", f"{copy}-wal")
            with closing(sqlite3.connect(copy)) as conn:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            revision = read_revision(copy, writable=False)
            if revision is None:
                raise LibraryError(f"{path} is empty, not a numdesk library; it was not changed.")
            if revision != HEAD:
                upgrade(copy, HEAD)
            library = cls(copy, read_only=True)
        except Exception as err:
            scratch.cleanup()
            if isinstance(err, LibraryError):
                raise
            raise LibraryError(
                f"numdesk could not read {path} ({err}); it was not changed."
            ) from err
        library._scratch = scratch
        library.load_rules_sets()
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
                    put_meta(session, "starter_content", STARTER_EDITION)
                put_meta(session, "created", now_stamp())
        except Exception:
            library.close()
            if not existed:
                _remove_database(path)
            raise
        return library

    @property
    def read_only(self) -> bool:
        """Whether this library was opened read-only (`open_read_only`)."""
        return self._read_only

    @property
    def path(self) -> Path:
        """The library file."""
        return self._path

    def close(self) -> None:
        """Close every connection (the WAL is folded back into the file).

        The library's rules sets leave the registry: another library does not know them.
        """
        forget(self._registered, self._registered)
        self._writer.dispose()
        self._reader.dispose()
        if self._counted:
            open_files.closed(self._path)
            self._counted = False
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
        newer_data: Mapping[str, Any] | None = None,
        newer_entries: Sequence[NewerEntry] = (),
    ) -> None:
        """Insert or update many entries of any kinds in ONE transaction (an import).

        If any object cannot be stored, nothing is written. `progress(done, total)` is
        called as the work proceeds. `tags` (uid -> tag names) replaces those entries'
        tags and `favourites` marks entries as favourites in the same transaction, so an
        import files what it brings without one commit per entry.

        What a newer numdesk made comes along as a library keeps it: `newer_data` (uid
        -> the entry's data as the file has it) gives an object back the fields a newer
        numdesk added, and `newer_entries` (of kinds only a newer numdesk knows) are
        stored as they are.
        """
        objs = list(objs)
        rows = [describe(obj) for obj in objs]
        if newer_data:
            rows = with_newer_fields(rows, newer_data)
        bulk = len(rows) >= index_merging.BULK
        with self._writing() as session:
            conn = session.connection()
            if bulk:
                index_merging.pause(conn)
            write_rows(conn, rows, progress)
            write_newer(conn, newer_entries)
            if tags:
                uids = list(tags)
                ids: dict[str, int] = {}
                for start in range(0, len(uids), 500):
                    chunk = uids[start : start + 500]
                    stmt = select(Entry.uid, Entry.id).where(Entry.uid.in_(chunk))
                    ids.update({uid: entry_id for uid, entry_id in conn.execute(stmt)})
                missing = next((uid for uid in tags if uid not in ids), None)
                if missing is not None:
                    raise missing_entry(missing)
                set_tags_many(conn, {ids[uid]: names for uid, names in tags.items()})
            if favourites:
                conn.execute(
                    update(Entry).where(Entry.uid.in_(list(favourites))).values(favourite=True)
                )
        self.rules_set_problems = register_sets(objs, self._registered)
        if bulk:
            # The import has landed: a failure to turn merging back on only leaves the
            # index less merged (still correct), and the next import tries again.
            with suppress(LibraryError), self._writing() as session:
                index_merging.resume(session.connection())

    def load(self, uid: str) -> ModelObject:
        """The entry `uid` whatever its kind; LibraryError if missing."""
        return self._load(uid, None)

    def load_revision(self, uid: str) -> tuple[ModelObject, int]:
        """The entry `uid` and its revision, to be named by the `commit` that saves it."""
        return self._load_row(uid, None)

    def commit(
        self,
        writes: Sequence[Write],
        journal: JournalWrite | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> dict[str, int]:
        """Write several entries and an undo journal line as ONE transaction.

        Each write is checked against the revision it names; if any entry was saved
        elsewhere since, nothing is written and a `ConflictError` names it. `meta`
        settings (the table link's state of the entries) are stored in the same
        transaction. Returns the revision now stored for each entry written.
        """
        sets = [w.obj for w in writes if isinstance(w.obj, RulesSet)]
        for rules in sets:
            rules.profile()  # a set whose changes do not fit is refused, not stored
        gone = [w.uid for w in writes if w.obj is None]
        with self._writing() as session:
            conn = session.connection()
            gone_sets = [
                (row.uid, row.name)
                for row in (
                    conn.execute(
                        select(Entry.uid, Entry.name).where(
                            Entry.uid.in_(gone), Entry.kind == EntryKind.RULES_SET.value
                        )
                    )
                    if gone
                    else ()
                )
            ]
            revisions = commit(conn, writes, journal)
            for key, value in (meta or {}).items():
                put_meta(session, key, value)
            for uid, name in gone_sets:  # after the deletes: its users may go with it
                refuse_delete_in_use(conn, uid, name)
        register_sets(sets, self._registered)
        if gone_sets:
            forget([uid for uid, _name in gone_sets], self._registered)
        return revisions

    def update(
        self,
        uid: str,
        change: Callable[
            [ModelObject | None, int | None], tuple[Sequence[Write], Mapping[str, Any]]
        ],
    ) -> dict[str, int]:
        """Read entry `uid` and write what `change` makes of it in ONE write transaction.

        The write lock is held from the read on, so nobody can save in between: `change`
        gets the entry and its revision (None, None when the library lacks it) and
        returns the writes and meta settings to store. For writers that merge rather
        than refuse (the table link), where a revision check would only make them
        read again. Returns the revision now stored for each entry written.
        """
        with self._writing() as session:
            conn = session.connection()
            current: ModelObject | None = None
            revision: int | None = None
            if conn.execute(select(Entry.id).where(Entry.uid == uid)).first() is not None:
                current, revision = self._read_row(conn, uid, None)
            writes, meta = change(current, revision)
            revisions = commit(conn, writes, None)
            for key, value in meta.items():
                put_meta(session, key, value)
        register_sets([w.obj for w in writes if isinstance(w.obj, RulesSet)], self._registered)
        return revisions

    def journal(self, stack: str) -> tuple[int, list[JournalStep]]:
        """The kept undo steps of `stack` and how many of them are done."""
        with self._reading() as session:
            return read_journal(session.connection(), stack)

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
            put_meta(session, "starter_content", STARTER_EDITION)


def _remove_database(path: Path) -> None:
    for side in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{side}").unlink(missing_ok=True)
