"""What an edit changed, as a small patch that can be undone against a later state.

Undo in numdesk must not restore a whole earlier copy of an entry: between the edit
and its undo, another window (the fight damaging a PC, the sheet's own tab, a second
numdesk) may have changed other parts of the same entry, and a copy would silently
wipe those changes out. So each edit is kept as a `Patch` between the plain data
(`numdesk.model.serialize.to_data`) before and after it, and undo applies the inverse
patch to the entry as it is *now*:

- a value the edit set is put back only where it still holds what the edit left; a
  count changed since (XP, a Pool, shins) is moved by the edit's difference instead
  (undoing "took 2 damage" after 1 more gives the 2 back, keeping the 1); any other
  value someone has changed since is a `MergeConflict` (undo refuses, saying what);
- lines an edit appended to a list (a history line, a log line, a new ability) are
  removed wherever they now are, and removed ones are put back, so two windows
  appending to the same history never undo each other's lines.

An editor that saves later than it loaded uses `merge3` instead: the changes it made
since it loaded the entry are carried onto the entry as stored now, field by field, and
a field someone else changed too is a `MergeConflict` rather than a silent overwrite.

Everything here is plain data in, plain data out: no Qt, no store.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

#: A path into plain data: dict keys and list indexes.
Path = tuple[str | int, ...]


class MergeConflict(Exception):
    """Undo/redo cannot be applied: the value at `path` was changed since."""

    def __init__(self, path: Path) -> None:
        super().__init__(describe_path(path))
        self.path = path


@dataclass(frozen=True)
class Step:
    """One change at `path`.

    `op` is "set" (the value there went from `old` to `new`), "insert" (the items
    `new` were inserted at index `at` of the list at `path`, `at_end` when they were
    appended) or "remove" (the items `old` were removed at index `at`).
    """

    op: str
    path: Path
    old: Any = None
    new: Any = None
    at: int = 0
    at_end: bool = False

    def inverse(self) -> Step:
        """The step that takes the result back."""
        if self.op == "set":
            return Step("set", self.path, self.new, self.old)
        if self.op == "insert":
            return Step("remove", self.path, old=self.new, at=self.at, at_end=self.at_end)
        return Step("insert", self.path, new=self.old, at=self.at, at_end=self.at_end)

    def to_json(self) -> list[Any]:
        return [self.op, list(self.path), self.old, self.new, self.at, self.at_end]

    @classmethod
    def from_json(cls, data: list[Any]) -> Step:
        op, path, old, new, at, at_end = data
        return cls(str(op), tuple(path), old, new, int(at), bool(at_end))


@dataclass(frozen=True)
class Patch:
    """The steps that turn one state of an entry into another."""

    steps: tuple[Step, ...] = ()

    def inverse(self) -> Patch:
        return Patch(tuple(s.inverse() for s in reversed(self.steps)))

    def __bool__(self) -> bool:
        return bool(self.steps)

    def paths(self) -> list[Path]:
        return [s.path for s in self.steps]

    def to_json(self) -> list[Any]:
        return [s.to_json() for s in self.steps]

    @classmethod
    def from_json(cls, data: list[Any]) -> Patch:
        return cls(tuple(Step.from_json(s) for s in data))


def diff(old: Any, new: Any) -> Patch:
    """The patch from `old` to `new` (plain data: dicts, lists, scalars)."""
    steps: list[Step] = []
    _diff(old, new, (), steps)
    return Patch(tuple(steps))


def _diff(old: Any, new: Any, path: Path, out: list[Step]) -> None:
    if old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
        for key in old:
            _diff(old[key], new[key], (*path, key), out)
        return
    if isinstance(old, list) and isinstance(new, list):
        if len(old) == len(new):
            for i, (a, b) in enumerate(zip(old, new, strict=True)):
                _diff(a, b, (*path, i), out)
            return
        start, end = common_ends(old, new)
        if len(new) > len(old) and start + end == len(old):
            items = new[start : len(new) - end]
            out.append(Step("insert", path, new=items, at=start, at_end=end == 0))
            return
        if len(old) > len(new) and start + end == len(new):
            items = old[start : len(old) - end]
            out.append(Step("remove", path, old=items, at=start, at_end=end == 0))
            return
    out.append(Step("set", path, copy.deepcopy(old), copy.deepcopy(new)))


def common_ends(old: list[Any], new: list[Any]) -> tuple[int, int]:
    """How many items two lists share at their start, and then at their end (so
    `new` is `old` with one run inserted or removed when the two cover the shorter)."""
    start = 0
    shortest = min(len(old), len(new))
    while start < shortest and old[start] == new[start]:
        start += 1
    end = 0
    while end < shortest - start and old[len(old) - 1 - end] == new[len(new) - 1 - end]:
        end += 1
    return start, end


def apply_patch(current: Any, patch: Patch, *, share: bool = False) -> Any:
    """`current` with `patch` applied (a new value); MergeConflict if it cannot be.

    With `share`, only the dicts and lists on the way to what a step changes are copied
    and the result shares everything else with `current` (cheap on a big entry; for
    callers that change neither in place afterwards).
    """
    if not share:
        result = copy.deepcopy(current)
        for step in patch.steps:
            result = _apply(result, step)
        return result
    result = current
    for step in patch.steps:
        depth = len(step.path) - 1 if step.op == "set" else len(step.path)
        result = _apply(_own_path(result, step.path, depth), step)
    return result


def _own_path(root: Any, path: Path, depth: int) -> Any:
    """`root` with the containers along the first `depth` parts of `path` copied, one
    level each, so a step can change them without touching the value they came from."""
    top = copy.copy(root) if isinstance(root, dict | list) else root
    node: Any = top
    for part in path[:depth]:
        try:
            child = node[part]
        except (KeyError, IndexError, TypeError):
            break  # not there: `_apply` says so
        if not isinstance(child, dict | list):
            break
        child = copy.copy(child)
        node[part] = child
        node = child
    return top


def _apply(root: Any, step: Step) -> Any:
    if not step.path and step.op == "set":
        if root == step.new:
            return root
        if root != step.old:
            raise MergeConflict(step.path)
        return copy.deepcopy(step.new)
    parent, key = _locate(root, step.path)
    if step.op == "set":
        value = parent[key]
        if value == step.new:
            return root
        if value != step.old:
            parent[key] = _shifted(value, step)
            return root
        parent[key] = copy.deepcopy(step.new)
        return root
    target = parent[key] if parent is not None else root
    if not isinstance(target, list):
        raise MergeConflict(step.path)
    if step.op == "insert":
        at = len(target) if step.at_end else min(step.at, len(target))
        target[at:at] = copy.deepcopy(step.new)
        return root
    found = find_run(target, step.old, step.at)
    if found is None:
        raise MergeConflict(step.path)
    del target[found : found + len(step.old)]
    return root


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shifted(value: Any, step: Step) -> int:
    """A count changed since: moved by the step's own difference (never below 0)."""
    if not (_count(value) and _count(step.old) and _count(step.new)):
        raise MergeConflict(step.path)
    moved = int(value) + int(step.new) - int(step.old)
    if moved < 0:
        raise MergeConflict(step.path)
    return moved


