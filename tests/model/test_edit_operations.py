"""Direct edits of sheet fields and lists: valid edits apply and revert, bad ones change nothing."""

from __future__ import annotations

import pytest

from numdesk.model.abilities import Ability, Skill
from numdesk.model.follower import Follower
from numdesk.model.items import Artifact, Cypher, Equipment, Weapon
from numdesk.model.operations import (
    AddItem,
    MoveItem,
    RemoveItem,
    ReplaceItem,
    SetField,
    SetItemField,
    SetPool,
    SetSkill,
    SetWounds,
)
from numdesk.rules.types import DamageTrackState, SkillLevel, Stat, WeaponCategory
from tests.model.sheet_ops_helpers import apply_and_revert, assert_refused, make_character

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


@pytest.mark.parametrize(
    ("field", "value", "summary"),
    [
        ("tier", 3, "Tier 1 → 3"),
        ("effort", 2, "Effort 1 → 2"),
        ("xp", 5, "XP 0 → 5"),
        ("shins", 12, "Shins 0 → 12"),
        ("cypher_limit", 3, "Cypher limit 2 → 3"),
        ("descriptor", "Strong", "Descriptor set to 'Strong'"),
        ("name", "Vell", "Name: 'Kara' → 'Vell'"),
        ("notes", "Owes the Aeon Priests a favour.", "Edited the notes"),
        ("portrait", PNG, "Changed the portrait"),
        ("damage_track", DamageTrackState.IMPAIRED, "Damage track hale → impaired"),
    ],
)
def test_set_field_applies_and_reverts(field: str, value: object, summary: str) -> None:
    character = make_character()
    change = apply_and_revert(SetField(field, value), character)
    assert change.summary == summary
    assert getattr(character, field) == value


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("tier", 7, "Tier must be between 1 and 6."),
        ("tier", 0, "Tier must be between 1 and 6."),
        ("effort", 7, "Effort must be between 1 and 6."),
        ("xp", -1, "XP cannot be negative."),
        ("shins", -3, "Shins cannot be negative."),
        ("cypher_limit", -1, "The cypher limit cannot be negative."),
        ("tier", "two", "Tier must be a whole number."),
        ("name", "  ", "Name cannot be empty."),
        ("portrait", b"not an image", "The portrait must be a PNG, JPEG, GIF, BMP or WebP image."),
        ("profile", "dnd", "Choose numenera, cypher or one of the library's rules sets."),
    ],
)
def test_set_field_refuses_bad_values(field: str, value: object, message: str) -> None:
    character = make_character()
    got = assert_refused(SetField(field, value), character, field=field)
    assert got == message


def test_unknown_field_is_refused() -> None:
    assert_refused(SetField("uid", "x"), make_character(), field="uid")


def test_same_value_is_not_recorded() -> None:
    character = make_character()
    change = apply_and_revert(SetField("tier", 1), character)
    assert not change.record


def test_profile_switch_to_numenera_refused_with_expert_skill() -> None:
    character = make_character("cypher")
    character.skills.append(Skill("Climbing", SkillLevel.EXPERT))
    message = assert_refused(SetField("profile", "numenera"), character, field="skills[0].level")
    assert "expert" in message


def test_set_pool_current_max_edge() -> None:
    character = make_character()
    change = apply_and_revert(SetPool(Stat.MIGHT, current=5, maximum=14, edge=2), character)
    assert change.summary == "Might Pool maximum 12 → 14; Might Pool 12 → 5; Might Edge 1 → 2"
    pool = character.pool(Stat.MIGHT)
    assert (pool.current, pool.maximum, pool.edge) == (5, 14, 2)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"current": 13}, "pools.might.current"),
        ({"current": -1}, "pools.might.current"),
        ({"maximum": -1}, "pools.might.maximum"),
        ({"maximum": 10}, "pools.might.maximum"),
        ({"edge": -1}, "pools.might.edge"),
    ],
)
def test_set_pool_refuses_bad_values(kwargs: dict[str, int], field: str) -> None:
    assert_refused(SetPool("might", **kwargs), make_character(), field=field)


def test_set_wounds_cypher_only_and_within_slots() -> None:
    character = make_character("cypher")
    change = apply_and_revert(SetWounds(minor=2), character)
    assert change.summary == "Minor wounds 0 → 2"
    assert_refused(SetWounds(minor=4), character, field="wounds.minor")
    assert_refused(SetWounds(minor=1), make_character(), field="wounds")


