"""The pieces of a library search: the safe FTS5 query, the filters, counts and tags.

Search runs on the FTS5 index `entries_fts` (columns name, tags, body). The user's text
is never passed to MATCH as it is: it is cut into words and every word becomes a
quoted prefix term (`"gla"*`), so quotes, stars, colons or words like OR and NEAR
cannot break the query or change its meaning, and each key press finds what the
words typed so far begin. How matches are ordered and read page by page is
`numdesk.store.browse`.

The queries are plain SQL on the DB-API (`sqlite3`) connection, without SQLAlchemy:
the library runs them inside its own transactions, and the app's first screen runs
them through `numdesk.store.reader` before SQLAlchemy is even imported.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Collection, Sequence
from typing import Any, TypedDict, Unpack

from numdesk.model.entry_kind import EntryKind

#: More words than this add nothing to a search box query but cost time.
MAX_TERMS = 12
#: Shorter text is matched against names only (see `_ranked_ids`).
MIN_TEXT_CHARS = 3
WORD = re.compile(r"[^\W_]+")


def fts_query(user_text: str) -> str | None:
    """A safe FTS5 query for `user_text`: every word as a quoted prefix; None if no words."""
    words = WORD.findall(user_text)[:MAX_TERMS]
    if not words:
        return None
    return " ".join(f'"{w}"*' for w in words)


def tag_key(tag: str) -> str:
    """The case-folded form tags are matched by."""
    return " ".join(tag.split()).casefold()


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


def count_matches(
    conn: sqlite3.Connection, text_query: str = "", **wanted: Unpack[SearchFilters]
) -> int:
    """How many entries a search lists with no limit (same filters), counted in full
    (the browser counts only up to a cap: `numdesk.store.browse`)."""
    filters = Filters(**wanted)
    match = fts_query(text_query)
    if match is None:
        sql = f"SELECT count(*) FROM entries e{filters.sql()}"
        return int(run_query(conn, sql, dict(filters.params), filters.expanding)[0][0])
    phrase = " ".join(text_query.split()).casefold()
    # names only for the first key presses, else each word in any column
    target = f"name : ({match})" if len(phrase) < MIN_TEXT_CHARS else f"({match})"
    if filters.where:
        # the FTS table first (CROSS JOIN), not one full-text query per entry
        sql = (
            "SELECT count(*) FROM entries_fts f CROSS JOIN entries e ON e.id = f.rowid"
            f" WHERE entries_fts MATCH :match{filters.sql(' AND ')}"
        )
    else:
        sql = "SELECT count(*) FROM entries_fts WHERE entries_fts MATCH :match"
    params = dict(filters.params, match=target)
    return int(run_query(conn, sql, params, filters.expanding)[0][0])


def run_query(
    conn: sqlite3.Connection, sql: str, params: dict[str, Any], expanding: list[str]
) -> list[Any]:
    """Run `sql` with named parameters; each name in `expanding` is a list for `IN :name`."""
    sql, params = bind(sql, params, expanding)
    return conn.execute(sql, params).fetchall()


def bind(sql: str, params: dict[str, Any], expanding: list[str]) -> tuple[str, dict[str, Any]]:
    """`sql` and its parameters with each list named in `expanding` spelt out for `IN`."""
    params = dict(params)
    for name in expanding:
        values = list(params.pop(name))
        keys = [f"{name}_{i}" for i in range(len(values))]
        params.update(zip(keys, values, strict=True))
        # an empty list matches nothing, as `IN ()` would if SQLite allowed it
        listed = ", ".join(f":{key}" for key in keys) if keys else "SELECT NULL WHERE 0"
        sql = re.sub(rf":{name}\b", f"({listed})", sql)
    return sql, params


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
