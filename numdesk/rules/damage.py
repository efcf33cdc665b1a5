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


#: Damage kinds offered in pickers (T8); the list is open: any other word is a kind too.
DAMAGE_KINDS: tuple[str, ...] = (
    "physical",
    "fire",
    "cold",
    "acid",
    "electric",
    "mental",
    "poison",
    "sonic",
    "radiation",
)
#: The kind of damage nobody named: an ordinary blow.
DEFAULT_KIND = "physical"


def damage_kind(text: str | None) -> str:
    """A damage kind as stored: lower case, trimmed; blank means physical (T8)."""
    kind = (text or "").strip().casefold()
    if len(kind) > 30:
        raise RulesError("A damage kind is one or two words (at most 30 letters).")
    return kind or DEFAULT_KIND


def check_kind_armor(kind_armor: Mapping[str, int]) -> dict[str, int]:
    """Armor against named kinds, cleaned (kinds as `damage_kind`); RulesError if negative."""
    out: dict[str, int] = {}
    for kind, value in kind_armor.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RulesError(f"Armor against {kind} must be a whole number from 0 up.")
        key = damage_kind(kind)
        out[key] = out.get(key, 0) + value
    return out


def effective_armor(
    damage_type: DamageType,
    kind: str = DEFAULT_KIND,
    *,
    armor: int = 0,
    kind_armor: Mapping[str, int] | None = None,
    armor_stops_ambient: bool = False,
) -> int:
    """Armor that stops one hit of `damage_type` and `kind` (N1, T8).

    Plain `armor` stops Might damage, and ambient damage where the armor says so; Armor
    against the hit's kind (`kind_armor`, e.g. {"fire": 2}) adds to it whatever Pool the
    damage targets (so +2 against mental reduces mental Intellect damage), and counts as
    the armor saying so for ambient damage of that kind.
    """
    if armor < 0:
        raise RulesError(f"Armor cannot be negative (got {armor}).")
    extra = check_kind_armor(kind_armor or {}).get(damage_kind(kind), 0)
    plain_applies = armor_applies(damage_type, armor_stops_ambient=armor_stops_ambient or extra > 0)
    return (armor if plain_applies else 0) + extra


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
    kind: str
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
    kind: str = DEFAULT_KIND,
    kind_armor: Mapping[str, int] | None = None,
) -> PoolDamage:
    """Apply one hit to a PC's Pools (N1–N3, T8).

    Armor is subtracted first where it applies (`effective_armor`: plain Armor, plus
    Armor against the hit's `kind`). The rest lowers the matching Pool; once
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
    kind = damage_kind(kind)
    stopping = effective_armor(
        damage_type,
        kind,
        armor=armor,
        kind_armor=kind_armor,
        armor_stops_ambient=armor_stops_ambient,
    )
    absorbed = min(stopping, amount)
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
        armor=stopping,
        armor_absorbed=absorbed,
        kind=kind,
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
