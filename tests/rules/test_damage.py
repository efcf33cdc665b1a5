from __future__ import annotations

import pytest

from numdesk.rules.damage import armor_applies, armor_value, damage_pc, pool_for, total_armor
from numdesk.rules.damage_track import is_hale, shift_track, track_effects
from numdesk.rules.errors import RulesError
from numdesk.rules.types import ArmorCategory, DamageTrackState, DamageType, Stat

M, S, INT = Stat.MIGHT, Stat.SPEED, Stat.INTELLECT
FULL = {M: 10, S: 10, INT: 10}


def test_armor_values_and_sum() -> None:
    assert [armor_value(c) for c in ArmorCategory] == [0, 1, 2, 3]
    assert total_armor([1, 2]) == 3
    with pytest.raises(RulesError):
        total_armor([-1])


def test_armor_applies_only_to_might_and_chosen_ambient() -> None:
    assert armor_applies(DamageType.MIGHT)
    assert not armor_applies(DamageType.SPEED)
    assert not armor_applies(DamageType.INTELLECT)
    assert not armor_applies(DamageType.AMBIENT)
    assert armor_applies(DamageType.AMBIENT, armor_stops_ambient=True)
    assert pool_for(DamageType.AMBIENT) is M


def test_speed_damage_ignores_armor() -> None:
    hit = damage_pc(FULL, 4, DamageType.SPEED, armor=3)
    assert hit.armor_absorbed == 0 and hit.removed[S] == 4


def test_armor_stops_everything() -> None:
    hit = damage_pc(FULL, 2, armor=3)
    assert hit.removed == {M: 0, S: 0, INT: 0}
    assert hit.summary == "Armor stops all 2 damage."


def test_overflow_order_and_track_steps() -> None:
    hit = damage_pc({M: 2, S: 3, INT: 5}, 7, DamageType.INTELLECT)
    # Intellect first, then Might, then Speed.
    assert hit.removed == {M: 2, S: 0, INT: 5}
    assert hit.emptied == (INT, M)
    assert hit.track_after is DamageTrackState.DEBILITATED
    assert hit.steps_down == 2


def test_overflow_skips_empty_pools_and_dies() -> None:
    hit = damage_pc({M: 0, S: 1, INT: 1}, 5, track=DamageTrackState.DEBILITATED)
    assert hit.removed == {M: 0, S: 1, INT: 1}
    assert hit.unabsorbed == 3
    assert hit.dead and hit.track_after is DamageTrackState.DEAD


def test_pool_already_at_zero_does_not_move_track() -> None:
    hit = damage_pc({M: 0, S: 5, INT: 5}, 2)
    assert hit.emptied == () and hit.track_after is DamageTrackState.HALE


def test_bad_input() -> None:
    with pytest.raises(RulesError):
        damage_pc(FULL, -1)
    with pytest.raises(RulesError):
        damage_pc({M: -1, S: 0, INT: 0}, 1)


def test_shift_track_clamps() -> None:
    assert shift_track(DamageTrackState.HALE, 5) is DamageTrackState.DEAD
    assert shift_track(DamageTrackState.IMPAIRED, -3) is DamageTrackState.HALE


def test_hale_needs_all_pools() -> None:
    assert is_hale({M: 1, S: 1, INT: 1}, DamageTrackState.HALE)
    assert not is_hale({M: 0, S: 1, INT: 1}, DamageTrackState.HALE)
    assert not is_hale(FULL, DamageTrackState.IMPAIRED)


def test_track_effects() -> None:
    impaired = track_effects(DamageTrackState.IMPAIRED)
    assert impaired.effort_surcharge == 1 and not impaired.minor_major_effects
    assert impaired.special_damage_cap == 1 and impaired.can_take_actions
    debilitated = track_effects(DamageTrackState.DEBILITATED)
    assert not debilitated.can_take_actions and debilitated.move_limit == "immediate"
    assert not track_effects(DamageTrackState.DEBILITATED, speed_pool=0).can_move
    assert track_effects(DamageTrackState.DEAD).dead
    hale = track_effects(DamageTrackState.HALE)
    assert hale.effort_surcharge == 0 and hale.special_damage_cap is None
