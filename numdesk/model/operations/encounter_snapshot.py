"""What an encounter operation copies before it runs, so a refusal changes nothing.

An operation snapshots the encounter (without its log, which only grows) before it
runs and puts the snapshot back if it is refused. A whole snapshot copies every
combatant: fine for one action, but an area attack on 500 combatants is 500 actions,
and 500 copies of all 500 made it grow with the square of the fight. Inside
`light_snapshots` an operation copies only the encounter's own fields (its lists one
level deep) and each combatant as `find` first hands it over (`note_reached`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.operations.base import clone

_SNAPSHOT_FIELDS = tuple(f.name for f in dataclasses.fields(Encounter) if f.name != "log")
#: the combatants reached through `find` by the operation running inside
#: `light_snapshots`, by identity, each with a copy made before it could change
_Reached = dict[int, tuple[Combatant, Combatant]]
_REACHED: ContextVar[_Reached | None] = ContextVar("reached", default=None)
_LIGHT: ContextVar[bool] = ContextVar("light", default=False)
#: the place of each combatant in the list `find` searched last (by the list's
#: identity): an area attack finds 500 targets in a list of 500 without 500 searches
_PLACES: tuple[int, dict[str, int]] = (0, {})


@contextmanager
def light_snapshots() -> Iterator[None]:
    """Operations applied inside copy only what they can change before a refusal: the
    encounter's own fields (its lists one level deep) and each combatant as they first
    reach it through `find`, not every combatant.

    Enough to put back what a refused action changed before it was refused, not to
    `revert` it afterwards: the caller puts the encounter back from the library instead.
    The encounter controller applies the actions of one group (an area attack) this
    way, so an attack on 500 combatants costs one copy of each target, not 500 copies
    of all 500.
    """
    token = _LIGHT.set(True)
    try:
        yield
    finally:
        _LIGHT.reset(token)


def is_light() -> bool:
    """Whether operations run inside `light_snapshots` now."""
    return _LIGHT.get()


def snapshot(encounter: Encounter, light: bool = False) -> dict[str, Any]:
    """The encounter's fields but its log: copied whole, or (`light`) one level deep."""
    if light:
        return {
            name: list(value) if isinstance(value, list) else value
            for name in _SNAPSHOT_FIELDS
            for value in (getattr(encounter, name),)
        }
    return {name: clone(getattr(encounter, name)) for name in _SNAPSHOT_FIELDS}


def put_back(
    encounter: Encounter, state: dict[str, Any], log_length: int, *, keep: bool = True
) -> None:
    """Restore `state`; with `keep` False the snapshot's own objects go back in (no copy)."""
    for name, value in state.items():
        setattr(encounter, name, clone(value) if keep else value)
    del encounter.log[log_length:]


@contextmanager
def reaching(light: bool) -> Iterator[_Reached | None]:
    """While an operation runs: (`light`) the combatants it reached, else None."""
    token = _REACHED.set({} if light else None)
    try:
        yield _REACHED.get()
    finally:
        _REACHED.reset(token)


def note_reached(combatant: Combatant) -> None:
    """Copy `combatant` before the running light operation can change it (once)."""
    reached = _REACHED.get()
    if reached is not None and id(combatant) not in reached:
        reached[id(combatant)] = (combatant, clone(combatant))


def put_back_reached(reached: _Reached | None) -> None:
    """Give each combatant an operation reached its copy's values (in place)."""
    for combatant, copied in (reached or {}).values():
        combatant.__dict__.clear()
        combatant.__dict__.update(copied.__dict__)


def place_of(combatants: list[Combatant], uid: str) -> Combatant | None:
    """The combatant `uid` in `combatants` (None if absent), without searching the list
    again while it stays the same list."""
    index = _places(combatants).get(uid)
    if index is None or index >= len(combatants) or combatants[index].uid != uid:
        index = _places(combatants, again=True).get(uid)  # the list changed since
    return None if index is None else combatants[index]


def _places(combatants: list[Combatant], again: bool = False) -> dict[str, int]:
    """uid -> index in `combatants`, as last seen (`place_of` checks each answer)."""
    global _PLACES
    key, places = _PLACES
    if again or key != id(combatants):
        places = {c.uid: i for i, c in enumerate(combatants)}
        _PLACES = (id(combatants), places)
    return places
