"""The quick schema check never lets through what `jsonschema` refuses, and says yes to
numdesk's own exports (that is what makes a 100,000-line history import in seconds).

Every kind of entry, with each of its lists holding an item, is mutated at random
places (a value of another type, an unknown enum value, a field dropped, a field
added); wherever the quick check says "valid", `jsonschema` must agree."""

from __future__ import annotations

import copy
import random
from typing import Any

from jsonschema import Draft202012Validator

from numdesk.io.native import _data_validator
from numdesk.io.schema import export_schema
from numdesk.model.kinds import ENTRY_CLASSES, EntryKind
from numdesk.model.serialize import to_data
from tests.io.limit_fill import list_paths, sample, with_list

#: values of every JSON type, put where another type may be expected
ODD_VALUES: list[Any] = ["seven", 7, 7.5, 1.0, True, None, [], {}, [1], {"x": 1}, "", -1]


def _filled(kind: EntryKind) -> dict[str, Any]:
    """A filled-in entry of `kind` whose every list holds an item."""
    data: dict[str, Any] = to_data(sample(kind))
    for list_kind, path, item in list_paths():
        if list_kind is kind:
            data = _merge(data, to_data(with_list(kind, path, item, 1)))
    return data


def _merge(a: Any, b: Any) -> Any:
    if isinstance(a, dict) and isinstance(b, dict):
        return {k: _merge(a[k], b[k]) if k in a else b[k] for k in b} | {
            k: v for k, v in a.items() if k not in b
        }
    if isinstance(a, list) and isinstance(b, list):
        return a if len(a) >= len(b) else b
    return b


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _places(item, (*path, index))
    return found


def _mutated(data: Any, rng: random.Random) -> Any:
    doc = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        places = [p for p in _places(doc) if p]
        if not places:
            break
        path = rng.choice(places)
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        choice = rng.random()
        if choice < 0.6:
            parent[last] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif choice < 0.8 and isinstance(parent, dict):
            del parent[last]
        elif isinstance(parent, dict):
            parent[f"extra_{rng.randint(0, 9)}"] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif isinstance(parent, list):
            parent.append(copy.deepcopy(rng.choice(ODD_VALUES)))
    return doc


def test_the_quick_check_agrees_with_jsonschema_on_mutated_entries() -> None:
    rng = random.Random(23)
    schema = export_schema()
    said_valid = refused_quickly = 0
    for kind in ENTRY_CLASSES:
        data = _filled(kind)
        quick = _data_validator(kind)
        slow = Draft202012Validator(
            {"$defs": schema["$defs"], "$ref": f"#/$defs/{ENTRY_CLASSES[kind].__name__}"}
        )
        assert quick._quick is not None and quick._quick(data), kind  # its own export
        for _ in range(300):
            doc = _mutated(data, rng)
            if quick._quick(doc):
                said_valid += 1
                assert slow.is_valid(doc), (kind, doc)
            else:
                refused_quickly += 1
                assert quick.is_valid(doc) == slow.is_valid(doc)
    assert said_valid > 100 and refused_quickly > 1000  # both ways were tried
