"""Creatures and NPCs: library stat blocks (RULES.md G15)."""

from __future__ import annotations

from dataclasses import dataclass, field

from numdesk.model.items import new_uid


@dataclass
class Creature:
    """A stat block. `health` None means the default, the target number (3 × level)."""

    name: str
    level: int = 1
    profile: str = "cypher"
    kind: str = "creature"
    health: int | None = None
    armor: int = 0
    #: extra Armor against named damage kinds, e.g. {"cold": 3} (T8)
    armor_against: dict[str, int] = field(default_factory=dict)
    damage: str = ""
    movement: str = ""
    modifications: list[str] = field(default_factory=list)
    combat: str = ""
    interaction: str = ""
    use: str = ""
    loot: str = ""
    intrusions: list[str] = field(default_factory=list)
    description: str = ""
    motive: str = ""
    environment: str = ""
    uid: str = field(default_factory=new_uid)

    @property
    def target_number(self) -> int:
        """The number to beat when acting against this creature (3 × level)."""
        return 3 * self.level

    @property
    def max_health(self) -> int:
        """The given health, else the target number."""
        return self.target_number if self.health is None else self.health
