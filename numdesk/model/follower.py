"""Followers: NPC companions a character acquires (RULES.md C14)."""

from __future__ import annotations

from dataclasses import dataclass, field

from numdesk.model.items import new_uid


@dataclass
class Follower:
    """A follower; `modifiers` maps a task ("stealth") to a level change (+1, -1)."""

    name: str
    level: int = 1
    modifiers: dict[str, int] = field(default_factory=dict)
    acquired_at_tier: int = 1
    health: int | None = None
    notes: str = ""
    profile: str = "cypher"
    armor: int = 0
    damage: int | None = None
    disposition: str = ""
    category: str = ""
    #: the character it follows, by name, when it came without one
    owner: str = ""
    uid: str = field(default_factory=new_uid)
