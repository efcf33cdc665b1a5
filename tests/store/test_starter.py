"""Starter content every new library begins with, and the embedded default library."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from numdesk.model.kinds import EntryKind, kind_of
from numdesk.rules.types import ArmorCategory, SkillLevel, Stat, WeaponCategory
from numdesk.store import Library
from numdesk.store.starter import STARTER_EDITION, load_starter


def test_starter_content_is_what_the_first_run_promises(starter_library: Library) -> None:
    lib = starter_library
    creatures = [lib.creatures.load(s.uid) for s in lib.creatures.list()]
    assert len(creatures) >= 12
    levels = {c.level for c in creatures}
    assert min(levels) == 1 and max(levels) == 8 and len(levels) >= 6
    assert {c.profile for c in creatures} == {"numenera", "cypher"}

    assert lib.count(EntryKind.CYPHER) + lib.count(EntryKind.ARTIFACT) >= 12
    depletions = {lib.artifacts.load(s.uid).depletion for s in lib.artifacts.list()}
    assert {"1 in 1d6", "1 in 1d10", "1-2 in 1d20", "1 in 1d100", "—", "automatic"} <= depletions
    for s in lib.cyphers.list():
        assert re.fullmatch(r"1d6(\+\d)?", lib.cyphers.load(s.uid).level_dice)

    weapons = {lib.weapons.load(s.uid).category for s in lib.weapons.list()}
    # one of each weight class; `none` is for an ability's attack, never a library weapon
    assert weapons == set(WeaponCategory) - {WeaponCategory.NONE}
    armor = {lib.armor.load(s.uid).category: lib.armor.load(s.uid) for s in lib.armor.list()}
    assert set(armor) == {ArmorCategory.LIGHT, ArmorCategory.MEDIUM, ArmorCategory.HEAVY}
    assert [
        armor[c].value for c in (ArmorCategory.LIGHT, ArmorCategory.MEDIUM, ArmorCategory.HEAVY)
    ] == [1, 2, 3]

    hazards = lib.tables.find_by_name("Hazards")
    assert hazards is not None and hazards.category == "hazard"
    assert len(hazards.rows) == 12
    assert any(r.entry.startswith("Falling: 1 point per 10 feet") for r in hazards.rows)
    assert any(r.entry.startswith("Electrocution: 6") for r in hazards.rows)


def test_type_templates_leave_unknown_values_for_the_user(starter_library: Library) -> None:
    names = {s.name for s in starter_library.types.list()}
    assert {"Arkus", "Delve", "Glaive", "Jack", "Nano", "Wright"} <= names
    for summary in starter_library.types.list():
        template = starter_library.types.load(summary.uid)
        assert template.profile == "numenera"
        assert set(template.pools) == set(Stat)
        assert all(v is None for v in template.pools.values())
        assert all(v is None for v in template.edges.values())
        assert template.cypher_limit is None and template.effort is None
        assert "fill them in" in template.notes
    nano = starter_library.types.find_by_name("Nano")
    assert nano is not None
    [onslaught] = nano.tiers[0].abilities
    assert (onslaught.name, onslaught.cost, onslaught.pool) == ("Onslaught", 1, Stat.INTELLECT)


def test_starter_entries_have_fixed_ids(tmp_path: Path) -> None:
    first = [o.uid for o in load_starter()]
    assert first == [o.uid for o in load_starter()]
    assert len(set(first)) == len(first)
    with Library.create(tmp_path / "lib.numdesk") as lib:
        count = lib.count()
        lib.save_many(load_starter())  # adding it again duplicates nothing
        assert lib.count() == count == len(first)
        assert lib.meta_get("starter_content") == STARTER_EDITION


def test_the_default_library_is_created_with_starter_content(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from numdesk.paths import default_library_path

    path = default_library_path()
    assert path.is_relative_to(tmp_path)
    with Library.open(path) as lib:
        assert lib.count(EntryKind.TYPE) >= 6
    with Library.open(path) as lib:  # the second run opens the same file
        assert lib.count() == len(load_starter())


#: Skills a player looks for first; the sheet's "from library" picker must find them.
COMMON_SKILLS = (
    "Climbing", "Swimming", "Jumping", "Balancing", "Running", "Riding", "Stealth",
    "Sneaking", "Perception", "Persuasion", "Deception", "Intimidation", "Healing",
    "Initiative", "Might defense", "Speed defense", "Intellect defense", "Crafting",
    "Repairing", "Identifying devices", "Tracking", "Lore: history",
)  # fmt: skip


def test_starter_skills_serve_both_profiles(starter_library: Library) -> None:
    lib = starter_library
    skills = [lib.skills.load(s.uid) for s in lib.skills.list()]
    names = {s.name for s in skills}
    assert set(COMMON_SKILLS) <= names
    assert all(s.level is SkillLevel.TRAINED and s.description for s in skills)
    for profile in ("numenera", "cypher"):  # the picker's search: the sheet's profile
        found = lib.search("climb", kinds=[EntryKind.SKILL], profile=profile)
        assert [s.name for s in found] == ["Climbing"]
        defenses = lib.search("defense", kinds=[EntryKind.SKILL], profile=profile)
        assert {s.name for s in defenses} >= {"Might defense", "Speed defense"}


def test_older_libraries_get_newer_starter_files_without_losing_edits(tmp_path: Path) -> None:
    path = tmp_path / "old.numdesk"
    with Library.create(path) as lib:  # make it look like an edition-1 library
        climbing = lib.skills.find_by_name("Climbing")
        assert climbing is not None
        for summary in lib.skills.list():
            if summary.uid != climbing.uid:
                lib.skills.delete(summary.uid)
        climbing.name = "Climbing (ropes)"
        lib.skills.save(climbing)
        glaive = lib.types.find_by_name("Glaive")
        assert glaive is not None
        lib.types.delete(glaive.uid)  # an edition-1 entry the user removed
        lib.meta_set("starter_content", 1)

    skill_count = len([o for o in load_starter() if kind_of(o) is EntryKind.SKILL])
    with Library.open(path) as lib:
        assert lib.count(EntryKind.SKILL) == skill_count
        assert lib.skills.load(climbing.uid).name == "Climbing (ropes)"  # the edit stays
        assert lib.types.find_by_name("Glaive") is None  # older deletions stay deleted
        assert lib.meta_get("starter_content") == STARTER_EDITION
        swimming = lib.skills.find_by_name("Swimming")
        assert swimming is not None
        lib.skills.delete(swimming.uid)
    with Library.open(path) as lib:  # once up to date, nothing comes back
        assert lib.skills.find_by_name("Swimming") is None


def test_libraries_without_starter_content_stay_empty(tmp_path: Path) -> None:
    path = tmp_path / "bare.numdesk"
    Library.create(path, starter=False).close()
    with Library.open(path) as lib:
        assert lib.count() == 0
