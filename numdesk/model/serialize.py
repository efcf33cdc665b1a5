"""Plain-data conversion of model objects, for the library file and the export format.

`to_data` turns a model dataclass into JSON-ready dicts, lists, strings and numbers;
`from_data` rebuilds it from its type hints and raises `DomainError` naming the path of
the first value that does not fit, so a damaged row or file is reported, never guessed.
"""

from __future__ import annotations

import base64
import dataclasses
import types
import typing
from collections.abc import Iterable, Sequence
from enum import Enum
from functools import cache
from typing import Any, TypeVar

from numdesk.model.errors import DomainError
from numdesk.model.history import HISTORY_FIELD

T = TypeVar("T")


#: Types `to_data` returns as they are (exact types: enums and bools-as-ints differ).
_PLAIN = frozenset({str, int, float, bool, type(None)})


def to_data(value: Any) -> Any:
    """Convert a model object (recursively) to JSON-compatible data.

    It runs on every save of every entry, so the common cases come first and a
    dataclass's field names are looked up once per class.
    """
    cls = type(value)
    if cls in _PLAIN:
        return value
    if cls is list or cls is tuple:
        return [to_data(v) for v in value]
    names = _field_names(cls)
    if names is not None:
        return {name: to_data(getattr(value, name)) for name in names}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, dict):
        return {str(to_data(k)): to_data(v) for k, v in value.items()}
    return value


def entry_data(obj: Any) -> dict[str, Any]:
    """`to_data` of a library entry without a character's history (no "history" key).

    The history is kept line by line beside the entry (it only grows at its end), so a
    save, an undo or a diff of a sheet never converts its thousands of lines.
    """
    names = _field_names(type(obj)) or ()
    return {name: to_data(getattr(obj, name)) for name in names if name != HISTORY_FIELD}


_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def _field_names(cls: type) -> tuple[str, ...] | None:
    """The field names of a dataclass type, or None for any other type (memoised)."""
    try:
        return _FIELD_NAMES[cls]
    except KeyError:
        names = (
            tuple(f.name for f in dataclasses.fields(cls))
            if dataclasses.is_dataclass(cls)
            else None
        )
        _FIELD_NAMES[cls] = names
        return names


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


#: Field types whose stored value is the value itself when its type is exactly the same
#: (checked first: a character's 100,000 history lines hold 400,000 texts).
_SAME = frozenset({str, int, bool})


def from_data(cls: type[T], data: Any, path: str = "$") -> T:
    """Build a `cls` from `to_data` output; unknown keys are ignored, missing ones default."""
    result: T = _convert(cls, data, path)
    return result


def _convert(tp: Any, data: Any, path: str) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _convert(arg, data, path)
            except DomainError as err:
                errors.append(err)
        raise errors[0] if errors else _mismatch(path, "a value", data)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise _mismatch(path, "an object", data)
        hints = _hints(tp)
        kwargs = {}
        for f in dataclasses.fields(tp):
            if f.name in data:
                hint, value = hints[f.name], data[f.name]
                if hint in _SAME and type(value) is hint:  # a text, a whole number, a flag
                    kwargs[f.name] = value
                    continue
                kwargs[f.name] = _convert(hint, value, f"{path}.{f.name}")
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise DomainError(f"{path}: the required field '{f.name}' is missing.")
        return tp(**kwargs)
    if origin is list:
        if not isinstance(data, list):
            raise _mismatch(path, "a list", data)
        return [_convert(args[0], v, f"{path}[{i}]") for i, v in enumerate(data)]
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if not isinstance(data, list):
            raise _mismatch(path, "a list", data)
        return tuple(_convert(args[0], v, f"{path}[{i}]") for i, v in enumerate(data))
    if origin is dict:
        if not isinstance(data, dict):
            raise _mismatch(path, "an object", data)
        return {
            _convert(args[0], k, f"{path}.{k}"): _convert(args[1], v, f"{path}.{k}")
            for k, v in data.items()
        }
    if isinstance(tp, type) and issubclass(tp, Enum):
        try:
            return tp(data)
        except ValueError:
            choices = ", ".join(repr(m.value) for m in tp)
            raise _mismatch(path, f"one of {choices}", data) from None
    if tp is bool:
        if not isinstance(data, bool):
            raise _mismatch(path, "true or false", data)
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise _mismatch(path, "a whole number", data)
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise _mismatch(path, "a number", data)
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise _mismatch(path, "text", data)
        return data
    if tp is bytes:
        if not isinstance(data, str):
            raise _mismatch(path, "base64 text", data)
        try:
            return base64.b64decode(data, validate=True)
        except ValueError:
            raise _mismatch(path, "base64 text", data) from None
    raise TypeError(f"{path}: no conversion for {tp!r}")


def from_data_changed(current: T, data: dict[str, Any], paths: Iterable[Sequence[Any]]) -> T:
    """`from_data(type(current), data)`, where `data` is `current`'s data changed only at
    `paths` (a patch's): the fields and list entries no path reaches are `current`'s own
    objects instead of new ones, so undoing a click on a big sheet builds what the click
    changed, not the whole sheet. The result shares them with `current`: meant for an
    object that replaces `current`.
    """
    cls: Any = type(current)
    hints = _hints(cls)
    whole: set[str] = set()
    entries: dict[str, set[int]] = {}
    for path in paths:
        name = path[0] if path else None
        if not isinstance(name, str) or name not in hints or name not in data:
            rebuilt: T = from_data(cls, data)  # the whole entry, or a field it lacks
            return rebuilt
        index = path[1] if len(path) > 1 else None
        if typing.get_origin(hints[name]) is list and type(index) is int:
            entries.setdefault(name, set()).add(index)
        else:
            whole.add(name)
    new: T = object.__new__(cls)
    new.__dict__.update(current.__dict__)
    for name in whole:
        setattr(new, name, _convert(hints[name], data[name], f"$.{name}"))
    for name, indexes in entries.items():
        raw, kept = data[name], getattr(current, name)
        if name in whole:
            continue
        if not isinstance(raw, list) or not isinstance(kept, list) or len(raw) != len(kept):
            setattr(new, name, _convert(hints[name], raw, f"$.{name}"))
            continue
        item = typing.get_args(hints[name])[0]
        values = list(kept)
        for index in indexes:
            if 0 <= index < len(values):
                values[index] = _convert(item, raw[index], f"$.{name}[{index}]")
        setattr(new, name, values)
    return new


def _mismatch(path: str, expected: str, got: Any) -> DomainError:
    shown = repr(got)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return DomainError(f"{path}: expected {expected}, found {shown}.")
