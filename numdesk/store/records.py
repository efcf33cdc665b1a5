"""Records: the lines an entry only ever adds at its end, kept beside it, not in its JSON.

A character's history (table `history`, a column per field) and a fight's log (table
`log_lines`, each line the JSON of a `LogEntry`) grow by a line or two per click for as
long as the entry is played. Kept in the entry's JSON they were converted, compared and
rewritten whole by every save, so each click cost more the longer a character or a
fight went on. Here a save names the lines stored already and writes only the rest
(`write_tail`); a writer that cannot name them (an import, another program) has the
stored lines made equal to its object's (`write_history`, `write_log`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection

from numdesk.model.encounter import LogEntry
from numdesk.model.history import HistoryEntry
from numdesk.model.serialize import from_data, to_data
from numdesk.store.errors import LibraryError

_CHUNK = 500
_HISTORY_SQL = (
    "INSERT INTO history (entry_id, seq, at, kind, summary, details) VALUES (?, ?, ?, ?, ?, ?)"
)
_READ_HISTORY_SQL = "SELECT summary, kind, details, at FROM history WHERE entry_id = ? ORDER BY seq"
_LOG_SQL = "INSERT INTO log_lines (entry_id, seq, line) VALUES (?, ?, ?)"
_READ_LOG_SQL = "SELECT line FROM log_lines WHERE entry_id = ? ORDER BY seq"
#: what the two tables are called in a message
_WHAT = {"history": "history of this character", "log_lines": "log of this fight"}


def log_line(entry: LogEntry) -> str:
    """A log line as it is stored (the JSON `to_data` makes of it)."""
    return json.dumps(to_data(entry), ensure_ascii=False, separators=(",", ":"))


def write_tail(
    conn: Connection, table: str, entry_id: int, start: int, lines: Sequence[Any]
) -> None:
    """Make the stored record its first `start` lines followed by `lines` (history
    entries, or stored log lines for `log_lines`).

    The writer knows the first `start` lines are stored already (it read them at the
    revision the save is checked against), so a save after a click costs a line's
    insert however long the record: nothing before `start` is read or compared.
    """
    last = conn.exec_driver_sql(f"SELECT max(seq) FROM {table} WHERE entry_id = ?", (entry_id,))
    stored = last.scalar()
    if (-1 if stored is None else int(stored)) + 1 < start:
        # fewer lines stored than the writer read (cannot happen after the revision
        # check): refuse rather than leave a gap
        raise LibraryError(
            f"The {_WHAT[table]} in the library is shorter than the one shown; nothing was "
            "saved. Close and open it again."
        )
    conn.exec_driver_sql(f"DELETE FROM {table} WHERE entry_id = ? AND seq >= ?", (entry_id, start))
    if not lines:
        return
    if table == "history":
        conn.exec_driver_sql(_HISTORY_SQL, _history_params(entry_id, start, lines))
    else:
        conn.exec_driver_sql(_LOG_SQL, [(entry_id, start + i, s) for i, s in enumerate(lines)])


def write_history(conn: Connection, entry_id: int, history: Sequence[HistoryEntry]) -> None:
    """Make the stored history equal `history`: keep the common start, replace the rest."""
    keep = 0
    stored = conn.exec_driver_sql(
        "SELECT at, kind, summary, details FROM history WHERE entry_id = ? ORDER BY seq",
        (entry_id,),
    ).fetchall()
    for old, entry in zip(stored, history, strict=False):
        if tuple(old) != (entry.at, entry.kind, entry.summary, entry.details):
            break
        keep += 1
    write_tail(conn, "history", entry_id, keep, history[keep:])


def history_rows(
    entry_id: int, history: Sequence[HistoryEntry], start: int = 0
) -> list[tuple[int, int, str, str, str, str]]:
    """The rows of a new entry's history lines (from seq `start`)."""
    return _history_params(entry_id, start, history)


def insert_history(conn: Connection, rows: Sequence[tuple[int, int, str, str, str, str]]) -> None:
    """Insert `history_rows` of new entries (many at once: an import)."""
    if rows:
        conn.exec_driver_sql(_HISTORY_SQL, list(rows))


