"""Patches between two states of an entry, undone against a later state (issue 11)."""

from __future__ import annotations

import pytest

from numdesk.model.merge import MergeConflict, Patch, apply_patch, diff


def test_undo_keeps_what_changed_since_and_removes_only_its_own_lines() -> None:
    before = {"notes": "", "xp": 2, "history": ["made"], "name": "Kael"}
    after = {"notes": "Map", "xp": 2, "history": ["made", "notes"], "name": "Kael"}
    patch = diff(before, after)
    # meanwhile: another window took damage (a history line) and renamed
    now = {"notes": "Map", "xp": 3, "history": ["made", "notes", "damage"], "name": "Kael!"}
    undone = apply_patch(now, patch.inverse())
    assert undone == {"notes": "", "xp": 3, "history": ["made", "damage"], "name": "Kael!"}
    assert apply_patch(undone, patch) == {
        "notes": "Map",
        "xp": 3,
        "history": ["made", "damage", "notes"],
        "name": "Kael!",
    }


def test_a_count_changed_since_moves_by_the_steps_difference() -> None:
    patch = diff({"might": 10}, {"might": 8})  # took 2
    assert apply_patch({"might": 7}, patch.inverse()) == {"might": 9}  # 1 more taken since
    with pytest.raises(MergeConflict):
        apply_patch({"might": 2}, diff({"might": 0}, {"might": 5}).inverse())  # below 0


def test_text_changed_since_is_a_conflict_naming_the_place() -> None:
    patch = diff({"abilities": [{"name": "Pierce"}]}, {"abilities": [{"name": "Thrust"}]})
    with pytest.raises(MergeConflict) as caught:
        apply_patch({"abilities": [{"name": "Lunge"}]}, patch.inverse())
    assert str(caught.value) == "abilities 1 name"


def test_removed_items_come_back_and_patches_survive_json() -> None:
    before = {"cyphers": [{"n": "a"}, {"n": "b"}, {"n": "c"}]}
    after = {"cyphers": [{"n": "a"}, {"n": "c"}]}
    patch = Patch.from_json(diff(before, after).to_json())
    assert apply_patch(after, patch.inverse()) == before
    restored = apply_patch({"cyphers": [{"n": "c"}]}, patch.inverse())["cyphers"]
    assert sorted(c["n"] for c in restored) == ["b", "c"]  # "a" was used up since
    with pytest.raises(MergeConflict):
        apply_patch({"cyphers": []}, patch)  # "b" is not there to remove
