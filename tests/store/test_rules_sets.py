"""House rules sets stored in the library: registry, ensure, deletion refused in use."""

from __future__ import annotations

from pathlib import Path

import pytest

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.errors import DomainError
from numdesk.model.rules_set import RulesSet
from numdesk.rules.profiles import PROFILES, get_profile
from numdesk.store import Library, LibraryError, ensure_rules_set


def test_ensure_creates_once_and_registers(library: Library) -> None:
    changes = {"uses_damage_track": True, "armor_subtracts": True}
    first = ensure_rules_set(library, "cypher", "Cypher System (damage track)", changes)
    again = ensure_rules_set(library, "cypher", "cypher system (DAMAGE TRACK)", {})
    assert first == again
    assert get_profile(first.name).uses_damage_track
    assert library.rules_sets.count() == 1
    stored = library.rules_sets.load(first.name)
    assert stored.base == "cypher" and stored.changes == changes


def test_ensure_keeps_the_groups_edits(library: Library) -> None:
    made = ensure_rules_set(library, "cypher", "Ours", {"max_effort": 5})
    edited = library.rules_sets.load(made.name)
    edited.changes["max_effort"] = 3
    library.rules_sets.save(edited)
    assert ensure_rules_set(library, "cypher", "Ours", {"max_effort": 5}).max_effort == 3


def test_ensure_refuses_bad_changes_and_saves_nothing(library: Library) -> None:
    with pytest.raises(DomainError):
        ensure_rules_set(library, "cypher", "Bad", {"max_effort": 12})
    with pytest.raises(DomainError):
        ensure_rules_set(library, "pathfinder", "Bad", {})
    assert library.rules_sets.count() == 0


def test_saving_a_set_that_does_not_fit_is_refused(library: Library) -> None:
    with pytest.raises(DomainError, match="max_effort"):
        library.rules_sets.save(RulesSet(name="Broken", changes={"max_effort": 0}))
    assert library.rules_sets.count() == 0


def test_reopened_library_registers_its_sets(tmp_path: Path) -> None:
    path = tmp_path / "lib.numdesk"
    with Library.create(path, starter=False) as lib:
        rules = RulesSet(name="Long days", base="numenera", changes={"day_hours": 40})
        lib.rules_sets.save(rules)
        lib.characters.save(Character(name="Ada", profile=rules.uid))
    assert rules.uid not in PROFILES  # a closed library's sets leave the registry
    with Library.open(path) as lib:
        assert get_profile(rules.uid).day_hours == 40
        assert get_profile(lib.characters.list()[0].profile or "").label == "Long days"


def test_deleting_a_set_in_use_names_its_users(library: Library) -> None:
    rules = RulesSet(name="Gritty", base="cypher", changes={"max_effort": 3})
    library.rules_sets.save(rules)
    library.characters.save(Character(name="Ada", profile=rules.uid))
    library.creatures.save(Creature(name="Bandit", profile=rules.uid))
    with pytest.raises(LibraryError) as caught:
        library.delete(rules.uid)
    assert "Ada (character)" in caught.value.message
    assert "Bandit (creature)" in caught.value.message
    assert library.rules_sets.count() == 1
    library.characters.delete(library.characters.list()[0].uid)
    library.creatures.delete(library.creatures.list()[0].uid)
    library.rules_sets.delete(rules.uid)
    assert rules.uid not in PROFILES
