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
from typing import TYPE_CHECKING, Any

from numdesk.store import open_files
from numdesk.store.errors import LibraryError
from numdesk.store.migrate import read_revision
from numdesk.store.open_files import BUSY_TIMEOUT_MS
from numdesk.store.revisions import HEAD
from numdesk.store.summary_queries import SummaryQueries

if TYPE_CHECKING:
    from numdesk.store.journal_steps import JournalStep


class LibraryReader(SummaryQueries):
    """A read-only `sqlite3` connection to a library at the current schema: immutable
    for the first screen (`open`), or live once the library was checked (`live`)."""

    def __init__(self, path: Path, conn: sqlite3.Connection, live: bool = False) -> None:
        self._path = path
        self._conn = conn
        self._live = live
        #: the house rules sets this reader registered (given up on close)
        self._registered: set[str] = set()
        #: a sentence for each house rules set that cannot be used (`live` only)
        self.rules_set_problems: list[str] = []

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

    @classmethod
    def live(cls, path: Path) -> LibraryReader | None:
        """A reader of a library that `quick_open` checked, for the time until the store
        is imported: each read in a transaction of its own, seeing every later save
        (its own app's and other programs'). None if a house rules set cannot be read:
        the full open must name it."""
        try:
            conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            stored = conn.execute("SELECT data FROM entries WHERE kind = 'rules_set'").fetchall()
        except (OSError, sqlite3.Error):
            return None
        reader = cls(path, conn, live=True)
        open_files.opened(path)
        if stored and not reader._register_all([data for (data,) in stored]):
            reader.close()
            return None
        return reader

    def _register_all(self, stored: list[str]) -> bool:
        """Register every house rules set in `stored` (the model classes are imported
        only for a library that has some); False if one cannot be read."""
        import json

        from numdesk.model.errors import DomainError
        from numdesk.model.rules_set import RulesSet
        from numdesk.model.serialize import from_data
        from numdesk.store.rules_registry import register_sets

        try:
            sets = [from_data(RulesSet, json.loads(data)) for data in stored]
        except (ValueError, DomainError):
            return False
        self.rules_set_problems = register_sets(sets, self._registered)
        return True

    def journal(self, stack: str) -> tuple[int, list[JournalStep]]:
        """The kept undo steps of `stack` and how many of them are done (as
        `Library.journal` reads them)."""
        from numdesk.store.journal_steps import JournalStep

        with self._summary_connection() as conn:
            row = conn.execute("SELECT position FROM undo_stacks WHERE stack = ?", (stack,))
            position = row.fetchone()
            steps = conn.execute(
                "SELECT seq, text, steps FROM undo_steps WHERE stack = ? ORDER BY seq", (stack,)
            ).fetchall()
        found = [JournalStep(int(seq), str(text), str(js)) for seq, text, js in steps]
        return int(position[0] if position else 0), found

    def meta_get(self, key: str, default: Any = None) -> Any:
        """A setting stored in the library (as `Library.meta_get`)."""
        import json

        with self._summary_connection() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return default if row is None else json.loads(row[0])

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
        `Library`'s, see `SummaryQueries`), live in one read transaction."""
        if not self._live:
            yield self._conn
            return
        self._conn.execute("BEGIN")
        try:
            yield self._conn
        finally:
            self._conn.execute("COMMIT")

    def close(self) -> None:
        """Close the connection (no side files were made, so nothing is left behind) and
        give up the rules sets it registered.

        The registry (and with it the model classes, about 40 ms of imports) is imported
        only if it holds some: a library without house rules never needed it."""
        if self._registered:
            from numdesk.store.rules_registry import forget

            forget(self._registered, self._registered)
        self._conn.close()
        if self._live:
            self._live = False
            open_files.closed(self._path)
