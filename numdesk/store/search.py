"""Listing and searching entries: the summaries the library browser shows.

Search runs on the FTS5 index `entries_fts` (columns name, tags, body). The user's text
is never passed to MATCH as it is: it is cut into words and every word becomes a
quoted prefix term (`"gla"*`), so quotes, stars, colons or words like OR and NEAR
cannot break the query or change its meaning, and each key press finds what the
words typed so far begin. Results come in tiers: the exact name, then names starting
with the text, then other names containing the words, then matches in tags and text
(tags weighing more); within a tier by bm25.

The queries are plain SQL on the DB-API (`sqlite3`) connection, without SQLAlchemy:
the library runs them inside its own transactions, and the app's first screen runs
them through `numdesk.store.reader` before SQLAlchemy is even imported.
"""

from __future__ import annotations

import re
import sqlite3
from collections import defaultdict
from collections.abc import Collection, Sequence
from typing import Any, TypedDict, Unpack

from numdesk.model.entry_kind import EntryKind, stored_kind
from numdesk.model.summary import EntrySummary

#: More words than this add nothing to a search box query but cost time.
MAX_TERMS = 12
#: Shorter text is matched against names only (see `_ranked_ids`).
MIN_TEXT_CHARS = 3
_WORD = re.compile(r"[^\W_]+")


def fts_query(user_text: str) -> str | None:
    """A safe FTS5 query for `user_text`: every word as a quoted prefix; None if no words."""
    words = _WORD.findall(user_text)[:MAX_TERMS]
    if not words:
        return None
    return " ".join(f'"{w}"*' for w in words)


def tag_key(tag: str) -> str:
    """The case-folded form tags are matched by."""
    return " ".join(tag.split()).casefold()


