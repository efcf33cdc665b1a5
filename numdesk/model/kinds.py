"""The kinds of library entry and the model class each one holds."""

from __future__ import annotations

from enum import StrEnum

from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter
from numdesk.model.follower import Follower
from numdesk.model.items import Armor, Artifact, Cypher, Equipment, Oddity, Shield, Weapon
from numdesk.model.rules_set import RulesSet
from numdesk.model.tables import RollTable
from numdesk.model.templates import SentenceTemplate, TypeTemplate


class EntryKind(StrEnum):
    """What a library entry is; the value is what the file and the export format store."""

    CHARACTER = "character"
    CREATURE = "creature"
    FOLLOWER = "follower"
    CYPHER = "cypher"
    ARTIFACT = "artifact"
    ODDITY = "oddity"
    EQUIPMENT = "equipment"
    WEAPON = "weapon"
    ARMOR = "armor"
    SHIELD = "shield"
    ABILITY = "ability"
    SKILL = "skill"
    TYPE = "type"
    DESCRIPTOR = "descriptor"
    FOCUS = "focus"
    FLAVOR = "flavor"
    ENCOUNTER = "encounter"
    TABLE = "table"
    RULES_SET = "rules_set"


ModelObject = (
    Character
    | Creature
    | Encounter
    | Follower
    | Cypher
    | Artifact
    | Oddity
    | Equipment
    | Weapon
    | Armor
    | Shield
    | Ability
    | Skill
    | TypeTemplate
    | SentenceTemplate
    | RollTable
    | RulesSet
)

ENTRY_CLASSES: dict[EntryKind, type[ModelObject]] = {
    EntryKind.CHARACTER: Character,
    EntryKind.CREATURE: Creature,
    EntryKind.FOLLOWER: Follower,
    EntryKind.CYPHER: Cypher,
    EntryKind.ARTIFACT: Artifact,
    EntryKind.ODDITY: Oddity,
    EntryKind.EQUIPMENT: Equipment,
    EntryKind.WEAPON: Weapon,
    EntryKind.ARMOR: Armor,
    EntryKind.SHIELD: Shield,
    EntryKind.ABILITY: Ability,
    EntryKind.SKILL: Skill,
    EntryKind.TYPE: TypeTemplate,
    EntryKind.DESCRIPTOR: SentenceTemplate,
    EntryKind.FOCUS: SentenceTemplate,
    EntryKind.FLAVOR: SentenceTemplate,
    EntryKind.ENCOUNTER: Encounter,
    EntryKind.TABLE: RollTable,
    EntryKind.RULES_SET: RulesSet,
}


def kind_of(obj: ModelObject) -> EntryKind:
    """The entry kind of a model object (a sentence template by the part it fills)."""
    if isinstance(obj, SentenceTemplate):
        return EntryKind(obj.part)
    for kind, cls in ENTRY_CLASSES.items():
        if type(obj) is cls:
            return kind
    raise TypeError(f"{type(obj).__name__} is not a library entry")
