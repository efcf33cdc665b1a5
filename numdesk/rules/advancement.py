"""Tier advancement: the four buys of a tier and what each gives (RULES.md A1–A3)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import Profile
from numdesk.rules.types import STAT_ORDER, Advancement, OtherAdvancement, SkillLevel, Stat

ADVANCEMENT_COST = 4
MAX_TIER = 6
CAPABILITY_POINTS = 4
ADVANCEMENTS_PER_TIER = 4
RECOVERY_BONUS = 2

_LABELS = {
    Advancement.CAPABILITIES: "Capabilities",
    Advancement.PERFECTION: "Perfection",
    Advancement.EFFORT: "Effort",
    Advancement.SKILL: "Skill",
    Advancement.OTHER: "Other",
}


def advancement_label(kind: Advancement) -> str:
    """The advancement's name on the sheet."""
    return _LABELS[kind]


def _slot(kind: Advancement) -> Advancement:
    """Other takes the place of Skill (A2), so both fill one slot."""
    return Advancement.SKILL if kind is Advancement.OTHER else kind


def check_advancement(
    kind: Advancement, bought: Collection[Advancement], xp: int, tier: int
) -> str | None:
    """Why `kind` cannot be bought now, or None (A1, A2)."""
    if not 1 <= tier <= MAX_TIER:
        return f"Tier runs from 1 to {MAX_TIER}, not {tier}."
    if kind in bought:
        return f"{advancement_label(kind)} is already bought this tier."
    if _slot(kind) in {_slot(b) for b in bought}:
        return "Skill and Other share one advancement: only one of them per tier."
    if xp < ADVANCEMENT_COST:
        return f"An advancement costs {ADVANCEMENT_COST} XP; only {xp} XP available."
    return None


def available_advancements(
    bought: Collection[Advancement], xp: int, tier: int
) -> tuple[Advancement, ...]:
    """The advancements that can be bought now."""
    return tuple(k for k in Advancement if check_advancement(k, bought, xp, tier) is None)


@dataclass(frozen=True, slots=True)
class AdvancementResult:
    """One advancement bought, and whether it finished the tier."""

    kind: Advancement
    cost: int
    xp_before: int
    xp_after: int
    tier_before: int
    tier_after: int
    #: advancements bought in the (possibly new) current tier
    bought_after: tuple[Advancement, ...]
    tier_up: bool
    #: the player should now pick the new tier's type and focus abilities
    new_tier_abilities: bool


def buy_advancement(
    kind: Advancement, bought: Collection[Advancement], xp: int, tier: int
) -> AdvancementResult:
    """Pay 4 XP for an advancement; the fourth of a tier raises the tier (A1, A3).

    At tier 6 the four are cleared for buying again but the tier stays 6.
    """
    reason = check_advancement(kind, bought, xp, tier)
    if reason is not None:
        raise RulesError(reason)
    after = (*bought, kind)
    complete = len(after) >= ADVANCEMENTS_PER_TIER
    tier_after = min(tier + 1, MAX_TIER) if complete else tier
    return AdvancementResult(
        kind=kind,
        cost=ADVANCEMENT_COST,
        xp_before=xp,
        xp_after=xp - ADVANCEMENT_COST,
        tier_before=tier,
        tier_after=tier_after,
        bought_after=() if complete else tuple(after),
        tier_up=tier_after > tier,
        new_tier_abilities=tier_after > tier,
    )


@dataclass(frozen=True, slots=True)
class CapabilitiesResult:
    """Pools after the Capabilities advancement."""

    split: dict[Stat, int] = field(hash=False)
    maximums_after: dict[Stat, int] = field(hash=False)
    pools_after: dict[Stat, int] = field(hash=False)


