"""The `numenera` damage track and what each state means (RULES.md N3–N6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from numdesk.rules.types import DamageTrackState, Stat

_LABELS = {
    DamageTrackState.HALE: "Hale",
    DamageTrackState.IMPAIRED: "Impaired",
    DamageTrackState.DEBILITATED: "Debilitated",
    DamageTrackState.DEAD: "Dead",
}


def track_label(state: DamageTrackState) -> str:
    """The state's name as shown on a sheet."""
    return _LABELS[state]


def shift_track(state: DamageTrackState, steps: int) -> DamageTrackState:
    """Move down the track by `steps` (negative moves up), staying hale..dead (N3)."""
    value = min(max(int(state) + steps, DamageTrackState.HALE), DamageTrackState.DEAD)
    return DamageTrackState(value)


def is_hale(pools: Mapping[Stat, int], state: DamageTrackState) -> bool:
    """Hale means no step down the track and every Pool at 1 or more (N4)."""
    return state is DamageTrackState.HALE and all(pools[s] >= 1 for s in Stat)


@dataclass(frozen=True, slots=True)
class TrackEffects:
    """What a damage track state does to a character (N4–N6)."""

    state: DamageTrackState
    label: str
    #: extra points per level of Effort (G9a)
    effort_surcharge: int
    #: whether 19/20 can bring minor/major effects (G10)
    minor_major_effects: bool
    #: most bonus damage a 17+ can add, None when unlimited (G10)
    special_damage_cap: int | None
    can_take_actions: bool
    can_move: bool
    #: farthest range the character can move, or None when not limited
    move_limit: str | None
    dead: bool
    summary: str


def track_effects(state: DamageTrackState, *, speed_pool: int = 1) -> TrackEffects:
    """Describe the consequences of `state`; a debilitated PC at Speed 0 cannot move."""
    impaired = state is DamageTrackState.IMPAIRED
    debilitated = state is DamageTrackState.DEBILITATED
    dead = state is DamageTrackState.DEAD
    can_move = not dead and not (debilitated and speed_pool <= 0)
    if dead:
        summary = "The character is dead."
    elif debilitated:
        summary = (
            "No actions except moving an immediate distance."
            if can_move
            else "No actions, and with Speed 0 no movement either."
        )
    elif impaired:
        summary = "Effort costs 1 more per level; no minor or major effects; 17+ adds only 1."
    else:
        summary = "No penalties."
    return TrackEffects(
        state=state,
        label=track_label(state),
        effort_surcharge=1 if impaired else 0,
        minor_major_effects=state is DamageTrackState.HALE,
        special_damage_cap=1 if impaired else None,
        can_take_actions=state is DamageTrackState.HALE or impaired,
        can_move=can_move,
        move_limit="immediate" if debilitated and can_move else None,
        dead=dead,
        summary=summary,
    )
