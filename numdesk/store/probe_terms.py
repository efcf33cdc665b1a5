"""A search asked of one entry at a time: the query a sorted walk probes each row with.

A search sorted by a column over many matches is read on that column's index, asking
the full-text index, row by row, whether the entry matches (`numdesk.store.sorted_pages`).
FTS5 answers a one-row question cheaply for a whole word, and for a prefix of at most
three characters (the index keeps those prefixes, `prefix = '1 2 3'`). A longer prefix
such as `"shado"*` has FTS5 merge the lists of every word that begins with it on each
question, which costs milliseconds per row. So the probe names those words instead:
`("shadow" OR "shadows")`, read once from the index's vocabulary. The words are folded
as the index folds them (lower case, no diacritics) by the index's own tokenizer, in a
small in-memory table of the connection, so the probe finds exactly what the search
does.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

#: A prefix that begins more words than this is not probed (the probe query would
#: cost more than the sort it spares).
MAX_WORDS_PER_PREFIX = 40
#: Prefixes of this many characters or fewer are in the index's prefix index.
INDEXED_PREFIX = 3

_SETUP = (
    "CREATE VIRTUAL TABLE IF NOT EXISTS temp.numdesk_vocab"
    " USING fts5vocab(main, 'entries_fts', 'row')",
    "CREATE VIRTUAL TABLE IF NOT EXISTS temp.numdesk_fold"
    " USING fts5(word, tokenize = 'unicode61 remove_diacritics 2')",
    "CREATE VIRTUAL TABLE IF NOT EXISTS temp.numdesk_fold_vocab"
    " USING fts5vocab(temp, 'numdesk_fold', 'row')",
)
#: Above every character: `prefix + _TOP` ends the range of words beginning with prefix.
_TOP = "\U0010ffff"


@dataclass(frozen=True)
class SearchWords:
    """What a search box query asks: each word a prefix, in names only or anywhere."""

    words: tuple[str, ...]
    names_only: bool


def probe_query(conn: sqlite3.Connection, search: SearchWords) -> str | None:
    """The FTS5 query matching the entries that `search` matches, cheap to ask of one
    row; None when there is none (a prefix that begins too many words, or a word the
    tokenizer does not keep whole)."""
    for statement in _SETUP:
        conn.execute(statement)
    parts: list[str] = []
    for word in search.words:
        folded = _folded(conn, word)
        if folded is None:
            return None
        if len(folded) <= INDEXED_PREFIX:
            parts.append(_quoted(folded) + "*")
            continue
        found = conn.execute(
            "SELECT term FROM temp.numdesk_vocab WHERE term >= ? AND term < ? LIMIT ?",
            (folded, folded + _TOP, MAX_WORDS_PER_PREFIX + 1),
        ).fetchall()
        if not found or len(found) > MAX_WORDS_PER_PREFIX:
            return None
        parts.append("(" + " OR ".join(_quoted(term) for (term,) in found) + ")")
    query = " AND ".join(parts)
    return f"name : ({query})" if search.names_only else f"({query})"


def _folded(conn: sqlite3.Connection, word: str) -> str | None:
    """`word` as the index keeps it (None: the tokenizer cuts it in two, or drops it)."""
    conn.execute("DELETE FROM temp.numdesk_fold")
    conn.execute("INSERT INTO temp.numdesk_fold (word) VALUES (?)", (word,))
    terms = conn.execute("SELECT term FROM temp.numdesk_fold_vocab").fetchall()
    return terms[0][0] if len(terms) == 1 else None


def _quoted(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'
