"""Play at the table: tasks, rerolls, damage, the damage track, wounds, rests."""

from __future__ import annotations

from typing import Any

import pytest

from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.items import Armor, Shield, Weapon
from numdesk.model.operations import (
    NewDay,
    PerformTask,
    Rally,
    Recover,
    ShiftTrack,
    TakeDamage,
    TakeWound,
    TaskInput,
    TreatWound,
    XpReroll,
    defense_task_steps,
    next_rests,
    preview_damage,
    preview_task,
    preview_wound,
    roll_recovery,
)
from numdesk.rules.defense import DefenseKind
from numdesk.rules.dice import Dice
from numdesk.rules.special_rolls import RollKind
from numdesk.rules.types import (
    ArmorCategory,
    DamageTrackState,
    DamageType,
    Rest,
    SkillLevel,
    Stat,
    WeaponCategory,
    WoundSeverity,
)
from tests.model.sheet_ops_helpers import apply_and_revert, assert_refused, make_character


def fighter(profile: str = "numenera", **values: Any) -> Character:
    """A tier 1 character with skills, abilities, weapons and light armor."""
    sheet: dict[str, Any] = {
        "effort": 2,
        "xp": 3,
        "skills": [Skill("Climbing"), Skill("Swimming", SkillLevel.INABILITY)],
        "abilities": [Ability("Bash", 1, Stat.MIGHT), Ability("Scan", 2, Stat.INTELLECT)],
        "weapons": [Weapon("Broadsword"), Weapon("Knife", WeaponCategory.LIGHT)],
        "armor": [Armor("Leather jerkin", ArmorCategory.LIGHT)],
    }
    sheet.update(values)
    return make_character(profile, **sheet)


def test_preview_reads_skill_effort_edge_and_changes_nothing() -> None:
    character = fighter()
    preview = preview_task(character, TaskInput(Stat.MIGHT, 6, skill="climbing", effort_ease=1))
    assert preview.plan.final_difficulty == 4
    assert preview.cost.total == 2  # Ex3-style: 3 − Edge 1
    assert preview.say == "eased by two steps"
    assert preview.pool_after == 10
    assert preview.can_roll
    assert character.pool(Stat.MIGHT).current == 12
    assert not character.history


def test_inability_hinders() -> None:
    preview = preview_task(fighter(), TaskInput(Stat.MIGHT, 3, skill="Swimming"))
    assert preview.plan.final_difficulty == 4


def test_ability_cost_with_effort_minus_edge() -> None:
    character = fighter()
    character.pool(Stat.INTELLECT).edge = 2
    preview = preview_task(character, TaskInput(Stat.INTELLECT, 3, ability="Scan", effort_ease=1))
    assert preview.cost.total == 3  # 2 + 3 − 2
    with pytest.raises(DomainError) as info:
        preview_task(character, TaskInput(Stat.SPEED, 3, ability="Scan"))
    assert info.value.field == "ability"


def test_perform_task_spends_rolls_and_reports() -> None:
    character = fighter()
    op = PerformTask(
        TaskInput(Stat.MIGHT, 4, weapon="Broadsword", effort_damage=1), Dice(script=[18])
    )
    change = apply_and_revert(op, character)
    assert op.result is not None
    assert op.result.natural == 18 and op.result.success
    assert op.result.damage == 4 + 3 + 2
    assert op.result.spent == 2
    assert character.pool(Stat.MIGHT).current == 10
    assert "Rolled 18 against 12" in change.summary
    assert "Might Pool 12 → 10" in change.summary


def test_natural_twenty_refunds_and_one_brings_intrusion() -> None:
    character = fighter()
    op = PerformTask(TaskInput(Stat.SPEED, 5, effort_ease=2), Dice(script=[20]))
    op.apply(character)
    assert op.result is not None and op.result.refunded
    assert character.pool(Stat.SPEED).current == 10
    one = PerformTask(TaskInput(Stat.SPEED, 2), Dice(script=[1]))
    change = one.apply(character)
    assert one.result is not None and one.result.gm_intrusion and not one.result.success
    assert "GM intrusion" in change.summary
    # the sheet's history says it once, and that a natural 1 brings no XP (G10, G16)
    assert character.history[-1].summary == change.summary
    assert change.summary.count("GM intrusion") == 1
    assert "GM intrusion (no XP)" in change.summary


def test_routine_task_needs_no_roll_unless_forced() -> None:
    character = fighter()
    dice = Dice(script=[7])
    op = PerformTask(TaskInput(Stat.MIGHT, 1, skill="Climbing"), dice)
    op.apply(character)
    assert op.result is not None and op.result.natural is None and op.result.success
    forced = PerformTask(TaskInput(Stat.MIGHT, 1, skill="Climbing"), dice, roll_anyway=True)
    forced.apply(character)
    assert forced.result is not None and forced.result.natural == 7


