"""Opening a library for the first window without the store: what `Library.open` checks
and does before a library is used, with plain `sqlite3`.

Importing the store (SQLAlchemy, a third of a second) was most of what opening a
library cost, though the first window only reads. `quick_open` makes the same checks
as `Library.open` (a library at the current schema, every page read when that is due,
the daily backup, left-over partial backups removed; `LibraryReader.live` reads its
house rules sets) and says whether the library can be used as it is. Whatever needs
the store (a migration, new starter content, a file that cannot be written) or any
doubt (an error, a damaged rules set) answers None: the app then takes the full
`Library.open`, with its messages. The store itself is imported afterwards on a worker
thread, for the first change.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from numdesk.store import backups
from numdesk.store.errors import LibraryError
from numdesk.store.migrate import check_location, needs_verifying, read_revision
from numdesk.store.open_files import BUSY_TIMEOUT_MS
from numdesk.store.revisions import HEAD, STARTER_EDITION


@dataclass
class QuickOpen:
    """What a quick open found: why no backup was made (None: made, or not due)."""

    backup_problem: str | None = None


def quick_open(path: Path) -> QuickOpen | None:
    """`Library.open`'s checks on the library at `path`, without the store; None when
    the full open must come first (see the module)."""
    path = Path(path).expanduser()
    try:
        check_location(path)
        if not path.is_file() or not os.access(path, os.W_OK):
            return None
        backup_due = backups.auto_backup_due(path)
        if read_revision(path, verify=needs_verifying(path, backup_due)) != HEAD:
            return None
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            row = conn.execute("SELECT value FROM meta WHERE key = 'starter_content'").fetchone()
        finally:
            conn.close()
    except (OSError, LibraryError, sqlite3.Error):
        return None
    edition = json.loads(row[0]) if row else None
    if isinstance(edition, int) and edition < STARTER_EDITION:
        return None  # newer starter content to add: a write, by the full open
    opened = QuickOpen()
    backups.remove_stale_partials(path)
    if backup_due:
        opened.backup_problem = _try_backup(path)
    return opened


def _try_backup(path: Path) -> str | None:
    """The daily backup, as `Library` takes it: a failure is reported, never fatal."""
    try:
        backups.backup_now(path)
        backups.prune_backups(path)
    except (LibraryError, OSError) as err:
        cause = err.__cause__ if isinstance(err, LibraryError) and err.__cause__ else err
        return backups.failure_reason(cause)
    return None
