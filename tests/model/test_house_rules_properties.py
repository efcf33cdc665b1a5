"""Random house rules never break play: every operation either works and keeps the sheet
within the rules (Pools 0..max, XP ≥ 0) or is refused and changes nothing."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from numdesk.model.abilities import Skill
from numdesk.model.errors import DomainError
from numdesk.model.items import Armor, Weapon
from numdesk.model.operations import (
    PerformTask,
    Recover,
    ShiftTrack,
    SpendXp,
    TakeDamage,
    TakeWound,
    TaskInput,
)
from numdesk.model.operations.base import Operation
from numdesk.model.operations.recovery import roll_recovery
from numdesk.model.serialize import to_data
from numdesk.rules.dice import Dice
from numdesk.rules.house_rules import PROFILE_FIELDS, derive_profile
from numdesk.rules.profiles import register_profile, unregister_profile
from numdesk.rules.types import ArmorCategory, DamageType, Rest, SkillLevel, Stat, WoundSeverity
from numdesk.rules.xp import XpSpendKind
from tests.model.sheet_ops_helpers import make_character


def _field_values(kind: str, low: int, high: int) -> st.SearchStrategy[Any]:
    if kind == "bool":
        return st.booleans()
    if kind == "int":
        return st.integers(low, high)
    if kind == "optional_int":
        return st.none() | st.integers(low, high)
    if kind == "skill_levels":
        return st.sampled_from(
            [
                ["inability", "trained"],
                ["inability", "trained", "specialized"],
                ["inability", "trained", "specialized", "expert"],
            ]
        )
    if kind == "text":
        return st.sampled_from(["", "crowns", "  gold   pieces "])
    return st.lists(st.sampled_from(["Glaive", "Nano", "Hero", "Sage"]), min_size=1, max_size=3)


CHANGES = st.fixed_dictionaries(
    {},
    optional={f.name: _field_values(f.kind, f.low, f.high) for f in PROFILE_FIELDS},
)

STATS = st.sampled_from(list(Stat))

TASKS = st.builds(
    TaskInput,
    stat=STATS,
    difficulty=st.integers(0, 10),
    skill=st.none() | st.just("Climbing"),
    effort_ease=st.integers(0, 3),
    effort_damage=st.integers(0, 2),
    free_levels=st.integers(0, 1),
    weapon=st.none() | st.just("Axe"),
    modifiers=st.lists(
        st.sampled_from(["surprise", "darkness_unlocated", "target_helpless", "sturdy_cover"]),
        max_size=2,
        unique=True,
    ).map(tuple),
    lucky_shot=st.booleans(),
)


@st.composite
def operations(draw: st.DrawFn) -> tuple[str, Any]:
    """(kind, arguments) of one operation; built against the sheet when applied."""
    choice = draw(st.sampled_from(["task", "damage", "wound", "rest", "xp", "track"]))
    if choice == "task":
        return choice, (draw(TASKS), draw(st.integers(1, 20)))
    if choice == "damage":
        kind = draw(st.sampled_from(["physical", "fire", "mental"]))
        return choice, (draw(st.integers(0, 30)), draw(st.sampled_from(list(DamageType))), kind)
    if choice == "wound":
        return choice, draw(st.sampled_from(list(WoundSeverity)))
    if choice == "rest":
        return choice, (draw(st.sampled_from(list(Rest))), draw(st.integers(1, 6)))
    if choice == "xp":
        return choice, draw(st.sampled_from(list(XpSpendKind)))
    return choice, draw(st.sampled_from([-1, 1]))


def _build(kind: str, args: Any, character: Any) -> Operation[Any] | None:
    if kind == "task":
        task, face = args
        return PerformTask(task, Dice(script=[face, face]))
    if kind == "damage":
        return TakeDamage(args[0], args[1], kind=args[2])
    if kind == "wound":
        return TakeWound(args)
    if kind == "rest":
        rest, face = args
        try:
            roll = roll_recovery(character, rest, Dice(script=[face]))
        except DomainError:
            return Recover(rest)  # refused: no roll
        return Recover(rest, roll, {"might": roll.total})
    if kind == "xp":
        return SpendXp(args, note="test")
    return ShiftTrack(args)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    base=st.sampled_from(["numenera", "cypher"]),
    changes=CHANGES,
    steps=st.lists(operations(), min_size=1, max_size=6),
    xp=st.integers(0, 5),
)
def test_random_house_rules_never_crash_and_keep_invariants(
    base: str, changes: dict[str, Any], steps: list[tuple[str, Any]], xp: int
) -> None:
    profile = derive_profile(base, "test-random-house", "Random house", changes)
    register_profile(profile)
    try:
        character = make_character(
            profile.name,
            xp=xp,
            effort=2,
            weapons=[Weapon("Axe")],
            armor=[Armor("Mail", ArmorCategory.MEDIUM, against={"fire": 1})],
        )
        character.skills = [Skill("Climbing", SkillLevel.TRAINED)]
        applied = 0
        for kind, args in steps:
            before = to_data(character)
            op = _build(kind, args, character)
            assert op is not None
            try:
                op.apply(character)
            except DomainError:
                assert to_data(character) == before, f"a refused {kind} changed the sheet"
                continue
            applied += 1
            for stat in Stat:
                pool = character.pool(stat)
                assert 0 <= pool.current <= pool.maximum, (kind, stat, pool)
            assert character.xp >= 0
    finally:
        unregister_profile("test-random-house")