def _locate(root: Any, path: Path) -> tuple[Any, Any]:
    """The container holding the last element of `path`, and that key or index."""
    if not path:
        return None, None
    node = root
    for part in path[:-1]:
        node = _child(node, part, path)
    last = path[-1]
    _child(node, last, path)
    return node, last


def _child(node: Any, part: str | int, path: Path) -> Any:
    if isinstance(node, dict) and isinstance(part, str) and part in node:
        return node[part]
    if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
        return node[part]
    raise MergeConflict(path)


def find_run(items: list[Any], run: list[Any], hint: int) -> int | None:
    """Where `run` occurs in `items`, the occurrence nearest `hint` first."""
    size = len(run)
    starts = [i for i in range(len(items) - size + 1) if items[i : i + size] == run]
    if not starts:
        return None
    return min(starts, key=lambda i: (abs(i - hint), -i))


class _Absent:
    """A key missing on one side of a three-way merge (told apart from None)."""


_ABSENT = _Absent()


def merge3(base: Any, mine: Any, theirs: Any) -> Any:
    """`theirs` with the changes from `base` to `mine` carried over: a three-way merge.

    `base` is the entry as an editor loaded it, `mine` what the editor made of it and
    `theirs` the entry as stored now (saved meanwhile by another window, another
    numdesk, an import). A place only one side changed takes that side's value, so a
    field changed elsewhere survives the editor's save; a place both sides changed to
    different values is a `MergeConflict` naming it, so nothing is overwritten unseen.

    Dicts merge key by key (an entry's fields, a rules set's changes; a key one side
    added or removed counts as a change of that key); lists of the same length on all
    three sides merge item by item; any other value (a number, a text, a list that grew
    or shrank) is one value. Keys `mine` does not know (written by a newer numdesk) are
    in `theirs` only and so are kept.
    """
    merged = _merge3(base, mine, theirs, ())
    return copy.deepcopy(merged)


def _merge3(base: Any, mine: Any, theirs: Any, path: Path) -> Any:
    if mine == base:
        return theirs
    if theirs in (base, mine):
        return mine
    if isinstance(base, dict) and isinstance(mine, dict) and isinstance(theirs, dict):
        out: dict[str, Any] = {}
        for key in [*theirs, *(k for k in mine if k not in theirs)]:
            value = _merge3(
                base.get(key, _ABSENT), mine.get(key, _ABSENT), theirs.get(key, _ABSENT),
                (*path, key),
            )  # fmt: skip
            if value is not _ABSENT:
                out[key] = value
        return out
    if (
        isinstance(base, list)
        and isinstance(mine, list)
        and isinstance(theirs, list)
        and len(base) == len(mine) == len(theirs)
    ):
        triples = enumerate(zip(base, mine, theirs, strict=True))
        return [_merge3(b, m, t, (*path, i)) for i, (b, m, t) in triples]
    raise MergeConflict(path)


def describe_path(path: Path) -> str:
    """A path as a reader can follow it ("abilities 3 name")."""
    return " ".join(str(p + 1) if isinstance(p, int) else p.replace("_", " ") for p in path)
