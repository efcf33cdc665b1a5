"""Type, descriptor, focus and flavor templates that prefill a new character."""

from __future__ import annotations

from dataclasses import dataclass, field

from numdesk.model.abilities import Ability, Skill
from numdesk.model.items import Equipment, new_uid
from numdesk.rules.types import Stat


@dataclass
class TierAbilities:
    """Abilities a template grants or offers at one tier; `choose` is how many to pick."""

    tier: int
    abilities: list[Ability] = field(default_factory=list)
    choose: int = 0


@dataclass
class TypeTemplate:
    """A character type. None values are ones the rules texts do not give: the user fills them."""

    name: str
    profile: str = "numenera"
    description: str = ""
    pools: dict[Stat, int | None] = field(default_factory=dict)
    edges: dict[Stat, int | None] = field(default_factory=dict)
    effort: int | None = 1
    cypher_limit: int | None = None
    starting_points: int | None = None
    skills: list[Skill] = field(default_factory=list)
    equipment: list[Equipment] = field(default_factory=list)
    shins: int | None = None
    tiers: list[TierAbilities] = field(default_factory=list)
    intrusions: list[str] = field(default_factory=list)
    notes: str = ""
    uid: str = field(default_factory=new_uid)


@dataclass
class SentenceTemplate:
    """A descriptor, focus or flavor: pool bonuses, skills, abilities and gear it brings."""

    name: str
    part: str = "descriptor"
    profile: str = "numenera"
    description: str = ""
    pool_bonus: dict[Stat, int] = field(default_factory=dict)
    extra_points: int = 0
    skills: list[Skill] = field(default_factory=list)
    equipment: list[Equipment] = field(default_factory=list)
    tiers: list[TierAbilities] = field(default_factory=list)
    characteristics: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    notes: str = ""
    uid: str = field(default_factory=new_uid)
