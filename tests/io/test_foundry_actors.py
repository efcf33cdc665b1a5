"""Every Foundry actor type and schema version: Cypher System v1 (`data`, "PC"/"Token"),
v2/v3 (`system`), and the Numenera system; field by field, with the report lines."""

from __future__ import annotations

from pathlib import Path

from conftest import FIXTURES

from numdesk.io.detect import read_import_file
from numdesk.io.entries import FileImport
from numdesk.io.foundry import DAMAGE_TRACK_RULES
from numdesk.io.importer import read_files
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.follower import Follower
from numdesk.model.items import GearKind
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


def _read(name: str) -> FileImport:
    return read_import_file(FIXTURES / name)


def _lines(result: FileImport) -> list[tuple[str, str, str]]:
    return [(line.outcome, line.source, line.text) for line in result.lines]


def test_cypher_v3_pc_keeps_every_part_of_the_sheet() -> None:
    result = _read("cypher_v3_pc_unmasked.json")
    assert result.format == "foundry-v2"
    pc = result.entries[0].obj
    assert isinstance(pc, Character)
    assert result.entries[0].rules_set == DAMAGE_TRACK_RULES
    assert (pc.descriptor, pc.type, pc.focus, pc.tier, pc.effort, pc.xp) == (
        "Mystical",
        "Speaker",
        "Crafts Illusions",
        3,
        2,
        4,
    )
    assert [(p.current, p.maximum, p.edge) for p in pc.pools.values()] == [
        (8, 11, 0),
        (12, 12, 1),
        (16, 18, 2),
    ]
    assert pc.damage_track == DamageTrackState.DEBILITATED
    assert pc.advancements == [Advancement.EFFORT, Advancement.SKILL]
    assert pc.recoveries_used == [Rest.ONE_ACTION, Rest.TEN_MINUTES]
    assert pc.extra_recoveries == [Rest.ONE_ACTION, Rest.ONE_ACTION, Rest.TEN_MINUTES]
    assert pc.extra_recoveries_used == [Rest.ONE_ACTION]
    assert (pc.shins, pc.currency) == (45, "Crowns")
    assert [(m.currency, m.amount) for m in pc.money] == [("Favours", 3)]
    assert pc.stress == 2 and pc.cypher_limit == 3
    assert [(p.name, p.current, p.maximum) for p in pc.extra_pools] == [("Luck", 1, 3)]
    # rich text: links become their label, inline rolls their formula
    assert pc.notes == "Owes Old Renn a favour."
    assert pc.abilities[0].description == "See Illusions; lasts 1d6 rounds."
    assert [(a.name, a.archived) for a in pc.abilities] == [
        ("Minor Illusion", False),
        ("Old Trick", True),
    ]
    (stone,) = pc.cyphers
    assert (stone.name, stone.level, stone.identified, stone.unidentified_name) == (
        "Glimmer Stone",
        4,
        False,
        "Odd pebble",
    )
    assert (pc.artifacts[0].depletion, pc.artifacts[0].identified) == ("1 in 1d10", True)
    (rib,) = pc.lasting_damage
    assert (rib.name, rib.amount, rib.stat, rib.permanent, rib.effect) == (
        "Cracked Rib",
        3,
        Stat.MIGHT,
        True,
        "hindered on Might tasks",
    )
    assert [(s.name, s.shifts, s.temporary) for s in pc.power_shifts] == [("Wit", 2, False)]
    ardeyn, earth, performer = pc.recursions
    assert (ardeyn.kind, ardeyn.active, ardeyn.focus) == ("recursion", True, "Wields Two Weapons")
    assert ardeyn.pool_changes == {Stat.MIGHT: 2, Stat.INTELLECT: -2}
    assert ardeyn.edge_changes == {Stat.INTELLECT: 1}
    assert (earth.active, performer.kind, performer.active, performer.exclusive) == (
        False,
        "tag",
        True,
        True,
    )
    assert performer.pool_changes == {Stat.SPEED: 1}
    thread = pc.equipment[0]
    assert (thread.name, thread.quantity, thread.kind, thread.level) == (
        "Silver Thread",
        4,
        GearKind.MATERIAL,
        3,
    )
    assert [w.name for w in pc.weapons] == ["Wand"]
    teen = pc.second_form
    assert teen is not None
    assert (teen.name, teen.descriptor, teen.active) == ("Little Maya", "Curious", False)
    assert [(p.current, p.maximum, p.edge) for p in teen.pools.values()] == [
        (6, 7, 0),
        (8, 8, 1),
        (9, 9, 0),
    ]
    assert teen.damage_track == DamageTrackState.IMPAIRED
    assert teen.extra_pool is not None and teen.extra_pool.name == "Nerve"
    assert [s.name for s in teen.skills] == ["Sneaking"]
    assert [a.name for a in teen.abilities] == ["Hide and Seek"]
    assert [w.name for w in teen.weapons] == ["Slingshot"]
    assert [d.name for d in teen.lasting_damage] == ["Scraped Knee"]
    assert (teen.notes, teen.description) == ("Hides a diary.", "Twelve, freckled.")
    thread = [e for e in pc.equipment if e.name == "Silver Thread"]
    assert [e.kind for e in thread] == [GearKind.MATERIAL]  # gear of its own kind
    assert _lines(result) == [  # her armor is the teen form's: the main sheet wears none
        (
            "changed",
            "system.combat.armor.ratingTotal",
            "the Foundry sheet showed Armor 1; the armor worn on the sheet adds up to 0, "
            "which numdesk uses.",
        )
    ]


