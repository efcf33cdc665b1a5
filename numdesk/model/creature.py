"""Creatures and NPCs: library stat blocks (RULES.md G15)."""

from __future__ import annotations

from dataclasses import dataclass, field

from numdesk.model.items import new_uid

#: what a stat block's listed item can be; anything else is kept as "other"
ITEM_KINDS = ("attack", "skill", "ability", "cypher", "artifact", "oddity", "equipment", "other")
#: the stat block's rows for its items, in order: (title, kinds shown under it)
ITEM_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Attacks", ("attack",)),
    ("Skills", ("skill",)),
    ("Abilities", ("ability",)),
    ("Carries", ("cypher", "artifact", "oddity", "equipment", "other")),
)


@dataclass
class CreatureItem:
    """One thing a stat block lists by name: an attack, a skill, an ability, or something
    it carries (a Foundry NPC's items come in as these, each in its own place).

    `steps` eases (+) or hinders (−) the attack or skill; `rating` is a skill's (or an
    attack's skill's) rating as the source wrote it ("Specialized", "Practiced").
    """

    name: str
    kind: str = "ability"
    text: str = ""
    level: int | None = None
    damage: int | None = None
    range: str = ""
    weapon: str = ""
    steps: int = 0
    rating: str = ""
    quantity: int | None = None
    #: an artifact's depletion ("1 in 1d6"); "" for anything else
    depletion: str = ""

    def line(self) -> str:
        """The item as one line of a stat block: "Bite: 3 damage, immediate, eased 1 step"."""
        parts: list[str] = []
        if self.damage is not None:
            parts.append(f"{self.damage} damage")
        parts += [p for p in (self.range, self.weapon) if p]
        if self.level is not None:
            parts.append(f"level {self.level}")
        if self.depletion:
            parts.append(f"depletion {self.depletion}")
        if self.steps:
            word = "eased" if self.steps > 0 else "hindered"
            count = abs(self.steps)
            parts.append(f"{word} {count} step{'s' if count != 1 else ''}")
        if self.rating:
            parts.append(self.rating.lower())
        if self.quantity is not None and self.quantity != 1:
            parts.append(f"× {self.quantity}")
        if self.kind not in ("attack", "skill", "ability", "equipment"):
            parts.insert(0, self.kind)
        head = f"{self.name} ({', '.join(parts)})" if parts else self.name
        return f"{head}: {self.text}" if self.text else head


def item_groups(items: list[CreatureItem]) -> list[tuple[str, list[str]]]:
    """The stat block's item rows: each group's title and its lines, empty groups left out."""
    groups: list[tuple[str, list[str]]] = []
    for title, kinds in ITEM_GROUPS:
        lines = [i.line() for i in items if i.kind in kinds]
        if lines:
            groups.append((title, lines))
    return groups


#: the labels of the further numbers a community or vehicle keeps in `Creature.stats`
STAT_LABELS = {
    "infrastructure": "Infrastructure",
    "crew": "Crew",
    "weapon systems": "Weapon systems",
}


def block_numbers(creature: Creature) -> list[tuple[str, str]]:
    """(label, value) of a stat block's numbers beyond level, health and Armor: its
    initiative bonus and a community's or vehicle's further numbers, for every view and
    printout to show the same way."""
    rows: list[tuple[str, str]] = []
    if creature.initiative_bonus:
        rows.append(("Initiative bonus", f"{creature.initiative_bonus:+d}"))
    for key, value in creature.stats.items():
        rows.append((STAT_LABELS.get(key, key[:1].upper() + key[1:]), str(value)))
    return rows


@dataclass
class Creature:
    """A stat block. `health` None means the default, the target number (3 × level).

    `kind` is "creature" or "npc", or "community" or "vehicle" (rank as level).
    """

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
    initiative_bonus: int = 0
    #: further numbers of communities and vehicles ("infrastructure", "crew", ...)
    stats: dict[str, int] = field(default_factory=dict)
    #: attacks, skills, abilities and things carried, listed by name
    items: list[CreatureItem] = field(default_factory=list)
    #: health when it was saved below its maximum (an import of a hurt NPC); a fight
    #: starts it there. None: unhurt.
    current_health: int | None = None
    uid: str = field(default_factory=new_uid)

    @property
    def target_number(self) -> int:
        """The number to beat when acting against this creature (3 × level)."""
        return 3 * self.level

    @property
    def max_health(self) -> int:
        """The given health, else the target number."""
        return self.target_number if self.health is None else self.health
