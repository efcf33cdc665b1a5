"""How a model object becomes a library row and back.

The row keeps the whole object as JSON (through `numdesk.model.serialize`, the same
conversion the export format uses) plus the few columns the browser lists and filters
on: name, profile, level (a character's tier), and a one-line subtitle. `body` is every
other piece of text in the object, for the full-text index.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter, LogEntry
from numdesk.model.follower import Follower
from numdesk.model.history import HISTORY_FIELD, LOG_FIELD, RECORD_FIELDS, HistoryEntry
from numdesk.model.items import Armor, Artifact, Cypher, Weapon
from numdesk.model.kinds import ENTRY_CLASSES, EntryKind, ModelObject, kind_of
from numdesk.model.limits import check_limits
from numdesk.model.newer import has_newer
from numdesk.model.rules_set import RulesSet
from numdesk.model.serialize import entry_data, from_data
from numdesk.model.tables import RollTable
from numdesk.model.templates import SentenceTemplate, TypeTemplate
from numdesk.rules.profiles import BUILTIN_PROFILES
from numdesk.store.errors import LibraryError
from numdesk.store.records import log_line

#: Keys whose values are identifiers, binary data or running logs, not words anyone
#: searches an entry by (an encounter's log grows with every action of a fight, and
#: indexing it would rewrite the search index on every click).
_NOT_TEXT = frozenset({"uid", "source_uid", "portrait", "at", "profile", "log"})


@dataclass(frozen=True)
class EntryRow:
    """The column values of one entry, and the lines of its record (`store.records`).

    `history` is a character's history and `log` a fight's log as stored lines (None
    for other kinds); with `lines_from` set, only the lines from that index on, the
    earlier ones being stored already.
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
    lines_from: int | None = None
    log: tuple[str, ...] | None = None
    #: `data` holds only fields this numdesk knows (checked, or converted from the
    #: object): no field a newer numdesk added, so the next save of the entry need not
    #: look for any in it while it is stored as written (`store.newer`)
    known_only: bool = False


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
    obj: ModelObject, data: dict[str, Any] | None = None, lines_kept: int | None = None
) -> EntryRow:
    """The row for `obj`; a character's history and a fight's log travel separately
    (tables of their own, `store.records`).

    `data` is `to_data(obj)` (or `entry_data(obj)`) when the caller has it already.
    `lines_kept`: the first lines of the record that are stored already (the row then
    carries only the lines after them). An entry outside `model.limits` raises
    `LimitError` naming the value: every write (an edit, a fight action, an undo, an
    import) passes here, so nothing is stored that an import of numdesk's own export
    would refuse; the stored lines of a record were checked when they came.
    """
    kind = entry_kind(obj)
    record = record_field(obj)
    lines: list[Any] = getattr(obj, record) if record is not None else []
    lines_from: int | None = None
    if lines_kept is not None and 0 <= lines_kept <= len(lines):
        lines_from = lines_kept
    new_lines = lines[lines_from or 0 :]
    known: dict[str, Collection[int]] = {record: range(lines_from or 0)} if record else {}
    if data is None:
        check_limits(obj, known=known or None)
        data = entry_data(obj)  # the object's own fields: nothing a newer numdesk added
        body = _texts({k: v for k, v in data.items() if k != "name"})
        known_only = True
    else:
        data = {k: v for k, v in data.items() if k not in RECORD_FIELDS}
        body, known_only = _checked_texts(obj, kind, data, known)
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
        body="\n".join(body),
        data=json.dumps(data, ensure_ascii=False, separators=(",", ":")),
        history=tuple(new_lines) if isinstance(obj, Character) else None,
        lines_from=lines_from,
        log=tuple(log_line(e) for e in new_lines) if isinstance(obj, Encounter) else None,
        known_only=known_only,
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


#: uid -> list field -> its items as last described with their texts, for the entries
#: saved with their data at hand (a window's edits, a fight's actions and undos), and
#: whether that data held only fields this numdesk knows: the next save of the entry
#: works out the search text, checks the limits and looks for a newer numdesk's fields
#: only in the items that differ (one combatant of fifty). An item equal to one
#: described then was checked then; the data is never changed in place once converted
#: (`apply_patch` shares it), so an item that is the same object is equal.
_DESCRIBED: dict[str, tuple[dict[str, list[tuple[Any, list[str]]]], bool]] = {}
#: entries remembered (the open windows' subjects, a few at a time)
_DESCRIBED_KEPT = 16


def _checked_texts(
    obj: ModelObject, kind: EntryKind, data: dict[str, Any], known: dict[str, Collection[int]]
) -> tuple[list[str], bool]:
    """`check_limits(obj)`, the search texts of `data` (`entry_data(obj)`, or what an
    undo made of it) and whether it holds only fields this numdesk knows, the items of
    its lists that equal those of the entry's last save taken as they were."""
    before, clean_before = _DESCRIBED.pop(obj.uid, ({}, False))
    items: dict[str, list[tuple[Any, list[str] | None]]] = {}
    for field, values in data.items():
        if type(values) is not list or not values or type(values[0]) is not dict:
            continue
        old = before.get(field, [])
        found: list[tuple[Any, list[str] | None]] = []
        same: list[int] = []
        for index, value in enumerate(values):
            texts = None
            if index < len(old) and (old[index][0] is value or old[index][0] == value):
                texts = old[index][1]
                same.append(index)
            found.append((value, texts))
        items[field] = found
        if same:
            known[field] = frozenset(same)
    check_limits(obj, known=known or None)
    known_only = not has_newer(kind, data, known if clean_before else None)
    body: list[str] = []
    kept: dict[str, list[tuple[Any, list[str]]]] = {}
    for key, value in data.items():
        if key == "name" or key in _NOT_TEXT:
            continue
        if key not in items:
            body.extend(_texts(value))
            continue
        done = [(item, _texts(item) if texts is None else texts) for item, texts in items[key]]
        kept[key] = done
        for _item, texts in done:
            body.extend(texts)
    if kept:
        _DESCRIBED[obj.uid] = (kept, known_only)
        while len(_DESCRIBED) > _DESCRIBED_KEPT:
            del _DESCRIBED[next(iter(_DESCRIBED))]
    return body, known_only


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


def record_field(obj: object) -> str | None:
    """The field of `obj` holding its record (`store.records`), if it keeps one."""
    if isinstance(obj, Character):
        return HISTORY_FIELD
    if isinstance(obj, Encounter):
        return LOG_FIELD
    return None


def rebuild(
    kind: EntryKind,
    data_json: str,
    history: list[HistoryEntry] | None = None,
    log: list[LogEntry] | None = None,
) -> ModelObject:
    """The model object stored in a row (its record, a character's history or a fight's
    log, passed in)."""
    try:
        data = json.loads(data_json)
    except ValueError as err:
        raise LibraryError(f"A stored {kind.value} is damaged and cannot be read.") from err
    obj: ModelObject = from_data(ENTRY_CLASSES[kind], data)
    if isinstance(obj, Character):
        obj.history = list(history or [])
    elif isinstance(obj, Encounter):
        obj.log = list(log or [])
    return obj
