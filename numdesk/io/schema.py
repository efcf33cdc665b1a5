"""The JSON Schema of numdesk's export format, derived from the model's type hints.

Deriving it keeps the schema and the model from drifting apart: a field added to a
model class appears here at once. `docs/export-format.schema.json` is this schema
written out for readers (`python -m numdesk.io.schema > docs/export-format.schema.json`);
a test checks that the file is current.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from enum import Enum
from functools import cache
from typing import Any

from numdesk.model.kinds import ENTRY_CLASSES, EntryKind

FORMAT_NAME = "numdesk"
FORMAT_VERSION = 1
#: The file name ending of exports; the installers associate it with numdesk.
EXPORT_SUFFIX = ".numdesk-json"
SCHEMA_ID = "https://numdesk.invalid/schemas/export-format-v1.json"


def _type_schema(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return {}
    if origin in (typing.Union, types.UnionType):
        options = [_type_schema(a, defs) for a in args if a is not type(None)]
        if type(None) in args:
            options.append({"type": "null"})
        return options[0] if len(options) == 1 else {"anyOf": options}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if tp.__name__ not in defs:
            defs[tp.__name__] = {}  # placeholder against recursion
            defs[tp.__name__] = _dataclass_schema(tp, defs)
        return {"$ref": f"#/$defs/{tp.__name__}"}
    if origin is list:
        return {"type": "array", "items": _type_schema(args[0], defs)}
    if origin is dict:
        schema: dict[str, Any] = {
            "type": "object",
            "additionalProperties": _type_schema(args[1], defs),
        }
        key = args[0]
        if isinstance(key, type) and issubclass(key, Enum):
            schema["propertyNames"] = {"enum": [str(m.value) for m in key]}
        return schema
    if isinstance(tp, type) and issubclass(tp, Enum):
        return {"enum": [m.value for m in tp]}
    simple = {bool: "boolean", int: "integer", float: "number", str: "string"}
    if tp in simple:
        return {"type": simple[tp]}
    if tp is bytes:
        return {"type": "string", "contentEncoding": "base64"}
    raise TypeError(f"no JSON Schema for {tp!r}")


def _dataclass_schema(cls: type, defs: dict[str, Any]) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    schema: dict[str, Any] = {
        "type": "object",
        "description": (cls.__doc__ or "").strip().splitlines()[0],
        "properties": {f.name: _type_schema(hints[f.name], defs) for f in fields},
        "additionalProperties": False,
    }
    required = [
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    if required:
        schema["required"] = required
    return schema


@cache
def export_schema() -> dict[str, Any]:
    """The whole schema: the envelope, one entry per library item, and every data shape."""
    defs: dict[str, Any] = {}
    per_kind = []
    for kind, cls in ENTRY_CLASSES.items():
        ref = _type_schema(cls, defs)
        per_kind.append(
            {
                "if": {"properties": {"kind": {"const": kind.value}}},
                "then": {"properties": {"data": ref}},
            }
        )
    entry = {
        "type": "object",
        "description": "One library entry: its kind, its data, and how the user filed it.",
        "properties": {
            "kind": {"enum": [k.value for k in EntryKind]},
            "data": {"type": "object"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "favourite": {"type": "boolean"},
        },
        "required": ["kind", "data"],
        "additionalProperties": False,
        "allOf": per_kind,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "numdesk export",
        "description": (
            'Entries exported from a numdesk library. `format` is always "numdesk"; '
            "`version` is the format version, raised whenever a change would confuse "
            "an older numdesk. Field meanings follow the model classes in numdesk/model."
        ),
        "type": "object",
        "properties": {
            "format": {"const": FORMAT_NAME},
            "version": {"const": FORMAT_VERSION},
            "exported_at": {"type": "string", "description": "ISO 8601 time of export"},
            "app_version": {"type": "string", "description": "numdesk version that wrote it"},
            "entries": {"type": "array", "items": {"$ref": "#/$defs/Entry"}},
        },
        "required": ["format", "version", "entries"],
        "additionalProperties": False,
        "$defs": {"Entry": entry, **dict(sorted(defs.items()))},
    }


def schema_text() -> str:
    """The schema as the text stored in docs/export-format.schema.json."""
    return json.dumps(export_schema(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
