"""Followers: level, health, help and growth (RULES.md C14)."""

from __future__ import annotations

from collections.abc import Mapping

from numdesk.rules.errors import RulesError

#: A follower acting at this level or higher gives 2 assets instead of 1.
STRONG_HELP_LEVEL = 5
TIERS_PER_LEVEL = 2


def _check_level(level: int) -> None:
    if not 1 <= level <= 10:
        raise RulesError(f"A follower's level runs from 1 to 10, not {level}.")


def follower_health(level: int) -> int:
    """Health is 3 × level (C14)."""
    _check_level(level)
    return 3 * level


def follower_task_level(level: int, modifiers: Mapping[str, int], task: str) -> int:
    """Level for a task: base level plus the modifier named for it (case-insensitive)."""
    _check_level(level)
    wanted = task.strip().casefold()
    bonus = sum(v for k, v in modifiers.items() if k.strip().casefold() == wanted)
    return max(0, level + bonus)


def follower_assets(relevant_level: int) -> int:
    """Assets a follower's help gives: 1, or 2 at level 5+ for the task (C14)."""
    return 2 if relevant_level >= STRONG_HELP_LEVEL else 1


def follower_level(base_level: int, owner_tier_acquired: int, owner_tier_now: int) -> int:
    """The follower gains 1 level (and 1 on each modifier) per two tiers its owner gains
    after acquiring it (C14). Returns the current base level.
    """
    _check_level(base_level)
    if owner_tier_now < owner_tier_acquired:
        raise RulesError("The owner's tier cannot be lower than when the follower joined.")
    return min(10, base_level + (owner_tier_now - owner_tier_acquired) // TIERS_PER_LEVEL)
