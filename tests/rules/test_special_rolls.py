from __future__ import annotations

import pytest

from numdesk.rules.dice import Dice
from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import CYPHER, NUMENERA
from numdesk.rules.special_rolls import RollKind, reroll, resolve_roll


@pytest.mark.parametrize(("face", "bonus"), [(16, 0), (17, 1), (18, 2), (19, 3), (20, 4)])
def test_bonus_damage_on_hit(face: int, bonus: int) -> None:
    assert resolve_roll(CYPHER, face, 3, kind=RollKind.ATTACK).bonus_damage == bonus


def test_no_bonus_damage_on_non_damaging_attack_or_task() -> None:
    assert resolve_roll(CYPHER, 18, 3, kind=RollKind.ATTACK, damaging=False).bonus_damage == 0
    assert resolve_roll(CYPHER, 18, 3).bonus_damage == 0


def test_nineteen_and_twenty_effects() -> None:
    task = resolve_roll(NUMENERA, 19, 4)
    assert task.minor_effect and not task.effect_instead_of_damage
    attack = resolve_roll(NUMENERA, 20, 4, kind=RollKind.ATTACK)
    assert attack.major_effect and attack.effect_instead_of_damage and attack.cost_refunded


def test_defense_never_deals_damage() -> None:
    outcome = resolve_roll(CYPHER, 20, 3, kind=RollKind.DEFENSE)
    assert outcome.bonus_damage == 0 and outcome.success


def test_natural_one_intrusion_without_xp() -> None:
    outcome = resolve_roll(NUMENERA, 1, 0)
    assert outcome.gm_intrusion and not outcome.intrusion_awards_xp
    assert outcome.success  # routine task forced to roll still succeeds


def test_impaired_limits_only_in_numenera() -> None:
    limited = resolve_roll(NUMENERA, 20, 3, kind=RollKind.ATTACK, impaired=True)
    assert limited.bonus_damage == 1 and not limited.major_effect
    assert limited.cost_refunded
    free = resolve_roll(CYPHER, 20, 3, kind=RollKind.ATTACK, impaired=True)
    assert free.bonus_damage == 4 and free.major_effect


def test_failed_nineteen_gives_nothing() -> None:
    outcome = resolve_roll(NUMENERA, 19, 7)
    assert not outcome.success and not outcome.minor_effect


def test_reroll_keeps_better() -> None:
    result = reroll(NUMENERA, 5, Dice(script=[3]), xp=1)
    assert (result.second, result.kept, result.xp_cost) == (3, 5, 1)
    assert reroll(NUMENERA, 5, Dice(script=[14]), xp=1).kept == 14


def test_reroll_rules() -> None:
    with pytest.raises(RulesError):
        reroll(CYPHER, 5, Dice(script=[3]), xp=4)
    with pytest.raises(RulesError):
        reroll(NUMENERA, 5, Dice(script=[3]), xp=0)