def test_cypher_v1_stat_blocks_companion_and_token() -> None:
    hound = _read("cypher_v1_npc.json")
    assert hound.format == "foundry-v1"
    npc = hound.entries[0].obj
    assert isinstance(npc, Creature)
    assert (npc.kind, npc.level, npc.health, npc.armor, npc.damage) == ("npc", 3, 9, 1, "3 points")
    assert npc.initiative_bonus == 2
    assert (npc.motive, npc.movement, npc.use) == ("Hunger", "Long", "Guards a salvage yard.")
    assert npc.environment == "Junkyards, in packs of three"
    assert npc.combat.startswith("Bites for 1d6+1 extra damage when it charges.")
    assert npc.intrusions == ["The pack howls and two more arrive."]
    assert npc.description == "A scavenger dog of scrap and wire."
    town = _read("cypher_v1_community.json").entries[0].obj
    assert isinstance(town, Creature)
    assert (town.kind, town.level, town.health, town.armor, town.damage) == (
        "community",
        3,
        18,
        1,
        "4 points",
    )
    assert town.stats == {"infrastructure": 12}
    assert town.modifications == ["Defends as level 5"] and town.combat == "Militia of thirty."
    assert "Government: A council of five elders." in town.description
    assert town.current_health == 15  # hurt when exported: a fight starts it there
    assert "Current health" not in town.description
    barge = _read("cypher_v1_vehicle.json").entries[0].obj
    assert isinstance(barge, Creature)
    assert (barge.kind, barge.level, barge.stats) == (
        "vehicle",
        4,
        {"crew": 3, "weapon systems": 1},
    )
    harpoon = barge.items[0]
    assert (harpoon.name, harpoon.kind, harpoon.damage, harpoon.range, harpoon.weapon) == (
        "Harpoon Launcher",
        "attack",
        6,
        "long",
        "heavy weapon",
    )
    assert harpoon.line() == "Harpoon Launcher (6 damage, long, heavy weapon, practiced)"
    assert barge.combat == ""
    pip_file = _read("cypher_v1_companion.json")
    pip = pip_file.entries[0].obj
    assert isinstance(pip, Follower)  # alone in the import: a follower entry of its own
    assert (pip.level, pip.health, pip.armor, pip.damage) == (2, 6, 1, 2)
    assert (pip.disposition, pip.category, pip.owner) == ("Loyal", "Creature", "Oren Blackwell")
    assert "Carries a light load." in pip.notes
    assert [(i.name, i.kind, i.rating) for i in pip.items] == [("Climbing", "skill", "Trained")]
    token = _read("cypher_v1_token.json")
    assert token.entries == []
    assert [line.outcome for line in token.lines] == ["skipped"]


def test_cypher_v3_other_actors() -> None:
    city = _read("cypher_v3_community.json").entries[0].obj
    assert isinstance(city, Creature)
    assert (city.kind, city.level, city.health, city.armor, city.stats) == (
        "community",
        4,
        24,
        2,
        {"infrastructure": 16},
    )
    skiff = _read("cypher_v3_vehicle.json").entries[0].obj
    assert isinstance(skiff, Creature)
    assert (skiff.level, skiff.stats) == (5, {"crew": 2, "weapon systems": 2})
    assert skiff.description == "A light airship.\n\nFuel for three days."
    marker = _read("cypher_v3_marker.json")
    assert marker.entries == [] and marker.lines[0].outcome == "skipped"


def test_a_companion_joins_its_owner_in_the_same_import() -> None:
    report = read_files(
        [FIXTURES / "cypher_v3_pc_unmasked.json", FIXTURES / "cypher_v3_companion.json"]
    )
    maya = report.files[0].entries[0].obj
    assert isinstance(maya, Character)
    (sprocket,) = maya.followers
    assert (sprocket.name, sprocket.level, sprocket.health, sprocket.armor) == ("Sprocket", 3, 9, 2)
    assert report.files[1].entries == []
    assert "Sprocket: joined Maya Quill's followers." in report.notes[-1]


