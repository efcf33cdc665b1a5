"""The search index's merging, kept out of an import and turned back on after it.

SQLite's FTS5 index is a stack of segments; at the end of each write it merges some of
them ("automerge"). In a big library that merge work rewrote large old segments inside
the import itself: in one profile the CSRD into a 100,000-entry library took 3.6 s, and
2.25 s with merging paused, the same as into an empty library. So a write of many entries
pauses the merging for its own transaction (a failed import rolls the pause back with
everything else) and a small transaction after it turns merging on again. Later saves
then do their usual small share of merge work, and FTS5's crisis merge still merges a
level once it holds 16 segments, so a search never reads an unbounded number of them.
"""

from __future__ import annotations

from sqlalchemy import Connection

#: A write of at least this many entries (an import) pauses the merging.
BULK = 200
#: FTS5's own automerge setting, which every library uses between imports.
_USUAL = 4


def pause(conn: Connection) -> None:
    """No merge work at the end of the transaction `conn` is in."""
    _set_automerge(conn, 0)


def resume(conn: Connection) -> None:
    """Merging as usual from the next write on."""
    _set_automerge(conn, _USUAL)


def _set_automerge(conn: Connection, value: int) -> None:
    conn.exec_driver_sql(
        "INSERT INTO entries_fts(entries_fts, rank) VALUES ('automerge', ?)", (value,)
    )
