"""Data modules: hazards, combat modifiers, ranges, weapons, conditions, followers."""

from __future__ import annotations

import pytest

from numdesk.rules.combat_modifiers import COMBAT_MODIFIERS, ModifierEffect, combat_modifier
from numdesk.rules.conditions import (
    Condition,
    TimedEffect,
    condition_effect,
    condition_hindrance,
    effect_ends,
)
from numdesk.rules.errors import RulesError
from numdesk.rules.followers import (
    follower_assets,
    follower_health,
    follower_level,
    follower_task_level,
)
from numdesk.rules.hazards import HAZARDS, falling_damage, hazard
from numdesk.rules.ranges import Range, movement, range_for_distance
from numdesk.rules.types import DamageType, Stat, WeaponCategory
from numdesk.rules.weapons import weapon_damage, weapon_stats


def test_hazards() -> None:
    assert hazard("major_fire").damage == 6
    assert hazard("shock").note
    # r2 (N10): crushing and collisions are Might damage; the rest is ambient
    might = {h.key for h in HAZARDS if h.damage_type is DamageType.MIGHT}
    assert might == {"crush", "huge_crush", "collision"}
    assert len({h.key for h in HAZARDS}) == len(HAZARDS) == 12
    assert falling_damage(35) == 3
    with pytest.raises(RulesError):
        hazard("lava")


def test_combat_modifiers() -> None:
    assert len({m.key for m in COMBAT_MODIFIERS}) == len(COMBAT_MODIFIERS)
    assert combat_modifier("darkness_located").steps == -4
    assert combat_modifier("blinding_attempt").steps == -3
    assert combat_modifier("target_helpless").effect is ModifierEffect.AUTOMATIC_HIT
    no_attack = [m for m in COMBAT_MODIFIERS if m.effect is ModifierEffect.NO_ATTACK]
    assert len(no_attack) == 4  # r2 (C13) adds dense mist and underwater thrown weapons
    with pytest.raises(RulesError):
        combat_modifier("nope")


def test_ranges() -> None:
    assert range_for_distance(10) is Range.IMMEDIATE
    assert range_for_distance(11) is Range.SHORT
    assert range_for_distance(100) is Range.LONG
    assert range_for_distance(501) is None
    assert not movement(Range.IMMEDIATE).whole_action
    assert movement(Range.LONG).speed_difficulty == 4
    with pytest.raises(RulesError):
        movement(Range.VERY_LONG)


def test_weapons() -> None:
    assert weapon_stats(WeaponCategory.LIGHT).attack_ease == 1
    assert weapon_damage(WeaponCategory.MEDIUM) == 4
    assert weapon_stats(WeaponCategory.HEAVY).two_handed


def test_conditions() -> None:
    assert condition_hindrance([Condition.DAZED, Condition.DAZED, Condition.STUNNED]) == 1
    stunned = condition_effect(Condition.STUNNED)
    assert stunned.loses_turn and stunned.can_defend
    assert not condition_effect(Condition.PARALYSED).can_move
    assert condition_effect(Condition.DISEASED).defense_stat is Stat.MIGHT


def test_round_effect_ends_on_source_next_turn() -> None:
    effect = TimedEffect(owner_id="pc", source_id="ogre", started_round=1)
    assert not effect_ends(effect, 1, "ogre")
    assert not effect_ends(effect, 2, "pc")
    assert effect_ends(effect, 2, "ogre")
    with pytest.raises(RulesError):
        TimedEffect("pc", "ogre", 1, rounds=0)


def test_followers() -> None:
    assert follower_health(3) == 9
    assert follower_assets(4) == 1 and follower_assets(5) == 2
    assert follower_task_level(3, {"Stealth": 2}, "stealth") == 5
    assert follower_level(3, 1, 2) == 3
    assert follower_level(3, 1, 3) == 4
    assert follower_level(3, 2, 6) == 5
    with pytest.raises(RulesError):
        follower_level(3, 4, 2)


def test_an_effect_ends_at_its_anchors_next_turn() -> None:
    from numdesk.rules.conditions import ending_round

    # caused on the anchor's own turn (G18): its next turn is next round
    assert ending_round(2, 1, turn_started=True) == 3
    # a mark taken before the taker's turn this round ends as that turn comes (T3)
    assert ending_round(2, 1, turn_started=False) == 2
    assert ending_round(2, 3, turn_started=False) == 4
    assert ending_round(0, 2, turn_started=True) == 2  # before the fight: round 1 is ahead
    with pytest.raises(RulesError):
        ending_round(1, 0, turn_started=True)
