from __future__ import annotations

import pytest

from numdesk.rules.errors import RulesError
from numdesk.rules.npcs import (
    damage_npc,
    is_defeated,
    npc_difficulty,
    npc_health,
    npc_target_number,
    npc_task_level,
    parse_modifications,
)
from numdesk.rules.objects import (
    ObjectHealth,
    damage_object,
    damage_object_track,
    new_object,
    object_acting_level,
    track_steps_for_margin,
)
from numdesk.rules.types import DamageType, ObjectState


def test_npc_numbers() -> None:
    assert npc_target_number(4) == 12
    assert npc_difficulty(4) == 4
    assert npc_health(4) == 12
    assert npc_health(4, 20) == 20
    with pytest.raises(RulesError):
        npc_target_number(11)


def test_npc_armor_only_against_physical() -> None:
    hit = damage_npc(12, 5, armor=2)
    assert hit.taken == 3 and hit.health_after == 9
    mental = damage_npc(12, 5, DamageType.INTELLECT, armor=2)
    assert mental.taken == 5
    final = damage_npc(3, 10)
    assert final.health_after == 0 and final.defeated
    assert is_defeated(0) and not is_defeated(1)


def test_npc_modifications() -> None:
    mods = parse_modifications(
        ["Stealth and deception tasks as level 8", "Speed defense as level 5 due to size"]
    )
    assert mods == {"stealth": 8, "deception": 8, "speed defense": 5}
    assert npc_task_level(4, mods, "Stealth tasks") == 8
    assert npc_task_level(4, mods, "climbing") == 4


def test_margin_steps() -> None:
    assert track_steps_for_margin(11, 12) == 0
    assert track_steps_for_margin(12, 12) == 1
    assert track_steps_for_margin(18, 12) == 2
    assert track_steps_for_margin(24, 12) == 3


def test_object_track() -> None:
    result = damage_object_track(ObjectState.INTACT, 4, 20)
    assert result.after is ObjectState.MAJOR_DAMAGE and result.broken
    assert object_acting_level(ObjectState.MINOR_DAMAGE, 4) == 3
    end = damage_object_track(ObjectState.MAJOR_DAMAGE, 2, 30)
    assert end.after is ObjectState.DESTROYED and end.steps == 1


def test_damage_at_or_below_level_does_nothing() -> None:
    result = damage_object(new_object(5), 5)
    assert result.after.level == 5 and result.level_lost == 0


def test_object_validation() -> None:
    with pytest.raises(RulesError):
        ObjectHealth(level=3, original_level=2)
    destroyed = ObjectHealth(0, 2, 2)
    with pytest.raises(RulesError, match="destroyed"):
        damage_object(destroyed, 1)
