"""How a model object becomes a library row and back.

The row keeps the whole object as JSON (through `numdesk.model.serialize`, the same
conversion the export format uses) plus the few columns the browser lists and filters
on: name, profile, level (a character's tier), and a one-line subtitle. `body` is every
other piece of text in the object, for the full-text index.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter
from numdesk.model.follower import Follower
from numdesk.model.history import HISTORY_FIELD, HistoryEntry
from numdesk.model.items import Armor, Artifact, Cypher, Weapon
from numdesk.model.kinds import ENTRY_CLASSES, EntryKind, ModelObject, kind_of
from numdesk.model.limits import check_limits
from numdesk.model.rules_set import RulesSet
from numdesk.model.serialize import entry_data, from_data
from numdesk.model.tables import RollTable
from numdesk.model.templates import SentenceTemplate, TypeTemplate
from numdesk.rules.profiles import BUILTIN_PROFILES
from numdesk.store.errors import LibraryError

#: Keys whose values are identifiers, binary data or running logs, not words anyone
#: searches an entry by (an encounter's log grows with every action of a fight, and
#: indexing it would rewrite the search index on every click).
_NOT_TEXT = frozenset({"uid", "source_uid", "portrait", "at", "profile", "log"})


@dataclass(frozen=True)
class EntryRow:
    """The column values of one entry.

    `history` is a character's history (None for other kinds); with `history_from` set,
    only its lines from that index on, the earlier ones being stored already.
    """

    uid: str
    kind: EntryKind
    name: str
    profile: str | None
    level: int | None
    subtitle: str
    body: str
    data: str
    history: tuple[HistoryEntry, ...] | None
    history_from: int | None = None


def entry_kind(obj: ModelObject) -> EntryKind:
    """The kind of `obj`, refusing objects the library cannot hold."""
    try:
        kind = kind_of(obj)
    except (TypeError, ValueError):
        raise LibraryError(f"{obj!r:.60} cannot be stored in a library.") from None
    if type(obj) is not ENTRY_CLASSES[kind]:
        raise LibraryError(
            f"'{getattr(obj, 'name', obj)}' says it is a {kind.value}, "
            f"which a {type(obj).__name__} cannot be."
        )
    return kind


def describe(
    obj: ModelObject, data: dict[str, Any] | None = None, history_kept: int | None = None
) -> EntryRow:
    """The row for `obj`; a character's history travels separately (its own table).

    `data` is `to_data(obj)` (or `entry_data(obj)`) when the caller has it already.
    `history_kept`: the first lines of a character's history that are stored already
    (the row then carries only the lines after them). An entry outside `model.limits`
    raises `LimitError` naming the value: every write (an edit, a fight action, an
    undo, an import) passes here, so nothing is stored that an import of numdesk's own
    export would refuse; history lines stored already were checked when they came.
    """
    kind = entry_kind(obj)
    history: tuple[HistoryEntry, ...] | None = None
    history_from: int | None = None
    if isinstance(obj, Character):
        if history_kept is not None and 0 <= history_kept <= len(obj.history):
            history_from = history_kept
            history = tuple(obj.history[history_kept:])
        else:
            history = tuple(obj.history)
    check_limits(obj, known={HISTORY_FIELD: range(history_from or 0)})
    if data is None:
        data = entry_data(obj)
    elif HISTORY_FIELD in data:
        data = {k: v for k, v in data.items() if k != HISTORY_FIELD}
    name = str(obj.name)
    if not name.strip():
        raise LibraryError(f"A {kind.value} needs a name before it can be saved.")
    profile = getattr(obj, "profile", None)
    return EntryRow(
        uid=obj.uid,
        kind=kind,
        name=name,
        profile=profile if isinstance(profile, str) else None,
        level=_level(obj),
        subtitle=subtitle(obj, kind),
        body="\n".join(_texts({k: v for k, v in data.items() if k != "name"})),
        data=json.dumps(data, ensure_ascii=False, separators=(",", ":")),
        history=history,
        history_from=history_from,
    )


def _level(obj: ModelObject) -> int | None:
    if isinstance(obj, Character):
        return obj.tier
    level = getattr(obj, "level", None)
    if isinstance(level, int):
        return level
    tier = getattr(obj, "tier", None)
    return tier if isinstance(tier, int) else None


def _texts(data: Any) -> list[str]:
    out: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in _NOT_TEXT:
                out.extend(_texts(value))
    elif isinstance(data, list):
        for value in data:
            out.extend(_texts(value))
    elif isinstance(data, str) and data.strip():
        out.append(data)
    return out


def subtitle(obj: ModelObject, kind: EntryKind) -> str:
    """The line the browser shows under an entry's name."""
    if isinstance(obj, Character):
        return " ".join(p for p in (f"Tier {obj.tier}", obj.type or "character") if p)
    if isinstance(obj, Creature):
        return f"Level {obj.level} {obj.kind or 'creature'}"
    if isinstance(obj, Follower):
        return f"Level {obj.level} follower"
    if isinstance(obj, Cypher):
        if obj.level is not None:
            return f"Level {obj.level} cypher"
        return f"Cypher, level {obj.level_dice}" if obj.level_dice else "Cypher"
    if isinstance(obj, Artifact):
        level = f"level {obj.level}" if obj.level is not None else f"level {obj.level_dice or '?'}"
        return f"Artifact, {level}, depletion {obj.depletion}"
    if isinstance(obj, Weapon):
        return f"{obj.category.value.capitalize()} weapon"
    if isinstance(obj, Armor):
        return f"{obj.category.value.capitalize()} armor"
    if isinstance(obj, TypeTemplate):
        return f"{obj.profile.capitalize()} type"
    if isinstance(obj, SentenceTemplate):
        return f"{obj.profile.capitalize()} {obj.part}"
    if isinstance(obj, Encounter):
        count = len(obj.combatants)
        return f"Encounter, {count} combatant{'s' if count != 1 else ''}"
    if isinstance(obj, RollTable):
        return f"{obj.category.capitalize()} table (d{obj.die})"
    if isinstance(obj, RulesSet):
        base = BUILTIN_PROFILES[obj.base].label if obj.base in BUILTIN_PROFILES else obj.base
        count = len(obj.changes)
        return f"House rules from {base}, {count} change{'s' if count != 1 else ''}"
    return kind.value.capitalize()


def rebuild(
    kind: EntryKind, data_json: str, history: list[HistoryEntry] | None = None
) -> ModelObject:
    """The model object stored in a row (its history, for a character, passed in)."""
    try:
        data = json.loads(data_json)
    except ValueError as err:
        raise LibraryError(f"A stored {kind.value} is damaged and cannot be read.") from err
    obj: ModelObject = from_data(ENTRY_CLASSES[kind], data)
    if isinstance(obj, Character):
        obj.history = list(history or [])
    return obj