def test_skill_level_allowed_by_profile() -> None:
    numenera = make_character(skills=[Skill("Climbing")])
    message = assert_refused(SetSkill(0, "expert"), numenera, field="skills[0].level")
    assert message.startswith("Numenera has no 'expert' skill level")
    change = apply_and_revert(SetSkill(0, "specialized"), numenera)
    assert change.summary == "Skill 'Climbing' (specialized): level trained → specialized"
    cypher = make_character("cypher", skills=[Skill("Climbing")])
    apply_and_revert(SetSkill(0, SkillLevel.EXPERT), cypher)
    assert cypher.skills[0].level is SkillLevel.EXPERT
    assert_refused(SetSkill(0, "master"), cypher, field="skills[0].level")


@pytest.mark.parametrize(
    ("list_name", "item"),
    [
        ("skills", Skill("Stealth", SkillLevel.INABILITY)),
        ("abilities", Ability("Bash", cost=1, pool=Stat.MIGHT)),
        ("cyphers", Cypher("Detonation", level=4)),
        ("equipment", Equipment("Rope", quantity=2)),
        ("weapons", Weapon("Broadsword", WeaponCategory.MEDIUM)),
        ("followers", Follower("Tamsin", level=3)),
    ],
)
def test_list_add_move_replace_remove(list_name: str, item: object) -> None:
    character = make_character()
    apply_and_revert(AddItem(list_name, item), character)
    apply_and_revert(AddItem(list_name, item, index=0), character)
    items = getattr(character, list_name)
    assert len(items) == 2
    assert items[0] is not item
    apply_and_revert(MoveItem(list_name, 0, 1), character)
    apply_and_revert(ReplaceItem(list_name, 1, item), character)
    apply_and_revert(RemoveItem(list_name, items[0].uid), character)
    assert len(getattr(character, list_name)) == 1


def test_list_refusals() -> None:
    character = make_character(cyphers=[Cypher("Detonation", level=4)])
    assert_refused(AddItem("cyphers", Equipment("Rope")), character, field="cyphers")
    assert_refused(AddItem("spells", Cypher("X")), character, field="spells")
    assert_refused(AddItem("cyphers", Cypher("", level=1)), character, field="cyphers[1].name")
    assert_refused(AddItem("cyphers", Cypher("X", level=0)), character, field="cyphers[1].level")
    bad = Artifact("Rod", 3, "sometimes")
    message = assert_refused(AddItem("artifacts", bad), character, "artifacts[0].depletion")
    assert message.startswith("Cannot read the depletion 'sometimes'")
    assert_refused(RemoveItem("cyphers", 3), character, field="cyphers")
    assert_refused(RemoveItem("cyphers", "no-such-uid"), character, field="cyphers")
    assert_refused(MoveItem("cyphers", 0, 5), character, field="cyphers")
    assert_refused(SetItemField("cyphers", 0, "level", "four"), character, field="cyphers[0].level")
    assert_refused(SetItemField("cyphers", 0, "uid", "x"), character, field="cyphers[0].uid")


def test_set_item_field_converts_enum_names() -> None:
    character = make_character(weapons=[Weapon("Knife", WeaponCategory.MEDIUM)])
    change = apply_and_revert(SetItemField("weapons", 0, "category", "light"), character)
    assert character.weapons[0].category is WeaponCategory.LIGHT
    assert change.summary == "Weapon 'Knife': category medium → light"


def test_history_never_names_a_blank_as_none() -> None:
    """A blank cypher level given a number reads "set to 5", a cleared one "cleared"."""
    character = make_character(cyphers=[Cypher("Stim", None, "Eases.")])
    uid = character.cyphers[0].uid
    change = apply_and_revert(SetItemField("cyphers", uid, "level", 5), character)
    assert change.summary == "Cypher 'Stim' (level 5): level set to 5"
    assert "None" not in change.summary
    character.cyphers[0].level = 5
    cleared = apply_and_revert(SetItemField("cyphers", uid, "level", None), character)
    assert cleared.summary == "Cypher 'Stim': level cleared (was 5)"
    identified = apply_and_revert(SetItemField("cyphers", uid, "identified", False), character)
    assert identified.summary.endswith("identified yes → no")
