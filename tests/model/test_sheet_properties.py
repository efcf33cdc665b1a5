"""Invariants of character operations under random play (hypothesis).

Any sequence of operations, valid or not, keeps every Pool within 0..maximum and XP
and shins at 0 or more; a refused operation leaves the sheet exactly as it was; and
redo after undo gives the identical sheet (the same dice faces included).
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.operations import (
    AwardXp,
    Operation,
    PerformTask,
    Rally,
    Recover,
    SetField,
    SetPool,
    ShiftTrack,
    SpendXp,
    TakeDamage,
    TakeWound,
    TaskInput,
    roll_recovery,
)
from numdesk.model.serialize import to_data
from numdesk.rules.dice import Dice
from numdesk.rules.types import DamageType, Rest, Stat, WoundSeverity
from numdesk.rules.xp import XpSpendKind
from tests.model.sheet_ops_helpers import make_character

Factory = Callable[[Character], Operation[Character]]

stats = st.sampled_from(list(Stat))
small = st.integers(min_value=-3, max_value=25)


def _recover(rest: Rest, face: int, first: Stat, share: int, step: bool) -> Factory:
    """A rest whose points go `share` to `first` and the rest to the next stat."""

    def build(character: Character) -> Operation[Character]:
        if step:
            return Recover(rest, track_step=True)
        try:
            roll = roll_recovery(character, rest, Dice(script=[face]))
        except DomainError:
            return Recover(rest)  # no roll: refused when applied
        other = list(Stat)[(list(Stat).index(first) + 1) % 3]
        given = min(share, roll.total)
        return Recover(rest, roll, {first: given, other: roll.total - given})

    return build


operations: st.SearchStrategy[Factory] = st.one_of(
    st.builds(
        lambda n, t, a: lambda c: TakeDamage(n, t, a),
        small,
        st.sampled_from(list(DamageType)),
        st.booleans(),
    ),
    st.builds(
        lambda s, d, e, f: lambda c: PerformTask(TaskInput(s, d, effort_ease=e), Dice(script=[f])),
        stats,
        st.integers(0, 10),
        st.integers(0, 3),
        st.integers(1, 20),
    ),
    st.builds(
        lambda s, cur, mx, e: lambda c: SetPool(s, current=cur, maximum=mx, edge=e),
        stats,
        st.none() | small,
        st.none() | small,
        st.none() | small,
    ),
    st.builds(
        _recover,
        st.sampled_from(list(Rest)),
        st.integers(1, 6),
        stats,
        st.integers(0, 12),
        st.booleans(),
    ),
    st.builds(lambda n: lambda c: ShiftTrack(n), st.integers(-2, 2)),
    st.builds(lambda n: lambda c: AwardXp(n), small),
    st.builds(
        lambda k: lambda c: SpendXp(k, "note"),
        st.sampled_from(
            [
                XpSpendKind.REROLL,
                XpSpendKind.SHORT_TERM,
                XpSpendKind.LONG_TERM,
                XpSpendKind.PLAYER_INTRUSION,
                XpSpendKind.REFUSE_INTRUSION,
            ]
        ),
    ),
    st.builds(
        lambda f, v: lambda c: SetField(f, v), st.sampled_from(["xp", "shins", "tier"]), small
    ),
    st.builds(lambda s: lambda c: TakeWound(s), st.sampled_from(list(WoundSeverity))),
    st.builds(lambda s: lambda c: Rally(s), st.sampled_from(list(WoundSeverity))),
)


def _assert_invariants(character: Character) -> None:
    for pool in character.pools.values():
        assert 0 <= pool.current <= pool.maximum
        assert pool.edge >= 0
    assert character.xp >= 0
    assert character.shins >= 0
    assert 1 <= character.tier <= 6


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["numenera", "cypher"]), st.lists(operations, max_size=12))
def test_random_play_keeps_the_sheet_valid(profile: str, factories: list[Factory]) -> None:
    character = make_character(profile)
    for factory in factories:
        op = factory(character)
        before = to_data(character)
        try:
            op.apply(character)
        except DomainError:
            assert to_data(character) == before
            continue
        after = to_data(character)
        _assert_invariants(character)
        op.revert(character)
        assert to_data(character) == before
        op.apply(character)
        assert to_data(character) == after
