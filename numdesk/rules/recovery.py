"""Recovery: the roll, the four rests of a day, spreading the points, moving up the
track, and (in `cypher`) the wounds rest heals (RULES.md N7, N8, C10).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from numdesk.rules.damage_track import shift_track
from numdesk.rules.dice import Dice
from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import Profile
from numdesk.rules.types import REST_ORDER, STAT_ORDER, DamageTrackState, Rest, Stat, WoundSeverity
from numdesk.rules.wounds import WoundState

#: The Might task that heals one major wound on a ten-hour rest (C10).
TEN_HOUR_MAJOR_DIFFICULTY = 6
MIN_TIER = 1
MAX_TIER = 6

_REST_LABELS = {
    Rest.ONE_ACTION: "one action",
    Rest.TEN_MINUTES: "ten minutes",
    Rest.ONE_HOUR: "one hour",
    Rest.TEN_HOURS: "ten hours",
}


def rest_label(rest: Rest) -> str:
    """How long the rest takes, in words."""
    return _REST_LABELS[rest]


@dataclass(frozen=True, slots=True)
class RecoveryRoll:
    """A recovery roll: the d6, the tier, bonuses and the points they give."""

    die: int
    tier: int
    bonus: int
    last_action_bonus: int
    total: int


def recovery_roll(
    profile: Profile,
    dice: Dice,
    tier: int,
    *,
    bonus: int = 0,
    rest: Rest = Rest.ONE_ACTION,
    last_action: bool = False,
) -> RecoveryRoll:
    """Roll 1d6 + tier + bonus (+2 from the Other advancement) (N7, C10).

    In `cypher` the one-action recovery taken as a Last action adds the profile's bonus.
    """
    if not MIN_TIER <= tier <= MAX_TIER:
        raise RulesError(f"Tier runs from 1 to 6, not {tier}.")
    if bonus < 0:
        raise RulesError(f"A recovery bonus cannot be negative (got {bonus}).")
    last_bonus = 0
    if last_action:
        if not profile.has_action_timing:
            raise RulesError(f"The {profile.label} rules have no Last actions.")
        if rest is not Rest.ONE_ACTION:
            raise RulesError("Only the one-action recovery can be taken as a Last action.")
        last_bonus = profile.last_action_recovery_bonus
    die = dice.d6(f"recovery ({rest_label(rest)})")
    return RecoveryRoll(
        die=die,
        tier=tier,
        bonus=bonus,
        last_action_bonus=last_bonus,
        total=die + tier + bonus + last_bonus,
    )


def available_rests(profile: Profile, used: Sequence[Rest]) -> tuple[Rest, ...]:
    """Rests the character may take now: the next in order, or any unused (N7, C10)."""
    unused = tuple(r for r in REST_ORDER if r not in used)
    return unused[:1] if profile.rests_in_order else unused


def check_rest(profile: Profile, rest: Rest, used: Sequence[Rest]) -> str | None:
    """Why `rest` cannot be taken now, or None."""
    if rest in used:
        return f"The {rest_label(rest)} recovery is already used today."
    if rest not in available_rests(profile, used):
        nxt = available_rests(profile, used)[0]
        return f"Recoveries go in order: the {rest_label(nxt)} rest comes next."
    return None


@dataclass(frozen=True, slots=True)
class RestTaken:
    """The day's used rests after one more, and whether a new day began."""

    rest: Rest
    used_after: tuple[Rest, ...]
    new_day: bool


def take_rest(profile: Profile, rest: Rest, used: Sequence[Rest]) -> RestTaken:
    """Mark `rest` used; the ten-hour rest ends the day and frees all four (N7, C10)."""
    reason = check_rest(profile, rest, used)
    if reason is not None:
        raise RulesError(reason)
    new_day = rest is Rest.TEN_HOURS
    used_after = () if new_day else (*used, rest)
    return RestTaken(rest=rest, used_after=tuple(used_after), new_day=new_day)


@dataclass(frozen=True, slots=True)
class RecoveryResult:
    """Recovered points spread among Pools, what was lost, and track steps regained."""

    points: int
    split: dict[Stat, int] = field(hash=False)
    added: dict[Stat, int] = field(hash=False)
    lost: int
    pools_before: dict[Stat, int] = field(hash=False)
    pools_after: dict[Stat, int] = field(hash=False)
    track_before: DamageTrackState
    track_after: DamageTrackState
    steps_up: int


