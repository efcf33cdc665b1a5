"""A long history in snapshots, checks and undo patches: the parts that leave the history
out give exactly what the whole-object ways gave (issue 25)."""

from __future__ import annotations

import copy
import random

import pytest

from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.history import HistoryEntry
from numdesk.model.history_patch import patch_history, sheet_patch, touches_history
from numdesk.model.items import Equipment
from numdesk.model.merge import MergeConflict, Patch, Step, apply_patch, diff
from numdesk.model.operations import AddItem, SetItemField, SetPool, TakeDamage
from numdesk.model.operations.base import Change
from numdesk.model.operations.sheet import CharacterOperation
from numdesk.model.serialize import entry_data, from_data, from_data_changed, to_data
from numdesk.model.validation import find_problems
from numdesk.rules.types import DamageType, Stat
from tests.model.sheet_ops_helpers import make_character


def _played(lines: int = 5000, **values: object) -> Character:
    history = [
        HistoryEntry(
            f"Change {i}",
            kind="pools",
            details=f"detail {i}",
            at=f"2026-01-01T00:00:{i % 60:02d}+00:00",
        )
        for i in range(lines)
    ]
    return make_character(history=history, **values)


def _full(character: Character) -> dict[str, object]:
    return to_data(character)


@pytest.mark.parametrize(
    "operation",
    [
        SetPool(Stat.MIGHT, current=5),
        TakeDamage(3, DamageType.SPEED, apply_armor=False),
        AddItem("equipment", Equipment("Rope")),
    ],
)
def test_the_patch_of_an_action_is_the_whole_diff(operation: CharacterOperation) -> None:
    character = _played(300)
    before_full, before, length = _full(character), entry_data(character), len(character.history)
    operation.apply(character)
    mine = sheet_patch(before, entry_data(character), character.history, length)
    assert mine == diff(before_full, _full(character))
    assert [s.path for s in mine.steps if touches_history(s)] == [("history",)]


def test_undo_and_redo_of_an_operation_keep_every_history_line() -> None:
    character = _played()
    lines = list(character.history)
    operation = SetPool(Stat.MIGHT, current=4)
    operation.apply(character)
    added = character.history[-1]
    assert character.history[:-1] == lines and len(character.history) == 5001
    done = _full(character)
    operation.revert(character)
    assert character.history == lines and character.pool(Stat.MIGHT).current == 12
    operation.apply(character)
    assert _full(character) == done and character.history[-1] == added
    operation.revert(character)
    assert character.history == lines


class _Breaks(CharacterOperation):
    """Changes the sheet, then fails: nothing of it may stay."""

    def _run(self, character: Character) -> Change:
        character.xp = 7
        character.equipment.append(Equipment("Lost"))
        raise DomainError("No.")


def test_a_failed_operation_leaves_the_sheet_and_its_history_as_they_were() -> None:
    character = _played()
    before = _full(character)
    history = character.history
    with pytest.raises(DomainError):
        _Breaks().apply(character)
    assert _full(character) == before
    assert character.history is history  # the very list, not a copy of 5,000 lines


def test_only_new_problems_refuse_an_edit_even_when_unchanged_entries_are_skipped() -> None:
    character = _played(10, equipment=[Equipment(f"Gear {i}") for i in range(30)])
    character.equipment[0].quantity = -1  # imported like that: a problem already there
    SetItemField("equipment", 5, "quantity", 3).apply(character)  # unrelated: allowed
    assert character.equipment[5].quantity == 3
    with pytest.raises(DomainError) as refused:
        SetItemField("equipment", 6, "name", "").apply(character)
    assert refused.value.field == "equipment[6].name"
    assert character.equipment[6].name == "Gear 6"
    # the problems the skipping check finds are those of the whole check, for what changed
    before = copy.deepcopy(character)
    character.equipment[7].name = ""
    whole = {(p.field, p.message) for p in find_problems(character)}
    known = {(p.field, p.message) for p in find_problems(before)}
    skipped = {(p.field, p.message) for p in find_problems(character, history=False, since=before)}
    assert whole - known == skipped - known
    assert [field for field, _message in whole - known] == ["equipment[7].name"]


def test_history_steps_on_the_lines_give_what_the_whole_data_gives() -> None:
    rng = random.Random(25)
    for _ in range(60):
        history = [HistoryEntry(f"Line {i}", at=f"t{i}") for i in range(rng.randint(0, 40))]
        lines = [to_data(e) for e in history]
        new = [to_data(HistoryEntry(f"New {n}", at=f"n{n}")) for n in range(rng.randint(1, 3))]
        steps = [Step("insert", ("history",), new=new, at=len(history), at_end=True)]
        if history:
            at = rng.randrange(len(history))
            run = lines[at : at + rng.randint(1, 2)]
            steps.append(Step("remove", ("history",), old=run, at=at))  # where it is
            steps.append(Step("remove", ("history",), old=run, at=max(0, at - 3)))  # moved
            steps.append(
                Step("set", ("history", at, "summary"), old=lines[at]["summary"], new="Changed")
            )
        step = rng.choice(steps)
        try:
            expected = apply_patch({"history": lines}, Patch((step,)))["history"]
        except MergeConflict:
            with pytest.raises(MergeConflict):
                patch_history(history, [step])
            continue
        result, kept = patch_history(history, [step])
        assert [to_data(e) for e in result] == expected
        assert result[:kept] == history[:kept]  # what the store may keep as it is
        assert history == [from_data(HistoryEntry, line) for line in lines]  # left alone


def test_a_line_that_is_gone_is_a_conflict() -> None:
    history = [HistoryEntry("Kept", at="t0")]
    gone = Step("remove", ("history",), old=[to_data(HistoryEntry("Gone", at="t1"))], at=1)
    with pytest.raises(MergeConflict):
        patch_history(history, [gone])


def test_a_shared_patch_gives_the_same_data_and_leaves_the_original_alone() -> None:
    character = _played(20, equipment=[Equipment(f"Gear {i}") for i in range(50)])
    data = entry_data(character)
    kept = copy.deepcopy(data)
    SetItemField("equipment", 3, "quantity", 9).apply(character)
    SetPool(Stat.SPEED, current=2).apply(character)
    patch = diff(data, entry_data(character))
    shared = apply_patch(data, patch, share=True)
    assert shared == apply_patch(data, patch) == entry_data(character)
    assert data == kept
    assert shared["equipment"][4] is data["equipment"][4]  # untouched: not copied

    undone = apply_patch(shared, patch.inverse(), share=True)
    rebuilt = from_data_changed(character, undone, patch.paths())
    assert entry_data(rebuilt) == entry_data(from_data(Character, undone)) == data
    assert rebuilt.equipment[3].quantity == 1 and rebuilt.pool(Stat.SPEED).current == 10
    assert rebuilt.equipment[4] is character.equipment[4]  # untouched: the same object
    assert character.equipment[3].quantity == 9  # the original is left as it was
