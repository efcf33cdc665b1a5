"""Importing again an actor the library already holds: the entry is updated in place and
the report says, value by value, what the file changed.

A Foundry actor keeps its uid from one import to the next (it comes from the actor's
Foundry id), so the same PC exported by Foundry 10 and later by Foundry 12 is one entry.
Before the save each such entry is compared with the stored one: items matched by name
in their list keep the uid they had (links to them stay), a sheet keeps its history and
gains a line saying what the import changed, the report gets one "updated" line per
changed value, and an entry the file does not change is not written at all.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from numdesk.io.entries import FileImport, ImportReport, ReportLine
from numdesk.model.character import Character
from numdesk.model.history import HistoryEntry
from numdesk.model.kinds import ModelObject
from numdesk.model.serialize import to_data

UPDATED = "updated"
#: fields that are the entry's own bookkeeping, not values a file brings
_OWN = {"uid", "history"}
#: a text longer than this is reported as changed, not quoted
_QUOTED = 60


def note_updates(lib: Any, report: ImportReport) -> None:
    """Compare each Foundry entry `lib` already holds with the stored one (see above)."""
    for file in report.files:
        if file.format.startswith("foundry"):
            _note_file(lib, file)


def _note_file(lib: Any, file: FileImport) -> None:
    kept = []
    for entry in file.entries:
        new = entry.obj
        old = lib.load(new.uid) if lib.has(new.uid) else None
        if old is None or type(old) is not type(new):
            kept.append(entry)
            continue
        _carry_uids(old, new)
        changes = differences(to_data(old), to_data(new))
        if not changes:
            file.unchanged += 1
            continue
        file.updated.append(new.name)
        for where, text in changes:
            file.lines.append(ReportLine(UPDATED, new.name, where, text))
        if isinstance(new, Character) and isinstance(old, Character):
            count = len(changes)
            noun = "value" if count == 1 else "values"
            new.history = [
                *old.history,
                HistoryEntry(
                    f"Updated from {file.path.name}: {count} {noun} changed",
                    kind="edit",
                    details="\n".join(text for _where, text in changes),
                ),
            ]
        kept.append(entry)
    file.entries = kept


def _carry_uids(old: ModelObject, new: ModelObject) -> None:
    """Items of `new` take the uid of the item of the same name in the same list of `old`
    (the n-th of a name the n-th), so an update is not a removal and an addition."""
    for name, value in vars(new).items():
        before = getattr(old, name, None)
        if isinstance(value, list) and isinstance(before, list):
            by_name: dict[str, list[Any]] = {}
            for item in before:
                if hasattr(item, "uid") and hasattr(item, "name"):
                    by_name.setdefault(item.name, []).append(item)
            for item in value:
                if hasattr(item, "uid") and by_name.get(getattr(item, "name", None)):
                    match = by_name[item.name].pop(0)
                    item.uid = match.uid
                    _carry_uids(match, item)
        elif hasattr(value, "__dataclass_fields__") and type(before) is type(value):
            _carry_uids(before, value)


def differences(old: Any, new: Any, where: str = "", label: str = "") -> list[tuple[str, str]]:
    """(where, sentence) for every value that differs between two `to_data` trees."""
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[tuple[str, str]] = []
        for key in [*old, *(k for k in new if k not in old)]:
            if key in _OWN:
                continue
            path = f"{where}.{key}" if where else key
            words = f"{label}: {key}" if label else key
            out += differences(old.get(key), new.get(key), path, words)
        return out
    if _named_list(old) and _named_list(new):
        return _list_differences(old, new, where, label)
    if old == new:
        return []
    if _long(old) and _long(new):
        return [(where, f"{label}: text changed ({len(old)} → {len(new)} characters)")]
    return [(where, f"{label}: {_shown(old)} → {_shown(new)}")]


def _long(value: Any) -> bool:
    return isinstance(value, str) and (len(value) > _QUOTED or "\n" in value)


def _named_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, dict) and "name" in v for v in value)


def _list_differences(
    old: list[dict[str, Any]], new: list[dict[str, Any]], where: str, label: str
) -> list[tuple[str, str]]:
    """Items matched by name (the n-th of a name with the n-th): added, removed, changed."""
    seen: Counter[str] = Counter()
    olds: dict[tuple[str, int], dict[str, Any]] = {}
    for item in old:
        olds[(item["name"], seen[item["name"]])] = item
        seen[item["name"]] += 1
    seen.clear()
    out: list[tuple[str, str]] = []
    for item in new:
        key = (item["name"], seen[item["name"]])
        seen[item["name"]] += 1
        before = olds.pop(key, None)
        path = f"{where}[{item['name']}]"
        if before is None:
            out.append((path, f"{label}: added {item['name']}"))
        else:
            out += differences(before, item, path, f"{label}: {item['name']}")
    for (name, _n), _item in olds.items():
        out.append((f"{where}[{name}]", f"{label}: removed {name}"))
    return out


def _shown(value: Any) -> str:
    """A value as the report quotes it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        if _long(value):
            return f"a text of {len(value)} characters"
        return f"'{value}'"
    if isinstance(value, list):
        return ", ".join(_shown(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_shown(v)}" for k, v in value.items()) if value else "none"
    return str(value)
