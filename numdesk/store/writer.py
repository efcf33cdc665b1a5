"""Writing entries inside a transaction: the row, its search index row, its history.

All functions take the connection of a transaction the caller opened, so one user
action (or one whole import) is one transaction: it lands completely or not at all.
Rows are written with Core statements and `executemany`, which is what makes an import
of thousands of entries take a fraction of a second.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, bindparam, delete, insert, select, text, update
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from numdesk.model.limits import MAX_NAME, check_text
from numdesk.model.newer import NewerEntry
from numdesk.store.entries import EntryRow
from numdesk.store.errors import LibraryError
from numdesk.store.newer import keep_unknown_fields, remember_written
from numdesk.store.records import (
    history_rows,
    insert_history,
    insert_log,
    write_history,
    write_log,
    write_tail,
)
from numdesk.store.schema import Entry, EntryTag, Tag
from numdesk.store.search import tag_key

_CHUNK = 500
_UPDATED_ON_SAVE = ("kind", "name", "name_key", "profile", "level", "subtitle", "data", "updated")
# Plain DB-API statements for the bulk writes: an import sends tens of thousands of
# rows, and SQLAlchemy's per-row parameter processing would cost more than SQLite.
_UPSERT_SQL = (
    "INSERT INTO entries (uid, kind, name, name_key, profile, level, subtitle, favourite,"
    " data, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)"
    " ON CONFLICT (uid) DO UPDATE SET "
    + ", ".join(f"{c} = excluded.{c}" for c in _UPDATED_ON_SAVE)
    + ", revision = entries.revision + 1"
)


def now_stamp() -> str:
    """The time stored in `created`/`updated` (UTC, ISO 8601)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _existing(conn: Connection, uids: Sequence[str]) -> dict[str, tuple[int, str]]:
    """uid -> (id, kind) of the given uids already in the library."""
    found: dict[str, tuple[int, str]] = {}
    for start in range(0, len(uids), _CHUNK):
        chunk = tuple(uids[start : start + _CHUNK])
        marks = ", ".join("?" for _ in chunk)  # plain SQL: every fight action asks
        sql = f"SELECT uid, id, kind FROM entries WHERE uid IN ({marks})"
        for uid, entry_id, kind in conn.exec_driver_sql(sql, chunk):
            found[uid] = (entry_id, kind)
    return found


def existing_uids(conn: Connection, uids: Sequence[str]) -> set[str]:
    """The given uids that are already in the library."""
    return set(_existing(conn, uids))


def write_rows(
    conn: Connection,
    rows: Sequence[EntryRow],
    progress: Callable[[int, int], None] | None = None,
) -> None:
    """Insert or update `rows` by uid, keeping tags, favourite marks and creation times."""
    by_uid = {row.uid: row for row in rows}  # the last object with a uid wins
    rows = list(by_uid.values())
    total = len(rows)
    done = 0
    for start in range(0, total, _CHUNK):
        chunk = rows[start : start + _CHUNK]
        _write_chunk(conn, chunk)
        done += len(chunk)
        if progress is not None:
            progress(done, total)


