from __future__ import annotations

import pytest

from numdesk.rules.combat_modifiers import combat_modifier
from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import CYPHER, NUMENERA
from numdesk.rules.tasks import helper_assets, plan_task, skill_steps, steps_phrase
from numdesk.rules.types import SkillLevel


def test_skill_steps_per_level_and_cap() -> None:
    assert skill_steps(None, NUMENERA) == 0
    assert skill_steps(SkillLevel.INABILITY, NUMENERA) == -1
    assert skill_steps(SkillLevel.SPECIALIZED, NUMENERA) == 2
    assert skill_steps(SkillLevel.EXPERT, CYPHER) == 3


def test_expert_is_unknown_in_numenera() -> None:
    with pytest.raises(RulesError, match="expert"):
        skill_steps(SkillLevel.EXPERT, NUMENERA)


def test_training_cancels_inability() -> None:
    assert skill_steps(SkillLevel.TRAINED, NUMENERA, inability=True) == 0
    assert skill_steps(None, NUMENERA, inability=True) == -1
    assert plan_task(NUMENERA, 4, skill=SkillLevel.TRAINED, inability=True).final_difficulty == 4


def test_helpers() -> None:
    assert helper_assets(None) == 1
    assert helper_assets(SkillLevel.TRAINED) == 2
    assert helper_assets(SkillLevel.INABILITY) == 0
    assert helper_assets(SkillLevel.SPECIALIZED, helper_inability=True) == 0


def test_assets_capped_at_two() -> None:
    plan = plan_task(NUMENERA, 6, assets=1, helpers=[SkillLevel.TRAINED, None])
    assert plan.asset_steps == 2
    assert plan.final_difficulty == 4


def test_most_ease_in_cypher_is_eleven_steps() -> None:
    plan = plan_task(CYPHER, 10, skill=SkillLevel.EXPERT, assets=5, effort_levels=6)
    assert plan.eased == 11
    assert plan.final_difficulty == 0 and plan.routine
    assert plan.success_chance == 1.0


def test_effort_levels_limited_by_profile() -> None:
    with pytest.raises(RulesError):
        plan_task(NUMENERA, 4, effort_levels=7)


def test_hindrances_and_sentence() -> None:
    plan = plan_task(CYPHER, 3, skill=SkillLevel.TRAINED, hindrances=3)
    assert plan.final_difficulty == 5
    assert plan.net_steps == -2
    assert "hindered by two steps" in plan.summary
    assert plan.target_number == 15
    assert plan.name == "Challenging"


def test_impossible_plan() -> None:
    plan = plan_task(NUMENERA, 7)
    assert plan.impossible and plan.success_chance == 0.0
    assert "even a 20 fails" in plan.summary


def test_combat_modifiers_steps_and_automatic() -> None:
    plan = plan_task(
        CYPHER, 4, modifiers=[combat_modifier("surprise"), combat_modifier("sturdy_cover")]
    )
    assert plan.final_difficulty == 3
    auto = plan_task(CYPHER, 5, modifiers=[combat_modifier("target_helpless")])
    assert auto.automatic_hit and auto.success_chance == 1.0
    none = plan_task(CYPHER, 1, modifiers=[combat_modifier("full_cover")])
    assert none.no_attack_possible and none.success_chance == 0.0


def test_steps_phrase() -> None:
    assert steps_phrase(2) == "eased by two steps"
    assert steps_phrase(-1) == "hindered by one step"
    assert steps_phrase(0) == "neither eased nor hindered"
    assert steps_phrase(15) == "eased by 15 steps"


def test_negative_inputs_refused() -> None:
    with pytest.raises(RulesError):
        plan_task(NUMENERA, 3, assets=-1)
    with pytest.raises(RulesError):
        plan_task(NUMENERA, 11)


def test_steps_text() -> None:
    assert plan_task(NUMENERA, 5, assets=2).steps_text == "eased by two steps"
