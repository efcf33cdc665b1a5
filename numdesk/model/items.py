"""Things a character carries: cyphers, artifacts, oddities, equipment, weapons, armor."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from numdesk.rules.types import ArmorCategory, WeaponCategory


def new_uid() -> str:
    """A fresh identifier that links library entries across sheets, encounters and exports."""
    return uuid.uuid4().hex


@dataclass
class Cypher:
    """A single-use device (RULES.md G17). `level_dice` is e.g. "1d6+2" for library entries."""

    name: str
    level: int | None = None
    effect: str = ""
    level_dice: str = ""
    form: str = ""
    uid: str = field(default_factory=new_uid)


@dataclass
class Artifact:
    """A reusable device that may deplete (RULES.md G17).

    `depletion` is the text form: "1 in 1d10", "1-2 in 1d20", "—" or "automatic".
    """

    name: str
    level: int | None = None
    depletion: str = "—"
    effect: str = ""
    form: str = ""
    level_dice: str = ""
    depleted: bool = False
    uid: str = field(default_factory=new_uid)


@dataclass
class Oddity:
    """A curiosity with no use beyond barter."""

    name: str
    description: str = ""
    uid: str = field(default_factory=new_uid)


@dataclass
class Equipment:
    """Ordinary gear; `price` is free text because settings price things differently."""

    name: str
    quantity: int = 1
    description: str = ""
    price: str = ""
    uid: str = field(default_factory=new_uid)


@dataclass
class Weapon:
    """A weapon: a category (G14) or an explicit damage, and a range."""

    name: str
    category: WeaponCategory = WeaponCategory.MEDIUM
    damage: int | None = None
    range: str = "immediate"
    notes: str = ""
    #: False for a weapon the character cannot use freely: attacks hindered 1 step (C13b)
    freely_usable: bool = True
    uid: str = field(default_factory=new_uid)


@dataclass
class Armor:
    """Worn armor: `category` for both profiles; `value` is the `numenera` Armor number (N1)."""

    name: str
    category: ArmorCategory = ArmorCategory.LIGHT
    value: int | None = None
    speed_cost: int = 0
    notes: str = ""
    #: extra Armor against named kinds of damage, e.g. {"fire": 2} (T8)
    against: dict[str, int] = field(default_factory=dict)
    uid: str = field(default_factory=new_uid)


@dataclass
class Shield:
    """A `cypher` shield that can take a blocked wound (RULES.md C7)."""

    name: str
    minor: int = 0
    moderate: int = 0
    major: int = 0
    broken: bool = False
    uid: str = field(default_factory=new_uid)
