"""NPCs and creatures: level, target number, health and damage (RULES.md G6, G15)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from numdesk.rules.damage import DEFAULT_KIND, effective_armor
from numdesk.rules.errors import RulesError
from numdesk.rules.types import DamageType

MIN_LEVEL = 1
MAX_LEVEL = 10


def check_npc_level(level: int) -> None:
    """Refuse a creature level outside 1..10."""
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise RulesError(f"A creature's level runs from 1 to 10, not {level}.")


def npc_target_number(level: int) -> int:
    """What a PC must roll to affect the NPC: 3 × level (G15)."""
    check_npc_level(level)
    return 3 * level


def npc_difficulty(level: int) -> int:
    """The NPC's level is the difficulty of attacking, defending against or swaying it (G6)."""
    check_npc_level(level)
    return level


def npc_health(level: int, health: int | None = None) -> int:
    """Health of an NPC: the stated value, else its target number (G15)."""
    if health is not None:
        if health < 0:
            raise RulesError(f"Health cannot be negative (got {health}).")
        return health
    return npc_target_number(level)


def is_defeated(health: int) -> bool:
    """At 0 health or less the NPC is out of the fight (G15)."""
    return health <= 0


class DefeatChoice(StrEnum):
    """How an NPC at 0 health ends up, as the attacker chooses (G15)."""

    DEFEATED = "defeated"
    DEAD = "dead"
    KNOCKED_OUT = "knocked_out"


@dataclass(frozen=True, slots=True)
class NpcDamage:
    """One hit on an NPC."""

    amount: int
    damage_type: DamageType
    armor_absorbed: int
    taken: int
    health_before: int
    health_after: int
    defeated: bool


def damage_npc(
    health: int,
    amount: int,
    damage_type: DamageType = DamageType.MIGHT,
    *,
    armor: int = 0,
    armor_stops_ambient: bool = False,
    kind: str = DEFAULT_KIND,
    kind_armor: Mapping[str, int] | None = None,
) -> NpcDamage:
    """Damage an NPC: Armor stops physical damage only; health never shows below 0 (G15).

    Creature Armor against named kinds (T8) adds for a hit of that `kind`.
    """
    if amount < 0:
        raise RulesError(f"Damage cannot be negative (got {amount}).")
    if armor < 0:
        raise RulesError(f"Armor cannot be negative (got {armor}).")
    if health < 0:
        raise RulesError(f"Health cannot be negative (got {health}).")
    stopping = effective_armor(
        damage_type,
        kind,
        armor=armor,
        kind_armor=kind_armor,
        armor_stops_ambient=armor_stops_ambient,
    )
    absorbed = min(stopping, amount)
    taken = min(amount - absorbed, health)
    after = health - taken
    return NpcDamage(
        amount=amount,
        damage_type=damage_type,
        armor_absorbed=absorbed,
        taken=taken,
        health_before=health,
        health_after=after,
        defeated=is_defeated(after),
    )


def _task_key(task: str) -> str:
    key = " ".join(task.casefold().split())
    for suffix in (" tasks", " task"):
        key = key.removesuffix(suffix)
    return key


_AS_LEVEL = re.compile(r"\s+as\s+level\s+(\d+)[^,;]*", re.IGNORECASE)


def parse_modifications(texts: Sequence[str]) -> dict[str, int]:
    """Read creature modification lines such as "Stealth and deception as level 8" into
    task → level; trailing reasons ("due to size") are dropped. Lines that state no
    level are skipped, since they only describe.
    """
    result: dict[str, int] = {}
    for text in texts:
        parts = _AS_LEVEL.split(text)
        for tasks, level in zip(parts[0::2], parts[1::2], strict=False):
            for name in re.split(r",|;|\band\b", tasks):
                key = _task_key(name.strip())
                if key:
                    result[key] = int(level)
    return result


def npc_task_level(level: int, modifications: Mapping[str, int], task: str) -> int:
    """Level the NPC acts at for `task`: a modification's level if it names the task
    (matched case-insensitively, "stealth" = "stealth tasks"), else its own level (G15).
    """
    check_npc_level(level)
    wanted = _task_key(task)
    for name, modified in modifications.items():
        if _task_key(name) == wanted:
            return modified
    return level