def test_unaffordable_task_refused() -> None:
    character = fighter()
    character.pool(Stat.INTELLECT).current = 2
    message = assert_refused(
        PerformTask(TaskInput(Stat.INTELLECT, 4, effort_ease=1), Dice(script=[10])),
        character,
        field="effort",
    )
    assert "holds only 2" in message
    assert_refused(
        PerformTask(TaskInput(Stat.MIGHT, 4, effort_ease=3), Dice(script=[10])), character
    )


def test_spending_a_pool_to_zero_is_allowed() -> None:
    character = fighter()
    character.pool(Stat.INTELLECT).current = 3
    PerformTask(TaskInput(Stat.INTELLECT, 4, effort_ease=1), Dice(script=[10])).apply(character)
    assert character.pool(Stat.INTELLECT).current == 0


def test_xp_reroll_keeps_better_and_costs_one_xp() -> None:
    character = fighter()
    task = PerformTask(TaskInput(Stat.MIGHT, 5), Dice(script=[4]))
    task.apply(character)
    assert task.result is not None and not task.result.success
    reroll = XpReroll(task.result, Dice(script=[16]))
    change = apply_and_revert(reroll, character)
    assert reroll.result is not None and reroll.result.natural == 16 and reroll.result.success
    assert reroll.result.rerolled_from == (4,)
    assert character.xp == 2
    assert change.summary.startswith("Spent 1 XP to reroll: 4 and 16, kept 16")


def test_xp_reroll_refused_without_xp_or_in_cypher() -> None:
    character = fighter(xp=0)
    task = PerformTask(TaskInput(Stat.MIGHT, 5), Dice(script=[4]))
    task.apply(character)
    assert task.result is not None
    assert_refused(XpReroll(task.result, Dice(script=[16])), character)
    cypher = fighter("cypher")
    task = PerformTask(TaskInput(Stat.MIGHT, 5), Dice(script=[4]))
    task.apply(cypher)
    assert task.result is not None
    assert_refused(XpReroll(task.result, Dice(script=[16])), cypher)


def test_ex8_overflow_past_empty_might() -> None:
    character = fighter(armor=[Armor("Plates", ArmorCategory.MEDIUM)])
    character.pool(Stat.MIGHT).current = 0
    change = apply_and_revert(TakeDamage(3), character)
    assert character.pool(Stat.SPEED).current == 9
    assert change.summary == "Took 1 Might damage (2 absorbed by Armor); Speed Pool 10 → 9"


def test_ex9_armor_and_speed_damage_ignores_it() -> None:
    character = fighter()
    knife = preview_damage(character, 2)
    assert knife.summary == "Took 1 Might damage (1 absorbed by Armor); Might Pool 12 → 11"
    sword = preview_damage(character, 4, armor=2)
    assert sword.pool is not None and sword.pool.damage_after_armor == 2
    assert preview_damage(character, 1).summary == "Armor absorbed all 1 Might damage"
    change = apply_and_revert(TakeDamage(4, DamageType.SPEED), character)
    assert change.summary == "Took 4 Speed damage; Speed Pool 10 → 6"
    no_armor = preview_damage(character, 4, apply_armor=False)
    assert no_armor.pool is not None and no_armor.pool.armor_absorbed == 0


def test_hale_to_impaired_raises_effort_cost_by_one_per_level() -> None:
    """numenera: emptying a Pool impairs; then each level of Effort costs 1 more (N5, Ex6)."""
    character = fighter(effort=3)
    for pool in character.pools.values():
        pool.edge = 0
    hale = [
        preview_task(character, TaskInput(Stat.SPEED, 5, effort_ease=n)).cost.total
        for n in (1, 2, 3)
    ]
    assert hale == [3, 5, 7]
    change = TakeDamage(12, DamageType.INTELLECT).apply(character)
    assert character.damage_track is DamageTrackState.IMPAIRED
    assert "Hale → Impaired" in change.summary
    impaired = [
        preview_task(character, TaskInput(Stat.SPEED, 5, effort_ease=n)).cost.total
        for n in (1, 2, 3)
    ]
    assert impaired == [4, 7, 10]
    assert [b - a for a, b in zip(hale, impaired, strict=True)] == [1, 2, 3]


