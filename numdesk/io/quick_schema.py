"""A quick yes for data that fits the export format's JSON Schema, before `jsonschema`.

`jsonschema` walks every value through its generic machinery (a new validator object
per keyword and value, every `$ref` looked up anew): about 0.1 ms of CPU per history
line, so a character with the history's 100,000 lines took a minute to check. The
schema numdesk writes uses a handful of keywords, so it is compiled once into plain
Python checks that answer only "surely valid" or "not sure". Valid data, nearly every
file, is done with that; anything else goes to `jsonschema`, which decides and names
the problem by its JSON path exactly as before. The quick check is conservative: when
in doubt (a float where a whole number is asked, a keyword it does not know) it says
"not sure", never "valid".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jsonschema import Draft202012Validator

Check = Callable[[Any], bool]

#: keywords that only describe (they never make data invalid)
_NOTES = frozenset(
    {"description", "title", "$schema", "$id", "$comment", "default", "examples",
     "contentEncoding", "contentMediaType"}
)  # fmt: skip
#: the exact Python types each JSON type may be (bool is not a number here)
_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
    "array": (list,),
    "object": (dict,),
}


class _Unsupported(Exception):
    """The schema uses something the quick check does not know: `jsonschema` alone."""


class QuickValidator:
    """`jsonschema`'s validator for `schema`, with the quick check in front of it."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self._slow = Draft202012Validator(schema)
        try:
            self._quick: Check | None = _Compiler(schema.get("$defs", {})).compile(schema)
        except _Unsupported:
            self._quick = None

    def is_valid(self, instance: Any) -> bool:
        """Whether `instance` fits the schema (quickly when it surely does)."""
        if self._quick is not None and self._quick(instance):
            return True
        return self._slow.is_valid(instance)

    def iter_errors(self, instance: Any) -> Any:
        """The schema errors of `instance`, as `jsonschema` finds and words them."""
        return self._slow.iter_errors(instance)


class _Compiler:
    """Turns (sub)schemas into checks; `$ref`s to `$defs` are compiled once each."""

    def __init__(self, defs: dict[str, Any]) -> None:
        self._defs = defs
        self._compiled: dict[str, Check] = {}

    def compile(self, schema: Any) -> Check:
        if schema is True:
            return lambda _value: True
        if not isinstance(schema, dict):
            raise _Unsupported(repr(schema))
        checks = [self._keyword(key, value, schema) for key, value in schema.items()]
        wanted = [c for c in checks if c is not None]
        if not wanted:
            return lambda _value: True
        if len(wanted) == 1:
            return wanted[0]
        return lambda value: all(check(value) for check in wanted)

    def _ref(self, ref: Any) -> Check:
        prefix = "#/$defs/"
        if not isinstance(ref, str) or not ref.startswith(prefix):
            raise _Unsupported(ref)
        name = ref[len(prefix) :]
        if name not in self._defs:
            raise _Unsupported(ref)
        if name not in self._compiled:
            cell: list[Check] = []
            # a definition that refers to itself finds this while it is compiled
            self._compiled[name] = lambda value: cell[0](value)
            cell.append(self.compile(self._defs[name]))
        return self._compiled[name]

    def _keyword(self, key: str, value: Any, schema: dict[str, Any]) -> Check | None:
        if key in _NOTES or key == "$defs":
            return None
        if key == "$ref":
            return self._ref(value)
        if key == "type":
            names = value if isinstance(value, list) else [value]
            if not all(isinstance(n, str) and n in _TYPES for n in names):
                raise _Unsupported(value)
            exact = tuple(t for n in names for t in _TYPES[n])
            return lambda item: type(item) in exact
        if key in ("enum", "const"):
            options = value if key == "enum" else [value]
            if not all(isinstance(o, str | int | float | bool | None) for o in options):
                raise _Unsupported(value)
            allowed = frozenset((type(o), o) for o in options)
            return lambda item: _hashable(item) and (type(item), item) in allowed
        if key == "properties":
            return self._properties(value, schema.get("additionalProperties", True))
        if key == "additionalProperties":  # checked with "properties" where there are some
            return None if "properties" in schema else self._properties({}, value)
        if key == "required":
            names = frozenset(value)
            return lambda item: type(item) is not dict or names <= item.keys()
        if key == "items":
            inner = self.compile(value)
            return lambda item: type(item) is not list or all(inner(v) for v in item)
        if key in ("anyOf", "allOf"):
            parts = [self.compile(part) for part in value]
            if key == "anyOf":
                return lambda item: any(part(item) for part in parts)
            return lambda item: all(part(item) for part in parts)
        if key == "propertyNames":
            inner = self.compile(value)
            return lambda item: type(item) is not dict or all(inner(k) for k in item)
        raise _Unsupported(key)

    def _properties(self, properties: dict[str, Any], additional: Any) -> Check:
        known = {name: self.compile(sub) for name, sub in properties.items()}
        other: Check | None = None
        if additional is not True and additional is not False:
            other = self.compile(additional)

        def check(item: Any) -> bool:
            if type(item) is not dict:
                return True
            for name, value in item.items():
                inner = known.get(name)
                if inner is not None:
                    if not inner(value):
                        return False
                elif additional is False or (other is not None and not other(value)):
                    return False
            return True

        return check


def _hashable(value: Any) -> bool:
    return type(value) in (str, int, float, bool, type(None))
