"""Entries filled to the limits of `numdesk.model.limits`, for the round-trip tests.

The list fields are found from the model's type hints (so a list added to the model is
tested without touching this file); items are the smallest valid value of their type.
"""

from __future__ import annotations

import copy
import dataclasses
import types
import typing
from collections.abc import Iterator
from enum import Enum
from typing import Any

from numdesk.model.character import Character
from numdesk.model.kinds import ENTRY_CLASSES, EntryKind, ModelObject
from numdesk.model.limits import RANGES, list_limit, text_limit
from tests.store.conftest import make_samples

#: (kind, path of field names from the entry to a list field, the list's item type)
ListPath = tuple[EntryKind, tuple[str, ...], Any]


def _plain(tp: Any) -> Any:
    """`X` for `X | None`."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return next(a for a in typing.get_args(tp) if a is not type(None))
    return tp


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _list_paths(cls: type, prefix: tuple[str, ...], seen: tuple[type, ...]) -> Iterator[Any]:
    if cls in seen:
        return
    for f in dataclasses.fields(cls):
        tp = _plain(_hints(cls)[f.name])
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        here = (*prefix, f.name)
        if origin is list:
            yield here, args[0]
            if dataclasses.is_dataclass(args[0]):
                yield from _list_paths(args[0], here, (*seen, cls))
        elif dataclasses.is_dataclass(tp):
            yield from _list_paths(tp, here, (*seen, cls))


def list_paths() -> list[ListPath]:
    """Every list field of every entry kind (nested ones too), once per kind."""
    return [
        (kind, path, item)
        for kind, cls in ENTRY_CLASSES.items()
        for path, item in _list_paths(cls, (), ())
    ]


def smallest(tp: Any) -> Any:
    """The smallest valid value of type `tp` (a dataclass gets its required fields)."""
    tp = _plain(tp)
    if dataclasses.is_dataclass(tp):
        values = {}
        for f in dataclasses.fields(tp):
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                values[f.name] = _smallest_field(tp.__name__, f.name, _hints(tp)[f.name])
        return tp(**values)
    return _smallest_field("", "", tp)


def _smallest_field(owner: str, name: str, tp: Any) -> Any:
    tp = _plain(tp)
    origin = typing.get_origin(tp)
    if tp is str:
        return "x"
    if tp is int:
        bounds = RANGES.get(f"{owner}.{name}")
        return max(bounds.low, 1) if bounds else 1
    if tp is bool:
        return False
    if isinstance(tp, type) and issubclass(tp, Enum):
        return next(iter(tp))
    if origin is list:
        return []
    if origin is dict:
        return {}
    if dataclasses.is_dataclass(tp):
        return smallest(tp)
    raise TypeError(f"no smallest value for {tp!r}")


#: The smallest PNG file: a 1×1 transparent pixel.
PIXEL_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082"
)


def sample(kind: EntryKind) -> ModelObject:
    """A filled-in, valid entry of `kind` (a fresh copy each time)."""
    obj = copy.deepcopy(make_samples()[kind])
    if isinstance(obj, Character):
        obj.portrait = PIXEL_PNG  # the shared sample's portrait is not a real image
    return obj


def with_list(kind: EntryKind, path: tuple[str, ...], item: Any, count: int) -> ModelObject:
    """A sample of `kind` whose list at `path` holds `count` smallest items (the
    containers on the way are given one item each where they are empty)."""
    obj = sample(kind)
    holder: Any = obj
    for step in path[:-1]:
        value = getattr(holder, step)
        if isinstance(value, list):
            if not value:
                owner_hints = _hints(type(holder))
                value.append(smallest(typing.get_args(_plain(owner_hints[step]))[0]))
            holder = value[0]
        else:
            if value is None:
                value = smallest(_plain(_hints(type(holder))[step]))
                setattr(holder, step, value)
            holder = value
    setattr(holder, path[-1], [smallest(item) for _ in range(count)])
    return obj


def limit_of(path: tuple[str, ...]) -> int:
    """The most items the list at `path` may hold."""
    return list_limit(path[-1])


def texts_at_limit(obj: Any) -> None:
    """Every text field of `obj` and of the first item of each of its lists at its
    length limit (kept valid: enum-like and id fields are left alone)."""
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if type(value) is str and f.name not in _NOT_FREE_TEXT:
            setattr(obj, f.name, _text(text_limit(f.name)))
        elif isinstance(value, list) and value and dataclasses.is_dataclass(value[0]):
            texts_at_limit(value[0])
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            texts_at_limit(value)


#: Text fields whose value is an id, a kind word or a time, not free text.
_NOT_FREE_TEXT = frozenset(
    {
        "uid", "source_uid", "profile", "part", "base", "category", "kind", "at", "owner",
        "wait_after", "recursion", "level_dice", "damage_kind", "form", "depletion",
    }
)  # fmt: skip


def _text(length: int) -> str:
    words = "Ninth World röstiräuber ☼ "  # non-ASCII too: limits count characters
    return (words * (length // len(words) + 1))[:length]
