"""Import of Foundry VTT actor exports: which system and layout wrote them, and who maps them.

An actor export is one JSON object: `name`, `type`, the values in `system` (`data`
before Foundry 10), `items` and `flags.exportSource` (the exporting system). The
Cypher System (layout version 1, with `data` and "PC"/"NPC"/"Token" types, and
version 2-3 with `system` and lowercase types) and the Numenera system each have
their own mapper over the shared core (`foundry_core`). Every actor type lands
somewhere: PCs on sheets, NPCs, communities and vehicles as stat blocks, companions
as followers; a marker is skipped with a report line, never failing the batch.

Cypher System actors (the game plays with Pools and the damage track, Armor
subtracting) are asked to play by the rules set "Cypher System (damage track)", made
from the Cypher System rules on first need when the entries are saved.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from numdesk.io.entries import FileImport, ImportedEntry
from numdesk.io.errors import ImportFormatError
from numdesk.io.foundry_actors import community, companion, npc, vehicle
from numdesk.io.foundry_core import (
    CYPHER_SYSTEM,
    NUMENERA_SYSTEM,
    SourceActor,
    exporting_system,
    identity,
)
from numdesk.io.foundry_cypher import cypher_pc, layout_of, layout_version
from numdesk.io.foundry_numenera import FORMAT as NUMENERA_FORMAT
from numdesk.io.foundry_numenera import numenera_npc, numenera_pc
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.kinds import ModelObject
from numdesk.model.validation import find_problems
from numdesk.rules.profiles import CYPHER, PROFILES

__all__ = ["DAMAGE_TRACK_RULES", "is_foundry_actor", "layout_version", "read_foundry"]

ACTOR_TYPES = ("pc", "npc", "companion", "community", "vehicle", "marker", "token")
#: The house rules Foundry's Cypher System plays: (base, name, Profile changes).
DAMAGE_TRACK_RULES: tuple[str, str, dict[str, object]] = (
    CYPHER.name,
    "Cypher System (damage track)",
    {"uses_damage_track": True, "armor_subtracts": True},
)


def is_foundry_actor(doc: Any) -> bool:
    """Whether a parsed JSON document is a Foundry actor export of a type numdesk knows."""
    return (
        isinstance(doc, dict)
        and str(doc.get("type", "")).lower() in ACTOR_TYPES
        and isinstance(doc.get("system", doc.get("data")), dict)
        and isinstance(doc.get("name"), str)
    )


def _map(a: SourceActor, profile: str | None) -> ModelObject | None:
    """The model object for one actor, or None for a marker (reported as skipped)."""
    if a.system == NUMENERA_SYSTEM:
        if a.type == "pc":
            return numenera_pc(a, profile)
        if a.type in ("npc", "community"):
            return numenera_npc(a, profile, a.type)
    else:
        game = profile or CYPHER.name
        match a.type:
            case "pc":
                return cypher_pc(a, profile)
            case "npc":
                return npc(a, game)
            case "companion":
                return companion(a, game)
            case "community":
                return community(a, game)
            case "vehicle":
                return vehicle(a, game)
    a.line(
        "skipped",
        "type",
        f"a {a.type} actor holds nothing a sheet or stat block keeps "
        "(it marks a spot or counts something on the map); not imported.",
    )
    return None


def _portrait(a: SourceActor) -> None:
    """A portrait is a file on the Foundry server, not in the export: say it stays behind."""
    img = a.doc.get("img")
    if isinstance(img, str) and img and not img.startswith(("icons/svg/", "systems/")):
        a.refused(
            "img",
            f"the portrait '{img}' is a file on the Foundry server, not in the "
            "export; add it to the sheet by hand.",
        )


def read_foundry(doc: Any, file: Path, profile: str | None = None) -> FileImport:
    """One actor export as an entry (or none for a marker), with the import report."""
    if not is_foundry_actor(doc):
        raise ImportFormatError(file, "$.type", "a Foundry actor (" + ", ".join(ACTOR_TYPES) + ")")
    if profile is not None and profile not in PROFILES:
        raise DomainError(f"'{profile}' is not a rules profile (use {', '.join(PROFILES)}).")
    system = exporting_system(doc)
    actor = SourceActor(doc, file, system)
    fmt = NUMENERA_FORMAT if system == NUMENERA_SYSTEM else layout_of(actor.sys).FORMAT
    result = FileImport(path=file, format=fmt)
    obj = _map(actor, profile)
    _portrait(actor)
    result.lines = actor.lines
    if obj is None:
        return result
    if isinstance(obj, Character):
        problems = find_problems(obj)
        if problems:
            raise DomainError(f"{file.name}: {actor.name}: {problems[0].message}")
    obj.uid = identity(doc, system, actor.type.replace("token", "marker"))
    entry = ImportedEntry(obj, ["Foundry"])
    if system == CYPHER_SYSTEM and profile is None and obj.profile == CYPHER.name:
        entry.rules_set = DAMAGE_TRACK_RULES
    result.entries.append(entry)
    return result
