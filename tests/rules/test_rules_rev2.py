"""RULES.md revision 2: every changed or added id, in the profiles it applies to."""

from __future__ import annotations

import pytest

from numdesk.rules.combat_modifiers import (
    ModifierEffect,
    combat_modifier,
    for_defense,
    lucky_shot,
    proficiency_hindrance,
)
from numdesk.rules.conditions import TimedEffect, effect_ends
from numdesk.rules.damage import damage_kind, damage_pc, effective_armor
from numdesk.rules.dice import Dice
from numdesk.rules.effects import EffectSize, check_effect_choice, effect_choices
from numdesk.rules.effort import action_cost, check_effort_from_pool
from numdesk.rules.errors import RulesError
from numdesk.rules.hazards import hazard
from numdesk.rules.items import roll_device_level
from numdesk.rules.npcs import damage_npc
from numdesk.rules.profiles import CYPHER, NUMENERA, Profile
from numdesk.rules.special_rolls import RollKind, resolve_roll
from numdesk.rules.table_actions import (
    check_guard_attack,
    check_one_cooperative_action,
    check_ready,
    complementary_assets,
    distraction_hindrance,
    draw_the_attack,
    guarding,
    help_on_defense,
    helpless_target,
    pass_npc_guard_hindrance,
    readied_first_action,
    take_the_attack,
)
from numdesk.rules.tasks import plan_task
from numdesk.rules.types import DamageTrackState, DamageType, SkillLevel, Stat, WoundSeverity

BOTH = pytest.mark.parametrize("profile", [NUMENERA, CYPHER], ids=lambda p: p.name)
POOLS = {Stat.MIGHT: 10, Stat.SPEED: 10, Stat.INTELLECT: 10}

# -- G9c -----------------------------------------------------------------------------------


@BOTH
def test_g9c_no_effort_from_an_empty_pool_even_when_free(profile: Profile) -> None:
    cost = action_cost(profile, effort_score=2, effort_levels=1, edge=3)
    assert cost.total == 0  # Edge makes it free ...
    assert "Pool is at 0" in (check_effort_from_pool(1, 0, Stat.SPEED) or "")  # ... still refused
    assert check_effort_from_pool(1, 0, Stat.SPEED) is not None  # free levels too
    assert check_effort_from_pool(0, 0, Stat.SPEED) is None  # no Effort: nothing to refuse
    assert check_effort_from_pool(1, 1, Stat.SPEED) is None  # spending down to 0 is allowed


def test_ex17_speed_pool_zero_edge_three_effort_refused() -> None:
    for profile in (NUMENERA, CYPHER):
        assert action_cost(profile, effort_score=1, effort_levels=1, edge=3).total == 0
        assert check_effort_from_pool(1, 0, Stat.SPEED) == (
            "Your Speed Pool is at 0, so you cannot use Effort on a Speed task."
        )


# -- G10 -----------------------------------------------------------------------------------


@BOTH
def test_g10_a_twenty_refunds_only_on_success(profile: Profile) -> None:
    assert resolve_roll(profile, 20, 6).cost_refunded
    failed = resolve_roll(profile, 20, 7)
    assert not failed.success and not failed.cost_refunded
    assert "costs no points" not in failed.summary


def test_ex16_natural_twenty_at_difficulty_seven_refunds_nothing() -> None:
    for profile in (NUMENERA, CYPHER):
        outcome = resolve_roll(profile, 20, 7, kind=RollKind.ATTACK)
        assert not outcome.success
        assert not outcome.cost_refunded and outcome.bonus_damage == 0
        assert not outcome.major_effect


