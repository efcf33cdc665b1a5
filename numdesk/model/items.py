"""Things a character carries: cyphers, artifacts, oddities, equipment, weapons, armor."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from numdesk.rules.types import ArmorCategory, SkillLevel, WeaponCategory

T = TypeVar("T")


def new_uid() -> str:
    """A fresh identifier that links library entries across sheets, encounters and exports."""
    return uuid.uuid4().hex


class CypherType(StrEnum):
    """What kind of cypher it is: subtle (no physical form) or manifest (an object), as
    the Cypher System sorts them, or anoetic (simple to use) or occultic (strange and
    dangerous, counting double against the limit in Numenera)."""

    SUBTLE = "subtle"
    MANIFEST = "manifest"
    ANOETIC = "anoetic"
    OCCULTIC = "occultic"


@dataclass
class Cypher:
    """A single-use device (RULES.md G17). `level_dice` is e.g. "1d6+2" for library entries."""

    name: str
    level: int | None = None
    effect: str = ""
    level_dice: str = ""
    form: str = ""
    #: False while the character does not know what it is (`unidentified_name` is shown)
    identified: bool = True
    unidentified_name: str = ""
    #: subtle, manifest, anoetic or occultic; None when the source does not say
    cypher_type: CypherType | None = None
    #: a fantastic cypher (openly magical or impossible), a Cypher System distinction
    fantastic: bool = False
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
    identified: bool = True
    unidentified_name: str = ""
    uid: str = field(default_factory=new_uid)


@dataclass
class Oddity:
    """A curiosity with no use beyond barter."""

    name: str
    description: str = ""
    uid: str = field(default_factory=new_uid)


class GearKind(StrEnum):
    """What a piece of gear is: ordinary equipment, ammunition, or a material (Foundry's
    Cypher System sheet keeps the three apart)."""

    EQUIPMENT = "equipment"
    AMMO = "ammo"
    MATERIAL = "material"


@dataclass
class Equipment:
    """Ordinary gear; `price` is free text because settings price things differently."""

    name: str
    quantity: int = 1
    description: str = ""
    price: str = ""
    kind: GearKind = GearKind.EQUIPMENT
    #: the item's level when it has one (a tool's quality, a material's grade)
    level: int | None = None
    #: put aside: kept on the sheet but not in use now
    archived: bool = False
    #: names of the sheet's tags and recursions (`Character.recursions`) it belongs to:
    #: switching them archives it while none of them is active
    tags: list[str] = field(default_factory=list)
    uid: str = field(default_factory=new_uid)


@dataclass
class Weapon:
    """A weapon: a category (G14) or an explicit damage, and a range."""

    name: str
    category: WeaponCategory = WeaponCategory.MEDIUM
    damage: int | None = None
    range: str = "immediate"
    notes: str = ""
    #: what it costs, as free text like `Equipment.price` ("20 shins")
    price: str = ""
    #: False for a weapon the character cannot use freely: attacks hindered 1 step (C13b)
    freely_usable: bool = True
    #: what the attack is when it is not a weapon of a weight ("special ability",
    #: "natural attack"), as the source named it; "" for a weapon
    kind: str = ""
    #: steps attacks with it are eased (+) or hindered (−) in all; None: by its weight
    #: (a light weapon eases 1 step, G14)
    steps: int | None = None
    #: the skill level its attacks use when the task names no skill; None: none
    skill: SkillLevel | None = None
    #: put aside: kept on the sheet but not offered for attacks
    archived: bool = False
    #: names of the sheet's tags and recursions (`Character.recursions`) it belongs to:
    #: switching them archives it while none of them is active
    tags: list[str] = field(default_factory=list)
    uid: str = field(default_factory=new_uid)


@dataclass
class Armor:
    """Worn armor: `category` for both profiles; `value` is the `numenera` Armor number (N1)."""

    name: str
    category: ArmorCategory = ArmorCategory.LIGHT
    value: int | None = None
    speed_cost: int = 0
    notes: str = ""
    #: what it costs, as free text like `Equipment.price` ("20 shins")
    price: str = ""
    #: extra Armor against named kinds of damage, e.g. {"fire": 2} (T8)
    against: dict[str, int] = field(default_factory=dict)
    #: False for armor carried but not worn: it gives no Armor and costs nothing
    worn: bool = True
    #: what it is when it is not armor of a weight ("special ability"), as the source
    #: named it; "" for armor
    kind: str = ""
    #: put aside: kept on the sheet but not counted as worn
    archived: bool = False
    #: names of the sheet's tags and recursions (`Character.recursions`) it belongs to:
    #: switching them archives it while none of them is active
    tags: list[str] = field(default_factory=list)
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


def worn(armor: Iterable[Armor]) -> list[Armor]:
    """The armor that counts now: worn, and not archived."""
    return [a for a in in_use(armor) if a.worn]


def in_use(items: Iterable[T]) -> list[T]:
    """The items a character uses now: all but the archived ones.

    An archived item (put aside by the player, or belonging to a tag or recursion that
    is not active) stays on the sheet, shown as archived, but no rule counts it: it is
    not worn, not offered for a task or an attack.
    """
    return [item for item in items if not getattr(item, "archived", False)]


def shown_name(device: Cypher | Artifact) -> str:
    """The name a player sees: an unidentified device by what it looks like.

    Its real name stays in `name` for the GM (and for when it is identified).
    """
    if device.identified:
        return device.name
    kind = "cypher" if isinstance(device, Cypher) else "artifact"
    return f"{device.unidentified_name or 'Unknown ' + kind} (not identified)"
