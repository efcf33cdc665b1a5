"""A library entry's plain data held in a CRDT document (pycrdt, the Rust Yjs port).

Both sides of the table keep one document per shared entry. The entry's plain data
(`numdesk.model.serialize.to_data`) lives under one root map: objects become maps (so
two people changing different fields both keep their change), lists become arrays (so
history lines appended on both laptops both stay), and every other value is a plain
value of its map key (the same field changed on both sides: one value wins, the same
one everywhere, by the CRDT's own rule).

A local save reaches the document as the *difference* between what the document holds
and what the library now holds, applied in one transaction: only changed fields are
written, so a concurrent remote change to another field is never overwritten.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pycrdt import Array, Doc, Map

from numdesk.model.merge import common_ends, find_run

ROOT = "entry"

#: A path into plain data: map keys and list indexes.
Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Edit:
    """One change the document received: `path` went from `old` to `new`.

    `op` is "set", "insert" (the items `new` went in at the last index of `path`) or
    "remove" (the items `old` left from it).
    """

    op: str
    path: Path
    old: Any = None
    new: Any = None
    #: an insert that went at the very end of its list (an appended history line)
    at_end: bool = False


def root(doc: Doc) -> Map:
    """The root map of an entry document."""
    return doc.get(ROOT, type=Map)


def read(doc: Doc) -> dict[str, Any]:
    """The entry's plain data as the document holds it now.

    Read as JSON written by the Rust side: eight times faster than walking the maps
    item by item (`to_py`), which made a long history slow to sync."""
    data = plain(json.loads(str(root(doc))))
    assert isinstance(data, dict)
    return data


def plain(value: Any) -> Any:
    """CRDT values as numdesk's plain data: whole numbers come back as `int`.

    Yjs keeps numbers as doubles; numdesk's model has no fractional fields, so a whole
    double is the integer it was written as.
    """
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def write(doc: Doc, data: dict[str, Any], origin: Any = None) -> list[Edit]:
    """Make the document hold `data`, changing only what differs; the edits made."""
    edits = changes(read(doc), data)
    apply(doc, edits, origin)
    return edits


def apply(doc: Doc, edits: list[Edit], origin: Any = None) -> list[Edit]:
    """Apply `edits` (worked out against an earlier state) as one transaction; the ones
    that could be applied.

    The document may have moved on since (changes from the other side): an appended
    line goes at the list's end now, a removed run is found where it is now, and an
    edit whose place is gone (the other side removed it) is left out.
    """
    done: list[Edit] = []
    if not edits:
        return done
    with doc.transaction(origin=origin):
        top = root(doc)
        for edit in edits:
            if _apply(top, edit):
                done.append(edit)
    return done


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[Edit]:
    """What turned `before` into `after`, as the same edits `write` makes."""
    edits: list[Edit] = []
    _diff(before, after, (), edits)
    return edits


def _diff(old: Any, new: Any, path: Path, out: list[Edit]) -> None:
    if old == new and type(old) is type(new):
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old.keys() - new.keys():
            out.append(Edit("set", (*path, key), old[key], _GONE))
        for key, value in new.items():
            if key not in old:
                out.append(Edit("set", (*path, key), _GONE, value))
            else:
                _diff(old[key], value, (*path, key), out)
        return
    if isinstance(old, list) and isinstance(new, list):
        if len(old) == len(new):
            for i, (a, b) in enumerate(zip(old, new, strict=True)):
                _diff(a, b, (*path, i), out)
            return
        start, end = common_ends(old, new)
        if len(new) > len(old) and start + end == len(old):
            items = new[start : len(new) - end]
            out.append(Edit("insert", (*path, start), new=items, at_end=end == 0))
            return
        if len(old) > len(new) and start + end == len(new):
            out.append(Edit("remove", (*path, start), old=old[start : len(old) - end]))
            return
    out.append(Edit("set", path, old, new))


class _Gone:
    """Marks a map key that does not exist (before it was added, after it was removed)."""

    def __repr__(self) -> str:
        return "<gone>"


_GONE: Any = _Gone()


def is_gone(value: Any) -> bool:
    """Whether `value` stands for a key that is absent."""
    return value is _GONE


def _shared(value: Any) -> Any:
    """Plain data as CRDT values: objects as maps, lists as arrays."""
    if isinstance(value, dict):
        return Map({k: _shared(v) for k, v in value.items()})
    if isinstance(value, list):
        return Array([_shared(v) for v in value])
    return value


def _apply(top: Map, edit: Edit) -> bool:
    if not edit.path:
        for key in list(top.keys()):
            del top[key]
        for key, value in edit.new.items():
            top[key] = _shared(value)
        return True
    parent: Any = top
    for part in edit.path[:-1]:
        parent = _child(parent, part)
        if parent is None:
            return False
    last = edit.path[-1]
    if isinstance(parent, Array):
        if not isinstance(last, int):
            return False
        return _apply_in_list(parent, last, edit)
    if not isinstance(parent, Map) or not isinstance(last, str) or edit.op != "set":
        return False
    if edit.new is _GONE:
        if last in parent:
            del parent[last]
    else:
        parent[last] = _shared(edit.new)
    return True


def _child(node: Any, part: str | int) -> Any:
    if isinstance(node, Map) and isinstance(part, str) and part in node:
        return node[part]
    if isinstance(node, Array) and isinstance(part, int) and 0 <= part < len(node):
        return node[part]
    return None


def _apply_in_list(items: Array, index: int, edit: Edit) -> bool:
    if edit.op == "insert":
        at = len(items) if edit.at_end else min(index, len(items))
        for offset, item in enumerate(edit.new):
            items.insert(at + offset, _shared(item))
        return True
    if edit.op == "remove":
        found = find_run(plain(json.loads(str(items))), edit.old, index)
        if found is None:
            return False
        del items[found : found + len(edit.old)]
        return True
    if not 0 <= index < len(items):
        return False
    del items[index]
    items.insert(index, _shared(edit.new))
    return True