@BOTH
def test_g10_t5_major_effect_may_be_taken_as_minor(profile: Profile) -> None:
    twenty = resolve_roll(profile, 20, 3)
    assert twenty.major_effect and twenty.may_take_minor
    sizes = {e.size for e in effect_choices(twenty)}
    assert sizes == {EffectSize.MAJOR, EffectSize.MINOR}
    assert check_effect_choice(twenty, "knock_back").size is EffectSize.MINOR
    nineteen = resolve_roll(profile, 19, 3)
    assert {e.size for e in effect_choices(nineteen)} == {EffectSize.MINOR}
    with pytest.raises(RulesError, match="does not offer"):
        check_effect_choice(nineteen, "stun")


def test_t5_impaired_numenera_gets_no_effects_cypher_does() -> None:
    limited = resolve_roll(NUMENERA, 20, 3, impaired=True)
    assert effect_choices(limited) == ()
    assert effect_choices(resolve_roll(CYPHER, 20, 3, impaired=True))


@BOTH
def test_t5_catalogue_in_and_out_of_combat(profile: Profile) -> None:
    twenty = resolve_roll(profile, 20, 3)
    fight = {e.key for e in effect_choices(twenty)}
    assert {"knock_down", "disarm", "stun", "impair", "distract"} <= fight
    assert "extra_action" not in fight
    calm = {e.key for e in effect_choices(twenty, in_combat=False)}
    assert calm == {"asset", "extra_action", "grace"}  # a major may be taken as a minor
    nineteen = resolve_roll(profile, 19, 3)
    assert [e.key for e in effect_choices(nineteen, in_combat=False)] == ["grace"]
    assert "grace" not in {e.key for e in effect_choices(nineteen)}


# -- G18 -----------------------------------------------------------------------------------


@BOTH
def test_g18_a_round_ends_on_the_causers_turn(profile: Profile) -> None:
    # a foe dazed on the PC's turn in round 1 stays dazed through its own turn
    dazed = TimedEffect(owner_id="foe", source_id="pc", started_round=1)
    assert not effect_ends(dazed, 1, "foe")
    assert not effect_ends(dazed, 2, "foe")  # the foe acts dazed in round 2 before the PC
    assert effect_ends(dazed, 2, "pc")


# -- N10, T8 -------------------------------------------------------------------------------


def test_n10_crush_is_might_damage_that_armor_reduces() -> None:
    for key, amount in (("crush", 3), ("huge_crush", 6), ("collision", 6)):
        row = hazard(key)
        assert (row.damage_type, row.damage) == (DamageType.MIGHT, amount)
    for key in ("shock", "electrocution"):
        row = hazard(key)
        assert row.may_cost_next_action and row.kind == "electric"
    assert hazard("major_fire").kind == "fire" and hazard("acid_bath").kind == "acid"
    assert hazard("severe_cold").kind == "cold"
    assert hazard("falling").damage_type is DamageType.AMBIENT


def test_ex18_huge_crush_and_electrocution_against_two_armor() -> None:
    crush = hazard("huge_crush")
    hit = damage_pc(POOLS, crush.damage, crush.damage_type, armor=2, kind=crush.kind)
    assert hit.damage_after_armor == 4 and hit.removed[Stat.MIGHT] == 4
    zap = hazard("electrocution")
    hit = damage_pc(POOLS, zap.damage, zap.damage_type, armor=2, kind=zap.kind)
    assert hit.damage_after_armor == 6 and hit.armor_absorbed == 0


def test_t8_armor_against_kinds() -> None:
    # "3 against fire instead of 1": 1 Armor and 2 more against fire
    fire = {"fire": 2}
    assert effective_armor(DamageType.MIGHT, "fire", armor=1, kind_armor=fire) == 3
    assert effective_armor(DamageType.MIGHT, "physical", armor=1, kind_armor=fire) == 1
    # ambient fire: the armor says it stops fire, so all 3 apply; ambient cold: none
    assert effective_armor(DamageType.AMBIENT, "fire", armor=1, kind_armor=fire) == 3
    assert effective_armor(DamageType.AMBIENT, "cold", armor=1, kind_armor=fire) == 0
    # +2 against mental reduces mental Intellect damage; plain Armor never does
    mental = {"Mental ": 2}
    assert effective_armor(DamageType.INTELLECT, "mental", armor=3, kind_armor=mental) == 2
    hit = damage_pc(POOLS, 5, DamageType.INTELLECT, armor=3, kind="mental", kind_armor=mental)
    assert hit.removed[Stat.INTELLECT] == 3 and hit.kind == "mental"
    assert damage_kind("") == "physical" and damage_kind(" FIRE ") == "fire"
    with pytest.raises(RulesError):
        effective_armor(DamageType.MIGHT, "fire", kind_armor={"fire": -1})


