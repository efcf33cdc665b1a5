"""Damage to a `numenera` PC: Armor, the Pools it lands on, and the track (RULES.md N1–N3)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from numdesk.rules.damage_track import shift_track, track_label
from numdesk.rules.errors import RulesError
from numdesk.rules.types import STAT_ORDER, ArmorCategory, DamageTrackState, DamageType, Stat

#: Armor of physical armor by weight (N1).
ARMOR_BY_CATEGORY: dict[ArmorCategory, int] = {
    ArmorCategory.NONE: 0,
    ArmorCategory.LIGHT: 1,
    ArmorCategory.MEDIUM: 2,
    ArmorCategory.HEAVY: 3,
}

_POOL_FOR = {
    DamageType.MIGHT: Stat.MIGHT,
    DamageType.SPEED: Stat.SPEED,
    DamageType.INTELLECT: Stat.INTELLECT,
    DamageType.AMBIENT: Stat.MIGHT,
}


def armor_value(category: ArmorCategory) -> int:
    """Armor that physical armor of this weight gives (N1)."""
    return ARMOR_BY_CATEGORY[category]


def total_armor(values: Iterable[int]) -> int:
    """Armor from several sources adds up (N1)."""
    values = list(values)
    if any(v < 0 for v in values):
        raise RulesError("Armor cannot be negative.")
    return sum(values)


def armor_applies(damage_type: DamageType, *, armor_stops_ambient: bool = False) -> bool:
    """Armor stops Might damage; ambient only if the armor says so; never Speed/Intellect."""
    if damage_type is DamageType.MIGHT:
        return True
    return damage_type is DamageType.AMBIENT and armor_stops_ambient


def pool_for(damage_type: DamageType) -> Stat:
    """The Pool damage of this type lands on first; ambient damage hurts the body."""
    return _POOL_FOR[damage_type]


@dataclass(frozen=True, slots=True)
class PoolDamage:
    """What one hit did: Armor absorbed, points taken from each Pool, track movement."""

    amount: int
    damage_type: DamageType
    armor: int
    armor_absorbed: int
    damage_after_armor: int
    removed: dict[Stat, int] = field(hash=False)
    pools_before: dict[Stat, int] = field(hash=False)
    pools_after: dict[Stat, int] = field(hash=False)
    emptied: tuple[Stat, ...]
    #: damage left when every Pool is already 0
    unabsorbed: int
    track_before: DamageTrackState
    track_after: DamageTrackState
    steps_down: int
    dead: bool
    summary: str


def damage_pc(
    pools: Mapping[Stat, int],
    amount: int,
    damage_type: DamageType = DamageType.MIGHT,
    *,
    armor: int = 0,
    track: DamageTrackState = DamageTrackState.HALE,
    armor_stops_ambient: bool = False,
) -> PoolDamage:
    """Apply one hit to a PC's Pools (N1–N3).

    Armor is subtracted first where it applies. The rest lowers the matching Pool; once
    that is 0, the remainder flows to the other Pools in Might, Speed, Intellect order,
    skipping empty ones. Every Pool this hit empties moves the PC one step down the track.
    """
    if amount < 0:
        raise RulesError(f"Damage cannot be negative (got {amount}).")
    if armor < 0:
        raise RulesError(f"Armor cannot be negative (got {armor}).")
    before = {s: pools[s] for s in STAT_ORDER}
    if any(v < 0 for v in before.values()):
        raise RulesError("A Pool cannot be below 0.")
    stops = armor_applies(damage_type, armor_stops_ambient=armor_stops_ambient)
    absorbed = min(armor, amount) if stops else 0
    left = amount - absorbed
    after = dict(before)
    removed = dict.fromkeys(STAT_ORDER, 0)
    first = pool_for(damage_type)
    order = (first, *(s for s in STAT_ORDER if s is not first))
    emptied: list[Stat] = []
    for stat in order:
        if left == 0:
            break
        take = min(left, after[stat])
        if take == 0:
            continue
        after[stat] -= take
        removed[stat] = take
        left -= take
        if after[stat] == 0:
            emptied.append(stat)
    track_after = shift_track(track, len(emptied))
    dead = track_after is DamageTrackState.DEAD
    if amount == 0:
        summary = "No damage."
    elif absorbed == amount:
        summary = f"Armor stops all {amount} damage."
    else:
        taken = ", ".join(f"{v} {s.value.capitalize()}" for s, v in removed.items() if v)
        summary = f"Takes {taken or 'nothing'}"
        if absorbed:
            summary += f" (Armor stops {absorbed})"
        if track_after is not track:
            summary += f"; now {track_label(track_after).lower()}"
        summary += "."
    return PoolDamage(
        amount=amount,
        damage_type=damage_type,
        armor=armor,
        armor_absorbed=absorbed,
        damage_after_armor=amount - absorbed,
        removed=removed,
        pools_before=before,
        pools_after=after,
        emptied=tuple(emptied),
        unabsorbed=left,
        track_before=track,
        track_after=track_after,
        steps_down=int(track_after) - int(track),
        dead=dead,
        summary=summary,
    )