def check_capabilities_split(split: Mapping[Stat, int]) -> str | None:
    """Why a split of the 4 Capabilities points is not valid, or None (A1)."""
    if any(v < 0 for v in split.values()):
        return "Points added to a Pool cannot be negative."
    total = sum(split.values())
    if total != CAPABILITY_POINTS:
        return f"Capabilities adds exactly {CAPABILITY_POINTS} points; this split adds {total}."
    return None


def apply_capabilities(
    pools: Mapping[Stat, int], maximums: Mapping[Stat, int], split: Mapping[Stat, int]
) -> CapabilitiesResult:
    """Add 4 points split among Pools, raising maximum and current together (A1)."""
    reason = check_capabilities_split(split)
    if reason is not None:
        raise RulesError(reason)
    add = {s: split.get(s, 0) for s in STAT_ORDER}
    return CapabilitiesResult(
        split=add,
        maximums_after={s: maximums[s] + add[s] for s in STAT_ORDER},
        pools_after={s: pools[s] + add[s] for s in STAT_ORDER},
    )


def perfection(edges: Mapping[Stat, int], stat: Stat) -> dict[Stat, int]:
    """+1 to one Edge (A1)."""
    return {s: edges[s] + (1 if s is stat else 0) for s in STAT_ORDER}


def raise_effort(effort: int, profile: Profile) -> int:
    """+1 Effort score, up to the profile's maximum of 6 (A1)."""
    if effort >= profile.max_effort:
        raise RulesError(f"The Effort score is already at its maximum of {profile.max_effort}.")
    return effort + 1


def check_skill_advance(
    profile: Profile, current: SkillLevel | None, *, via_ability: bool = False
) -> str | None:
    """Why the skill cannot be raised this way, or None (A1).

    An untrained skill becomes trained (an inability is cancelled instead), a trained
    one specialized; expert exists only in profiles that know it and only through an ability.
    """
    if current is SkillLevel.SPECIALIZED:
        if SkillLevel.EXPERT not in profile.skill_levels:
            return "The skill is already specialized, the highest level in these rules."
        if not via_ability:
            return "Only an ability can make a specialized skill expert."
    if current is SkillLevel.EXPERT:
        return "The skill is already at expert, the highest level."
    return None


_NEXT_LEVEL: dict[SkillLevel | None, SkillLevel | None] = {
    None: SkillLevel.TRAINED,
    SkillLevel.INABILITY: None,
    SkillLevel.PRACTICED: SkillLevel.TRAINED,
    SkillLevel.TRAINED: SkillLevel.SPECIALIZED,
    SkillLevel.SPECIALIZED: SkillLevel.EXPERT,
}


def advance_skill(
    profile: Profile, current: SkillLevel | None, *, via_ability: bool = False
) -> SkillLevel | None:
    """The skill level after training it once; None means an inability was cancelled."""
    reason = check_skill_advance(profile, current, via_ability=via_ability)
    if reason is not None:
        raise RulesError(reason)
    return _NEXT_LEVEL[current]


@dataclass(frozen=True, slots=True)
class OtherEffect:
    """What the Other advancement leaves on the sheet (A2)."""

    option: OtherAdvancement
    armor_cost_reduction: int
    recovery_bonus: int
    #: the player picks one new special ability of this tier or lower
    new_ability: bool


def other_effect(
    option: OtherAdvancement, *, armor_cost_reduction: int = 0, recovery_bonus: int = 0
) -> OtherEffect:
    """Apply the Other option to the sheet's current values (A2)."""
    if option is OtherAdvancement.RECOVERY_BONUS and recovery_bonus >= RECOVERY_BONUS:
        raise RulesError("The +2 to recovery rolls is already taken.")
    return OtherEffect(
        option=option,
        armor_cost_reduction=armor_cost_reduction
        + (1 if option is OtherAdvancement.ARMOR_COST else 0),
        recovery_bonus=recovery_bonus
        + (RECOVERY_BONUS if option is OtherAdvancement.RECOVERY_BONUS else 0),
        new_ability=option is OtherAdvancement.ABILITY,
    )
