"""What a library entry is, on its own.

The app's first screen lists entries by kind without needing any model class;
`numdesk.model.kinds` (which imports them all) re-exports `EntryKind` with the class
each kind holds.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


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


class NewerKind(NamedTuple):
    """The kind of an entry a newer numdesk wrote into this library that this numdesk
    does not know (`value` is the kind as stored, e.g. "spell").

    Such an entry is kept exactly as stored: listed, shown as made by a newer numdesk
    and exported unchanged, never opened for editing nor rewritten.
    """

    value: str


#: Each known kind by its stored value (a lookup here is several times cheaper than
#: `EntryKind(value)`, and lists of thousands of rows ask it for every row).
_BY_VALUE = {kind.value: kind for kind in EntryKind}


def stored_kind(value: str) -> EntryKind | NewerKind:
    """The kind stored in a library row: one this numdesk knows, or a `NewerKind`."""
    known = _BY_VALUE.get(value)
    return known if known is not None else NewerKind(value)
