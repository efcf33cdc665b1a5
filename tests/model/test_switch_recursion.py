"""Switching tags and recursions on a real imported sheet, as Foundry's tagging engine does."""

from __future__ import annotations

import json

import pytest

from numdesk.io.foundry import read_foundry
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.items import in_use
from numdesk.model.operations import RemoveItem, SetItemField, SwitchRecursion
from tests.foundry_real import real_actor


def _sheet(name: str) -> Character:
    path = real_actor(name)
    pc = read_foundry(json.loads(path.read_text(encoding="utf-8")), path).entries[0].obj
    assert isinstance(pc, Character)
    return pc


def test_an_exclusive_tag_turns_the_other_off_and_brings_its_items_into_use() -> None:
    pc = _sheet("cs2-pc-lupus-exclusive-tags-f12.json")
    assert [(r.name, r.active, r.exclusive) for r in pc.recursions] == [
        ("Beast Form", False, True),
        ("Human Form", True, True),
    ]
    change = SwitchRecursion("Beast Form").apply(pc)
    assert [r.active for r in pc.recursions] == [True, False]
    used = {a.name for a in in_use(pc.abilities)}
    assert {"Beast Form", "Controlled Change"} <= used
    assert "Leather jacket" not in {a.name for a in in_use(pc.armor)}
    assert "Turned on the tag Beast Form (off now: Human Form)" in change.summary


def test_items_follow_a_renamed_tag_and_let_go_of_a_removed_one() -> None:
    pc = _sheet("cs2-pc-griselda-tags-f12.json")
    SetItemField("recursions", "Crossbow", "name", "Crossbows").apply(pc)
    assert [w.tags for w in pc.weapons if w.name == "Heavy crossbow"] == [["Crossbows"]]
    with pytest.raises(DomainError, match="no tag or recursion called 'Bows'"):
        SetItemField("weapons", "Heavy crossbow", "tags", ["Bows"]).apply(pc)
    change = RemoveItem("recursions", "Crossbows").apply(pc)
    assert [w.tags for w in pc.weapons if w.name == "Heavy crossbow"] == [[]]
    assert "3 items no longer belong to it" in change.summary
