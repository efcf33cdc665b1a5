"""The kinds of library entry and the model class each one holds."""

from __future__ import annotations

from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter
from numdesk.model.entry_kind import EntryKind as EntryKind
from numdesk.model.follower import Follower
from numdesk.model.items import Armor, Artifact, Cypher, Equipment, Oddity, Shield, Weapon
from numdesk.model.rules_set import RulesSet
from numdesk.model.tables import RollTable
from numdesk.model.templates import SentenceTemplate, TypeTemplate

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