def test_cypher_wounds_hinder_instead_of_raising_effort() -> None:
    """cypher: no damage track; a full row of moderate wounds hinders every task (C3)."""
    character = fighter("cypher")
    before = preview_task(character, TaskInput(Stat.SPEED, 3, effort_ease=1))
    for _ in range(3):
        TakeWound(WoundSeverity.MODERATE).apply(character)
    after = preview_task(character, TaskInput(Stat.SPEED, 3, effort_ease=1))
    assert after.cost.total == before.cost.total
    assert after.plan.final_difficulty == before.plan.final_difficulty + 1


def test_debilitated_character_cannot_act() -> None:
    character = fighter(damage_track=DamageTrackState.DEBILITATED)
    preview = preview_task(character, TaskInput(Stat.MIGHT, 2))
    assert not preview.can_roll
    assert_refused(PerformTask(TaskInput(Stat.MIGHT, 2), Dice(script=[10])), character)


def test_shift_track() -> None:
    character = fighter()
    change = apply_and_revert(ShiftTrack(2, "poison"), character)
    assert change.summary == "Damage track Hale → Debilitated (poison)"
    assert_refused(ShiftTrack(-1), make_character(), field="steps")
    assert_refused(ShiftTrack(1), make_character("cypher"), field="steps")


def test_ex11_pool_damage_becomes_a_wound() -> None:
    character = fighter("cypher")
    character.pool(Stat.INTELLECT).current = 3
    change = apply_and_revert(TakeDamage(6, DamageType.INTELLECT), character)
    assert character.pool(Stat.INTELLECT).current == 0
    assert character.wounds.minor == 1
    assert change.summary.endswith("3 past 0: a minor wound")


def test_block_dodge_and_shield() -> None:
    character = fighter("cypher", shields=[Shield("Buckler")])
    assert defense_task_steps(character, DefenseKind.BLOCK) == 1
    assert defense_task_steps(character, DefenseKind.DODGE) == -1
    assert preview_wound(character, WoundSeverity.MINOR, DefenseKind.BLOCK, True).wound is None
    dodge = apply_and_revert(TakeWound(WoundSeverity.MAJOR, DefenseKind.DODGE, True), character)
    assert character.wounds.major == 0 and "avoids" in dodge.summary
    apply_and_revert(TakeWound(WoundSeverity.MODERATE, DefenseKind.BLOCK, True), character)
    assert character.wounds.minor == 1
    apply_and_revert(
        TakeWound(WoundSeverity.MAJOR, DefenseKind.BLOCK, True, shield="Buckler"), character
    )
    assert character.shields[0].broken and character.wounds.major == 0
    assert_refused(
        TakeWound(WoundSeverity.MINOR, DefenseKind.DODGE, True, shield=0), character, "shield"
    )
    assert_refused(TakeWound(WoundSeverity.MINOR), make_character(), "wounds")


def test_wound_roll_over_and_death() -> None:
    character = fighter("cypher")
    for _ in range(3):
        TakeWound(WoundSeverity.MINOR).apply(character)
    change = TakeWound(WoundSeverity.MINOR).apply(character)
    assert "rolled over" in change.summary and character.wounds.moderate == 1
    character.wounds.major = 2
    last = TakeWound(WoundSeverity.MAJOR).apply(character)
    assert "fatal" in last.summary
    assert not preview_task(character, TaskInput(Stat.MIGHT, 1)).can_roll


def test_ex14_recovery_split_and_rest_order() -> None:
    character = fighter()
    character.pool(Stat.MIGHT).current = 8
    character.pool(Stat.SPEED).current = 8
    assert next_rests(character) == (Rest.ONE_ACTION,)
    roll = roll_recovery(character, Rest.ONE_ACTION, Dice(script=[3]))
    assert roll.total == 4
    change = apply_and_revert(Recover(Rest.ONE_ACTION, roll, {"might": 2, "speed": 2}), character)
    assert change.summary == (
        "One action rest: recovered 4 (rolled 3 + tier 1): Might Pool 8 → 10, Speed Pool 8 → 10"
    )
    assert character.recoveries_used == [Rest.ONE_ACTION]
    with pytest.raises(DomainError):
        roll_recovery(character, Rest.ONE_HOUR, Dice(script=[3]))
    roll = roll_recovery(character, Rest.TEN_MINUTES, Dice(script=[6]))
    assert_refused(Recover(Rest.TEN_MINUTES, roll, {"might": 3}), character, field="split")
    lost = Recover(Rest.TEN_MINUTES, roll, {"might": 7}).apply(character)
    assert "lost" in lost.summary and character.pool(Stat.MIGHT).current == 12
    apply_and_revert(NewDay(), character)
    assert character.recoveries_used == []


