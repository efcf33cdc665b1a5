"""Sheet parts some games and tools use beyond the core sheet (RULES.md S).

Foundry VTT's Cypher System and Numenera sheets track these, and an import must keep
them as values rather than text: extra Pools (Luck), lasting damage, power shifts,
recursions and tags with their active state, currencies and a second form (the teen
form of Unmasked). numdesk shows and exports them; the rules engine reads none of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from numdesk.model.abilities import Ability, Skill
from numdesk.model.items import Armor, Weapon, new_uid
from numdesk.rules.types import DamageTrackState, Stat


@dataclass
class ExtraPool:
    """A Pool beyond Might, Speed and Intellect (Luck, Sanity): current, maximum, Edge."""

    name: str
    current: int = 0
    maximum: int = 0
    edge: int = 0
    uid: str = field(default_factory=new_uid)


@dataclass
class LastingDamage:
    """Damage that stays until healed over time, or `permanent`ly (a lost eye)."""

    name: str
    amount: int = 0
    stat: Stat | None = None
    effect: str = ""
    permanent: bool = False
    description: str = ""
    uid: str = field(default_factory=new_uid)


@dataclass
class PowerShift:
    """A superhero power shift: `shifts` steps of an area; `temporary` for a passing boost."""

    name: str
    shifts: int = 1
    temporary: bool = False
    description: str = ""
    uid: str = field(default_factory=new_uid)


@dataclass
class Recursion:
    """A recursion (The Strange) or a tag (a role or stance): which one is `active` now.

    `kind` is "recursion" or "tag". `pool_changes` and `edge_changes` are what being in
    it adds to each stat's maximum Pool and Edge; `focus` is the focus held there.
    """

    name: str
    kind: str = "recursion"
    active: bool = False
    exclusive: bool = False
    focus: str = ""
    pool_changes: dict[Stat, int] = field(default_factory=dict)
    edge_changes: dict[Stat, int] = field(default_factory=dict)
    description: str = ""
    uid: str = field(default_factory=new_uid)


@dataclass
class Money:
    """An amount of one currency; the first on a sheet is its `shins`."""

    currency: str
    amount: int = 0
    uid: str = field(default_factory=new_uid)


@dataclass
class FormPool:
    """One stat of a second form."""

    current: int = 0
    maximum: int = 0
    edge: int = 0


@dataclass
class SecondForm:
    """Another form of the same character, played at times (Unmasked's teen form).

    It has its own name, descriptor, Pools, damage state and gear; `active` says which
    form was in play when the sheet was saved.
    """

    name: str
    descriptor: str = ""
    active: bool = False
    pools: dict[Stat, FormPool] = field(default_factory=dict)
    damage_track: DamageTrackState = DamageTrackState.HALE
    armor_total: int = 0
    extra_pool: ExtraPool | None = None
    skills: list[Skill] = field(default_factory=list)
    abilities: list[Ability] = field(default_factory=list)
    weapons: list[Weapon] = field(default_factory=list)
    armor: list[Armor] = field(default_factory=list)
    lasting_damage: list[LastingDamage] = field(default_factory=list)
    description: str = ""
    notes: str = ""
