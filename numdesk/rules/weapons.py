"""Weapon weights and what they mean (RULES.md G14)."""

from __future__ import annotations

from dataclasses import dataclass

from numdesk.rules.types import WeaponCategory


@dataclass(frozen=True, slots=True)
class WeaponStats:
    """Damage, attack ease and hands of a weapon weight."""

    category: WeaponCategory
    damage: int
    attack_ease: int
    two_handed: bool


_STATS = {
    WeaponCategory.LIGHT: WeaponStats(WeaponCategory.LIGHT, 2, 1, False),
    WeaponCategory.MEDIUM: WeaponStats(WeaponCategory.MEDIUM, 4, 0, False),
    WeaponCategory.HEAVY: WeaponStats(WeaponCategory.HEAVY, 6, 0, True),
    WeaponCategory.NONE: WeaponStats(WeaponCategory.NONE, 0, 0, False),
}


def weapon_stats(category: WeaponCategory) -> WeaponStats:
    """Light: 2 damage, eases the attack; medium: 4; heavy: 6, two hands (G14); an attack
    of no weight gives nothing of its own (its damage is the weapon's own)."""
    return _STATS[category]


def weapon_damage(category: WeaponCategory) -> int:
    """Damage of a weapon of this weight."""
    return _STATS[category].damage


def attack_reach(range_text: str) -> str:
    """ "melee" for a weapon used within immediate range (a blank range, or one that
    names immediate or melee), "ranged" for one that reaches farther (short, long …).
    Abilities that add damage to melee or to ranged weapon attacks go by it."""
    lowered = range_text.casefold().strip()
    if not lowered or "immediate" in lowered or "melee" in lowered or "close" in lowered:
        return "melee"
    return "ranged"