def _like_prefix(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return escaped + "%"


class Filters:
    """The WHERE clauses of a browser search, shared by listing and counting."""

    def __init__(
        self,
        *,
        kinds: Collection[EntryKind] | None = None,
        profile: str | None = None,
        level_min: int | None = None,
        level_max: int | None = None,
        tags: Collection[str] | None = None,
        favourites_only: bool = False,
        uids: Sequence[str] | None = None,
    ) -> None:
        self.where: list[str] = []
        self.params: dict[str, Any] = {}
        self.expanding: list[str] = []
        if kinds is not None:
            self._add("e.kind IN :kinds", kinds=[EntryKind(k).value for k in kinds])
        if profile is not None:
            # entries without a profile (items, abilities, tables) serve both profiles
            self._add("(e.profile = :profile OR e.profile IS NULL)", profile=profile)
        if level_min is not None:
            self._add("e.level >= :level_min", level_min=level_min)
        if level_max is not None:
            self._add("e.level <= :level_max", level_max=level_max)
        if favourites_only:
            self.where.append("e.favourite = 1")
        if uids is not None:
            self._add("e.uid IN :uids", uids=list(uids))
        tag_keys = sorted({tag_key(t) for t in tags or () if tag_key(t)})
        if tag_keys:
            self._add(
                "e.id IN (SELECT et.entry_id FROM entry_tags et JOIN tags t ON t.id = et.tag_id "
                "WHERE t.key IN :tag_keys GROUP BY et.entry_id HAVING count(*) = :tag_count)",
                tag_keys=tag_keys,
                tag_count=len(tag_keys),
            )

    def _add(self, clause: str, **params: Any) -> None:
        self.where.append(clause)
        for name, value in params.items():
            self.params[name] = value
            if isinstance(value, list):
                self.expanding.append(name)

    def sql(self, keyword: str = " WHERE ") -> str:
        """The clauses joined, after `keyword` (empty when there are none)."""
        return keyword + " AND ".join(self.where) if self.where else ""


class SearchFilters(TypedDict, total=False):
    """The browser's filters, handed on unchanged by every layer between it and the SQL
    (controller, library, first-screen reader), so each names them once."""

    kinds: Collection[EntryKind] | None
    profile: str | None
    level_min: int | None
    level_max: int | None
    tags: Collection[str] | None
    favourites_only: bool


def query_summaries(
    conn: sqlite3.Connection,
    text_query: str = "",
    *,
    uids: Sequence[str] | None = None,
    limit: int | None = 200,
    offset: int = 0,
    **wanted: Unpack[SearchFilters],
) -> list[EntrySummary]:
    """Summaries of the entries matching every given filter, best match first.

    `offset` skips that many of the ordered matches, so a browser can load a long
    result page by page as the user scrolls (`count_matches` says how many there are).
    """
    filters = Filters(uids=uids, **wanted)
    params = dict(filters.params)
    columns = "e.id, e.uid, e.kind, e.name, e.profile, e.level, e.subtitle, e.favourite"
    match = fts_query(text_query)
    if match is None:
        sql = f"SELECT {columns} FROM entries e{filters.sql()} ORDER BY e.name_key, e.id"
        if limit is not None or offset:
            # SQLite needs a LIMIT before an OFFSET; -1 means no limit
            sql += " LIMIT :limit OFFSET :offset"
            params["limit"] = -1 if limit is None else limit
            params["offset"] = offset
        rows = _run(conn, sql, params, filters.expanding)
    else:
        wanted = None if limit is None else offset + limit
        ids = _ranked_ids(
            conn, text_query, match, filters.where, params, filters.expanding, wanted
        )[offset:]
        if not ids:
            return []
        by_id = {
            row[0]: row
            for row in _run(
                conn, f"SELECT {columns} FROM entries e WHERE e.id IN :ids", {"ids": ids}, ["ids"]
            )
        }
        rows = [by_id[i] for i in ids if i in by_id]
    tag_map = tags_of(conn, [row[0] for row in rows])
    return [
        EntrySummary(
            uid=uid,
            kind=stored_kind(kind),
            name=name,
            profile=profile,
            level=level,
            tags=tag_map.get(entry_id, ()),
            favourite=bool(favourite),
            subtitle=subtitle,
        )
        for entry_id, uid, kind, name, profile, level, subtitle, favourite in rows
    ]


def count_matches(
    conn: sqlite3.Connection, text_query: str = "", **wanted: Unpack[SearchFilters]
) -> int:
    """How many entries `query_summaries` would list with no limit (same filters)."""
    filters = Filters(**wanted)
    match = fts_query(text_query)
    if match is None:
        sql = f"SELECT count(*) FROM entries e{filters.sql()}"
        return int(_run(conn, sql, dict(filters.params), filters.expanding)[0][0])
    phrase = " ".join(text_query.split()).casefold()
    # the same two tiers as `_ranked_ids`: names, then (3+ characters) tags and text
    if len(phrase) < MIN_TEXT_CHARS:
        target = f"name : ({match})"
    else:
        target = f"{{name tags body}} : ({match})"
    sql = (
        "SELECT count(*) FROM entries_fts f JOIN entries e ON e.id = f.rowid"
        f" WHERE entries_fts MATCH :match{filters.sql(' AND ')}"
    )
    params = dict(filters.params, match=target)
    return int(_run(conn, sql, params, filters.expanding)[0][0])


def _run(
    conn: sqlite3.Connection, sql: str, params: dict[str, Any], expanding: list[str]
) -> list[Any]:
    """Run `sql` with named parameters; each name in `expanding` is a list for `IN :name`."""
    params = dict(params)
    for name in expanding:
        values = list(params.pop(name))
        keys = [f"{name}_{i}" for i in range(len(values))]
        params.update(zip(keys, values, strict=True))
        # an empty list matches nothing, as `IN ()` would if SQLite allowed it
        listed = ", ".join(f":{key}" for key in keys) if keys else "SELECT NULL WHERE 0"
        sql = re.sub(rf":{name}\b", f"({listed})", sql)
    return conn.execute(sql, params).fetchall()


def _ranked_ids(
    conn: sqlite3.Connection,
    text_query: str,
    match: str,
    where: list[str],
    params: dict[str, Any],
    expanding: list[str],
    limit: int | None,
) -> list[int]:
    """Entry ids matching `match`, names first, then tags and text.

    Two queries instead of one: ranking every text match by bm25 costs time in
    proportion to the matches, and the first key presses match nearly everything.
    Names are ranked exactly (exact name, name prefix, other name matches; bm25
    within each); text matches are searched only once the text has `MIN_TEXT_CHARS`
    characters, and only as many as the names left room for.
    """
    phrase = " ".join(text_query.split()).casefold()
    filters = "".join(f" AND {w}" for w in where)
    name_params = dict(params, match=f"name : ({match})", exact=phrase, prefix=_like_prefix(phrase))
    sql = (
        "SELECT f.rowid FROM entries_fts f JOIN entries e ON e.id = f.rowid"
        f" WHERE entries_fts MATCH :match{filters}"
        " ORDER BY CASE WHEN e.name_key = :exact THEN 0"
        " WHEN e.name_key LIKE :prefix ESCAPE '\\' THEN 1 ELSE 2 END,"
        " bm25(entries_fts, 10.0, 4.0, 1.0), e.name_key"
    )
    if limit is not None:
        sql += " LIMIT :limit"
        name_params["limit"] = limit
    ids = [row[0] for row in _run(conn, sql, name_params, expanding)]
    room = None if limit is None else limit - len(ids)
    if len(phrase) < MIN_TEXT_CHARS or room == 0:
        return ids
    text_params = dict(params, match=f"{{tags body}} : ({match}) NOT name : ({match})")
    if filters:
        sql = (
            "SELECT f.rowid FROM entries_fts f JOIN entries e ON e.id = f.rowid"
            f" WHERE entries_fts MATCH :match{filters}"
        )
    else:
        sql = "SELECT f.rowid FROM entries_fts f WHERE entries_fts MATCH :match"
    sql += " ORDER BY bm25(entries_fts, 10.0, 4.0, 1.0)"
    if room is not None:
        sql += " LIMIT :limit"
        text_params["limit"] = room
    ids.extend(row[0] for row in _run(conn, sql, text_params, expanding))
    return ids


def count_entries(conn: sqlite3.Connection, kind: EntryKind | None = None) -> int:
    """How many entries (of `kind`, or in all) the library behind `conn` holds."""
    if kind is None:
        row = conn.execute("SELECT count(*) FROM entries").fetchone()
    else:
        sql = "SELECT count(*) FROM entries WHERE kind = ?"
        row = conn.execute(sql, (EntryKind(kind).value,)).fetchone()
    return int(row[0])


def tag_names(conn: sqlite3.Connection) -> list[str]:
    """Every tag in use, sorted ignoring case."""
    names = [row[0] for row in conn.execute("SELECT name FROM tags")]
    return sorted(names, key=str.casefold)


def tags_of(conn: sqlite3.Connection, entry_ids: Sequence[int]) -> dict[int, tuple[str, ...]]:
    """The tags of each entry id, sorted case-insensitively."""
    found: dict[int, list[str]] = defaultdict(list)
    sql = (
        "SELECT et.entry_id, t.name FROM entry_tags et JOIN tags t ON t.id = et.tag_id "
        "WHERE et.entry_id IN :ids"
    )
    for start in range(0, len(entry_ids), 500):
        chunk = list(entry_ids[start : start + 500])
        for entry_id, name in _run(conn, sql, {"ids": chunk}, ["ids"]):
            found[entry_id].append(name)
    return {k: tuple(sorted(v, key=str.casefold)) for k, v in found.items()}