def _write_chunk(conn: Connection, rows: Sequence[EntryRow]) -> None:
    before = _existing(conn, [r.uid for r in rows])
    for row in rows:
        old = before.get(row.uid)
        if old is not None and old[1] != row.kind.value:
            raise LibraryError(
                f"'{row.name}' cannot be saved: its identifier already belongs to a "
                f"{old[1]} in this library."
            )
    if before:  # a newer numdesk's fields in the stored entries stay
        rows = keep_unknown_fields(conn, rows)
    stamp = now_stamp()
    conn.exec_driver_sql(
        _UPSERT_SQL,
        [
            (
                r.uid,
                r.kind.value,
                r.name,
                r.name.casefold(),
                r.profile,
                r.level,
                r.subtitle,
                r.data,
                stamp,
                stamp,
            )
            for r in rows
        ],
    )
    # an entry keeps its id when the upsert updates it: only new ones are asked for
    ids = {uid: v[0] for uid, v in before.items()}
    fresh = [r.uid for r in rows if r.uid not in before]
    if fresh:
        ids.update((uid, v[0]) for uid, v in _existing(conn, fresh).items())
    remember_written(rows)
    old_ids = [v[0] for v in before.values()]
    tag_text = _tag_text(conn, old_ids)
    indexed = _indexed(conn, old_ids)
    # a search row is rewritten only when its text changed (a hit changes no word)
    search = [(ids[r.uid], r.name, tag_text.get(ids[r.uid], ""), r.body) for r in rows]
    search = [s for s in search if indexed.get(s[0]) != s[1:]]
    stale = [(s[0],) for s in search if s[0] in indexed]
    if stale:
        conn.exec_driver_sql("DELETE FROM entries_fts WHERE rowid = ?", stale)
    if search:
        conn.exec_driver_sql(
            "INSERT INTO entries_fts (rowid, name, tags, body) VALUES (?, ?, ?, ?)", search
        )
    fresh_history: list[tuple[int, int, str, str, str, str]] = []
    for r in rows:
        entry_id, stored = ids[r.uid], r.uid in before
        if r.history is not None:
            if stored and r.lines_from is not None:
                write_tail(conn, "history", entry_id, r.lines_from, r.history)
            elif stored:
                write_history(conn, entry_id, r.history)
            else:
                fresh_history.extend(history_rows(entry_id, r.history, r.lines_from or 0))
        if r.log is not None:
            if stored and r.lines_from is not None:
                write_tail(conn, "log_lines", entry_id, r.lines_from, r.log)
            elif stored:
                write_log(conn, entry_id, r.log)
            else:
                insert_log(conn, entry_id, r.log, r.lines_from or 0)
    insert_history(conn, fresh_history)


def write_newer(conn: Connection, entries: Sequence[NewerEntry]) -> None:
    """Store entries of kinds only a newer numdesk knows as they are (an import of an
    export that holds them): a new one is added, one the library holds is replaced;
    a uid the library gives an entry of another kind is refused, naming it."""
    if not entries:
        return
    before = _existing(conn, [e.uid for e in entries])
    for entry in entries:
        old = before.get(entry.uid)
        if old is not None and old[1] != entry.kind:
            raise LibraryError(
                f"'{entry.name}' cannot be saved: its identifier already belongs to a "
                f"{old[1]} in this library."
            )
    stamp = now_stamp()
    conn.exec_driver_sql(
        "INSERT INTO entries (uid, kind, name, name_key, subtitle, favourite, data, created,"
        " updated) VALUES (?, ?, ?, ?, '', 0, ?, ?, ?) ON CONFLICT (uid) DO UPDATE SET"
        " name = excluded.name, name_key = excluded.name_key, data = excluded.data,"
        " updated = excluded.updated, revision = entries.revision + 1",
        [
            (e.uid, e.kind, e.name, e.name.casefold(),
             json.dumps(e.data, ensure_ascii=False, separators=(",", ":")), stamp, stamp)
            for e in entries
        ],
    )  # fmt: skip
    ids = {uid: v[0] for uid, v in _existing(conn, [e.uid for e in entries]).items()}
    old_ids = [v[0] for v in before.values()]
    tag_text = _tag_text(conn, old_ids)
    if old_ids:
        conn.exec_driver_sql("DELETE FROM entries_fts WHERE rowid = ?", [(i,) for i in old_ids])
    conn.exec_driver_sql(
        "INSERT INTO entries_fts (rowid, name, tags, body) VALUES (?, ?, ?, ?)",
        [
            (ids[e.uid], e.name, tag_text.get(ids[e.uid], ""), " ".join(_words(e.data)))
            for e in entries
        ],
    )


