"""Sample entries of every kind, filled in enough that a lost field would show, and the
10,000-entry library the tests of listings read (`big`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest

from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character, StatPool, Wounds
from numdesk.model.creature import Creature
from numdesk.model.encounter import Combatant, Condition, Encounter, LogEntry
from numdesk.model.follower import Follower
from numdesk.model.history import HistoryEntry
from numdesk.model.items import Armor, Artifact, Cypher, Equipment, Oddity, Shield, Weapon
from numdesk.model.kinds import EntryKind, ModelObject, kind_of
from numdesk.model.rules_set import RulesSet
from numdesk.model.tables import RollTable, TableRow
from numdesk.model.templates import SentenceTemplate, TierAbilities, TypeTemplate
from numdesk.rules.types import (
    AbilityKind,
    AbilitySource,
    Advancement,
    ArmorCategory,
    DamageTrackState,
    Rest,
    SkillLevel,
    Stat,
    WeaponCategory,
)
from tests.store.sorted_helpers import build_big


def make_samples() -> dict[EntryKind, ModelObject]:
    """One filled-in object of every entry kind."""
    onslaught = Ability(
        "Onslaught", cost=1, pool=Stat.INTELLECT, source=AbilitySource.TYPE, cost_text="1+"
    )
    character = Character(
        "Ärwen Tallow",
        profile="numenera",
        player="Kim",
        descriptor="Clever",
        type="Nano",
        focus="Talks to Machines",
        tier=2,
        effort=2,
        xp=5,
        pools={
            Stat.MIGHT: StatPool(7, 9, 0),
            Stat.SPEED: StatPool(10, 10, 1),
            Stat.INTELLECT: StatPool(3, 16, 2),
        },
        damage_track=DamageTrackState.IMPAIRED,
        wounds=Wounds(minor=1),
        recoveries_used=[Rest.ONE_ACTION],
        skills=[
            Skill("Numenera lore", SkillLevel.SPECIALIZED),
            Skill("Climbing", SkillLevel.INABILITY),
        ],
        abilities=[onslaught, Ability("Ward", kind=AbilityKind.ENABLER)],
        cyphers=[Cypher("Mending salve", level=3, effect="heals")],
        artifacts=[Artifact("Glow wand", level=4, depletion="1 in 1d10")],
        oddities=[Oddity("Singing pebble")],
        equipment=[Equipment("Rope", quantity=2, price="2 shins")],
        weapons=[Weapon("Knife", WeaponCategory.LIGHT)],
        armor=[Armor("Jerkin", ArmorCategory.LIGHT, value=1)],
        shields=[Shield("Buckler", minor=1)],
        shins=17,
        advancements=[Advancement.EFFORT],
        notes="Owes the sage a favour.",
        portrait=b"\x89PNG fake bytes",
        followers=[Follower("Pip", level=2, modifiers={"stealth": 1})],
        history=[
            HistoryEntry("Took 4 Might damage", kind="pools", at="2026-01-01T10:00:00+00:00"),
            HistoryEntry(
                "Gained 2 XP", kind="xp", details="intrusion", at="2026-01-01T10:05:00+00:00"
            ),
        ],
    )
    return {
        EntryKind.CHARACTER: character,
        EntryKind.CREATURE: Creature(
            "Margr raider",
            level=3,
            profile="numenera",
            health=12,
            armor=1,
            damage="4 points",
            modifications=["Climbing as level 5"],
            intrusions=["Reinforcements arrive."],
        ),
        EntryKind.FOLLOWER: Follower("Ilsa the guide", level=3, modifiers={"tracking": 1}),
        EntryKind.CYPHER: Cypher("Flash egg", level_dice="1d6+1", effect="Dazzles nearby foes."),
        EntryKind.ARTIFACT: Artifact("Storm lance", level=6, depletion="1-2 in 1d20"),
        EntryKind.ODDITY: Oddity("Cold candle", description="A flame that lights nothing."),
        EntryKind.EQUIPMENT: Equipment("Glowglobe", description="A lamp that never dims."),
        EntryKind.WEAPON: Weapon("Broadsword", WeaponCategory.MEDIUM, damage=4),
        EntryKind.ARMOR: Armor("Plate", ArmorCategory.HEAVY, value=3, speed_cost=2),
        EntryKind.SHIELD: Shield("Tower shield", moderate=1),
        EntryKind.ABILITY: onslaught,
        EntryKind.SKILL: Skill("Stealth", SkillLevel.EXPERT, description="Moving unseen."),
        EntryKind.TYPE: TypeTemplate(
            "Glaive",
            pools={Stat.MIGHT: None, Stat.SPEED: 10, Stat.INTELLECT: None},
            tiers=[TierAbilities(1, [Ability("Fleet of foot")], choose=2)],
            notes="Pools: fill them in.",
        ),
        EntryKind.DESCRIPTOR: SentenceTemplate(
            "Clever", part="descriptor", pool_bonus={Stat.INTELLECT: 2}
        ),
        EntryKind.FOCUS: SentenceTemplate("Talks to Machines", part="focus"),
        EntryKind.FLAVOR: SentenceTemplate("Stealth", part="flavor", profile="cypher"),
        EntryKind.ENCOUNTER: Encounter(
            "Ambush at the ford",
            combatants=[
                Combatant(
                    "Raider",
                    source_uid="abc",
                    health=9,
                    max_health=12,
                    conditions=[Condition("dazed", 1)],
                ),
            ],
            round=2,
            log=[LogEntry(1, "The raiders attack")],
        ),
        EntryKind.TABLE: RollTable(
            "Strange weather",
            category="other",
            die=6,
            rows=[TableRow(1, 3, "Red rain"), TableRow(4, 6, "Silent thunder")],
        ),
        EntryKind.RULES_SET: RulesSet(
            "Long Ninth World days",
            base="numenera",
            changes={"day_hours": 30, "type_names": ["Glaive", "Nano"]},
            description="Our table's calendar.",
        ),
    }


@pytest.fixture
def samples() -> dict[EntryKind, ModelObject]:
    """One filled-in object of every entry kind (fresh for each test)."""
    objs = make_samples()
    assert {kind_of(o) for o in objs.values()} == set(EntryKind)
    return objs


@pytest.fixture(scope="session")
def big(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    """The 10,000-entry library of `sorted_helpers.build_big`, read through a plain
    connection as the reader does."""
    path = tmp_path_factory.mktemp("browse") / "big.numdesk"
    build_big(path)
    conn = sqlite3.connect(path)
    yield conn
    conn.close()
