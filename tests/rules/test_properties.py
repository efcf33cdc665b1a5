"""Invariants of the rules engine, checked over generated inputs (hypothesis)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from numdesk.rules.advancement import ADVANCEMENT_COST, buy_advancement, check_advancement
from numdesk.rules.damage import damage_pc
from numdesk.rules.effort import effort_cost
from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import CYPHER, NUMENERA, PROFILES, Profile
from numdesk.rules.recovery import apply_recovery
from numdesk.rules.tasks import plan_task
from numdesk.rules.types import Advancement, DamageTrackState, DamageType, SkillLevel, Stat
from numdesk.rules.xp import XpSpendKind, spend_xp

profiles = st.sampled_from(list(PROFILES.values()))
maxima = st.fixed_dictionaries({s: st.integers(0, 40) for s in Stat})


@st.composite
def pools_and_max(draw: st.DrawFn) -> tuple[dict[Stat, int], dict[Stat, int]]:
    top = draw(maxima)
    current = {s: draw(st.integers(0, top[s])) for s in Stat}
    return current, top


@given(
    pm=pools_and_max(),
    amount=st.integers(0, 80),
    kind=st.sampled_from(list(DamageType)),
    armor=st.integers(0, 6),
    track=st.sampled_from(list(DamageTrackState)[:3]),
)
def test_damage_conserved_and_pools_in_range(
    pm: tuple[dict[Stat, int], dict[Stat, int]],
    amount: int,
    kind: DamageType,
    armor: int,
    track: DamageTrackState,
) -> None:
    pools, top = pm
    hit = damage_pc(pools, amount, kind, armor=armor, track=track)
    assert all(0 <= hit.pools_after[s] <= top[s] for s in Stat)
    assert hit.damage_after_armor == amount - hit.armor_absorbed
    assert hit.damage_after_armor == sum(hit.removed.values()) + hit.unabsorbed
    if hit.unabsorbed:
        assert all(v == 0 for v in hit.pools_after.values())
    assert hit.steps_down == len(hit.emptied) or hit.track_after is DamageTrackState.DEAD


@given(
    pm=pools_and_max(),
    points=st.integers(0, 20),
    weights=st.fixed_dictionaries({s: st.integers(0, 20) for s in Stat}),
    profile=profiles,
)
def test_recovery_keeps_pools_within_maximum(
    pm: tuple[dict[Stat, int], dict[Stat, int]],
    points: int,
    weights: dict[Stat, int],
    profile: Profile,
) -> None:
    pools, top = pm
    split: dict[Stat, int] = {}
    left = points
    for s in Stat:
        split[s] = min(weights[s], left)
        left -= split[s]
    result = apply_recovery(profile, pools, top, points, split)
    assert all(0 <= result.pools_after[s] <= top[s] for s in Stat)
    assert sum(result.added.values()) + result.lost == points


@given(levels=st.integers(0, 5), impaired=st.booleans())
def test_effort_cost_grows_strictly(levels: int, impaired: bool) -> None:
    assert effort_cost(levels + 1, impaired=impaired) > effort_cost(levels, impaired=impaired)


@given(
    profile=profiles,
    base=st.integers(0, 10),
    skill=st.sampled_from([None, *SkillLevel]),
    inability=st.booleans(),
    assets=st.integers(0, 10),
    helpers=st.lists(st.sampled_from([None, *SkillLevel]), max_size=4),
    effort=st.integers(0, 6),
    eases=st.integers(0, 10),
    hindrances=st.integers(0, 10),
)
def test_plan_task_caps_and_floor(
    profile: Profile,
    base: int,
    skill: SkillLevel | None,
    inability: bool,
    assets: int,
    helpers: list[SkillLevel | None],
    effort: int,
    eases: int,
    hindrances: int,
) -> None:
    if skill is not None and skill not in profile.skill_levels:
        return
    plan = plan_task(
        profile,
        base,
        skill=skill,
        inability=inability,
        assets=assets,
        helpers=helpers,
        effort_levels=effort,
        eases=eases,
        hindrances=hindrances,
    )
    assert plan.final_difficulty >= 0
    assert plan.skill_steps <= profile.skill_ease_cap
    assert plan.asset_steps <= profile.asset_ease_cap
    assert 0.0 <= plan.success_chance <= 1.0
    assert plan.target_number == 3 * plan.final_difficulty


@given(
    xp=st.integers(0, 10),
    kind=st.sampled_from(list(XpSpendKind)),
    profile=st.sampled_from([NUMENERA, CYPHER]),
)
def test_xp_never_negative_after_spend(xp: int, kind: XpSpendKind, profile: Profile) -> None:
    try:
        spend = spend_xp(profile, xp, kind)
    except RulesError:
        return
    assert spend.xp_after >= 0


@given(xp=st.integers(0, 12), bought=st.sets(st.sampled_from(list(Advancement)), max_size=3))
def test_advancement_xp_never_negative(xp: int, bought: set[Advancement]) -> None:
    for kind in Advancement:
        if check_advancement(kind, bought, xp, 1) is None:
            result = buy_advancement(kind, bought, xp, 1)
            assert result.xp_after == xp - ADVANCEMENT_COST >= 0
        else:
            try:
                buy_advancement(kind, bought, xp, 1)
            except RulesError:
                continue
            raise AssertionError("buy_advancement accepted a refused advancement")
