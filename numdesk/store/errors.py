"""The error a library raises for anything the user can cause or fix."""

from __future__ import annotations

from pathlib import Path

from numdesk.model.errors import DomainError


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
        return (
            f"The library {path} is damaged ({detail}). Restore a backup from the "
            f"folder {path.parent / 'backups'}."
        )
    if "full" in lowered:
        return f"The disk holding {path} is full. Nothing was changed; free some space."
    return f"The library {path} could not be used ({detail}). Nothing was changed."
