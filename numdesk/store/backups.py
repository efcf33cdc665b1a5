"""Copies of a library: rolling automatic backups, the copy before a migration, restore.

Copies are made with SQLite's online backup API, which copies a consistent snapshot
(including what is still in the WAL file) even while the library is open. A copy is
written under a temporary name and renamed when complete, so a half-written copy never
looks like a backup.
"""

from __future__ import annotations

import errno
import glob
import os
import sqlite3
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from numdesk.store.errors import LibraryError

#: How many automatic backups are kept per library.
KEEP_BACKUPS = 10
#: How many copies taken before migrations are kept per library.
KEEP_MIGRATION_COPIES = 3
#: A half-written copy untouched for this long belongs to a process that died.
STALE_PARTIAL_SECONDS = 60.0
#: SQLite's side files of a database (write-ahead log, its index, a rollback journal)
_SIDE_ENDINGS = ("-wal", "-shm", "-journal")
_PARTIAL_ENDINGS = (".partial", ".partial-journal", ".partial-wal", ".partial-shm")
#: An automatic backup is taken on open when the newest one is older than this.
AUTO_BACKUP_EVERY = timedelta(hours=24)
_STAMP = "%Y%m%dT%H%M%S%fZ"


def backups_dir(library: Path) -> Path:
    """The `backups/` folder beside a library."""
    return library.parent / "backups"


def stamp() -> str:
    """The current UTC time as backups name it (sorts in time order)."""
    return datetime.now(UTC).strftime(_STAMP)


def copy_database(source: Path, target: Path) -> None:
    """Copy the SQLite database `source` to `target` (replacing it) as one snapshot."""
    tmp = target.with_name(target.name + ".partial")
    tmp.unlink(missing_ok=True)
    try:
        src = _open_source(source)
        try:
            dst = sqlite3.connect(tmp)
            try:
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
        os.replace(tmp, target)
    except (sqlite3.Error, OSError) as err:
        tmp.unlink(missing_ok=True)
        raise LibraryError(f"Could not copy the library {source} to {target}: {err}.") from err


def _open_source(source: Path) -> sqlite3.Connection:
    """A connection to copy from.

    Read-write when allowed: a read-only connection to a WAL database leaves its `-wal`
    and `-shm` files behind when it closes, and a leftover WAL file makes the next open
    treat the library as not closed cleanly. A read-only file is opened read-only.
    """
    uri = source.resolve().as_uri()
    if os.access(source, os.W_OK) and os.access(source.parent, os.W_OK):
        return sqlite3.connect(f"{uri}?mode=rw", uri=True)
    return sqlite3.connect(f"{uri}?mode=ro", uri=True)


def migration_backup_path(library: Path, revision: str) -> Path:
    """`<name>.backup-<revision>-<timestamp>` next to the library."""
    return library.with_name(f"{library.name}.backup-{revision}-{stamp()}")


def list_backups(library: Path) -> list[Path]:
    """The automatic and manual backups of `library`, newest first."""
    folder = backups_dir(library)
    if not folder.is_dir():
        return []
    prefix = f"{library.stem}-"
    found = [
        p
        for p in folder.iterdir()
        if p.name.startswith(prefix) and p.suffix == library.suffix and _stamp_of(library, p)
    ]
    return sorted(
        found, key=lambda p: _stamp_of(library, p) or datetime.min.replace(tzinfo=UTC), reverse=True
    )


def _stamp_of(library: Path, backup: Path) -> datetime | None:
    text = backup.name[len(library.stem) + 1 : len(backup.name) - len(library.suffix)]
    try:
        return datetime.strptime(text, _STAMP).replace(tzinfo=UTC)
    except ValueError:
        return None


def backup_now(library: Path) -> Path:
    """Write a new backup of `library` into its `backups/` folder and return its path."""
    folder = backups_dir(library)
    try:
        folder.mkdir(exist_ok=True)
    except OSError as err:
        raise LibraryError(
            f"Could not create the backup folder {folder} ({err.strerror or err})."
        ) from err
    target = folder / f"{library.stem}-{stamp()}{library.suffix}"
    copy_database(library, target)
    return target


def failure_reason(err: BaseException) -> str:
    """Why a backup could not be written, in a few words and without paths."""
    text = (err.strerror if isinstance(err, OSError) else None) or str(err)
    if (isinstance(err, OSError) and err.errno == errno.ENOSPC) or "full" in text.lower():
        return "the disk is full"
    return f"the backups folder could not be written ({text})"


def prune_backups(library: Path, keep: int = KEEP_BACKUPS) -> None:
    """Delete all but the newest `keep` backups."""
    for old in list_backups(library)[keep:]:
        old.unlink(missing_ok=True)


def auto_backup_due(library: Path, now: datetime | None = None) -> bool:
    """Whether the newest backup is missing or older than `AUTO_BACKUP_EVERY`."""
    backups = list_backups(library)
    if not backups:
        return True
    newest = _stamp_of(library, backups[0])
    now = now or datetime.now(UTC)
    return newest is None or now - newest >= AUTO_BACKUP_EVERY


def list_migration_copies(library: Path) -> list[Path]:
    """The copies taken before migrations (`<name>.backup-<revision>-<time>`), newest first."""
    prefix = f"{library.name}.backup-"
    found = [
        p
        for p in library.parent.glob(f"{glob.escape(prefix)}*")
        if p.is_file() and not p.name.endswith(_PARTIAL_ENDINGS + _SIDE_ENDINGS)
    ]
    return sorted(found, key=lambda p: p.name.rsplit("-", 1)[-1], reverse=True)


def prune_migration_copies(library: Path, keep: int = KEEP_MIGRATION_COPIES) -> None:
    """Delete all but the newest `keep` copies taken before migrations.

    Each failed attempt at an upgrade leaves one more full copy of the library; like
    the rolling backups only the newest few are worth their disk space.
    """
    for old in list_migration_copies(library)[keep:]:
        old.unlink(missing_ok=True)
        for side in _SIDE_ENDINGS:  # SQLite's files beside a copy belong to it
            old.with_name(old.name + side).unlink(missing_ok=True)


def remove_stale_partials(library: Path, now: float | None = None) -> list[Path]:
    """Delete half-written copies of `library` left by a process killed while copying.

    A copy is written as `<target>.partial` (SQLite may add `<target>.partial-journal`)
    and renamed when complete, so a `.partial` file is never a usable backup. Files
    touched within `STALE_PARTIAL_SECONDS` are left alone: another numdesk may be
    writing them right now. Returns what was removed.
    """
    now = time.time() if now is None else now
    candidates = [
        *backups_dir(library).glob(
            f"{glob.escape(library.stem)}-*{glob.escape(library.suffix)}.partial*"
        ),
        *library.parent.glob(f"{glob.escape(library.name)}.backup-*.partial*"),
    ]
    removed = []
    for path in candidates:
        try:
            if (
                path.name.endswith(_PARTIAL_ENDINGS)
                and now - path.stat().st_mtime > STALE_PARTIAL_SECONDS
            ):
                path.unlink()
                removed.append(path)
        except OSError:
            continue  # a read-only folder: the next writable open tries again
    return removed
