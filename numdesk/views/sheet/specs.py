"""The columns of each list table on the sheet (which fields, how they are edited)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum

from numdesk.controllers.character import CharacterController
from numdesk.model.abilities import Ability, Skill
from numdesk.model.follower import Follower
from numdesk.model.items import Armor, Artifact, Cypher, Equipment, Oddity, Shield, Weapon
from numdesk.model.kinds import EntryKind
from numdesk.rules.types import (
    AbilityKind,
    AbilitySource,
    ArmorCategory,
    Stat,
    WeaponCategory,
)
from numdesk.views.sheet.lists import Column, ListSpec


def _skill_levels(controller: CharacterController) -> Sequence[Enum]:
    return controller.profile.skill_levels


def _enum(cls: type[Enum]) -> Callable[[CharacterController], Sequence[Enum]]:
    def choices(_controller: CharacterController) -> Sequence[Enum]:
        return list(cls)

    return choices


# QT_TRANSLATE_NOOP-style: titles and headers are translated where they are shown.
LIST_SPECS: dict[str, ListSpec] = {
    spec.list_name: spec
    for spec in (
        ListSpec(
            "skills",
            "Skills (and inabilities)",
            (
                Column("Skill", "name", width=220),
                Column("Level", "level", "choice", _skill_levels, width=110),
                Column("Notes", "description"),
            ),
            lambda: Skill("New skill"),
            EntryKind.SKILL,
        ),
        ListSpec(
            "abilities",
            "Special abilities",
            (
                Column("Ability", "name", width=180),
                Column("Cost", "cost", "int", width=50),
                Column("Pool", "pool", "choice", _enum(Stat), optional=True, width=90),
                Column("Kind", "kind", "choice", _enum(AbilityKind), width=80),
                Column("Tier", "tier", "int", width=45),
                Column("Source", "source", "choice", _enum(AbilitySource), width=90),
                Column("Description", "description"),
            ),
            lambda: Ability("New ability"),
            EntryKind.ABILITY,
        ),
        ListSpec(
            "cyphers",
            "Cyphers",
            (
                Column("Cypher", "name", width=150),
                Column("Level", "level", "optint", width=45),
                Column("Effect", "effect"),
            ),
            lambda: Cypher("New cypher"),
            EntryKind.CYPHER,
        ),
        ListSpec(
            "artifacts",
            "Artifacts",
            (
                Column("Artifact", "name", width=130),
                Column("Level", "level", "optint", width=50),
                Column("Depletion", "depletion", width=80),
                Column("Depleted", "depleted", "bool", width=62),
                Column("Effect", "effect"),
            ),
            lambda: Artifact("New artifact"),
            EntryKind.ARTIFACT,
        ),
        ListSpec(
            "oddities",
            "Oddities",
            (Column("Oddity", "name", width=150), Column("Description", "description")),
            lambda: Oddity("New oddity"),
            EntryKind.ODDITY,
        ),
        ListSpec(
            "weapons",
            "Weapons",
            (
                Column("Weapon", "name", width=115),
                Column("Category", "category", "choice", _enum(WeaponCategory), width=75),
                Column("Damage", "damage", "optint", width=58),
                Column("Range", "range", width=72),
                Column("Notes", "notes"),
            ),
            lambda: Weapon("New weapon"),
            EntryKind.WEAPON,
        ),
        ListSpec(
            "armor",
            "Armor",
            (
                Column("Armor", "name", width=130),
                Column("Category", "category", "choice", _enum(ArmorCategory), width=75),
                Column("Armor", "value", "optint", width=50),
                Column("Speed cost", "speed_cost", "int", width=75),
                Column("Notes", "notes"),
            ),
            lambda: Armor("New armor"),
            EntryKind.ARMOR,
        ),
        ListSpec(
            "shields",
            "Shields",
            (
                Column("Shield", "name", width=130),
                Column("Minor", "minor", "int", width=55),
                Column("Moderate", "moderate", "int", width=70),
                Column("Major", "major", "int", width=55),
                Column("Broken", "broken", "bool"),
            ),
            lambda: Shield("New shield"),
            EntryKind.SHIELD,
        ),
        ListSpec(
            "equipment",
            "Equipment",
            (
                Column("Item", "name", width=150),
                Column("Qty", "quantity", "int", width=45),
                Column("Price", "price", width=80),
                Column("Description", "description"),
            ),
            lambda: Equipment("New item"),
            EntryKind.EQUIPMENT,
        ),
        ListSpec(
            "followers",
            "Followers",
            (
                Column("Follower", "name", width=150),
                Column("Level", "level", "int", width=50),
                Column("Health", "health", "optint", width=60),
                Column("Got at tier", "acquired_at_tier", "int", width=75),
                Column("Notes", "notes"),
            ),
            lambda: Follower("New follower"),
            EntryKind.FOLLOWER,
        ),
    )
}
