from __future__ import annotations

import pytest

from numdesk.rules.advancement import (
    advance_skill,
    apply_capabilities,
    available_advancements,
    buy_advancement,
    check_advancement,
    check_skill_advance,
    other_effect,
    perfection,
    raise_effort,
)
from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import CYPHER, NUMENERA
from numdesk.rules.types import Advancement, OtherAdvancement, SkillLevel, Stat
from numdesk.rules.xp import (
    XpSpendKind,
    available_spends,
    award_xp,
    gm_intrusion_award,
    session_award,
    spend_cost,
    spend_xp,
)

M, S, INT = Stat.MIGHT, Stat.SPEED, Stat.INTELLECT
A = Advancement


def test_natural_one_intrusion_awards_nothing() -> None:
    award = gm_intrusion_award("A", "B", natural_one=True)
    assert award.target_gain == 0 and award.recipient_gain == 0


def test_intrusion_gift_must_go_to_another_pc() -> None:
    with pytest.raises(RulesError):
        gm_intrusion_award("A", "A")
    assert gm_intrusion_award("A", None).target_gain == 2


def test_refuse_intrusion_per_profile() -> None:
    assert spend_xp(NUMENERA, 1, XpSpendKind.REFUSE_INTRUSION).xp_after == 0
    with pytest.raises(RulesError, match=r"^Refusing a GM intrusion costs 1 XP; only 0 XP"):
        spend_xp(NUMENERA, 0, XpSpendKind.REFUSE_INTRUSION)
    with pytest.raises(RulesError):
        spend_cost(CYPHER, XpSpendKind.REFUSE_INTRUSION)


def test_player_intrusion_and_reaction_in_cypher() -> None:
    assert spend_cost(CYPHER, XpSpendKind.PLAYER_INTRUSION) == 1
    assert spend_cost(CYPHER, XpSpendKind.REACT_TO_INTRUSION) == 1
    with pytest.raises(RulesError):
        spend_cost(NUMENERA, XpSpendKind.PLAYER_INTRUSION)


def test_spend_kinds() -> None:
    assert spend_cost(NUMENERA, XpSpendKind.REROLL) == 1
    assert spend_cost(NUMENERA, XpSpendKind.SHORT_TERM) == 2
    assert spend_cost(NUMENERA, XpSpendKind.LONG_TERM) == 3
    assert spend_cost(CYPHER, XpSpendKind.ADVANCEMENT) == 4
    assert XpSpendKind.REROLL not in available_spends(CYPHER)
    spend = spend_xp(NUMENERA, 5, XpSpendKind.LONG_TERM, note="  a home base ")
    assert (spend.xp_after, spend.note) == (2, "a home base")


def test_awards() -> None:
    assert session_award(0, 4) == 4
    with pytest.raises(RulesError):
        session_award(0, 5)
    with pytest.raises(RulesError):
        award_xp(0, -1)


def test_four_advancements_raise_the_tier() -> None:
    bought: tuple[Advancement, ...] = ()
    xp, tier = 16, 1
    for kind in (A.CAPABILITIES, A.PERFECTION, A.EFFORT):
        result = buy_advancement(kind, bought, xp, tier)
        bought, xp, tier = result.bought_after, result.xp_after, result.tier_after
        assert not result.tier_up
    last = buy_advancement(A.OTHER, bought, xp, tier)
    assert last.tier_up and last.tier_after == 2 and last.bought_after == ()
    assert last.xp_after == 0 and last.new_tier_abilities


def test_each_advancement_once_and_other_replaces_skill() -> None:
    assert check_advancement(A.EFFORT, [A.EFFORT], 8, 1) is not None
    reason = check_advancement(A.OTHER, [A.SKILL], 8, 1)
    assert reason is not None and "Other" in reason
    assert check_advancement(A.SKILL, [], 3, 1) is not None
    assert available_advancements([A.SKILL], 4, 1) == (A.CAPABILITIES, A.PERFECTION, A.EFFORT)


def test_tier_six_stays() -> None:
    result = buy_advancement(A.EFFORT, [A.SKILL, A.PERFECTION, A.CAPABILITIES], 4, 6)
    assert result.tier_after == 6 and not result.tier_up and result.bought_after == ()


def test_capabilities_split() -> None:
    result = apply_capabilities({M: 5, S: 6, INT: 7}, {M: 10, S: 10, INT: 10}, {M: 3, INT: 1})
    assert result.maximums_after == {M: 13, S: 10, INT: 11}
    assert result.pools_after == {M: 8, S: 6, INT: 8}
    with pytest.raises(RulesError, match="exactly 4"):
        apply_capabilities({M: 5, S: 6, INT: 7}, {M: 10, S: 10, INT: 10}, {M: 3})


def test_perfection_and_effort() -> None:
    assert perfection({M: 0, S: 1, INT: 0}, S) == {M: 0, S: 2, INT: 0}
    assert raise_effort(5, NUMENERA) == 6
    with pytest.raises(RulesError):
        raise_effort(6, NUMENERA)


def test_skill_advance() -> None:
    assert advance_skill(NUMENERA, None) is SkillLevel.TRAINED
    assert advance_skill(NUMENERA, SkillLevel.TRAINED) is SkillLevel.SPECIALIZED
    assert advance_skill(NUMENERA, SkillLevel.INABILITY) is None
    assert check_skill_advance(NUMENERA, SkillLevel.SPECIALIZED) is not None
    assert check_skill_advance(CYPHER, SkillLevel.SPECIALIZED) is not None
    assert advance_skill(CYPHER, SkillLevel.SPECIALIZED, via_ability=True) is SkillLevel.EXPERT
    with pytest.raises(RulesError):
        advance_skill(CYPHER, SkillLevel.EXPERT, via_ability=True)


def test_other_options() -> None:
    assert (
        other_effect(OtherAdvancement.ARMOR_COST, armor_cost_reduction=1).armor_cost_reduction == 2
    )
    assert other_effect(OtherAdvancement.RECOVERY_BONUS).recovery_bonus == 2
    with pytest.raises(RulesError):
        other_effect(OtherAdvancement.RECOVERY_BONUS, recovery_bonus=2)
    assert other_effect(OtherAdvancement.ABILITY).new_ability
