"""Followers: NPC companions a character acquires (RULES.md C14)."""

from __future__ import annotations

from dataclasses import dataclass, field

from numdesk.model.creature import CreatureItem
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
    #: its skills, abilities, attacks and things it carries, listed by name
    items: list[CreatureItem] = field(default_factory=list)
    initiative_bonus: int = 0
    #: health when it was saved below its maximum; a fight starts it there
    current_health: int | None = None
    uid: str = field(default_factory=new_uid)
