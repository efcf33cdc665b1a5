"""Patches between two states of an entry, undone against a later state (issue 11)."""

from __future__ import annotations

import pytest

from numdesk.model.merge import MergeConflict, Patch, apply_patch, diff, merge3


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


# -- merge3: an editor's changes carried onto the entry as stored now (issue 23) --------


def test_fields_changed_on_either_side_both_survive() -> None:
    base = {"name": "Margr", "level": 3, "description": "", "changes": {"max_effort": 4}}
    mine = {**base, "level": 5, "changes": {"max_effort": 4, "xp_reroll": False}}
    theirs = {**base, "description": "Lives in caves", "changes": {"max_effort": 3}}
    assert merge3(base, mine, theirs) == {
        "name": "Margr",
        "level": 5,
        "description": "Lives in caves",
        "changes": {"max_effort": 3, "xp_reroll": False},
    }


def test_the_same_field_changed_on_both_sides_is_a_conflict_naming_it() -> None:
    base = {"level": 3, "stats": {"might": 10}}
    with pytest.raises(MergeConflict) as caught:
        merge3(base, {"level": 5, "stats": {"might": 10}}, {"level": 4, "stats": {"might": 10}})
    assert caught.value.path == ("level",)
    # a count is no exception here: 3 -> 5 and 3 -> 4 are two different wishes
    with pytest.raises(MergeConflict) as caught:
        merge3(base, {"level": 3, "stats": {"might": 12}}, {"level": 3, "stats": {"might": 9}})
    assert str(caught.value) == "stats might"
    # the same new value on both sides is no conflict
    assert merge3(base, {**base, "level": 4}, {**base, "level": 4}) == {**base, "level": 4}


def test_lists_merge_by_item_only_when_no_side_added_or_removed_one() -> None:
    base = {"rows": ["a", "b", "c"]}
    assert merge3(base, {"rows": ["A", "b", "c"]}, {"rows": ["a", "b", "C"]}) == {
        "rows": ["A", "b", "C"]
    }
    with pytest.raises(MergeConflict):
        merge3(base, {"rows": ["a", "b"]}, {"rows": ["a", "b", "c", "d"]})
    # one side only: taken whole
    assert merge3(base, {"rows": ["x"]}, base) == {"rows": ["x"]}


def test_keys_only_the_stored_side_knows_are_kept_and_removals_carry_over() -> None:
    base = {"name": "Orb", "level": 2, "old": 1}
    theirs = {"name": "Orb", "level": 2, "old": 1, "from_a_newer_numdesk": {"glow": True}}
    mine = {"name": "Orb", "level": 6}  # mine dropped "old"
    assert merge3(base, mine, theirs) == {
        "name": "Orb",
        "level": 6,
        "from_a_newer_numdesk": {"glow": True},
    }
    with pytest.raises(MergeConflict):  # removed here, changed there
        merge3(base, mine, {**theirs, "old": 2})
