"""Effort: what it costs, what it buys, and what a whole action costs (RULES.md G9–G9d)."""

from __future__ import annotations

from dataclasses import dataclass

from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import Profile
from numdesk.rules.types import Stat

FIRST_LEVEL_COST = 3
FURTHER_LEVEL_COST = 2
#: Extra points per level an impaired character pays (N5).
IMPAIRED_SURCHARGE = 1
DAMAGE_PER_LEVEL = 3
AREA_DAMAGE_PER_LEVEL = 2
#: The highest Edge a stat can have: a type gives at most 1, and Perfection (A1) adds 1
#: once per tier for six tiers. A sheet asking for more holds a typo, not a character.
MAX_EDGE = 7


def effort_cost(levels: int, *, impaired: bool = False) -> int:
    """Points for `levels` of Effort: 3 for the first, 2 for each further (G9a).

    Impaired characters pay 1 more per level (N5).
    """
    if levels < 0:
        raise RulesError(f"Effort levels cannot be negative (got {levels}).")
    if levels == 0:
        return 0
    cost = FIRST_LEVEL_COST + FURTHER_LEVEL_COST * (levels - 1)
    return cost + (IMPAIRED_SURCHARGE * levels if impaired else 0)


def max_effort_levels(effort_score: int, profile: Profile, *, free_levels: int = 0) -> int:
    """Most levels one action may take: paid ones up to the score, all up to 6 (G9)."""
    return min(max(effort_score, 0) + max(free_levels, 0), profile.max_effort)


@dataclass(frozen=True, slots=True)
class ActionCost:
    """The point cost of one action, broken down the way a player checks it."""

    ability_cost: int
    effort_levels: int
    free_levels: int
    paid_levels: int
    effort_points: int
    edge: int
    edge_used: int
    impaired: bool
    total: int


def action_cost(
    profile: Profile,
    *,
    effort_score: int,
    ability_cost: int = 0,
    effort_levels: int = 0,
    free_levels: int = 0,
    edge: int = 0,
    impaired: bool = False,
) -> ActionCost:
    """Cost of an action: ability cost plus paid Effort, minus Edge once (G9a, G9b).

    `effort_levels` counts every level applied (easing and damage together);
    `free_levels` of them are granted by abilities and cost nothing. Paid levels are
    limited by `effort_score`, all levels by the profile's maximum (6).
    """
    for value, what in (
        (ability_cost, "An ability cost"),
        (effort_levels, "Effort levels"),
        (free_levels, "Free Effort levels"),
        (edge, "Edge"),
        (effort_score, "An Effort score"),
    ):
        if value < 0:
            raise RulesError(f"{what} cannot be negative (got {value}).")
    # A sheet's score above the rules' cap (a house rules set lowered it) counts as the cap.
    effort_score = min(effort_score, profile.max_effort)
    if effort_levels > profile.max_effort:
        raise RulesError(
            f"No action can take more than {profile.max_effort} "
            f"level{'s' if profile.max_effort != 1 else ''} of Effort ({effort_levels} asked)."
        )
    free = min(free_levels, effort_levels)
    paid = effort_levels - free
    if paid > effort_score:
        raise RulesError(
            f"An Effort score of {effort_score} allows {effort_score} paid "
            f"level{'s' if effort_score != 1 else ''}, not {paid}."
        )
    effort_points = effort_cost(paid, impaired=impaired)
    gross = ability_cost + effort_points
    edge_used = min(edge, gross)
    return ActionCost(
        ability_cost=ability_cost,
        effort_levels=effort_levels,
        free_levels=free,
        paid_levels=paid,
        effort_points=effort_points,
        edge=edge,
        edge_used=edge_used,
        impaired=impaired,
        total=gross - edge_used,
    )


def can_afford(total: int, pool_current: int) -> bool:
    """Whether the Pool holds the cost; spending it down to exactly 0 is fine (G9c)."""
    return 0 <= total <= pool_current


def check_afford(total: int, pool_current: int, stat: Stat) -> str | None:
    """Why the Pool cannot pay `total`, or None if it can (G9c)."""
    if can_afford(total, pool_current):
        return None
    return (
        f"This costs {total} {stat.value.capitalize()} points but the Pool holds only "
        f"{pool_current}."
    )


def check_effort_from_pool(effort_levels: int, pool_current: int, stat: Stat) -> str | None:
    """Why no Effort can come from this Pool, or None (G9c, revision 2).

    A Pool at 0 allows no Effort from its stat at all, even when Edge or free levels
    would make the Effort cost nothing. `pool_current` is the Pool before the action.
    """
    if effort_levels > 0 and pool_current <= 0:
        return (
            f"Your {stat.value.capitalize()} Pool is at 0, so you cannot use Effort "
            f"on a {stat.value.capitalize()} task."
        )
    return None


def effort_damage(levels: int, *, area: bool = False) -> int:
    """Extra damage from Effort put into an attack: 3 per level, 2 for an area (G9)."""
    if levels < 0:
        raise RulesError(f"Effort levels cannot be negative (got {levels}).")
    return levels * (AREA_DAMAGE_PER_LEVEL if area else DAMAGE_PER_LEVEL)


@dataclass(frozen=True, slots=True)
class EffortSplit:
    """Levels of one attack split between easing the roll and adding damage."""

    total_levels: int
    ease_levels: int
    damage_levels: int
    bonus_damage: int
    #: damage area targets who resist still take (numenera), 0 if the rule is absent
    area_resist_damage: int


def split_effort(
    profile: Profile, total_levels: int, damage_levels: int, *, area: bool = False
) -> EffortSplit:
    """Divide an attack's Effort between easing and damage (G9)."""
    if not 0 <= total_levels <= profile.max_effort:
        raise RulesError(
            f"Effort on one action is 0 to {profile.max_effort} levels, not {total_levels}."
        )
    if not 0 <= damage_levels <= total_levels:
        raise RulesError(
            f"Only 0 to {total_levels} of the levels can go into damage, not {damage_levels}."
        )
    return EffortSplit(
        total_levels=total_levels,
        ease_levels=total_levels - damage_levels,
        damage_levels=damage_levels,
        bonus_damage=effort_damage(damage_levels, area=area),
        area_resist_damage=profile.area_resist_damage if area else 0,
    )


def check_retry(effort_levels: int, *, combat: bool = False) -> str | None:
    """Why a failed task cannot be retried this way, or None (G9d).

    Outside combat a retry needs at least one level of Effort; attacks are simply made again.
    """
    if combat or effort_levels >= 1:
        return None
    return "Trying a failed task again needs at least one level of Effort."
