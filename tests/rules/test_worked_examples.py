"""The worked examples Ex1–Ex15 of RULES.md, each in the profile it belongs to."""

from __future__ import annotations

from numdesk.rules.damage import damage_pc
from numdesk.rules.difficulty import target_number
from numdesk.rules.effort import action_cost, effort_cost
from numdesk.rules.initiative import InitiativeEntry, npc_initiative, turn_order
from numdesk.rules.objects import damage_object, new_object
from numdesk.rules.profiles import CYPHER, NUMENERA
from numdesk.rules.recovery import apply_recovery
from numdesk.rules.special_rolls import RollKind, resolve_roll
from numdesk.rules.tasks import plan_task
from numdesk.rules.types import DamageType, SkillLevel, Stat, WoundSeverity
from numdesk.rules.wounds import WoundState, pool_damage_to_wound
from numdesk.rules.xp import gm_intrusion_award

M, S, INT = Stat.MIGHT, Stat.SPEED, Stat.INTELLECT


def test_ex1_target_numbers() -> None:
    assert target_number(4) == 12
    assert target_number(2) == 6
    assert target_number(5) == 15


def test_ex2_trained_and_specialized_climb() -> None:
    assert plan_task(NUMENERA, 6, skill=SkillLevel.TRAINED).final_difficulty == 5
    assert plan_task(NUMENERA, 6, skill=SkillLevel.SPECIALIZED).final_difficulty == 4
    assert plan_task(NUMENERA, 3, skill=SkillLevel.TRAINED).final_difficulty == 2


def test_ex3_speed_edge_one_level_of_effort() -> None:
    cost = action_cost(NUMENERA, effort_score=1, effort_levels=1, edge=1)
    assert cost.total == 2


def test_ex4_edge_covers_ability_cost() -> None:
    assert action_cost(NUMENERA, effort_score=1, ability_cost=1, edge=1).total == 0


def test_ex5_ability_plus_effort_minus_edge_once() -> None:
    cost = action_cost(NUMENERA, effort_score=1, ability_cost=1, effort_levels=1, edge=2)
    assert cost.total == 1 + 3 - 2 == 2
    assert cost.edge_used == 2


def test_ex6_impaired_effort_costs_more() -> None:
    assert effort_cost(1, impaired=True) == 4
    assert effort_cost(2, impaired=True) == 7
    assert action_cost(NUMENERA, effort_score=2, effort_levels=2, impaired=True).total == 7


def test_ex7_effort_cost_by_levels() -> None:
    assert effort_cost(2) == 5
    assert effort_cost(3) == 7


def test_ex8_overflow_from_empty_might_to_speed() -> None:
    hit = damage_pc({M: 0, S: 10, INT: 10}, 3, DamageType.MIGHT, armor=2)
    assert hit.armor_absorbed == 2
    assert hit.removed == {M: 0, S: 1, INT: 0}
    assert hit.pools_after == {M: 0, S: 9, INT: 10}


def test_ex9_armor_subtracts_from_damage() -> None:
    sword = damage_pc({M: 10, S: 10, INT: 10}, 4, armor=2)
    assert sum(sword.removed.values()) == 2
    knife = damage_pc({M: 10, S: 10, INT: 10}, 2, armor=1)
    assert sum(knife.removed.values()) == 1


def _ex10_entries(npc_value: int) -> list[InitiativeEntry]:
    return [
        InitiativeEntry("pc8", True, 8),
        InitiativeEntry("pc15", True, 15),
        InitiativeEntry("pc4", True, 4),
        InitiativeEntry("npc1", False, npc_value),
        InitiativeEntry("npc2", False, npc_value),
    ]


def test_ex10_initiative_against_level_two_npcs() -> None:
    npc = npc_initiative(2)
    assert npc == 6
    order = turn_order(NUMENERA, _ex10_entries(npc), group_npcs=True).ids
    assert order == ("pc15", "pc8", "npc1", "npc2", "pc4")


def test_ex10_tie_goes_to_npc_in_numenera_and_pc_in_cypher() -> None:
    entries = [InitiativeEntry("pc", True, 6), InitiativeEntry("npc", False, npc_initiative(2))]
    assert turn_order(NUMENERA, entries).ids == ("npc", "pc")
    assert turn_order(CYPHER, entries).ids == ("pc", "npc")


def test_ex11_intellect_overflow_becomes_minor_wound() -> None:
    result = pool_damage_to_wound(INT, 3, 6, WoundState())
    assert result.pool_after == 0
    assert result.wound is not None
    assert result.wound.applied is WoundSeverity.MINOR
    assert result.wound.after == WoundState(minor=1)


def test_ex12_window_and_door() -> None:
    window = damage_object(new_object(2), 4)
    assert window.after.level == 0 and window.broken and not window.destroyed
    assert damage_object(window.after, 2).destroyed

    door = new_object(6)
    levels = []
    for _ in range(3):
        door = damage_object(door, 7).after
        levels.append(door.level)
    assert levels == [5, 3, 0]
    assert door.broken and not door.destroyed
    assert damage_object(door, 6).destroyed


def test_ex13_intrusion_award_and_gift() -> None:
    award = gm_intrusion_award("A", "B", reason="saved my life")
    assert (award.target_gain, award.recipient_gain) == (1, 1)


def test_ex14_recovery_split() -> None:
    maxima = {M: 10, S: 10, INT: 10}
    pools = {M: 6, S: 8, INT: 10}
    for might in range(5):
        result = apply_recovery(NUMENERA, pools, maxima, 4, {M: might, S: 4 - might})
        assert result.lost == max(0, (4 - might) - 2)
    even = apply_recovery(NUMENERA, pools, maxima, 4, {M: 2, S: 2})
    assert even.pools_after == {M: 8, S: 10, INT: 10}
    assert even.lost == 0


def test_ex15_natural_17_that_misses_adds_nothing() -> None:
    outcome = resolve_roll(NUMENERA, 17, 6, kind=RollKind.ATTACK)
    assert outcome.target_number == 18
    assert not outcome.success
    assert outcome.bonus_damage == 0
