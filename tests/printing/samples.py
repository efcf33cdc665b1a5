"""Sample characters, creatures and encounters with every printed field filled in.

Values are distinctive words so a test can find each one in the PDF text; the long
sample exercises page flow (many abilities and cyphers, very long notes).
"""

from __future__ import annotations

import struct
import zlib

from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character, StatPool, Wounds
from numdesk.model.creature import Creature
from numdesk.model.encounter import Combatant, Condition, Encounter
from numdesk.model.follower import Follower
from numdesk.model.items import Armor, Artifact, Cypher, Equipment, Oddity, Shield, Weapon
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

MARKUP_NAME = '<b>Jo & "Al"</b>'


def tiny_png(size: int = 48) -> bytes:
    """A small grey-scale PNG (a dark disc on white) built without any image library."""
    rows = []
    centre = (size - 1) / 2
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            inside = (x - centre) ** 2 + (y - centre) ** 2 < (size * 0.38) ** 2
            row.append(40 if inside else 250)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def rich_character(profile: str = "numenera") -> Character:
    """A character with every sheet field filled (RULES.md S)."""
    cypher = profile == "cypher"
    skills = [
        Skill("Climbing", SkillLevel.TRAINED),
        Skill("Ancient lore", SkillLevel.SPECIALIZED, "ruins and old machines"),
        Skill("Sneaking", SkillLevel.INABILITY),
    ]
    if cypher:
        skills.append(Skill("Haggling", SkillLevel.EXPERT))
    return Character(
        name="Kaelen Vry",
        profile=profile,
        player="Morgan Ashby",
        descriptor="Stalwart",
        type="Warrior" if cypher else "Glaive",
        focus="Tames the Silver Storm",
        flavor="Stealthy" if cypher else "",
        tier=3,
        effort=2,
        xp=7,
        pools={
            Stat.MIGHT: StatPool(current=13, maximum=17, edge=2),
            Stat.SPEED: StatPool(current=9, maximum=14, edge=1),
            Stat.INTELLECT: StatPool(current=6, maximum=11, edge=0),
        },
        damage_track=DamageTrackState.IMPAIRED,
        wounds=Wounds(minor=2, moderate=1, major=0),
        recoveries_used=[Rest.ONE_ACTION, Rest.TEN_MINUTES],
        recovery_bonus=2,
        armor_cost_reduction=1,
        skills=skills,
        abilities=[
            Ability(
                "Thunder Step",
                2,
                Stat.SPEED,
                AbilityKind.ACTION,
                1,
                AbilitySource.TYPE,
                "Dash a short distance and strike in the same action.",
            ),
            Ability(
                "Iron Hide",
                0,
                None,
                AbilityKind.ENABLER,
                2,
                AbilitySource.FOCUS,
                "Add one to Armor against metal blades.",
            ),
            Ability(
                "Stormcall",
                4,
                Stat.INTELLECT,
                AbilityKind.ACTION,
                3,
                AbilitySource.DESCRIPTOR,
                "Summon a squall that hinders foes nearby.",
                cost_text="4+ Intellect",
            ),
        ],
        cyphers=[
            Cypher("Gravity Nullifier", 4, "Float for ten minutes.", form="silver bracelet"),
            Cypher("Phase Key", None, "Walk through one wall.", level_dice="1d6+2"),
        ],
        cypher_limit=3,
        artifacts=[
            Artifact(
                "Lightning Lance",
                6,
                "1 in 1d20",
                "Throws a bolt of 8 damage.",
                form="long glass spear",
            ),
        ],
        oddities=[Oddity("Singing Pebble", "Hums when rain is near.")],
        equipment=[
            Equipment("Rope", 2, "fifty feet", "5 shins"),
            Equipment("Lantern", 1, "burns a day"),
        ],
        weapons=[
            Weapon("Broadsword", WeaponCategory.HEAVY, None, "immediate", "two hands"),
            Weapon("Throwing Knife", WeaponCategory.LIGHT, 3, "short"),
        ],
        armor=[Armor("Scale Coat", ArmorCategory.MEDIUM, None, 2, "dented")],
        shields=[Shield("Tower Shield", minor=1)] if cypher else [],
        shins=123,
        advancements=[Advancement.CAPABILITIES, Advancement.EFFORT],
        background="Raised by caravan guards beyond the Amber Wastes.",
        notes="Owes Tessaly a favour.",
        connections="Tessaly Moor is a childhood friend.",
        portrait=tiny_png(),
        followers=[Follower("Brannoc", 3, {"stealth": 1, "combat": -1}, 2, None, "A loyal scout.")],
    )


def long_character() -> Character:
    """A character whose lists and notes need several pages."""
    ch = rich_character("numenera")
    ch.name = "Longwinded Lyra"
    ch.abilities = [
        Ability(
            f"Ability Number {i:02d}",
            i % 5,
            Stat.MIGHT,
            AbilityKind.ACTION,
            1 + i % 6,
            AbilitySource.TYPE,
            f"Effect text of ability {i:02d} that is a little long "
            "so it wraps onto a second line in the column.",
        )
        for i in range(50)
    ]
    ch.cyphers = [
        Cypher(f"Cypher Number {i:02d}", 1 + i % 9, f"Cypher effect {i:02d}.") for i in range(40)
    ]
    words = [f"w{i:05d}" for i in range(2900)]
    ch.notes = " ".join(words)  # about 20,000 characters
    return ch


def sample_creature(name: str = "Margr Raider", level: int = 4) -> Creature:
    """A creature with every stat block field filled."""
    return Creature(
        name=name,
        level=level,
        profile="numenera",
        kind="creature",
        health=15,
        armor=1,
        damage="5 points with a crude axe",
        movement="short",
        modifications=["climbs as level 6", "resists cold as level 5"],
        combat="Attacks in packs of three and flees when half are down.",
        interaction="Respects only strength; may parley after a defeat.",
        use="A raiding party blocks the road.",
        loot="A few shins and one cypher.",
        intrusions=["The raider's war cry dazes a character for a round."],
        description="Goat-headed raiders of the high passes.",
        motive="Plunder",
        environment="Mountain passes, in groups of 3 to 8",
    )


def sample_encounter() -> tuple[Encounter, dict[str, Creature], dict[str, Character]]:
    """An encounter with a PC, two creatures of one kind, an unlinked NPC and notes."""
    raider = sample_creature()
    hero = rich_character("numenera")
    encounter = Encounter(
        name="Ambush at Hollow Ford",
        profile="numenera",
        combatants=[
            Combatant("Kaelen Vry", "pc", hero.uid, initiative=14),
            Combatant(
                "Raider One", "npc", raider.uid, 4, 15, 15, 1, conditions=[Condition("dazed", 1)]
            ),
            Combatant("Raider Two", "npc", raider.uid, 4, 9, 15, 1, notes="limping"),
            Combatant("Old Hermit", "npc", None, 2, 6, 6, 0),
        ],
        round=2,
        notes="The ford is slippery: speed tasks hindered.",
    )
    return encounter, {raider.uid: raider}, {hero.uid: hero}
