"""A search's tiers: few matches ranked by relevance, many listed newest first, and
the relevance never computed for a tier too big to rank."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from numdesk.model.creature import Creature
from numdesk.store import Library, browse
from numdesk.store.browse import Pages

#: Saved in this order, each on its own (the newest last): a short name is more
#: relevant than a long one holding the same words, and newest first is another order.
LONG = "Grey old wolf of the northern hills"
WOLVES = ["Grey wolf", "Wolf pup", "Old grey wolf", "Wolf", LONG]


@pytest.fixture
def wolves(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    path = tmp_path / "wolves.numdesk"
    with Library.create(path, starter=False) as lib:
        for name in WOLVES:
            lib.save_many([Creature(name)])
    conn = sqlite3.connect(path)
    yield conn
    conn.close()


def listed(conn: sqlite3.Connection, text: str) -> tuple[list[str], list[str]]:
    """The names a search lists, in order, and the statements it ran."""
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    try:
        names = [s.name for s in Pages(text).next_page(conn, 100)]
    finally:
        conn.set_trace_callback(None)
    return names, [s for s in statements if not s.startswith("--")]


def test_a_tier_too_big_to_rank_is_listed_newest_first_unranked(
    wolves: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With one match ranked at most, both tiers of "wo" (names beginning with it, then
    names holding it) are too big: each newest first, and no statement asks for a
    relevance."""
    monkeypatch.setattr(browse, "RANKED_MAX", 1)
    names, statements = listed(wolves, "wo")
    assert names == ["Wolf", "Wolf pup", LONG, "Old grey wolf", "Grey wolf"]
    assert not any("bm25" in s for s in statements)


def test_a_tier_of_few_is_ranked_after_its_probe(wolves: sqlite3.Connection) -> None:
    """The exact name, the names beginning with "wolf", then those holding it: each
    tier best first, the shortest name first though it was saved first."""
    names, statements = listed(wolves, "wolf")
    assert names == ["Wolf", "Wolf pup", "Grey wolf", "Old grey wolf", LONG]
    assert any("bm25" in s for s in statements)


def test_a_tier_of_one_match_needs_no_ranking(wolves: sqlite3.Connection) -> None:
    names, statements = listed(wolves, "pup")
    assert names == ["Wolf pup"]
    assert not any("bm25" in s for s in statements)


def test_names_holding_several_words_are_ranked_as_they_are_probed(
    wolves: sqlite3.Connection,
) -> None:
    """Two names hold "grey" and "wolf" without beginning with them: one statement
    reads them with their relevance, best first."""
    names, statements = listed(wolves, "grey wolf")
    assert names == ["Grey wolf", "Old grey wolf", LONG]
    tier = [s for s in statements if "NOT name : ^" in s]
    assert len(tier) == 1 and "bm25" in tier[0]


def test_too_many_names_holding_several_words_are_listed_newest_first(
    wolves: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(browse, "RANKED_MAX", 1)
    names, _statements = listed(wolves, "grey wolf")
    assert names == ["Grey wolf", LONG, "Old grey wolf"]
