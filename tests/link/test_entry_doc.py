"""Entry documents: a character's plain data in a CRDT document, merged field by field."""

from __future__ import annotations

from pycrdt import Doc

from numdesk.link import entry_doc
from numdesk.model.character import Character
from numdesk.model.history import HistoryEntry
from numdesk.model.serialize import from_data, to_data
from numdesk.rules.types import Stat


def _pair(data: dict) -> tuple[Doc, Doc]:
    a, b = Doc(), Doc()
    entry_doc.write(a, data)
    b.apply_update(a.get_update())
    return a, b


def _exchange(a: Doc, b: Doc) -> None:
    to_b = a.get_update(b.get_state())
    to_a = b.get_update(a.get_state())
    b.apply_update(to_b)
    a.apply_update(to_a)


def test_a_character_comes_back_whole_with_whole_numbers() -> None:
    ana = Character("Ana", profile="cypher", xp=3)
    ana.history.append(HistoryEntry("Made", kind="created", at="2026-11-26T10:00:00"))
    doc = Doc()
    entry_doc.write(doc, to_data(ana))
    data = entry_doc.read(doc)
    assert data == to_data(ana)
    assert isinstance(data["xp"], int)
    assert from_data(Character, data) == ana


def test_different_fields_changed_at_once_both_survive() -> None:
    ana = to_data(Character("Ana"))
    a, b = _pair(ana)
    mine = entry_doc.read(a)
    mine["xp"] = 5
    entry_doc.write(a, mine)
    theirs = entry_doc.read(b)
    theirs["pools"]["speed"]["current"] = 4
    entry_doc.write(b, theirs)
    _exchange(a, b)
    for doc in (a, b):
        data = entry_doc.read(doc)
        assert data["xp"] == 5 and data["pools"]["speed"]["current"] == 4


def test_the_same_field_ends_the_same_everywhere() -> None:
    a, b = _pair(to_data(Character("Ana")))
    for doc, xp in ((a, 5), (b, 7)):
        data = entry_doc.read(doc)
        data["xp"] = xp
        entry_doc.write(doc, data)
    _exchange(a, b)
    assert entry_doc.read(a)["xp"] == entry_doc.read(b)["xp"] in (5, 7)


def test_history_lines_added_on_both_sides_all_stay() -> None:
    a, b = _pair(to_data(Character("Ana")))
    for doc, line in ((a, "Spent 2 XP"), (b, "Took 4 damage")):
        data = entry_doc.read(doc)
        data["history"].append(to_data(HistoryEntry(line)))
        entry_doc.write(doc, data)
    _exchange(a, b)
    lines = [h["summary"] for h in entry_doc.read(a)["history"]]
    assert sorted(lines) == ["Spent 2 XP", "Took 4 damage"]
    assert entry_doc.read(a) == entry_doc.read(b)


def test_only_what_differs_is_written() -> None:
    ana = Character("Ana")
    doc = Doc()
    entry_doc.write(doc, to_data(ana))
    ana.pools[Stat.MIGHT].current = 6
    ana.notes = "owes Bo"
    edits = entry_doc.write(doc, to_data(ana))
    assert sorted(e.path for e in edits) == [("notes",), ("pools", "might", "current")]
    assert entry_doc.write(doc, to_data(ana)) == []


def test_keys_added_and_removed_follow() -> None:
    doc = Doc()
    entry_doc.write(doc, {"a": 1, "b": {"c": [1, 2]}})
    entry_doc.write(doc, {"b": {"c": [1, 2, 3], "d": None}, "e": "x"})
    assert entry_doc.read(doc) == {"b": {"c": [1, 2, 3], "d": None}, "e": "x"}
    entry_doc.write(doc, {"b": {"c": [3]}, "e": "x"})
    assert entry_doc.read(doc) == {"b": {"c": [3]}, "e": "x"}
