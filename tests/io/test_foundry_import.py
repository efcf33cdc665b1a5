"""Foundry VTT Cypher System actors: PCs in both data layouts, NPCs, and the import report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import FIXTURES

from numdesk.io.detect import read_import_file
from numdesk.io.foundry import layout_version, read_foundry
from numdesk.io.importer import import_files
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.errors import DomainError
from numdesk.model.items import GearKind
from numdesk.model.kinds import EntryKind
from numdesk.rules.types import (
    AbilityKind,
    Advancement,
    ArmorCategory,
    DamageTrackState,
    Rest,
    SkillLevel,
    Stat,
    WeaponCategory,
)
from numdesk.store import Library


def _read(name: str):
    return read_import_file(FIXTURES / name)


def test_pc_current_layout() -> None:
    result = _read("foundry_pc_v2.json")
    assert result.format == "foundry-v2"
    pc = result.entries[0].obj
    assert isinstance(pc, Character)
    assert (pc.name, pc.descriptor, pc.type, pc.focus) == (
        "Ilsa Varne",
        "Clever",
        "Explorer",
        "Maps the Unknown",
    )
    assert pc.profile == "cypher"
    assert (pc.tier, pc.effort, pc.xp, pc.cypher_limit) == (2, 2, 5, 3)
    might = pc.pools[Stat.MIGHT]
    assert (might.current, might.maximum, might.edge) == (9, 12, 1)
    assert pc.pools[Stat.INTELLECT].edge == 1
    assert pc.advancements == [Advancement.CAPABILITIES, Advancement.PERFECTION]
    assert pc.damage_track == DamageTrackState.IMPAIRED
    assert pc.recoveries_used == [Rest.ONE_ACTION, Rest.ONE_HOUR]
    assert pc.recovery_bonus == 1  # 1d6+3 at tier 2
    assert [(s.name, s.level) for s in pc.skills] == [
        ("Navigation", SkillLevel.SPECIALIZED),
        ("Swimming", SkillLevel.TRAINED),
        ("Persuasion", SkillLevel.INABILITY),
        ("Cooking", SkillLevel.PRACTICED),  # listed without training: eases nothing
    ]
    surge, read, tide = pc.abilities
    assert (surge.cost, surge.pool, surge.kind) == (1, Stat.MIGHT, AbilityKind.ACTION)
    assert (read.cost, read.pool, read.kind) == (0, None, AbilityKind.ENABLER)
    assert (tide.cost, tide.cost_text) == (3, "3+ Intellect")
    assert [(c.name, c.level, c.level_dice) for c in pc.cyphers] == [
        ("Glowing Vial", 4, ""),
        ("Unknown Shard", None, "1d6+2"),
    ]
    assert pc.artifacts[0].depletion == "1 in 1d10" and pc.artifacts[0].level == 5
    assert pc.oddities[0].name == "Singing Shell"
    assert (pc.equipment[0].quantity, pc.equipment[0].price) == (2, "5 coins")
    assert (pc.armor[0].category, pc.armor[0].value, pc.armor[0].speed_cost) == (
        ArmorCategory.LIGHT,
        1,
        1,
    )
    hook = pc.weapons[0]
    assert (hook.category, hook.damage, hook.range) == (WeaponCategory.MEDIUM, 4, "Immediate")
    assert hook.steps == 1 and "Eased" not in hook.notes
    assert pc.background == "Grew up on the river barges; reads currents like text."
    for text in ("two favours", "GM notes:\nTam is working for the cult."):
        assert text in pc.notes
    assert "Cooking" not in pc.notes
    assert [(p.name, p.current, p.maximum) for p in pc.extra_pools] == [("Luck", 2, 4)]
    arrows = pc.equipment[-1]
    assert (arrows.name, arrows.quantity, arrows.kind) == ("Arrows", 12, GearKind.AMMO)
    assert [(d.name, d.stat) for d in pc.lasting_damage] == [("Twisted Knee", Stat.MIGHT)]
    report = "\n".join(result.report_texts())
    assert "the GM notes moved" in report
    assert "Arrows" not in report and "Cooking" not in report  # each has its own place
    assert result.entries[0].rules_set is not None
    assert result.entries[0].rules_set[1] == "Cypher System (damage track)"


def test_pc_version_1_layout() -> None:
    result = _read("foundry_pc_v1.json")
    assert result.format == "foundry-v1"
    pc = result.entries[0].obj
    assert isinstance(pc, Character)
    assert pc.profile == "numenera"  # a Glaive
    assert (pc.tier, pc.effort, pc.xp, pc.cypher_limit) == (3, 2, 7, 2)
    assert [(p.current, p.maximum, p.edge) for p in pc.pools.values()] == [
        (15, 15, 2),
        (10, 12, 1),
        (8, 8, 0),
    ]
    assert pc.advancements == [Advancement.EFFORT, Advancement.SKILL]
    assert pc.recoveries_used == [Rest.ONE_ACTION, Rest.TEN_MINUTES]
    assert pc.damage_track == DamageTrackState.HALE
    assert [a.name for a in pc.abilities] == ["Fleet of Foot", "No Need for Weapons"]
    assert pc.abilities[0].pool == Stat.SPEED
    assert pc.artifacts[0].depletion == "1-2 in 1d20"
    assert pc.weapons[0].category == WeaponCategory.HEAVY and pc.weapons[0].damage == 6
    assert (pc.armor[0].category, pc.armor[0].value) == (ArmorCategory.MEDIUM, 2)
    assert pc.notes.startswith("Sworn to the Order of Truth.")
    assert [d.name for d in pc.lasting_damage] == ["Burned Hand"]
    assert pc.second_form is not None and pc.second_form.name == "Little Oren"
    assert [a.name for a in pc.second_form.abilities] == ["Little Shove"]
    report = "\n".join(result.report_texts())
    for text in ("the Other advancement", "a tick on an extra recovery the sheet had switched"):
        assert text in report
    sources = {line.source for line in result.lines if line.outcome == "refused"}
    assert sources == {"system.advancement.advOther", "system.recoveries.oneActionTwo"}


def test_npc() -> None:
    result = _read("foundry_npc.json")
    npc = result.entries[0].obj
    assert isinstance(npc, Creature)
    assert (npc.level, npc.health, npc.armor, npc.damage) == (3, 12, 1, "4 points")
    assert npc.kind == "npc" and npc.movement == "Short"
    assert npc.motive == "Profit" and npc.interaction == "Bribable."
    assert npc.modifications == ["Stealth as level 5", "perception as level 4"]
    assert npc.intrusions == ["Two more smugglers step out of the fog."]
    knife, pellet, sneaking, dock_pass = npc.items
    assert (knife.kind, knife.damage, knife.range, knife.weapon, knife.rating) == (
        "attack",
        4,
        "immediate",
        "light weapon",
        "Practiced",
    )
    assert (pellet.kind, pellet.level, pellet.text) == ("cypher", 2, "Fills an area with smoke.")
    assert (sneaking.kind, sneaking.rating) == ("skill", "Specialized")
    assert (dock_pass.name, dock_pass.kind) == ("Dock Pass", "other")
    assert npc.current_health == 7
    assert npc.description.startswith("Wiry and watchful")
    assert result.report_texts() == [  # the one value without a place is said
        "Harbour Smuggler: the tag 'Dock Pass' was active; a stat block lists it by name "
        "and does not switch it."
    ]


def test_import_into_library_is_repeatable(library: Library) -> None:
    paths = [FIXTURES / n for n in ("foundry_pc_v2.json", "foundry_pc_v1.json", "foundry_npc.json")]
    report = import_files(library, paths)
    assert report.total == 3 and library.count(EntryKind.CHARACTER) == 2
    import_files(library, [FIXTURES / "foundry_pc_v2.json"])
    assert library.count(EntryKind.CHARACTER) == 2  # same Foundry actor id: updated
    ilsa = library.characters.find_by_name("Ilsa Varne")
    assert ilsa is not None and "Foundry" in library.summary(ilsa.uid).tags


def test_layout_detection() -> None:
    for name, version in (
        ("foundry_pc_v2.json", 2),
        ("foundry_pc_v1.json", 1),
        ("foundry_npc.json", 2),
    ):
        doc = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
        assert layout_version(doc.get("system") or doc["data"]) == version


def test_unnamed_items_and_an_unknown_profile(tmp_path: Path) -> None:
    doc = json.loads((FIXTURES / "foundry_pc_v2.json").read_text(encoding="utf-8"))
    doc["items"].append(
        {"name": "", "type": "ability", "system": {"basic": {"cost": "1", "pool": "Might"}}}
    )
    doc["system"]["basic"]["tier"] = 9
    result = read_foundry(doc, tmp_path / "a.json")
    pc = result.entries[0].obj
    assert isinstance(pc, Character)
    assert pc.abilities[-1].name == "Unnamed ability"
    assert pc.tier == 6
    assert "Ilsa Varne: tier 9 is outside 1..6; kept within it." in result.report_texts()
    with pytest.raises(DomainError, match="not a rules profile"):
        read_foundry(doc, tmp_path / "a.json", profile="dnd")