def test_recovery_from_zero_moves_up_and_track_step_option() -> None:
    character = fighter(damage_track=DamageTrackState.IMPAIRED)
    character.pool(Stat.SPEED).current = 0
    roll = roll_recovery(character, Rest.ONE_ACTION, Dice(script=[1]))
    Recover(Rest.ONE_ACTION, roll, {"speed": 2}).apply(character)
    assert character.damage_track is DamageTrackState.HALE
    character.damage_track = DamageTrackState.IMPAIRED
    change = apply_and_revert(Recover(Rest.TEN_MINUTES, track_step=True), character)
    assert character.damage_track is DamageTrackState.HALE
    assert "moved up the track Impaired → Hale" in change.summary


def test_cypher_rests_any_order_heal_wounds() -> None:
    character = fighter("cypher")
    character.wounds.minor = 2
    character.wounds.moderate = 2
    roll = roll_recovery(character, Rest.ONE_HOUR, Dice(script=[2]))
    change = apply_and_revert(Recover(Rest.ONE_HOUR, roll, {"might": 3}), character)
    assert character.wounds.moderate == 1 and "healed 1 moderate wound" in change.summary
    roll = roll_recovery(character, Rest.TEN_MINUTES, Dice(script=[2]))
    Recover(Rest.TEN_MINUTES, roll, {"might": 3}).apply(character)
    assert character.wounds.minor == 0
    last = roll_recovery(character, Rest.ONE_ACTION, Dice(script=[2]), last_action=True)
    assert last.total == 2 + 1 + 2


def test_rally_and_treatment() -> None:
    character = fighter("cypher")
    character.wounds.minor = 1
    character.wounds.moderate = 2
    change = apply_and_revert(Rally(WoundSeverity.MODERATE), character)
    assert change.summary == "Rallied off a moderate wound for 5 Might; Might Pool 12 → 7"
    assert_refused(Rally(WoundSeverity.MAJOR), character, field="wounds")
    apply_and_revert(TreatWound(WoundSeverity.MINOR, by="Tamsin"), character)
    assert character.wounds.minor == 0
    failed = TreatWound(WoundSeverity.MODERATE, success=False).apply(character)
    assert "failed" in failed.summary
    character.pool(Stat.MIGHT).current = 4
    assert_refused(Rally(WoundSeverity.MODERATE), character, field="wounds")
    assert_refused(Rally(WoundSeverity.MINOR), make_character(), field="wounds")


def test_rules_errors_surface_as_domain_errors() -> None:
    character = fighter()
    with pytest.raises(DomainError) as info:
        preview_task(character, TaskInput(Stat.MIGHT, 11))
    assert info.value.field == "difficulty"
    assert_refused(PerformTask(TaskInput(Stat.MIGHT, -1), Dice(script=[5])), character)
    assert_refused(TakeDamage(-2), character, field="amount")


def test_retry_needs_effort_and_quick_picks_count() -> None:
    character = fighter()
    retry = preview_task(character, TaskInput(Stat.SPEED, 3, retry=True))
    assert retry.problem is not None and "Effort" in retry.problem
    assert preview_task(character, TaskInput(Stat.SPEED, 3, retry=True, effort_ease=1)).can_roll
    assert preview_task(character, TaskInput(Stat.SPEED, 3, retry=True, attack=True)).can_roll
    picks = preview_task(character, TaskInput(Stat.SPEED, 4, modifiers=("surprise",)))
    assert picks.plan.final_difficulty == 2


def test_defense_roll_deals_no_damage() -> None:
    character = fighter("cypher")
    op = PerformTask(TaskInput(Stat.SPEED, 3, kind=RollKind.DEFENSE, eases=0), Dice(script=[20]))
    op.apply(character)
    assert op.result is not None and op.result.success and op.result.damage == 0


def test_a_natural_19_on_a_hit_reads_as_damage_or_an_effect_in_its_place() -> None:
    """G10: a 19 gives +3 damage *or* a minor effect instead of it, not both."""
    op = PerformTask(TaskInput(Stat.MIGHT, 3, weapon="Broadsword"), Dice(script=[19]))
    change = op.apply(fighter())
    assert op.result is not None and op.result.damage == 4 + 3
    assert change.summary.startswith(
        "Might task: Rolled 19 against 9: success, +3 damage or a minor effect instead of it; "
        "deals 7 damage with the bonus, 4 with the effect"
    )
    twenty = PerformTask(TaskInput(Stat.MIGHT, 3, weapon="Broadsword"), Dice(script=[20]))
    assert "+4 damage or a major effect instead of it" in twenty.apply(fighter()).summary
    plain = PerformTask(TaskInput(Stat.MIGHT, 3), Dice(script=[19]))
    assert "success, a minor effect;" in plain.apply(fighter()).summary + ";"
