"""Shared checks for operation tests: apply/revert/redo and "a failure changes nothing"."""

from __future__ import annotations

from typing import Any

import pytest

from numdesk.model.character import Character, StatPool
from numdesk.model.errors import DomainError
from numdesk.model.operations import Change, Operation
from numdesk.model.serialize import to_data
from numdesk.rules.types import Stat


def make_character(profile: str = "numenera", **values: Any) -> Character:
    """A tier 1 character with distinct Pools, so mix-ups between stats show."""
    character = Character(name="Kara", profile=profile, **values)
    character.pools = {
        Stat.MIGHT: StatPool(current=12, maximum=12, edge=1),
        Stat.SPEED: StatPool(current=10, maximum=10, edge=1),
        Stat.INTELLECT: StatPool(current=8, maximum=8, edge=0),
    }
    return character


def apply_and_revert(op: Operation[Character], character: Character) -> Change:
    """Apply `op`, check one history entry, revert to the exact original, redo identically."""
    original = to_data(character)
    history_len = len(character.history)
    change = op.apply(character)
    after = to_data(character)
    if change.record:
        assert len(character.history) == history_len + 1
        assert character.history[-1].summary == change.summary
    else:
        assert len(character.history) == history_len
    op.revert(character)
    assert to_data(character) == original
    assert op.apply(character) == change
    assert to_data(character) == after
    return change


def assert_refused(op: Operation[Character], character: Character, field: str | None = None) -> str:
    """`op` raises a DomainError (naming `field`, if given) and leaves `character` as it was."""
    original = to_data(character)
    with pytest.raises(DomainError) as info:
        op.apply(character)
    assert to_data(character) == original
    if field is not None:
        assert info.value.field == field
    return info.value.message
