"""House rules sets derived from the built-in profiles (rules/house_rules.py)."""

from __future__ import annotations

import pytest

from numdesk.rules.errors import RulesError
from numdesk.rules.house_rules import (
    PROFILE_FIELDS,
    derive_profile,
    describe_changes,
    profile_changes,
)
from numdesk.rules.profiles import (
    CYPHER,
    NUMENERA,
    PROFILES,
    Profile,
    get_profile,
    register_profile,
    unregister_profile,
)
from numdesk.rules.types import SkillLevel


def test_every_profile_switch_and_cap_can_be_changed() -> None:
    editable = {f.name for f in PROFILE_FIELDS}
    fixed = {"name", "label", "base"}
    assert editable | fixed == set(Profile._fields)


def test_cypher_with_damage_track_and_subtracted_armor() -> None:
    changes = {"uses_damage_track": True, "armor_subtracts": True}
    house = derive_profile("cypher", "uid-1", "Cypher System (damage track)", changes)
    assert house.name == "uid-1" and house.label == "Cypher System (damage track)"
    assert house.uses_damage_track and house.armor_subtracts
    assert house.skill_ease_cap == CYPHER.skill_ease_cap  # everything else kept
    assert house.has_action_timing
    assert house.base == "cypher" and house.family == "cypher" and CYPHER.family == "cypher"
    assert profile_changes(CYPHER, house) == changes
    assert describe_changes("cypher", changes) == [
        "uses_damage_track: no → yes",
        "armor_subtracts: no → yes",
    ]


def test_lists_round_trip_as_plain_words() -> None:
    changes = {"skill_levels": ["inability", "trained"], "type_names": ["Hero", " Sage "]}
    house = derive_profile(NUMENERA, "u", "Low skill", changes)
    assert house.skill_levels == (SkillLevel.INABILITY, SkillLevel.TRAINED)
    assert house.type_names == ("Hero", "Sage")
    assert profile_changes(NUMENERA, house) == {
        "skill_levels": ["inability", "trained"],
        "type_names": ["Hero", "Sage"],
    }


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"max_effort": 7}, "max_effort must be 1 to 6"),
        ({"max_effort": True}, "whole number"),
        ({"xp_reroll": 1}, "yes/no"),
        ({"name": "x"}, "not a switch"),
        ({"type_names": []}, "at least one"),
        ({"skill_levels": ["trained"]}, "inability"),
        ({"skill_levels": ["inability", "trained", "expert"]}, "specialized"),
        ({"skill_levels": ["inability", "trained", "guru"]}, "may hold only"),
        ({"refuse_intrusion_cost": -1}, "0 to 4"),
    ],
)
def test_bad_changes_are_refused_with_a_sentence(changes: dict, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        derive_profile("cypher", "u", "Ours", changes)


def test_optional_costs_may_be_switched_off() -> None:
    house = derive_profile("numenera", "u", "No refusing", {"refuse_intrusion_cost": None})
    assert house.refuse_intrusion_cost is None


@pytest.mark.parametrize("label", ["", "  ", "Numenera", "cypher system", "x" * 61])
def test_names_must_be_new_and_short(label: str) -> None:
    with pytest.raises(RulesError):
        derive_profile("cypher", "u", label, {})


def test_only_builtins_are_bases() -> None:
    with pytest.raises(RulesError, match="starts from"):
        derive_profile("house-1", "u", "Ours", {})


def test_registry_holds_house_sets_but_never_replaces_builtins() -> None:
    house = derive_profile("cypher", "test-registry", "Ours", {"day_hours": 30})
    register_profile(house)
    try:
        assert get_profile("test-registry").day_hours == 30
    finally:
        unregister_profile("test-registry")
    assert "test-registry" not in PROFILES
    with pytest.raises(RulesError, match="built-in"):
        register_profile(house._replace(name="cypher"))
    unregister_profile("cypher")
    assert get_profile("cypher") is CYPHER
