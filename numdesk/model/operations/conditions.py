"""The sheet's state as the rules engine sees it: Pools as mappings, wounds, impairment.

Operations and previews read the character through these, so the conversion between
the model's dataclasses and the rules engine's plain values lives in one place.
"""

from __future__ import annotations

from numdesk.model.character import Character, Wounds
from numdesk.model.validation import profile_of
from numdesk.rules.damage_track import track_effects
from numdesk.rules.types import Stat
from numdesk.rules.wounds import WoundState, is_dead, wound_hindrance


def pools_current(character: Character) -> dict[Stat, int]:
    """Current Pool values by stat."""
    return {stat: character.pool(stat).current for stat in Stat}


def pools_maximum(character: Character) -> dict[Stat, int]:
    """Pool maximums by stat."""
    return {stat: character.pool(stat).maximum for stat in Stat}


def set_pools(character: Character, values: dict[Stat, int]) -> None:
    """Write current Pool values back onto the sheet."""
    for stat, value in values.items():
        character.pool(stat).current = value


def wound_state(character: Character) -> WoundState:
    """The sheet's wounds as the rules engine's value."""
    w = character.wounds
    return WoundState(
        minor=w.minor,
        moderate=w.moderate,
        major=w.major,
        minor_slots=w.minor_slots,
        moderate_slots=w.moderate_slots,
        major_slots=w.major_slots,
    )


def set_wounds(character: Character, state: WoundState) -> None:
    """Write the rules engine's wound value back onto the sheet."""
    character.wounds = Wounds(
        minor=state.minor,
        moderate=state.moderate,
        major=state.major,
        minor_slots=state.minor_slots,
        moderate_slots=state.moderate_slots,
        major_slots=state.major_slots,
    )


def is_impaired(character: Character) -> bool:
    """Whether Effort costs more and special rolls are limited (N5); never in `cypher`."""
    if not profile_of(character).uses_damage_track:
        return False
    return track_effects(character.damage_track).effort_surcharge > 0


def task_hindrance(character: Character) -> int:
    """Steps every task is hindered by the character's wounds (C3); 0 in `numenera`."""
    if profile_of(character).uses_damage_track:
        return 0
    return wound_hindrance(wound_state(character))


def track_problem(character: Character) -> str | None:
    """Why the character cannot take an action now (debilitated, dead), or None."""
    profile = profile_of(character)
    if profile.uses_damage_track:
        effects = track_effects(
            character.damage_track, speed_pool=character.pool(Stat.SPEED).current
        )
        if not effects.can_take_actions:
            return f"{character.name} is {effects.label.lower()}: {effects.summary}"
        return None
    if is_dead(wound_state(character)):
        return f"{character.name} is dead."
    return None