def _words(data: Any) -> list[str]:
    """The texts of a newer numdesk's entry, for the search index (not its uid)."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, list):
        return [w for value in data for w in _words(value)]
    if isinstance(data, dict):
        return [w for key, value in data.items() if key != "uid" for w in _words(value)]
    return []


def _indexed(conn: Connection, entry_ids: Sequence[int]) -> dict[int, tuple[str, str, str]]:
    """entry id -> (name, tags, body) as the search index holds them now."""
    found: dict[int, tuple[str, str, str]] = {}
    for start in range(0, len(entry_ids), _CHUNK):
        chunk = tuple(entry_ids[start : start + _CHUNK])
        marks = ", ".join("?" for _ in chunk)
        sql = f"SELECT rowid, name, tags, body FROM entries_fts WHERE rowid IN ({marks})"
        for rowid, name, tags, body in conn.exec_driver_sql(sql, chunk):
            found[rowid] = (name, tags, body)
    return found


def _tag_text(conn: Connection, entry_ids: Sequence[int]) -> dict[int, str]:
    """entry id -> its tags as the search index holds them (plain SQL: every save asks)."""
    found: dict[int, str] = {}
    for start in range(0, len(entry_ids), _CHUNK):
        chunk = tuple(entry_ids[start : start + _CHUNK])
        marks = ", ".join("?" for _ in chunk)
        sql = (
            "SELECT et.entry_id, group_concat(t.name, ' ') FROM entry_tags et JOIN tags t"
            f" ON t.id = et.tag_id WHERE et.entry_id IN ({marks}) GROUP BY et.entry_id"
        )
        for entry_id, tags in conn.exec_driver_sql(sql, chunk):
            found[entry_id] = tags
    return found


def clean_tag_name(tag: str) -> str:
    """A tag as stored: inner whitespace collapsed, ends trimmed."""
    return " ".join(tag.split())


def sort_key(tag_keys: Iterable[str]) -> str:
    """What the browser sorts an entry's tags by: their keys in order, as they are shown."""
    return ", ".join(sorted(tag_keys))


def set_tags(conn: Connection, entry_id: int, tags: Sequence[str]) -> None:
    """Replace the tags of one entry and update its search index row."""
    set_tags_many(conn, {entry_id: tags})


def set_tags_many(conn: Connection, tags_by_id: dict[int, Sequence[str]]) -> None:
    """`set_tags` for many entries with a few bulk statements (an import tags thousands)."""
    wanted: dict[int, dict[str, str]] = {}
    for entry_id, tags in tags_by_id.items():
        names: dict[str, str] = {}
        for tag in tags:
            name = clean_tag_name(tag)
            check_text(name, "tags", MAX_NAME)  # the import's limit, so exports come back
            if name and tag_key(name) not in names:
                names[tag_key(name)] = name
        wanted[entry_id] = names
    all_names = {key: name for names in wanted.values() for key, name in names.items()}
    tag_ids: dict[str, int] = {}
    if all_names:
        conn.execute(
            sqlite_insert(Tag).on_conflict_do_nothing(index_elements=["key"]),
            [{"name": name, "key": key} for key, name in all_names.items()],
        )
        rows = conn.execute(select(Tag.key, Tag.id).where(Tag.key.in_(list(all_names))))
        tag_ids = {key: tag_id for key, tag_id in rows}
    ids = list(wanted)
    for start in range(0, len(ids), _CHUNK):
        chunk = ids[start : start + _CHUNK]
        conn.execute(delete(EntryTag).where(EntryTag.entry_id.in_(chunk)))
        fts = conn.execute(
            text("SELECT rowid, name, body FROM entries_fts WHERE rowid IN :ids").bindparams(
                bindparam("ids", expanding=True)
            ),
            {"ids": chunk},
        ).all()
        if fts:
            conn.execute(
                text("DELETE FROM entries_fts WHERE rowid = :id"), [{"id": r[0]} for r in fts]
            )
            conn.execute(
                text("INSERT INTO entries_fts (rowid, name, tags, body) VALUES (:id, :n, :t, :b)"),
                [
                    {"id": r[0], "n": r[1], "t": " ".join(wanted[r[0]].values()), "b": r[2]}
                    for r in fts
                ],
            )
    # the browser sorts the Tags column on this key (its own index), as the tags read
    entries = Entry.__table__
    conn.execute(
        update(entries).where(entries.c.id == bindparam("eid")).values(tag_key=bindparam("key")),
        [{"eid": entry_id, "key": sort_key(names)} for entry_id, names in wanted.items()],
    )
    links = [
        {"entry_id": entry_id, "tag_id": tag_ids[key]}
        for entry_id, names in wanted.items()
        for key in names
    ]
    if links:
        conn.execute(insert(EntryTag), links)
    drop_unused_tags(conn)


def drop_unused_tags(conn: Connection) -> None:
    """Forget tags no entry carries any more, so the tag list offers only live ones."""
    conn.execute(text("DELETE FROM tags WHERE id NOT IN (SELECT tag_id FROM entry_tags)"))
