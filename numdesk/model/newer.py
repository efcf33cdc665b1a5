"""Content a newer numdesk wrote into a library of the same schema.

A newer numdesk may add a kind of entry ("spell") or a field to a known kind ("morale"
on a creature, "luck" inside an ability of a sheet, "note" inside a creature's attack)
without changing the library's schema. This numdesk keeps both exactly as stored: an
entry of an unknown kind is a `NewerEntry` (listed, shown as made by a newer numdesk,
exported unchanged, never edited); the unknown fields of a known kind, at any depth,
are carried over by every save and every export (`carry_newer`).

The model's dataclasses say what this numdesk knows: a key of a stored object that is
not a field of its class is a newer numdesk's. To carry such keys into a new copy of an
entry, objects are matched as the data nests them: a field by its name, a dict value by
its key, a list item by its `uid` where the item's class has one, else by its place:
where it was if it is unchanged there, else where the same item now is (one before it
was removed or inserted), else where it was if the list is as long as before (it was
edited). A field is never moved onto another item.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from numdesk.model.kinds import ENTRY_CLASSES, EntryKind


@dataclass(frozen=True)
class NewerEntry:
    """An entry of a kind this numdesk does not know, as stored: `data` is its content."""

    uid: str
    kind: str
    name: str
    data: dict[str, Any]


@cache
def known_fields(kind: EntryKind) -> frozenset[str]:
    """The top-level fields this numdesk stores for an entry of `kind`."""
    return frozenset(f.name for f in dataclasses.fields(ENTRY_CLASSES[kind]))


def unknown_fields(kind: EntryKind, data: dict[str, Any]) -> dict[str, Any]:
    """The top-level fields of stored `data` this numdesk does not know (a newer one's)."""
    known = known_fields(kind)
    return {key: value for key, value in data.items() if key not in known}


# -- what this numdesk knows of a kind's data, as a tree of shapes ---------------------


@dataclass(eq=False)
class _Object:
    """A dataclass: its fields (only those that hold objects somewhere below are walked)."""

    fields: frozenset[str]
    nested: dict[str, _Shape]
    has_uid: bool


@dataclass(eq=False)
class _List:
    item: _Shape


@dataclass(eq=False)
class _Dict:
    value: _Shape


@dataclass(eq=False)
class _Choice:
    """A union of several dataclasses: the stored object's keys tell which it is."""

    arms: tuple[_Object, ...]


_Shape = _Object | _List | _Dict | _Choice | None  # None: a plain value, nothing inside


def _shape_of_class(cls: type) -> _Object:
    if cls in _SHAPES:
        return _SHAPES[cls]
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    obj = _Object(frozenset(names), {}, "uid" in names)
    # filled after it is cached: a class that (indirectly) holds itself ends here
    _SHAPES[cls] = obj
    for name in names:
        inner = _shape(hints[name])
        if inner is not None:
            obj.nested[name] = inner
    return obj


_SHAPES: dict[type, _Object] = {}


def _shape(tp: Any) -> _Shape:
    """What `tp` holds that can carry fields of its own (None for plain values)."""
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _shape_of_class(tp)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        shapes = [s for s in (_shape(a) for a in args if a is not type(None)) if s is not None]
        if not shapes:
            return None
        if len(shapes) == 1:
            return shapes[0]
        if all(isinstance(s, _Object) for s in shapes):
            return _Choice(tuple(s for s in shapes if isinstance(s, _Object)))
        return None  # no model field mixes objects and lists: nothing to walk
    if origin in (list, tuple) and args:
        inner = _shape(args[0])
        return None if inner is None else _List(inner)
    if origin is dict and len(args) == 2:
        inner = _shape(args[1])
        return None if inner is None else _Dict(inner)
    return None


def _kind_shape(kind: EntryKind) -> _Object:
    return _shape_of_class(ENTRY_CLASSES[kind])


def _arm(choice: _Choice, data: dict[str, Any]) -> _Object:
    """The arm of a union whose fields the stored object uses most."""
    return max(choice.arms, key=lambda arm: len(arm.fields & data.keys()))


# -- finding, naming, carrying and leaving out a newer numdesk's fields ------------------


def has_newer(
    kind: EntryKind, data: Any, known: Mapping[str, Collection[int]] | None = None
) -> bool:
    """Whether stored `data` of an entry of `kind` holds a field a newer numdesk added.

    `known`: top-level list field -> the places of its items known to hold none (equal
    to items checked at an earlier save), which are not walked again: a save of a fight
    checks the one combatant that changed, not all fifty.
    """
    shape = _kind_shape(kind)
    if not known or not isinstance(data, dict):
        return _has(shape, data)
    if not data.keys() <= shape.fields:
        return True
    for name, inner in shape.nested.items():
        value = data.get(name)
        skip = known.get(name)
        if skip and isinstance(inner, _List) and isinstance(value, list):
            if any(_has(inner.item, v) for i, v in enumerate(value) if i not in skip):
                return True
        elif _has(inner, value):
            return True
    return False


def _has(shape: _Shape, data: Any) -> bool:
    if shape is None:
        return False
    if isinstance(shape, _Choice):
        return isinstance(data, dict) and _has(_arm(shape, data), data)
    if isinstance(shape, _Object):
        if not isinstance(data, dict):
            return False
        if not data.keys() <= shape.fields:
            return True
        nested = shape.nested.items()
        return bool(nested) and any(_has(inner, data.get(name)) for name, inner in nested)
    if isinstance(shape, _List):
        if not isinstance(data, list):
            return False
        item = shape.item
        if isinstance(item, _Object) and not item.nested:  # a fight's log: kept quick
            fields = item.fields
            return any(isinstance(v, dict) and not v.keys() <= fields for v in data)
        return any(_has(item, value) for value in data)
    return isinstance(data, dict) and any(_has(shape.value, v) for v in data.values())


def newer_names(kind: EntryKind, data: Any) -> list[tuple[str, str]]:
    """The newer numdesk's fields in stored `data`, each once as (field, the top-level
    field it is inside, "" at the top): ("morale", ""), ("luck", "abilities")."""
    found: dict[tuple[str, str], None] = {}
    _names(_kind_shape(kind), data, "", found)
    return list(found)


def _names(shape: _Shape, data: Any, where: str, found: dict[tuple[str, str], None]) -> None:
    if shape is None:
        return
    if isinstance(shape, _Choice):
        if isinstance(data, dict):
            _names(_arm(shape, data), data, where, found)
        return
    if isinstance(shape, _Object):
        if not isinstance(data, dict):
            return
        for key in data:
            if key not in shape.fields:
                found[(key, where)] = None
        for name, inner in shape.nested.items():
            _names(inner, data.get(name), where or name, found)
        return
    values = data if isinstance(shape, _List) and isinstance(data, list) else []
    if isinstance(shape, _Dict) and isinstance(data, dict):
        values = list(data.values())
    inner = shape.item if isinstance(shape, _List) else shape.value
    for value in values:
        _names(inner, value, where, found)


def carry_newer(kind: EntryKind, stored: Any, new: dict[str, Any]) -> dict[str, Any]:
    """`new` (the `to_data` of an entry of `kind` about to replace `stored`) given back
    what a newer numdesk stored in `stored`, at every depth; `new` is changed in place.

    A field `new` holds itself is never overwritten; an object that is gone from `new`
    takes its newer fields with it.
    """
    _carry(_kind_shape(kind), stored, new)
    return new


def _carry(shape: _Shape, stored: Any, new: Any) -> None:
    if shape is None:
        return
    if isinstance(shape, _Choice):
        if isinstance(stored, dict) and isinstance(new, dict):
            _carry(_arm(shape, stored), stored, new)
        return
    if isinstance(shape, _Object):
        if not (isinstance(stored, dict) and isinstance(new, dict)):
            return
        for key, value in stored.items():
            if key not in shape.fields and key not in new:
                new[key] = value
        for name, inner in shape.nested.items():
            if name in stored and name in new:
                _carry(inner, stored[name], new[name])
        return
    if isinstance(shape, _Dict):
        if isinstance(stored, dict) and isinstance(new, dict):
            for key, value in stored.items():
                if key in new:
                    _carry(shape.value, value, new[key])
        return
    if isinstance(stored, list) and isinstance(new, list):
        _carry_items(shape.item, stored, new)


def _carry_items(item: _Shape, stored: list[Any], new: list[Any]) -> None:
    """Carry into the items of `new` from the stored items they are (by uid, or by an
    unchanged position)."""
    with_uid = isinstance(item, _Object) and item.has_uid
    if with_uid:
        by_uid = {
            s["uid"]: s for s in stored if isinstance(s, dict) and isinstance(s.get("uid"), str)
        }
        for value in new:
            if isinstance(value, dict) and value.get("uid") in by_uid:
                _carry(item, by_uid[value["uid"]], value)
        return
    pending = [i for i, old in enumerate(stored) if _has(item, old)]
    if not pending:
        return
    plain = [_without(item, value) for value in new]
    taken: set[int] = set()
    for index in pending:
        old = _without(item, stored[index])
        # the same item: unchanged where it was, else unchanged elsewhere (an item was
        # removed or inserted before it), else edited in a list as long as before
        found = index if index < len(plain) and plain[index] == old else None
        if found is None or found in taken:
            found = next((i for i, v in enumerate(plain) if i not in taken and v == old), None)
        if found is None and len(stored) == len(new) and index not in taken:
            found = index
        if found is not None:
            taken.add(found)
            _carry(item, stored[index], new[found])


def without_newer(kind: EntryKind, data: Any) -> Any:
    """A copy of stored `data` with every field a newer numdesk added left out: what
    this numdesk knows of the entry (the parts that are checked and built)."""
    return _without(_kind_shape(kind), data)


def _without(shape: _Shape, data: Any) -> Any:
    if shape is None:
        return data
    if isinstance(shape, _Choice):
        return _without(_arm(shape, data), data) if isinstance(data, dict) else data
    if isinstance(shape, _Object):
        if not isinstance(data, dict):
            return data
        out = {key: value for key, value in data.items() if key in shape.fields}
        for name, inner in shape.nested.items():
            if name in out:
                out[name] = _without(inner, out[name])
        return out
    if isinstance(shape, _List):
        return [_without(shape.item, v) for v in data] if isinstance(data, list) else data
    if isinstance(data, dict):
        return {key: _without(shape.value, value) for key, value in data.items()}
    return data
