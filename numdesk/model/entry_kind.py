"""What a library entry is, on its own.

The app's first screen lists entries by kind without needing any model class;
`numdesk.model.kinds` (which imports them all) re-exports `EntryKind` with the class
each kind holds.
"""

from __future__ import annotations

from enum import StrEnum


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
