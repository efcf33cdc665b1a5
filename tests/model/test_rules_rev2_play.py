"""Revision 2 rules through the sheet's operations, and a character under house rules."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from numdesk.model.abilities import Skill
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.items import Armor, Weapon
from numdesk.model.operations import PerformTask, Recover, TakeDamage, TaskInput
from numdesk.model.operations.damage import preview_damage
from numdesk.model.operations.recovery import roll_recovery
from numdesk.model.operations.task import preview_task
from numdesk.rules.dice import Dice
from numdesk.rules.house_rules import derive_profile
from numdesk.rules.profiles import register_profile, unregister_profile
from numdesk.rules.types import ArmorCategory, DamageType, Rest, Stat
from tests.model.sheet_ops_helpers import apply_and_revert, assert_refused, make_character


def sheet(profile: str = "numenera", **values: Any) -> Character:
    base: dict[str, Any] = {
        "effort": 2,
        "xp": 2,
        "skills": [Skill("Climbing")],
        "weapons": [Weapon("Broadsword"), Weapon("Whip", freely_usable=False)],
        "armor": [Armor("Asbestos coat", ArmorCategory.LIGHT, against={"fire": 2})],
    }
    base.update(values)
    return make_character(profile, **base)


def test_g9c_ex17_effort_from_an_empty_pool_is_refused_on_the_sheet() -> None:
    character = sheet()
    character.pool(Stat.SPEED).current = 0
    character.pool(Stat.SPEED).edge = 3
    preview = preview_task(character, TaskInput(Stat.SPEED, 3, effort_ease=1))
    assert preview.cost.total == 0
    assert preview.problem == "Your Speed Pool is at 0, so you cannot use Effort on a Speed task."
    message = assert_refused(
        PerformTask(TaskInput(Stat.SPEED, 3, effort_ease=1), Dice(script=[15])), character
    )
    assert "Pool is at 0" in message
    assert preview_task(character, TaskInput(Stat.SPEED, 3)).can_roll  # no Effort: fine


def test_g10_ex16_a_failed_twenty_keeps_the_points_spent() -> None:
    character = sheet()
    op = PerformTask(TaskInput(Stat.MIGHT, 8, effort_ease=1), Dice(script=[20]))
    change = apply_and_revert(op, character)
    assert op.result is not None and not op.result.success and not op.result.refunded
    assert op.result.spent == 2  # 3 for a level, minus Might Edge 1
    assert character.pool(Stat.MIGHT).current == 10
    assert "refunded" not in change.summary and op.result.effects == ()


def test_g10_t5_a_twenty_offers_major_and_minor_effects() -> None:
    op = PerformTask(TaskInput(Stat.MIGHT, 2, weapon="Broadsword"), Dice(script=[20]))
    op.apply(sheet())
    assert op.result is not None
    keys = {e.key for e in op.result.effects}
    assert {"stun", "knock_back"} <= keys


def test_g10_t5_a_nineteen_on_a_task_that_is_no_attack_offers_no_blow() -> None:
    climb = PerformTask(TaskInput(Stat.SPEED, 2), Dice(script=[19]))
    climb.apply(sheet())
    assert climb.result is not None and climb.result.success
    assert [e.key for e in climb.result.effects] == ["grace"]
    swing = PerformTask(TaskInput(Stat.MIGHT, 2, weapon="Broadsword"), Dice(script=[19]))
    swing.apply(sheet())
    assert swing.result is not None
    keys = [e.key for e in swing.result.effects]
    assert "body_part" in keys and "grace" not in keys


def test_c13b_a_weapon_not_freely_usable_is_hindered() -> None:
    character = sheet()
    sword = preview_task(character, TaskInput(Stat.MIGHT, 3, weapon="Broadsword"))
    whip = preview_task(character, TaskInput(Stat.MIGHT, 3, weapon="Whip"))
    assert whip.plan.final_difficulty == sword.plan.final_difficulty + 1


def test_c13_lucky_shot_spends_one_xp_and_refuses_without() -> None:
    character = sheet()
    task = TaskInput(Stat.SPEED, 2, modifiers=("darkness_unlocated",), attack=True)
    assert preview_task(character, task).problem == "No attack is possible against this target."
    lucky = TaskInput(
        Stat.SPEED, 2, modifiers=("darkness_unlocated",), attack=True, lucky_shot=True
    )
    preview = preview_task(character, lucky)
    assert preview.can_roll and preview.plan.final_difficulty == 6 and preview.xp_cost == 1
    change = apply_and_revert(PerformTask(lucky, Dice(script=[19])), character)
    assert "lucky shot for 1 XP" in change.summary
    assert character.xp == 1
    character.xp = 0
    assert_refused(PerformTask(lucky, Dice(script=[19])), character, field="modifiers")


def test_t8_damage_kinds_meet_armor_against_kinds() -> None:
    character = sheet(armor_against={"mental": 2})
    fire = apply_and_revert(TakeDamage(5, DamageType.MIGHT, kind="fire"), character)
    assert fire.summary.startswith("Took 2 Might fire damage (3 absorbed by Armor)")
    character = sheet(armor_against={"mental": 2})
    mind = TakeDamage(5, DamageType.INTELLECT, kind="mental").apply(character)
    assert "Took 3 Intellect mental damage (2 absorbed by Armor)" in mind.summary
    ambient = preview_damage(sheet(), 6, DamageType.AMBIENT, kind="fire")
    assert ambient.pool is not None and ambient.pool.armor_absorbed == 3


def test_n10_ex18_hazards_through_the_sheet() -> None:
    character = sheet(armor=[Armor("Plates", ArmorCategory.MEDIUM)])
    crush = TakeDamage(6, DamageType.MIGHT).apply(character)
    assert "Took 4 Might damage (2 absorbed by Armor)" in crush.summary
    zap = TakeDamage(6, DamageType.AMBIENT, kind="electric").apply(sheet())
    assert zap.summary.startswith("Took 6 Ambient electric damage")


# -- a character under house rules --------------------------------------------------------


@pytest.fixture
def gritty() -> Iterator[str]:
    """A Cypher System variant with the damage track, subtracted Armor, Effort capped
    at 1 level, rests in order and no Last-action recovery bonus."""
    profile = derive_profile(
        "cypher",
        "test-gritty",
        "Gritty Cypher",
        {
            "uses_damage_track": True,
            "armor_subtracts": True,
            "max_effort": 1,
            "rests_in_order": True,
            "last_action_recovery_bonus": 0,
        },
    )
    register_profile(profile)
    yield profile.name
    unregister_profile(profile.name)


def test_house_rules_change_a_task_damage_and_recovery(gritty: str) -> None:
    character = sheet(gritty, armor=[Armor("Plates", ArmorCategory.MEDIUM)])
    # task: the set's Effort cap (1) stops a second level
    with pytest.raises(DomainError, match="more than 1 level of Effort"):
        preview_task(character, TaskInput(Stat.MIGHT, 4, effort_ease=2))
    message = assert_refused(
        PerformTask(TaskInput(Stat.MIGHT, 4, effort_ease=2), Dice(script=[12])), character
    )
    assert "more than 1 level" in message
    task = PerformTask(TaskInput(Stat.MIGHT, 4, effort_ease=1), Dice(script=[12]))
    assert "success" in task.apply(character).summary
    # damage: a Cypher System character on the damage track, Armor subtracted
    hit = TakeDamage(13, DamageType.MIGHT).apply(character)
    assert "(2 absorbed by Armor)" in hit.summary and "Hale → Impaired" in hit.summary
    # recovery: rests in order, so the one-hour rest is not next
    with pytest.raises(DomainError):
        roll_recovery(character, Rest.ONE_HOUR, Dice(script=[3]))
    roll = roll_recovery(character, Rest.ONE_ACTION, Dice(script=[3]), last_action=True)
    assert roll.last_action_bonus == 0  # the set removed the +2
    done = Recover(Rest.ONE_ACTION, roll, {"might": roll.total}).apply(character)
    assert "One action rest: recovered 4" in done.summary
    assert "Impaired → Hale" in done.summary


def test_t9_a_found_cyphers_level_is_rolled_once_and_kept() -> None:
    from numdesk.model.items import Cypher
    from numdesk.model.operations import RollDeviceLevel

    character = sheet(cyphers=[Cypher("Detonation", level_dice="1d6+2")])
    op = RollDeviceLevel("cyphers", "Detonation", Dice(script=[3]))
    change = apply_and_revert(op, character)
    assert character.cyphers[0].level == 5
    assert change.summary == ("Rolled the level of cypher 'Detonation': Level 5 (1d6+2: rolled 3).")
    message = assert_refused(RollDeviceLevel("cyphers", 0, Dice(script=[1])), character)
    assert "already has level 5" in message
    blank = sheet(cyphers=[Cypher("Mystery")])
    assert_refused(RollDeviceLevel("cyphers", 0, Dice(script=[1])), blank, field="cyphers[0]")


def test_a_house_rules_character_uses_its_base_templates(gritty: str) -> None:
    from numdesk.model.creation import creation_problems
    from numdesk.model.creation_choices import CreationChoices, PartChoice
    from numdesk.model.templates import TypeTemplate

    warrior = TypeTemplate("Warrior", profile="cypher", pools={Stat.MIGHT: 12})
    choices = CreationChoices("Ash", gritty)
    choices.parts["type"] = PartChoice("Warrior", warrior)
    assert not any("belongs to" in p for p in creation_problems(choices))
    glaive = TypeTemplate("Glaive", profile="numenera")
    choices.parts["type"] = PartChoice("Glaive", glaive)
    assert (
        "Glaive belongs to the Numenera rules, this character to the Gritty Cypher rules."
        in creation_problems(choices)
    )


def test_g18_a_condition_caused_by_another_ends_on_the_causers_turn() -> None:
    from numdesk.model.operations.encounter import AddCondition, NextTurn
    from numdesk.model.operations.encounter_base import current_slot, slot_label
    from tests.model.test_encounter_ops import ex10, get

    enc, names = ex10()
    NextTurn().apply(enc)  # round 1, Bo's turn
    # Ana's earlier attack dazed Goblin 1: the GM names her as the cause
    AddCondition(names["Goblin 1"], "dazed", 1, cause=names["Ana"]).apply(enc)
    assert get(enc, "Goblin 1").conditions[0].source_uid == names["Ana"]
    seen = []
    for _ in range(20):
        NextTurn().apply(enc)
        acting = slot_label(enc, current_slot(enc))
        if not get(enc, "Goblin 1").conditions:
            break
        seen.append((enc.round, acting))
    # dazed through every turn, its own included, until Ana acts in round 2
    assert (enc.round, acting) == (2, "Ana")
    assert (1, "Goblin 1") in seen
    with pytest.raises(DomainError):
        AddCondition(names["Goblin 2"], "dazed", 1, cause="nobody").apply(enc)


def test_t8_creature_armor_against_kinds_in_a_fight() -> None:
    from numdesk.model.creature import Creature
    from numdesk.model.encounter import Encounter
    from numdesk.model.encounter_prep import creature_combatants
    from numdesk.model.operations.encounter import AddCombatants, DamageCombatant

    enc = Encounter("Cold cave", profile="numenera")
    drake = Creature("Ice drake", level=5, armor=1, armor_against={"cold": 3})
    AddCombatants(creature_combatants(drake, 1)).apply(enc)
    uid = enc.combatants[0].uid
    change = DamageCombatant(uid, 6, kind="cold").apply(enc)
    assert enc.combatants[0].health == 13
    assert change.summary.startswith("Ice drake takes 2 Might cold damage (4 stopped by Armor)")
    DamageCombatant(uid, 6, kind="fire").apply(enc)
    assert enc.combatants[0].health == 8


def test_a_condition_can_end_at_the_end_of_a_chosen_turn() -> None:
    from numdesk.model.operations.encounter import AddCondition, NextTurn
    from numdesk.model.operations.encounter_base import current_slot, slot_label
    from numdesk.rules.conditions import TurnEdge
    from tests.model.test_encounter_ops import ex10, get

    enc, names = ex10()  # order: Bo, Ana, Goblin 1, Goblin 2, Cy
    NextTurn().apply(enc)  # round 1, Bo's turn
    AddCondition(names["Cy"], "hidden", 1, ends_at=TurnEdge.END, anchor=names["Ana"]).apply(enc)
    assert get(enc, "Cy").conditions[0].end_round() == 1  # Ana's turn is still to come
    NextTurn().apply(enc)
    assert slot_label(enc, current_slot(enc)) == "Ana"
    assert get(enc, "Cy").conditions  # through Ana's turn
    NextTurn().apply(enc)  # Ana's turn ends: so does the condition
    assert not get(enc, "Cy").conditions
    assert enc.log[-1].text == "Cy is no longer hidden"
