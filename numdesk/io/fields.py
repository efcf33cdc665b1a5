"""Typed access to fields of a foreign JSON document, with errors that say where and what.

Foreign formats (CSRD, Foundry) are read leniently where a value is optional, but a
value of the wrong kind stops the import with its file, JSON path and expectation.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from numdesk.io.errors import ImportFormatError, shown


class FieldReader:
    """Reads fields of dicts inside one file; `path` arguments are JSON paths like `$.x[2]`."""

    def __init__(self, file: Path) -> None:
        self.file = file

    def fail(self, path: str, expected: str, value: Any = ...) -> ImportFormatError:
        return ImportFormatError(self.file, path, expected, "" if value is ... else shown(value))

    def object_at(self, value: Any, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, "an object", value)
        return value

    def list_of(
        self, parent: dict[str, Any], key: str, path: str, required: bool = False
    ) -> list[Any]:
        value = parent.get(key)
        if value is None and not required:
            return []
        if not isinstance(value, list):
            raise self.fail(f"{path}.{key}", "a list", value)
        return value

    def text(self, parent: dict[str, Any], key: str, path: str, required: bool = False) -> str:
        value = parent.get(key)
        if value is None and not required:
            return ""
        if isinstance(value, int | float) and not isinstance(value, bool) and not required:
            return str(value)
        if not isinstance(value, str):
            raise self.fail(f"{path}.{key}", "text", value)
        return value.strip()

    def whole(self, parent: dict[str, Any], key: str, path: str, default: int | None = None) -> int:
        value = parent.get(key, default)
        if value is None and default is not None:
            return default
        if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
            return int(value)
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"{path}.{key}", "a whole number", value)
        return value

    def opt_whole(self, parent: dict[str, Any], key: str, path: str) -> int | None:
        if parent.get(key) in (None, ""):
            return None
        return self.whole(parent, key, path)

    def flag(self, parent: dict[str, Any], key: str, path: str, default: bool = False) -> bool:
        value = parent.get(key, default)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self.fail(f"{path}.{key}", "true or false", value)
        return value
