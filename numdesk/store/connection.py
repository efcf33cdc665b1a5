"""Engines on a library file: WAL journal, foreign keys, a busy timeout, real transactions.

The Python `sqlite3` driver normally starts transactions lazily and only before writes,
which lets two processes read, then both try to write, and one fail at once. Here the
driver's own transaction handling is switched off and every SQLAlchemy transaction
emits its own BEGIN: `BEGIN IMMEDIATE` on the writing engine (the write lock is taken
up front, so concurrent writers wait their turn for up to the busy timeout) and a plain
`BEGIN` on the reading engine (a consistent snapshot without blocking writers).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL

from numdesk.store.open_files import BUSY_TIMEOUT_MS


def sqlite_url(path: Path) -> URL:
    """The SQLAlchemy URL of a library file (any characters in the path are fine)."""
    return URL.create("sqlite", database=str(path))


def make_engine(
    path: Path, *, write: bool, foreign_keys: bool = True, read_only: bool = False
) -> Engine:
    """An engine on `path`; `write` chooses BEGIN IMMEDIATE over a deferred BEGIN.

    Migrations pass `foreign_keys=False`: rebuilding a table with foreign keys on would
    cascade-delete the rows that point at it. `read_only` connections never write to
    the file or create side files (see `read_only_connection`).
    """
    connect_args = {"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000}
    if read_only:
        engine = create_engine(
            "sqlite://", creator=lambda: read_only_connection(path, BUSY_TIMEOUT_MS / 1000)
        )
    else:
        engine = create_engine(sqlite_url(path), connect_args=connect_args)

    def on_connect(dbapi_conn: sqlite3.Connection, _record: Any) -> None:
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cur.execute(f"PRAGMA foreign_keys = {'ON' if foreign_keys else 'OFF'}")
        if not read_only:
            cur.execute("PRAGMA journal_mode = WAL")
            # FULL syncs the WAL on every commit: a saved edit survives a power cut too.
            cur.execute("PRAGMA synchronous = FULL")
        cur.close()

    begin_sql = "BEGIN IMMEDIATE" if write else "BEGIN"

    def on_begin(conn: Any) -> None:
        conn.exec_driver_sql(begin_sql)

    event.listen(engine, "connect", on_connect)
    event.listen(engine, "begin", on_begin)
    return engine


def read_only_connection(path: Path, timeout: float) -> sqlite3.Connection:
    """A connection that cannot write to `path` nor create its `-wal`/`-shm` files.

    Without a WAL file nobody is writing and the main file is complete: it is opened
    immutable (no locks, no side files; works on a read-only file in a read-only
    folder). With one, another numdesk may be writing, so it is opened `mode=ro`.
    """
    uri = path.resolve().as_uri() + "?mode=ro"
    if not Path(f"{path}-wal").exists():
        uri += "&immutable=1"
    return sqlite3.connect(uri, uri=True, timeout=timeout, check_same_thread=False)
