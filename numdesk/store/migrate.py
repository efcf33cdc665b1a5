"""Checking a file before opening it, creating the schema, and migrating old files.

Every check here reads the file without changing it: a file numdesk refuses (not a
database, damaged, written by a newer numdesk, read-only) is left exactly as it was,
down to not creating WAL side files where SQLite allows it.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from numdesk.store import open_files
from numdesk.store.backups import (
    copy_database,
    migration_backup_path,
    prune_migration_copies,
)
from numdesk.store.errors import LibraryError, looks_damaged
from numdesk.store.revisions import APPLICATION_ID, HEAD, REVISIONS

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
_SQLITE_MAGIC = b"SQLite format 3\x00"
#: Files smaller than this are fully checked on every open (a few milliseconds).
ALWAYS_VERIFY_BELOW_BYTES = 16 * 1024 * 1024


def check_location(path: Path) -> None:
    """Refuse a path whose folder is missing or which is a folder itself."""
    if not path.parent.is_dir():
        raise LibraryError(
            f"The folder {path.parent} does not exist, so no library can be opened "
            "or created there."
        )
    if path.is_dir():
        raise LibraryError(f"{path} is a folder, not a library file.")


def _is_read_only(path: Path) -> bool:
    """True when the file or its folder cannot be written (the folder holds the WAL file).

    The write bits are checked as well as `os.access`, because an administrator may
    write anywhere: a file marked read-only is treated as read-only for everyone.
    """
    mode = path.stat().st_mode
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        return True
    return not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))


def read_revision(path: Path, *, writable: bool = True, verify: bool = True) -> str | None:
    """The schema revision of an existing file; None for an empty file (a new library).

    Raises LibraryError, changing nothing, for anything numdesk must not open (with
    `writable`, also for a file numdesk could not write to). `verify` also reads every
    page (`PRAGMA quick_check`), which costs about 1 ms per megabyte.
    """
    if open_files.is_open(path):
        # open in this process: a raw read would drop this process's SQLite locks
        return _read_revision_sqlite(path, verify)
    try:
        with path.open("rb") as fh:
            header = fh.read(100)
    except OSError as err:
        raise LibraryError(f"Could not read the library {path}: {err.strerror or err}.") from err
    if not header:
        if writable:
            _refuse_read_only(path)
        return None
    if not header.startswith(_SQLITE_MAGIC) or len(header) < 100:
        raise LibraryError(f"{path} is not a numdesk library (it is not a SQLite database).")
    revision = _read_revision_sqlite(path, verify)
    if revision is not None and revision not in REVISIONS:
        raise LibraryError(
            f"The library {path} was written by a newer version of numdesk "
            f"(schema {revision}). Update numdesk to open it; the file was not changed."
        )
    if writable:
        _refuse_read_only(path)
    return revision


def _refuse_read_only(path: Path) -> None:
    if _is_read_only(path):
        raise LibraryError(
            f"The library {path} is read-only. numdesk saves every change at once, so it "
            "needs to write to the file and its folder; make them writable or open a copy."
        )


def _read_revision_sqlite(path: Path, verify: bool) -> str | None:
    # Without a WAL file the database is complete in the main file: open it immutable,
    # which takes no locks and creates no side files.
    uri = path.resolve().as_uri() + "?mode=ro"
    if not Path(f"{path}-wal").exists():
        uri += "&immutable=1"
    try:
        conn = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as err:
        raise LibraryError(f"Could not open the library {path}: {err}.") from err
    try:
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables and app_id == 0:
            return None
        if app_id != APPLICATION_ID:
            raise LibraryError(
                f"{path} is a SQLite database but not a numdesk library; it was not changed."
            )
        if "alembic_version" not in tables:
            raise LibraryError(f"The library {path} is damaged: its schema version is missing.")
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        if row is None:
            raise LibraryError(f"The library {path} is damaged: its schema version is missing.")
        problems = [r[0] for r in conn.execute("PRAGMA quick_check(3)")] if verify else ["ok"]
        if problems != ["ok"]:
            raise LibraryError(looks_damaged(path, problems[0], "The file was not changed."))
        return str(row[0])
    except sqlite3.DatabaseError as err:
        raise LibraryError(looks_damaged(path, str(err), "The file was not changed.")) from err
    finally:
        conn.close()


def needs_verifying(path: Path, backup_due: bool) -> bool:
    """Whether opening `path` should read every page to check it.

    Always for small files (cheap), after a session that did not close cleanly (its WAL
    file is still there), and before the daily backup, so a damaged file is caught
    before its copies push the good backups out. Other opens skip the full read; damage
    found later while reading still gives a clear LibraryError.
    """
    return (
        backup_due
        or Path(f"{path}-wal").exists()
        or path.stat().st_size < ALWAYS_VERIFY_BELOW_BYTES
    )


def _alembic_config() -> Config:
    from alembic.config import Config  # imported only when migrating (a fifth of a second)

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def script_revisions() -> list[str]:
    """The revisions of the migration scripts, oldest first (for the consistency test)."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(_alembic_config())
    return [rev.revision for rev in reversed(list(script.walk_revisions()))]


def upgrade(path: Path, revision: str = HEAD) -> None:
    """Bring the file at `path` (new or older) to `revision` in one transaction."""
    _run(path, "upgrade", revision)


def downgrade(path: Path, revision: str) -> None:
    """Take the file back to an older `revision` (for tests and for going back a version)."""
    _run(path, "downgrade", revision)


def _run(path: Path, direction: str, revision: str) -> None:
    # SQLAlchemy and Alembic only here: reading a file's revision (`numdesk.store.reader`
    # at start-up) needs neither
    from alembic import command
    from sqlalchemy import text

    from numdesk.store.connection import make_engine

    config = _alembic_config()
    engine = make_engine(path, write=True, foreign_keys=False)
    try:
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            getattr(command, direction)(config, revision)
            broken = conn.execute(text("PRAGMA foreign_key_check")).all()
            if broken:
                raise LibraryError(
                    f"Migrating the library {path} would break {len(broken)} links between "
                    "entries; nothing was changed."
                )
    finally:
        engine.dispose()


def migrate_with_backup(path: Path, revision: str) -> Path:
    """Copy an older library beside itself, then migrate it to the newest schema.

    The migration is one transaction, so when it fails the file is left as it was; the
    user gets one sentence saying so and where the copy is (never a driver traceback
    with every bound parameter). Only the newest `KEEP_MIGRATION_COPIES` copies stay.
    """
    backup = migration_backup_path(path, revision)
    try:
        copy_database(path, backup)
    except LibraryError as err:
        raise LibraryError(
            f"numdesk could not upgrade the library {path}: it could not copy it first "
            f"({_reason(err.__cause__ or err)}). The library is unchanged."
        ) from err
    prune_migration_copies(path)
    try:
        upgrade(path, HEAD)
    except Exception as err:
        raise LibraryError(
            f"numdesk could not upgrade the library {path}; it is unchanged; a copy is at "
            f"{backup} ({_reason(err)})."
        ) from err
    return backup


def _reason(err: BaseException) -> str:
    """The first line of what went wrong, short: a database error without its SQL."""
    orig = getattr(err, "orig", None)
    text = str(orig if orig is not None else err).strip().splitlines()
    first = text[0] if text else type(err).__name__
    return first if len(first) <= 120 else first[:117] + "..."