def test_numenera_system_actors_are_not_taken_for_cypher_ones() -> None:
    result = _read("numenera_pc.json")
    assert result.format == "foundry-numenera"
    pc = result.entries[0].obj
    assert isinstance(pc, Character)
    assert result.entries[0].rules_set is None and pc.profile == "numenera"
    assert (pc.type, pc.descriptor, pc.focus, pc.tier, pc.effort, pc.xp, pc.shins) == (
        "Jack",
        "Swift",
        "Explores Dark Places",
        2,
        1,
        6,
        37,
    )
    assert [(p.current, p.maximum, p.edge) for p in pc.pools.values()] == [
        (9, 11, 0),
        (14, 14, 1),
        (10, 10, 1),
    ]
    assert pc.damage_track == DamageTrackState.IMPAIRED
    assert pc.advancements == [Advancement.CAPABILITIES, Advancement.PERFECTION]
    assert pc.recoveries_used == [Rest.ONE_ACTION] and pc.recovery_bonus == 1
    assert [(s.name, s.level) for s in pc.skills] == [
        ("Climbing", SkillLevel.TRAINED),
        ("Stealth", SkillLevel.SPECIALIZED),
        ("Persuasion", SkillLevel.INABILITY),
        ("Lore", SkillLevel.PRACTICED),
    ]
    bash, armor = pc.abilities
    assert (bash.cost, bash.pool, bash.kind) == (1, Stat.MIGHT, AbilityKind.ACTION)
    assert armor.kind == AbilityKind.ENABLER
    staff = pc.artifacts[0]
    assert (staff.level, staff.depletion, staff.form, staff.identified) == (
        6,
        "1 in 1d10",
        "A crackling rod",
        True,
    )
    bomb = pc.cyphers[0]
    assert (bomb.level, bomb.level_dice, bomb.identified, bomb.effect) == (
        None,
        "1d6+2",
        False,
        "Explodes for 1d6 damage.",
    )
    assert (pc.armor[0].category, pc.armor[0].value, pc.armor[0].speed_cost) == (
        ArmorCategory.LIGHT,
        1,
        1,
    )
    sword = pc.weapons[0]
    assert (sword.category, sword.damage, sword.notes) == (WeaponCategory.HEAVY, 6, "Bladed")
    assert pc.equipment[0].price == "2 shins" and pc.oddities[0].name == "Humming Cube"
    assert pc.background == "Once a courier in Qi."
    report = "\n".join(result.report_texts())
    assert [s.level for s in pc.skills if s.name == "Lore"] == [SkillLevel.PRACTICED]
    assert "Armor 2 on the Foundry sheet; the armor listed adds up to 1" in report
    raider = _read("numenera_npc.json").entries[0].obj
    assert isinstance(raider, Creature)
    assert (raider.level, raider.health, raider.armor, raider.damage) == (4, 15, 3, "5 points")
    assert raider.modifications == ["Climbs as level 5", "perception as level 3"]
    assert raider.combat == "Fights to the death."
    assert [(i.name, i.kind, i.text) for i in raider.items] == [
        ("Axe", "attack", "Two attacks per round.")
    ]
    assert raider.current_health == 12
    assert (raider.motive, raider.movement) == ("Hunt", "Short")
    village = _read("numenera_community.json").entries[0].obj
    assert isinstance(village, Creature)
    assert (village.kind, village.level, village.health, village.stats) == (
        "community",
        3,
        9,
        {"infrastructure": 9},
    )
    assert "Government: An elected headwoman" in village.description


def test_old_exports_without_ids_get_a_stable_identity(tmp_path: Path) -> None:
    first = read_import_file(FIXTURES / "cypher_v1_npc.json").entries[0].obj
    again = read_import_file(FIXTURES / "cypher_v1_npc.json").entries[0].obj
    numenera = read_import_file(FIXTURES / "numenera_npc.json").entries[0].obj
    assert first.uid == again.uid and first.uid != numenera.uid


def test_version_1_item_links_to_recursions_are_named(tmp_path: Path) -> None:
    import json

    from numdesk.io.foundry import read_foundry

    doc = json.loads((FIXTURES / "foundry_pc_v1.json").read_text(encoding="utf-8"))
    doc["data"]["basic"]["notes"] = ""
    doc["items"][0]["data"]["recursions"] = ["Ardeyn", "Ruk"]
    result = read_foundry(doc, tmp_path / "linked.json")
    pc = result.entries[0].obj
    assert isinstance(pc, Character)
    name = doc["items"][0]["name"]
    assert f"{name} belongs to the recursions: Ardeyn, Ruk" in pc.notes
    assert ("moved", "items[0].recursions") in [(o, s) for o, s, _t in _lines(result)]
