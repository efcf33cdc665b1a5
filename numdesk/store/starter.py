"""Starter content: the entries a new library begins with (written by the numdesk team).

The files in `resources/starter/*.json` hold `{"format": "numdesk-starter", "version":
1, "entries": [{"kind": ..., "data": {...}}]}`; `data` is what `to_data` writes for the
kind's model class. Every entry has a fixed uid, so starter content added twice is
still there once.

A file may say `"edition": N` (default 1): the starter edition that added it. A library
records the edition it was given (meta `starter_content`); opening a library made with
an older edition adds the files added since, so existing users get new starter entries
too, while the entries they already had (edited or deleted) stay as they left them.
"""

from __future__ import annotations

import json
from pathlib import Path

from numdesk.model.kinds import ENTRY_CLASSES, EntryKind, ModelObject, kind_of
from numdesk.model.serialize import from_data
from numdesk.paths import resource_path
from numdesk.store.errors import LibraryError
from numdesk.store.revisions import STARTER_EDITION

__all__ = ["STARTER_EDITION", "load_starter", "starter_dir"]

STARTER_FORMAT = "numdesk-starter"
STARTER_VERSION = 1


def starter_dir() -> Path:
    """The folder holding the starter content files."""
    return resource_path("starter")


def load_starter(folder: Path | None = None, *, after_edition: int = 0) -> list[ModelObject]:
    """Every starter entry of the files added after `after_edition`, file by file in name order."""
    folder = folder or starter_dir()
    objects: list[ModelObject] = []
    for file in sorted(folder.glob("*.json")):
        objects.extend(_load_file(file, after_edition))
    return objects


def _load_file(file: Path, after_edition: int) -> list[ModelObject]:
    try:
        doc = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise LibraryError(f"The starter content file {file} cannot be read: {err}.") from err
    if doc.get("format") != STARTER_FORMAT or doc.get("version") != STARTER_VERSION:
        raise LibraryError(f"{file} is not numdesk starter content of version {STARTER_VERSION}.")
    edition = doc.get("edition", 1)
    if not isinstance(edition, int) or not 1 <= edition <= STARTER_EDITION:
        raise LibraryError(f"{file} names an unknown starter edition {edition!r}.")
    if edition <= after_edition:
        return []
    objects: list[ModelObject] = []
    for i, item in enumerate(doc.get("entries", [])):
        kind = EntryKind(item["kind"])
        obj: ModelObject = from_data(ENTRY_CLASSES[kind], item["data"], f"{file.name}[{i}]")
        if kind_of(obj) is not kind:
            raise LibraryError(f"{file.name}[{i}] is a {kind_of(obj).value}, not a {kind.value}.")
        objects.append(obj)
    return objects
