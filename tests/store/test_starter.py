"""Starter content every new library begins with, and the embedded default library."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from numdesk.model.kinds import EntryKind
from numdesk.rules.types import ArmorCategory, Stat, WeaponCategory
from numdesk.store import Library
from numdesk.store.starter import load_starter


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
    assert weapons == set(WeaponCategory)
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
        assert lib.meta_get("starter_content") == 1


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
