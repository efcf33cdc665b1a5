"""The mapping core every Foundry VTT mapper shares: reading an actor, reporting, identity.

A Foundry actor export is one JSON object: `name`, `type`, the actor's values in
`system` (`data` before Foundry 10), its `items`, and `flags.exportSource` naming the
game system that wrote it. Each game system (Cypher System, Numenera) and data layout
has a small mapper that says where its values are; this module holds what they share:
`SourceActor` reads fields leniently and records every value that could not be kept
as it was (`ReportLine`), and `identity` makes re-importing the same actor update it.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from numdesk.io import foundry_items as fi
from numdesk.io.entries import ReportLine
from numdesk.io.errors import ImportFormatError, shown

CYPHER_SYSTEM = "cyphersystem"
NUMENERA_SYSTEM = "numenera"
#: Fixed forever: the uids of imported actors derive from it and the actor's identity.
_FOUNDRY_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://numdesk.invalid/foundry")
#: Value keys only the Numenera system's actors have (SolarBear/Numenera-FoundryVTT).
_NUMENERA_KEYS = ("characterType", "stats", "advances", "info", "overview", "information")
_NUMENERA_ITEMS = {"npcAttack", "powerShift", "weapon"}


def exporting_system(doc: dict[str, Any]) -> str:
    """The id of the game system that wrote `doc`, from its export stamp or its shape."""
    for holder in (doc.get("flags"), doc.get("_stats")):
        if not isinstance(holder, dict):
            continue
        source = holder.get("exportSource")
        stamp = source.get("system") if isinstance(source, dict) else holder.get("systemId")
        if isinstance(stamp, str) and stamp in (CYPHER_SYSTEM, NUMENERA_SYSTEM):
            return stamp
    sys = fi.system_of(doc)
    if any(key in sys for key in _NUMENERA_KEYS):
        return NUMENERA_SYSTEM
    items = doc.get("items")
    kinds = (
        {str(i.get("type")) for i in items if isinstance(i, dict)}
        if isinstance(items, list)
        else set()
    )
    if _NUMENERA_ITEMS & kinds and "attack" not in kinds:
        return NUMENERA_SYSTEM
    return CYPHER_SYSTEM


def source_id(doc: dict[str, Any]) -> str:
    """Foundry's own id of the actor (newer exports carry its uuid, older ones an `_id`)."""
    for holder in (doc.get("flags"), doc.get("_stats")):
        source = holder.get("exportSource") if isinstance(holder, dict) else None
        if isinstance(source, dict) and source.get("uuid"):
            return str(source["uuid"])
    return str(doc.get("_id") or "")


def identity(doc: dict[str, Any], system: str, actor_type: str) -> str:
    """A uid that stays the same each time this actor is imported.

    From Foundry's actor id when the export has one; Foundry 0.8 and 9 exports have none,
    and then the content key (system, actor type, name) stands in. Cypher System ids
    are used alone so libraries that imported them before keep the same uid.
    """
    found = source_id(doc)
    if found:
        key = found if system == CYPHER_SYSTEM else f"{system}:{found}"
    else:
        key = f"{system}:{actor_type}:{str(doc.get('name', '')).strip().casefold()}"
    return uuid.uuid5(_FOUNDRY_NAMESPACE, key).hex


@dataclass
class SourceItem:
    """One item of an actor: its index in `items`, lowercased type, name and values."""

    index: int
    kind: str
    name: str
    sys: dict[str, Any]
    raw: dict[str, Any]

    @property
    def where(self) -> str:
        return f"items[{self.index}]"


class SourceActor:
    """Reads one actor leniently and collects its report lines and text for its notes."""

    def __init__(self, doc: dict[str, Any], file: Path, system: str) -> None:
        self.doc = doc
        self.file = file
        self.system = system
        self.sys = fi.system_of(doc)
        self.type = str(doc.get("type", "")).strip().lower()
        self.name = str(doc.get("name") or "").strip()
        if not self.name:
            raise ImportFormatError(file, "$.name", "the actor's name")
        self.notes: list[str] = []
        self.lines: list[ReportLine] = []

    def get(self, *keys: str, default: Any = None) -> Any:
        """`sys[k1][k2]...`, or `default` if any step is missing."""
        node: Any = self.sys
        for key in keys:
            if not isinstance(node, dict) or key not in node:
                return default
            node = node[key]
        return node

    def block(self, *keys: str) -> dict[str, Any]:
        """`get(*keys)` when it is an object, else an empty one (a damaged field reads as unset)."""
        node = self.get(*keys)
        return node if isinstance(node, dict) else {}

    def line(self, outcome: str, source: str, text: str) -> None:
        self.lines.append(ReportLine(outcome, self.name, source, text))

    def moved(self, source: str, what: str, text: str) -> None:
        """`what` has no field in numdesk: `text` goes into the notes; the report says so."""
        self.line("moved", source, f"{what} moved to the notes.")
        self.notes.append(text)

    def changed(self, source: str, text: str) -> None:
        self.line("changed", source, text)

    def refused(self, source: str, text: str) -> None:
        self.line("refused", source, text)

    def warning(self, source: str, text: str) -> None:
        self.line("warning", source, text)

    def items(self) -> Iterator[SourceItem]:
        """Every item of the actor; a damaged item list stops the import with its path."""
        items = self.doc.get("items") or []
        if not isinstance(items, list):
            raise ImportFormatError(self.file, "$.items", "a list", shown(items))
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                raise ImportFormatError(self.file, f"$.items[{index}]", "an object", shown(item))
            kind = str(item.get("type", "")).strip()
            name = str(item.get("name") or "").strip() or f"Unnamed {kind}"
            yield SourceItem(index, kind, name, fi.system_of(item), item)

    def notes_text(self, own: str = "") -> str:
        """The entry's notes: the actor's own notes, then what had no field."""
        return "\n\n".join(t for t in [own, *self.notes] if t)
