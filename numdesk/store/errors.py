"""The error a library raises for anything the user can cause or fix."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from numdesk.model.errors import DomainError

#: Below this much free space an error reading or writing a library is put down to the
#: full disk (SQLite needs room for its write-ahead log and index beside the file).
LOW_SPACE_BYTES = 1024 * 1024


class LibraryError(DomainError):
    """A library file that cannot be opened, read or written, or a missing entry.

    It is a `DomainError`, so the app and the CLI show its message as it is; the
    message says what happened to which file and what the user can do about it.
    """


def explain_database_error(path: Path, err: Exception) -> str:
    """A sentence for the user about a database error.

    `err` is a `sqlite3.Error` or SQLAlchemy's `DBAPIError` wrapping one (as `orig`);
    this module does not import SQLAlchemy, so the first screen can use it without.
    """
    orig = getattr(err, "orig", None)
    detail = str(orig) if orig is not None else str(err)
    lowered = detail.lower()
    if "locked" in lowered or "busy" in lowered:
        return (
            f"The library {path} is busy: another program kept it locked too long. "
            "Nothing was changed; try again."
        )
    if "malformed" in lowered or "not a database" in lowered or "corrupt" in lowered:
        return looks_damaged(path, detail, "Nothing was changed.")
    if "full" in lowered or "i/o" in lowered or "disk" in lowered:
        full = full_disk(path, "Nothing was changed.")
        if full is not None:
            return full
    return f"The library {path} could not be used ({detail}). Nothing was changed."


def free_bytes(path: Path) -> int | None:
    """Free space on the disk holding `path` (None if it cannot be told)."""
    try:
        return shutil.disk_usage(path.parent).free
    except OSError:
        return None


def full_disk(path: Path, outcome: str) -> str | None:
    """The message for a library on a (nearly) full disk, or None if there is room.

    Asked before any error is put down to damage: at 0 bytes free SQLite fails to read
    as well as to write, and calling an intact library damaged sends the user to an
    older backup, losing recent work.
    """
    free = free_bytes(path)
    if free is None or free >= LOW_SPACE_BYTES or pages_intact(path) is False:
        return None
    left = "no space is left" if free == 0 else f"only {free // 1024:,} KB are left"
    return (
        f"The disk holding the library {path} is full ({left}), so numdesk could not use "
        f"it. {outcome} The library itself is intact: nothing is damaged. Free some space "
        "on that disk and try again."
    )


def pages_intact(path: Path) -> bool | None:
    """Whether every page of the library file reads back consistent (`quick_check` on
    the file alone, opened immutable: it needs no side files and no free space). None
    if the file could not be read at all."""
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro&immutable=1", uri=True)
    except (sqlite3.Error, OSError):
        return None
    try:
        return [r[0] for r in conn.execute("PRAGMA quick_check(1)")] == ["ok"]
    except sqlite3.DatabaseError as err:
        if "malformed" in str(err).lower() or "not a database" in str(err).lower():
            return False
        return None
    finally:
        conn.close()


def looks_damaged(path: Path, detail: str, outcome: str) -> str:
    """The message for a read that failed as damage would: the word "damaged" only once
    the file's pages were checked and the disk has room; a full disk or an intact file
    is said to be what it is."""
    full = full_disk(path, outcome)  # None when the pages are not intact
    if full is not None:
        return full
    if pages_intact(path):
        return (
            f"The library {path} could not be read just now ({detail}). Its pages "
            f"check out intact, so nothing is damaged. {outcome} Close other programs "
            "that may use it and try again."
        )
    damaged = (
        f"The library {path} is damaged ({detail}). Restore a backup from the folder "
        f"{path.parent / 'backups'}; {outcome[0].lower()}{outcome[1:]}"
    )
    free = free_bytes(path)
    if free is not None and free < LOW_SPACE_BYTES:
        damaged += " Its disk is also full: free some space first."
    return damaged
