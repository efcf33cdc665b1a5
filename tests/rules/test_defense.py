from __future__ import annotations

import pytest

from numdesk.rules.defense import (
    DefenseKind,
    block_ease,
    defense_steps,
    dodge_hinder,
    new_shield,
    resolve_defense,
    shield_takes_wound,
    speed_task_hinder,
)
from numdesk.rules.errors import RulesError
from numdesk.rules.types import ArmorCategory, WoundSeverity

MINOR, MODERATE, MAJOR = WoundSeverity.MINOR, WoundSeverity.MODERATE, WoundSeverity.MAJOR


def test_armor_categories() -> None:
    assert [block_ease(a) for a in ArmorCategory] == [0, 1, 2, 3]
    assert [dodge_hinder(a) for a in ArmorCategory] == [0, 1, 2, 3]
    assert defense_steps(DefenseKind.BLOCK, ArmorCategory.MEDIUM) == 2
    assert defense_steps(DefenseKind.DODGE, ArmorCategory.HEAVY) == -3
    assert defense_steps(DefenseKind.DODGE, ArmorCategory.NONE, area=True) == -1
    assert defense_steps(DefenseKind.NONE, ArmorCategory.HEAVY) == 0


def test_unfamiliar_armor_hinders_speed_tasks() -> None:
    assert speed_task_hinder(ArmorCategory.HEAVY, proficient=False) == 3
    assert speed_task_hinder(ArmorCategory.HEAVY, proficient=True) == 0


def test_block_lowers_one_step() -> None:
    assert resolve_defense(DefenseKind.BLOCK, MAJOR, True).wound is MODERATE
    assert resolve_defense(DefenseKind.BLOCK, MINOR, True).wound is None
    assert resolve_defense(DefenseKind.BLOCK, MODERATE, False).wound is MODERATE


def test_dodge_avoids_and_no_defense_takes_it() -> None:
    assert resolve_defense(DefenseKind.DODGE, MAJOR, True).wound is None
    result = resolve_defense(DefenseKind.NONE, MINOR, True)
    assert result.wound is MINOR and not result.success


def test_shield_slots_roll_over_and_break() -> None:
    shield = new_shield()
    assert (shield.minor_slots, shield.moderate_slots, shield.major_slots) == (3, 2, 1)
    for _ in range(3):
        shield = shield_takes_wound(shield, MINOR).after
    result = shield_takes_wound(shield, MINOR)
    assert result.applied is MODERATE and not result.broken
    result = shield_takes_wound(result.after, MODERATE)
    result = shield_takes_wound(result.after, MODERATE)
    assert result.applied is MAJOR and result.broken
    with pytest.raises(RulesError, match="broken"):
        shield_takes_wound(result.after, MINOR)