def test_t8_creature_armor_against_kinds() -> None:
    hit = damage_npc(12, 6, DamageType.MIGHT, armor=1, kind="cold", kind_armor={"cold": 3})
    assert hit.taken == 2
    assert damage_npc(12, 6, DamageType.MIGHT, armor=1, kind="fire").taken == 5


def test_t8_damage_track_unchanged_by_kinds() -> None:
    hit = damage_pc(
        {Stat.MIGHT: 2, Stat.SPEED: 5, Stat.INTELLECT: 5}, 6, kind="acid", kind_armor={"acid": 1}
    )
    assert hit.pools_after[Stat.MIGHT] == 0 and hit.track_after is DamageTrackState.IMPAIRED


# -- C13, C13a, C13b -----------------------------------------------------------------------

NEW_C13 = {
    "melee_in_dense_mist": -1,
    "attacker_deep_water": -1,
    "underwater_stabbing": -1,
    "underwater_special_ranged": -1,
    "underwater_bashing": -2,
}


@BOTH
def test_c13_mist_and_underwater_rows(profile: Profile) -> None:
    for key, steps in NEW_C13.items():
        assert combat_modifier(key).steps == steps
        plan = plan_task(profile, 3, modifiers=[combat_modifier(key)])
        assert plan.final_difficulty == 3 - steps
    for key in ("ranged_in_dense_mist", "underwater_thrown", "full_cover"):
        assert combat_modifier(key).effect is ModifierEffect.NO_ATTACK
        assert plan_task(profile, 3, modifiers=[combat_modifier(key)]).no_attack_possible


def test_c13_lucky_shot_costs_one_xp() -> None:
    dark = combat_modifier("darkness_unlocated")
    assert dark.lucky_shot_xp == 1
    shot = lucky_shot(dark, xp=1)
    assert shot.effect is ModifierEffect.STEPS and shot.steps == -4
    assert not plan_task(CYPHER, 2, modifiers=[shot]).no_attack_possible
    with pytest.raises(RulesError, match="1 XP"):
        lucky_shot(dark, xp=0)
    with pytest.raises(RulesError, match="no chance"):
        lucky_shot(combat_modifier("full_cover"), xp=5)


@BOTH
def test_c13a_modifiers_flip_for_npc_attacks(profile: Profile) -> None:
    cover = for_defense([combat_modifier("sturdy_cover")])
    assert cover.steps == 1 and not cover.automatic_hit  # cover eases the PC's defense
    high = for_defense([combat_modifier("higher_ground"), combat_modifier("surprise")])
    assert high.steps == -3  # what eases the NPC's attack hinders the defense
    helpless = for_defense([combat_modifier("target_helpless")])
    assert helpless.automatic_hit and helpless.steps == 0
    assert for_defense([combat_modifier("full_cover")]).no_attack


@BOTH
def test_c13b_weapon_not_freely_usable_hinders_one_step(profile: Profile) -> None:
    assert proficiency_hindrance(True) == 0
    assert proficiency_hindrance(False) == 1
    plan = plan_task(profile, 3, hindrances=proficiency_hindrance(False))
    assert plan.final_difficulty == 4


# -- T1 – T4, T6, T7, T9 ------------------------------------------------------------------


