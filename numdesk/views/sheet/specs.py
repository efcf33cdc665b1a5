"""The columns of each list table on the sheet (which fields, how they are edited)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum

from PySide6.QtCore import QT_TRANSLATE_NOOP

from numdesk.controllers.character import CharacterController
from numdesk.model.abilities import Ability, Skill
from numdesk.model.extras import ExtraPool, LastingDamage, Money, PowerShift, Recursion
from numdesk.model.follower import Follower
from numdesk.model.items import (
    Armor,
    Artifact,
    Cypher,
    CypherType,
    Equipment,
    GearKind,
    Oddity,
    Shield,
    Weapon,
)
from numdesk.model.kinds import EntryKind
from numdesk.rules.damage import armor_value
from numdesk.rules.errors import RulesError
from numdesk.rules.followers import follower_health
from numdesk.rules.types import (
    AbilityKind,
    AbilitySource,
    ArmorCategory,
    SkillLevel,
    SpellTier,
    Stat,
    WeaponCategory,
)
from numdesk.rules.weapons import weapon_stats
from numdesk.views.sheet.ability_links import AbilityTableModel
from numdesk.views.sheet.list_model import Column, ListSpec
from numdesk.views.sheet.recursions import MEMBERS, RecursionTableModel


def _skill_levels(controller: CharacterController) -> Sequence[Enum]:
    """The profile's levels, and practiced (listed without training) in every profile."""
    levels = controller.profile.skill_levels
    return [lv for lv in SkillLevel if lv in levels or lv is SkillLevel.PRACTICED]


def _armor_value(controller: CharacterController, armor: Armor) -> int | None:
    """A blank Armor value counts as its category's (N1); `cypher` armor has no number."""
    if not controller.profile.armor_subtracts:
        return None
    return armor_value(armor.category)


def _weapon_steps(_controller: CharacterController, weapon: Weapon) -> int | None:
    """A blank Eased is the weight's own: a light weapon eases attacks 1 step (G14)."""
    return weapon_stats(weapon.category).attack_ease


def _follower_health(_controller: CharacterController, follower: Follower) -> int | None:
    """A blank health is 3 × level (C14), as the fight and the printed sheet use it."""
    try:
        return follower_health(follower.level)
    except RulesError:
        return None


def _has_tags(controller: CharacterController) -> bool:
    """Whether the sheet has tags or recursions (then its items show theirs)."""
    return bool(controller.character.recursions)


def _has_ability_choices(controller: CharacterController) -> bool:
    """Whether an ability records the player's answer to its choice (Combat Prowess:
    melee or ranged): then the abilities table shows and edits it."""
    return any(a.choice for a in controller.character.abilities)


def _archived_and_tags() -> tuple[Column, Column]:
    """The columns every list of things that can be put aside or tagged has."""
    return (
        Column(QT_TRANSLATE_NOOP("ItemTableModel", "Archived"), "archived", "bool", width=62),
        Column(
            QT_TRANSLATE_NOOP("ItemTableModel", "Tags"), "tags", "names", width=90, when=_has_tags
        ),
    )


def _enum(cls: type[Enum]) -> Callable[[CharacterController], Sequence[Enum]]:
    def choices(_controller: CharacterController) -> Sequence[Enum]:
        return list(cls)

    return choices