def _history_params(
    entry_id: int, first_seq: int, entries: Sequence[HistoryEntry]
) -> list[tuple[int, int, str, str, str, str]]:
    return [
        (entry_id, first_seq + i, e.at, e.kind, e.summary, e.details) for i, e in enumerate(entries)
    ]


def read_history(conn: Connection, entry_id: int) -> list[HistoryEntry]:
    """A character's history in order (plain SQL: a long history is thousands of rows)."""
    rows = conn.exec_driver_sql(_READ_HISTORY_SQL, (entry_id,)).fetchall()
    return [HistoryEntry(summary=s, kind=k, details=d, at=a) for s, k, d, a in rows]


def read_histories(conn: Connection, entry_ids: Sequence[int]) -> dict[int, list[HistoryEntry]]:
    """The histories of many characters at once, each in order."""
    found: dict[int, list[HistoryEntry]] = {i: [] for i in entry_ids}
    for start in range(0, len(entry_ids), _CHUNK):
        chunk = list(entry_ids[start : start + _CHUNK])
        marks = ", ".join("?" for _ in chunk)
        rows = conn.exec_driver_sql(
            "SELECT entry_id, summary, kind, details, at FROM history "
            f"WHERE entry_id IN ({marks}) ORDER BY entry_id, seq",
            tuple(chunk),
        )
        for entry_id, summary, kind, details, at in rows:
            found[entry_id].append(HistoryEntry(summary=summary, kind=kind, details=details, at=at))
    return found


def write_log(conn: Connection, entry_id: int, lines: Sequence[str]) -> None:
    """Make the stored log equal `lines` (stored log lines): the lines after the common
    start are written again.

    A stored line holding fields a newer numdesk added is the same line when the fields
    this numdesk knows match: it stays as stored, so a save here never drops them.
    """
    stored = [row[0] for row in conn.exec_driver_sql(_READ_LOG_SQL, (entry_id,))]
    keep = 0
    for old, new in zip(stored, lines, strict=False):
        if old != new and not _same_known(old, new):
            break
        keep += 1
    write_tail(conn, "log_lines", entry_id, keep, lines[keep:])


_LOG_FIELDS = frozenset(f.name for f in dataclasses.fields(LogEntry))


def _same_known(stored: str, line: str) -> bool:
    """Whether the `stored` line, without the fields unknown here, is `line`."""
    try:
        old = json.loads(stored)
    except ValueError:
        return False
    if not isinstance(old, dict) or old.keys() <= _LOG_FIELDS:
        return False
    return {k: v for k, v in old.items() if k in _LOG_FIELDS} == json.loads(line)


def insert_log(conn: Connection, entry_id: int, lines: Sequence[str], start: int = 0) -> None:
    """Insert the log lines of a new entry."""
    if lines:
        conn.exec_driver_sql(_LOG_SQL, [(entry_id, start + i, s) for i, s in enumerate(lines)])


def read_log(conn: Connection, entry_id: int) -> list[LogEntry]:
    """A fight's log in order; a damaged line is named, never guessed."""
    rows = conn.exec_driver_sql(_READ_LOG_SQL, (entry_id,)).fetchall()
    return [_log_entry(line, index) for index, (line,) in enumerate(rows)]


def read_logs(conn: Connection, entry_ids: Sequence[int]) -> dict[int, list[LogEntry]]:
    """The logs of many fights at once, each in order."""
    found: dict[int, list[LogEntry]] = {i: [] for i in entry_ids}
    for start in range(0, len(entry_ids), _CHUNK):
        chunk = list(entry_ids[start : start + _CHUNK])
        marks = ", ".join("?" for _ in chunk)
        rows = conn.exec_driver_sql(
            f"SELECT entry_id, line FROM log_lines WHERE entry_id IN ({marks}) "
            "ORDER BY entry_id, seq",
            tuple(chunk),
        )
        for entry_id, line in rows:
            lines = found[entry_id]
            lines.append(_log_entry(line, len(lines)))
    return found


def _log_entry(line: str, index: int) -> LogEntry:
    try:
        return from_data(LogEntry, json.loads(line), f"$.log[{index}]")
    except ValueError as err:  # a DomainError (a ValueError) names the place already
        message = getattr(err, "message", None) or f"$.log[{index}] is not readable"
        raise LibraryError(f"A stored fight log is damaged: {message}") from err
