"""A read-only look at a library file for the first screen, before `Library` opens it.

Opening a `Library` needs SQLAlchemy (over half a second to import); listing the
first screen's entries needs one query. The app lists the file through a
`LibraryReader` (plain `sqlite3`, the same queries as `Library.search`), shows the
window, and opens the `Library` right after. The reader is only used on a file it can
read exactly as the library would: at the current schema, with no WAL file (no
other program has it open and the last session closed cleanly). Anything else
(a new, older, newer, damaged or busy file) gets None, and the app takes the full
open first, with its checks, migrations and messages.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from numdesk.store.errors import LibraryError
from numdesk.store.migrate import read_revision
from numdesk.store.revisions import HEAD
from numdesk.store.summary_queries import SummaryQueries


class LibraryReader(SummaryQueries):
    """An immutable, read-only `sqlite3` connection to a library at the current schema."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self._path = path
        self._conn = conn
        #: the house rules sets this reader registered (given up on close)
        self._registered: set[str] = set()

    @classmethod
    def open(cls, path: Path) -> LibraryReader | None:
        """A reader on `path`, or None when the full open must come first."""
        path = Path(path).expanduser()
        try:
            if not path.is_file() or Path(f"{path}-wal").exists():
                return None
            if read_revision(path, writable=False, verify=False) != HEAD:
                return None
            # immutable: no locks and no side files; safe because no WAL file exists, so
            # the main file holds the whole database and no other connection is writing
            conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro&immutable=1", uri=True)
            sets = conn.execute("SELECT data FROM entries WHERE kind = 'rules_set'").fetchall()
        except (OSError, LibraryError, sqlite3.Error):
            return None
        reader = cls(path, conn)
        if sets:
            reader._register([data for (data,) in sets])
        return reader

    def _register(self, stored: list[str]) -> None:
        """Register the library's house rules sets, so the rows that play by one name it
        (its label) as they will once the library is open. A set that cannot be read is
        left out here; the full open names it."""
        import json

        from numdesk.model.errors import DomainError
        from numdesk.model.rules_set import RulesSet
        from numdesk.model.serialize import from_data
        from numdesk.store.rules_registry import register_sets

        sets = []
        for data in stored:
            try:
                sets.append(from_data(RulesSet, json.loads(data)))
            except (ValueError, DomainError):
                continue
        register_sets(sets, self._registered)

    @property
    def path(self) -> Path:
        """The library file."""
        return self._path

    @contextmanager
    def _summary_connection(self) -> Iterator[sqlite3.Connection]:
        """The browser's queries run on the reader's own connection (the same SQL as
        `Library`'s, see `SummaryQueries`)."""
        yield self._conn

    def close(self) -> None:
        """Close the connection (no side files were made, so nothing is left behind) and
        give up the rules sets it registered."""
        from numdesk.store.rules_registry import forget

        forget(self._registered, self._registered)
        self._conn.close()
