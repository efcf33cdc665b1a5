"""Switching a tag or a recursion on or off, as Foundry's Cypher System sheet does.

A sheet's skills, abilities, attacks, armor and equipment can belong to its tags and
recursions (`Character.recursions`), by name (`tags` on each item). Foundry's sheet
switches them with its "tagging engine", and imported sheets come set up for it, so
numdesk switches them the same way:

- recursions are one at a time: turning one on turns the active one off, and the
  recursion's focus becomes the character's (with "on <recursion>" as the flavor when
  the flavor named the one left);
- an exclusive tag turns the other exclusive tags off; other tags switch alone;
- every item that belongs to a tag or recursion is archived unless one of its tags or
  recursions is active now (items that belong to none are left as they are);
- what turned on adds its Pool and Edge changes, what turned off takes its own away; a
  Pool's current value moves with its maximum and never goes below 0.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from numdesk.model.character import Character
from numdesk.model.extras import Recursion
from numdesk.model.operations.base import Change
from numdesk.model.operations.sheet import CharacterOperation, locate, plural, stat_name
from numdesk.rules.types import Stat

#: the lists whose items can belong to tags and recursions
TAGGED_LISTS = ("skills", "abilities", "weapons", "armor", "equipment")


def tagged_items(character: Character) -> Iterator[Any]:
    """Every item of the lists that can belong to tags and recursions."""
    for list_name in TAGGED_LISTS:
        yield from getattr(character, list_name)


def members(character: Character, name: str) -> list[Any]:
    """The items that belong to the tag or recursion called `name`."""
    key = name.casefold()
    return [i for i in tagged_items(character) if key in (t.casefold() for t in i.tags)]


def unlink(character: Character, name: str) -> int:
    """Take the tag or recursion `name` off every item (it left the sheet); how many."""
    found = members(character, name)
    for item in found:
        item.tags = [t for t in item.tags if t.casefold() != name.casefold()]
    return len(found)


def relink(character: Character, old: str, new: str) -> None:
    """Items of the tag or recursion `old` follow it when it is renamed `new`."""
    for item in members(character, old):
        item.tags = [new if t.casefold() == old.casefold() else t for t in item.tags]


class SwitchRecursion(CharacterOperation):
    """Turn a tag or recursion on (or off), with everything that follows from it."""

    def __init__(self, key: int | str, active: bool = True) -> None:
        super().__init__()
        self.key = key
        self.active = active

    def _run(self, character: Character) -> Change:
        index = locate(character.recursions, self.key, "recursions", "tag or recursion")
        target = character.recursions[index]
        what = "recursion" if target.kind == "recursion" else "tag"
        if target.active == self.active:
            state = "on" if self.active else "off"
            return Change(f"The {what} {target.name} was already {state}", "items", record=False)
        switched = [(target, self.active)]
        if self.active:
            switched += [(other, False) for other in character.recursions if _ousts(target, other)]
        for recursion, on in switched:
            recursion.active = on
        parts = [_switch_text(switched)]
        if target.kind == "recursion" and self.active:
            parts += _translate(character, target, [r for r, on in switched if not on])
        parts += _stat_changes(character, switched)
        parts += _archive(character)
        return Change("; ".join(p for p in parts if p), kind="items")


def _ousts(target: Recursion, other: Recursion) -> bool:
    """Whether turning `target` on turns `other` off."""
    if other is target or not other.active or other.kind != target.kind:
        return False
    return target.kind == "recursion" or (target.exclusive and other.exclusive)


def _switch_text(switched: list[tuple[Recursion, bool]]) -> str:
    (target, on), others = switched[0], switched[1:]
    what = "recursion" if target.kind == "recursion" else "tag"
    text = f"{'Turned on' if on else 'Turned off'} the {what} {target.name}"
    if others:
        text += f" (off now: {', '.join(r.name for r, _on in others)})"
    return text


def _translate(character: Character, target: Recursion, left: list[Recursion]) -> list[str]:
    """A recursion's focus becomes the character's; "on <recursion>" follows it."""
    parts = []
    if target.focus and target.focus != character.focus:
        parts.append(f"focus '{character.focus}' → '{target.focus}'")
        character.focus = target.focus
    for old in left:
        if character.flavor.casefold() == f"on {old.name}".casefold():
            character.flavor = f"on {target.name}"
            parts.append(f"flavor 'on {old.name}' → '{character.flavor}'")
    return parts


def _stat_changes(character: Character, switched: list[tuple[Recursion, bool]]) -> list[str]:
    """Add the Pool and Edge changes of what turned on, take away those of what turned off."""
    parts = []
    for stat in Stat:
        pool_delta = sum(r.pool_changes.get(stat, 0) * (1 if on else -1) for r, on in switched)
        edge_delta = sum(r.edge_changes.get(stat, 0) * (1 if on else -1) for r, on in switched)
        pool = character.pool(stat)
        name = stat_name(stat)
        if pool_delta:
            before = f"{pool.current}/{pool.maximum}"
            pool.maximum = max(0, pool.maximum + pool_delta)
            pool.current = min(max(0, pool.current + pool_delta), pool.maximum)
            parts.append(f"{name} Pool {before} → {pool.current}/{pool.maximum}")
        if edge_delta:
            before_edge = pool.edge
            pool.edge = max(0, pool.edge + edge_delta)
            parts.append(f"{name} Edge {before_edge} → {pool.edge}")
    return parts


def _archive(character: Character) -> list[str]:
    """Archive each item whose tags and recursions are all off; bring back the others."""
    active = {r.name.casefold() for r in character.recursions if r.active}
    archived: list[str] = []
    restored: list[str] = []
    for item in tagged_items(character):
        if not item.tags:
            continue
        keep = not any(t.casefold() in active for t in item.tags)
        if item.archived != keep:
            item.archived = keep
            (archived if keep else restored).append(item.name)
    parts = []
    if restored:
        parts.append(f"{plural(len(restored), 'item')} in use again ({', '.join(restored)})")
    if archived:
        parts.append(f"{plural(len(archived), 'item')} archived ({', '.join(archived)})")
    return parts