def apply_recovery(
    profile: Profile,
    pools: Mapping[Stat, int],
    maximums: Mapping[Stat, int],
    points: int,
    split: Mapping[Stat, int],
    *,
    track: DamageTrackState = DamageTrackState.HALE,
) -> RecoveryResult:
    """Add recovered points as the player split them (N7, N8).

    The split may use fewer points than rolled; points past a Pool's maximum or left
    unassigned are lost. With the damage track, each Pool raised from 0 moves the PC
    up one step.
    """
    if points < 0:
        raise RulesError(f"Recovered points cannot be negative (got {points}).")
    if any(v < 0 for v in split.values()):
        raise RulesError("Points given to a Pool cannot be negative.")
    assigned = sum(split.values())
    if assigned > points:
        raise RulesError(f"Only {points} points were recovered, not {assigned}.")
    if track is DamageTrackState.DEAD:
        raise RulesError("A dead character cannot recover.")
    before = {s: pools[s] for s in STAT_ORDER}
    for s in STAT_ORDER:
        if not 0 <= before[s] <= maximums[s]:
            raise RulesError(f"The {s.value} Pool is outside 0..{maximums[s]}.")
    added = {s: min(split.get(s, 0), maximums[s] - before[s]) for s in STAT_ORDER}
    after = {s: before[s] + added[s] for s in STAT_ORDER}
    raised = sum(1 for s in STAT_ORDER if before[s] == 0 and after[s] > 0)
    steps_up = raised if profile.uses_damage_track else 0
    track_after = shift_track(track, -steps_up)
    return RecoveryResult(
        points=points,
        split={s: split.get(s, 0) for s in STAT_ORDER},
        added=added,
        lost=points - sum(added.values()),
        pools_before=before,
        pools_after=after,
        track_before=track,
        track_after=track_after,
        steps_up=int(track) - int(track_after),
    )


def can_recover_track_step(pools: Mapping[Stat, int], track: DamageTrackState) -> bool:
    """A recovery may buy one step up instead of points: all Pools above 0, not hale (N8)."""
    alive_and_hurt = DamageTrackState.HALE < track < DamageTrackState.DEAD
    return alive_and_hurt and all(pools[s] > 0 for s in STAT_ORDER)


def recover_track_step(pools: Mapping[Stat, int], track: DamageTrackState) -> DamageTrackState:
    """Spend a recovery to move one step up the damage track (N8)."""
    if not can_recover_track_step(pools, track):
        if track is DamageTrackState.HALE:
            raise RulesError("The character is already hale.")
        if track is DamageTrackState.DEAD:
            raise RulesError("A dead character cannot recover.")
        raise RulesError("Every Pool must be above 0 to trade a recovery for a step up.")
    return shift_track(track, -1)


@dataclass(frozen=True, slots=True)
class WoundHealing:
    """Wounds a `cypher` rest removed."""

    rest: Rest
    wounds_before: WoundState
    wounds_after: WoundState
    removed: dict[WoundSeverity, int] = field(hash=False)
    #: difficulty of the Might task that would heal a major wound on this rest, if any
    major_task_difficulty: int | None


def rest_heals_wounds(
    rest: Rest, wounds: WoundState, *, major_task_succeeded: bool = False
) -> WoundHealing:
    """Heal by rest (C10): ten minutes clears minor wounds, one hour one moderate, ten
    hours all moderate and, after a successful difficulty 6 Might task, one major.
    """
    after = wounds
    if rest is Rest.TEN_MINUTES:
        after = after.with_count(WoundSeverity.MINOR, 0)
    elif rest is Rest.ONE_HOUR:
        after = after.with_count(WoundSeverity.MODERATE, max(0, wounds.moderate - 1))
    elif rest is Rest.TEN_HOURS:
        after = after.with_count(WoundSeverity.MODERATE, 0)
        if major_task_succeeded and wounds.major > 0:
            after = after.with_count(WoundSeverity.MAJOR, wounds.major - 1)
    major_task = TEN_HOUR_MAJOR_DIFFICULTY if rest is Rest.TEN_HOURS and wounds.major > 0 else None
    return WoundHealing(
        rest=rest,
        wounds_before=wounds,
        wounds_after=after,
        removed={sev: wounds.count(sev) - after.count(sev) for sev in WoundSeverity},
        major_task_difficulty=major_task,
    )