# titles and headers are marked for lupdate here and translated where they are shown
# (ItemListEditor.setup, ItemTableModel.headerData: the contexts must match)
LIST_SPECS: dict[str, ListSpec] = {
    spec.list_name: spec
    for spec in (
        ListSpec(
            "skills",
            QT_TRANSLATE_NOOP("ItemListEditor", "Skills (and inabilities)"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Skill"), "name", width=220),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Level"),
                    "level",
                    "choice",
                    _skill_levels,
                    width=110,
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Stat"),
                    "stat",
                    "choice",
                    _enum(Stat),
                    optional=True,
                    width=80,
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Initiative"),
                    "initiative",
                    "bool",
                    width=62,
                ),
                *_archived_and_tags(),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Notes"), "description"),
            ),
            lambda: Skill("New skill"),
            EntryKind.SKILL,
            rollable=True,
        ),
        ListSpec(
            "abilities",
            QT_TRANSLATE_NOOP("ItemListEditor", "Special abilities"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Ability"), "name", width=180),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Cost"),
                    "cost",
                    "optint",
                    width=50,
                    unknown=QT_TRANSLATE_NOOP("ItemTableModel", "unknown"),
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Pool"),
                    "pool",
                    "choice",
                    _enum(Stat),
                    optional=True,
                    width=90,
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Kind"),
                    "kind",
                    "choice",
                    _enum(AbilityKind),
                    optional=True,
                    width=80,
                    unknown=QT_TRANSLATE_NOOP("ItemTableModel", "unknown"),
                ),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Tier"), "tier", "int", width=45),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Range"), "range", width=72),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Spell"),
                    "spell_tier",
                    "choice",
                    _enum(SpellTier),
                    optional=True,
                    width=50,
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Source"),
                    "source",
                    "choice",
                    _enum(AbilitySource),
                    width=90,
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Your choice"),
                    "choice",
                    width=130,
                    when=_has_ability_choices,
                ),
                *_archived_and_tags(),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Description"), "description"),
            ),
            lambda: Ability("New ability"),
            EntryKind.ABILITY,
            AbilityTableModel,
            rollable=True,
        ),
        ListSpec(
            "cyphers",
            QT_TRANSLATE_NOOP("ItemListEditor", "Cyphers"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Cypher"), "name", width=150),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Level"), "level", "optint", width=45),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Type"),
                    "cypher_type",
                    "choice",
                    _enum(CypherType),
                    optional=True,
                    width=75,
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Fantastic"), "fantastic", "bool", width=62
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Identified"),
                    "identified",
                    "bool",
                    width=62,
                ),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Effect"), "effect"),
            ),
            lambda: Cypher("New cypher"),
            EntryKind.CYPHER,
        ),
        ListSpec(
            "artifacts",
            QT_TRANSLATE_NOOP("ItemListEditor", "Artifacts"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Artifact"), "name", width=130),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Level"), "level", "optint", width=50),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Depletion"), "depletion", width=80),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Depleted"), "depleted", "bool", width=62
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Identified"),
                    "identified",
                    "bool",
                    width=62,
                ),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Effect"), "effect"),
            ),
            lambda: Artifact("New artifact"),
            EntryKind.ARTIFACT,
        ),
        ListSpec(
            "oddities",
            QT_TRANSLATE_NOOP("ItemListEditor", "Oddities"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Oddity"), "name", width=150),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Description"), "description"),
            ),
            lambda: Oddity("New oddity"),
            EntryKind.ODDITY,
        ),
        ListSpec(
            "weapons",
            QT_TRANSLATE_NOOP("ItemListEditor", "Weapons"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Weapon"), "name", width=115),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Category"),
                    "category",
                    "choice",
                    _enum(WeaponCategory),
                    width=75,
                ),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Kind"), "kind", width=90),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Damage"), "damage", "optint", width=58),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Eased"),
                    "steps",
                    "optint",
                    width=50,
                    derived=_weapon_steps,
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Skill"),
                    "skill",
                    "choice",
                    _skill_levels,
                    optional=True,
                    width=85,
                ),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Range"), "range", width=72),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Price"), "price", width=70),
                *_archived_and_tags(),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Notes"), "notes"),
            ),
            lambda: Weapon("New weapon"),
            EntryKind.WEAPON,
            rollable=True,
        ),
        ListSpec(
            "armor",
            QT_TRANSLATE_NOOP("ItemListEditor", "Armor"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Armor"), "name", width=130),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Category"),
                    "category",
                    "choice",
                    _enum(ArmorCategory),
                    width=75,
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Armor"),
                    "value",
                    "optint",
                    width=50,
                    derived=_armor_value,
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Speed cost"), "speed_cost", "int", width=75
                ),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Worn"), "worn", "bool", width=45),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Kind"), "kind", width=70),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Price"), "price", width=70),
                *_archived_and_tags(),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Notes"), "notes"),
            ),
            lambda: Armor("New armor"),
            EntryKind.ARMOR,
        ),
        ListSpec(
            "shields",
            QT_TRANSLATE_NOOP("ItemListEditor", "Shields"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Shield"), "name", width=130),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Minor"), "minor", "int", width=55),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Moderate"), "moderate", "int", width=70
                ),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Major"), "major", "int", width=55),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Broken"), "broken", "bool"),
            ),
            lambda: Shield("New shield"),
            EntryKind.SHIELD,
        ),
        ListSpec(
            "equipment",
            QT_TRANSLATE_NOOP("ItemListEditor", "Equipment"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Item"), "name", width=150),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Kind"),
                    "kind",
                    "choice",
                    _enum(GearKind),
                    width=90,
                ),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Qty"), "quantity", "int", width=45),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Level"), "level", "optint", width=45),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Price"), "price", width=80),
                *_archived_and_tags(),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Description"), "description"),
            ),
            lambda: Equipment("New item"),
            EntryKind.EQUIPMENT,
        ),
        ListSpec(
            "followers",
            QT_TRANSLATE_NOOP("ItemListEditor", "Followers"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Follower"), "name", width=150),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Level"), "level", "int", width=50),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Health"),
                    "health",
                    "optint",
                    width=60,
                    derived=_follower_health,
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Got at tier"),
                    "acquired_at_tier",
                    "int",
                    width=75,
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Attacks, skills, gear"),
                    "items",
                    "lines",
                    width=160,
                ),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Notes"), "notes"),
            ),
            lambda: Follower("New follower"),
            EntryKind.FOLLOWER,
        ),
        ListSpec(
            "extra_pools",
            QT_TRANSLATE_NOOP("ItemListEditor", "Other Pools"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Pool"), "name", width=110),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Current"), "current", "int", width=60),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Maximum"), "maximum", "int", width=65),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Edge"), "edge", "int", width=45),
            ),
            lambda: ExtraPool("New Pool"),
        ),
        ListSpec(
            "money",
            QT_TRANSLATE_NOOP("ItemListEditor", "Other currencies"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Currency"), "currency", width=120),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Amount"), "amount", "int", width=70),
            ),
            lambda: Money("New currency"),
        ),
        ListSpec(
            "lasting_damage",
            QT_TRANSLATE_NOOP("ItemListEditor", "Lasting damage"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Injury"), "name", width=120),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Points"), "amount", "int", width=50),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Pool"),
                    "stat",
                    "choice",
                    _enum(Stat),
                    optional=True,
                    width=80,
                ),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Permanent"), "permanent", "bool", width=70
                ),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Effect"), "effect"),
            ),
            lambda: LastingDamage("New injury"),
        ),
        ListSpec(
            "recursions",
            QT_TRANSLATE_NOOP("ItemListEditor", "Recursions and tags"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Name"), "name", width=120),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Kind"), "kind", width=70),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Active"), "active", "bool", width=50),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Exclusive"),
                    "exclusive",
                    "bool",
                    width=80,
                ),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Focus"), "focus", width=130),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Items"), MEMBERS, "members", width=160),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Description"), "description"),
            ),
            lambda: Recursion("New recursion"),
            model_type=RecursionTableModel,
        ),
        ListSpec(
            "power_shifts",
            QT_TRANSLATE_NOOP("ItemListEditor", "Power shifts"),
            (
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Shift"), "name", width=120),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Shifts"), "shifts", "int", width=50),
                Column(
                    QT_TRANSLATE_NOOP("ItemTableModel", "Temporary"), "temporary", "bool", width=70
                ),
                Column(QT_TRANSLATE_NOOP("ItemTableModel", "Description"), "description"),
            ),
            lambda: PowerShift("New power shift"),
        ),
    )
}