@BOTH
def test_t1_help_on_defense_and_complementary_actions(profile: Profile) -> None:
    help_ = help_on_defense("ann", "bo", 2, SkillLevel.TRAINED)
    assert help_.assets == 2 and help_.effect.source_id == "ann"
    assert not effect_ends(help_.effect, 2, "bo") and effect_ends(help_.effect, 3, "ann")
    assert help_on_defense("ann", "bo", 2).assets == 1
    assert help_on_defense("ann", "bo", 2, SkillLevel.INABILITY).assets == 0
    with pytest.raises(RulesError):
        help_on_defense("ann", "ann", 1)
    assert complementary_assets(True) == 1 and complementary_assets(False) == 0
    assert check_one_cooperative_action("help", "distract") is not None
    assert check_one_cooperative_action(None, "distract") is None


@BOTH
def test_t2_distraction(profile: Profile) -> None:
    assert distraction_hindrance(0) == 0 and distraction_hindrance(1) == 1


def test_ex19_two_distracters_hinder_one_step() -> None:
    assert distraction_hindrance(2) == 1
    plan = plan_task(NUMENERA, 4, hindrances=distraction_hindrance(2))
    assert plan.final_difficulty == 5


def test_t3_draw_and_take_the_attack_cypher_only() -> None:
    drawn = draw_the_attack(CYPHER, 1, determined_foe=True)
    assert drawn.needs_intellect_task and drawn.defense_hindrance == 2 and not drawn.cancelled
    assert not draw_the_attack(CYPHER, 1, determined_foe=False).needs_intellect_task
    assert draw_the_attack(CYPHER, 2, determined_foe=True).cancelled
    taken = take_the_attack(CYPHER, "bo", 3, taken_since_my_turn=False)
    assert taken.automatic_hit and taken.extra_wound is WoundSeverity.MINOR
    with pytest.raises(RulesError, match="already"):
        take_the_attack(CYPHER, "bo", 3, taken_since_my_turn=True)
    with pytest.raises(RulesError, match="not a rule of Numenera"):
        draw_the_attack(NUMENERA, 1, determined_foe=False)
    with pytest.raises(RulesError):
        take_the_attack(NUMENERA, "bo", 3, taken_since_my_turn=False)


def test_t4_guarding_cypher_only() -> None:
    guard = guarding(CYPHER)
    assert not guard.may_attack and guard.defense_ease == 1 and guard.stop_foe_ease == 1
    assert check_guard_attack(True) and check_guard_attack(False) is None
    assert pass_npc_guard_hindrance(CYPHER) == 1
    with pytest.raises(RulesError):
        guarding(NUMENERA)


def test_t6_readying_needs_first_actions() -> None:
    assert readied_first_action(CYPHER, True) and not readied_first_action(CYPHER, False)
    assert not readied_first_action(NUMENERA, True)
    assert check_ready(CYPHER) is None and "no First actions" in (check_ready(NUMENERA) or "")


@BOTH
def test_t7_helpless_cannot_defend(profile: Profile) -> None:
    assert helpless_target(helpless=True) == helpless_target(helpless=True)
    assert not helpless_target(helpless=True).can_defend
    assert helpless_target(helpless=True).automatic_hit
    assert helpless_target(helpless=False).can_defend
    assert plan_task(profile, 5, modifiers=[combat_modifier("target_helpless")]).automatic_hit


@BOTH
def test_t9_cypher_level_is_rolled_once(profile: Profile) -> None:
    rolled = roll_device_level("1d6+2", Dice(script=[4]))
    assert rolled.level == 6 and rolled.faces == (4,)
    assert roll_device_level("4", Dice(script=[])).level == 4
    assert roll_device_level("d10", Dice(script=[10])).level == 10
    low = roll_device_level("1d6-3", Dice(script=[1]))
    assert low.level == 1 and "counts as 1" in low.summary
    for bad in ("", "lots", "0d6", "1d1"):
        with pytest.raises(RulesError):
            roll_device_level(bad, Dice(script=[3]))
