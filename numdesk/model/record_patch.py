"""A record (a character's history, a fight's log) in undo patches, without converting
all of it.

An undo step is a `Patch` of the entry's plain data (`numdesk.model.merge`), its record
included: an action's step inserts its lines at the end, and undo removes those lines
wherever they are by then. But a long-played sheet or a long fight has thousands of
lines, and converting and comparing all of them on every click made each click slower
the longer the entry was played. So an action diffs the entry without its record
(`serialize.entry_data`) and adds the step of the lines it appended (`action_patch`:
the same patch a whole diff gives); undo and redo apply the record's steps to the list
of lines itself (`patch_record`), converting only the lines a step names, and the rest
of the patch to the data without the record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from numdesk.model.character import Character
from numdesk.model.encounter import Encounter, LogEntry
from numdesk.model.history import HISTORY_FIELD, LOG_FIELD, HistoryEntry
from numdesk.model.merge import Patch, Step, apply_patch, diff
from numdesk.model.serialize import from_data, to_data


def record_of(obj: object) -> tuple[str, type] | None:
    """The field holding `obj`'s record and the class of its lines, if it keeps one."""
    if isinstance(obj, Character):
        return HISTORY_FIELD, HistoryEntry
    if isinstance(obj, Encounter):
        return LOG_FIELD, LogEntry
    return None


def appended(lines: Sequence[Any], length: int, field: str) -> Step | None:
    """The step of the lines added to the record `field` after its first `length`."""
    if len(lines) <= length:
        return None
    new = [to_data(line) for line in lines[length:]]
    return Step("insert", (field,), new=new, at=length, at_end=True)


def action_patch(obj: object, before: dict[str, Any], after: dict[str, Any], length: int) -> Patch:
    """The patch of one action on `obj`: `before` and `after` are its `entry_data`, and
    the action added the lines of its record after the first `length`."""
    patch = diff(before, after)
    record = record_of(obj)
    step = appended(getattr(obj, record[0]), length, record[0]) if record else None
    return patch if step is None else Patch((*patch.steps, step))


def touches(step: Step, field: str) -> bool:
    """Whether `step` changes the record `field` (or the whole entry)."""
    return not step.path or step.path[0] == field


def patch_record(
    lines: list[Any], steps: Sequence[Step], cls: type, field: str
) -> tuple[list[Any], int]:
    """The record `lines` (of class `cls`, field `field`) with its `steps` applied, as a
    new list sharing the lines it leaves alone, and how many of its first lines stay as
    they were.

    Raises `MergeConflict` (as `apply_patch` does) when a step cannot be applied.
    """
    path = (field,)
    result = list(lines)
    kept = len(result)
    for step in steps:
        if step.path == path and step.op == "insert":
            at = len(result) if step.at_end else min(step.at, len(result))
            result[at:at] = [from_data(cls, line) for line in step.new]
            kept = min(kept, at)
        elif step.path == path and step.op == "remove" and _found_at(result, step.old, step.at):
            del result[step.at : step.at + len(step.old)]
            kept = min(kept, step.at)
        else:
            # lines moved or changed since: through the plain data, as any other patch
            data = apply_patch({field: [to_data(e) for e in result]}, Patch((step,)))
            new: list[Any] = [from_data(cls, line) for line in data[field]]
            same = next(
                (i for i, (a, b) in enumerate(zip(result, new, strict=False)) if a != b),
                min(len(result), len(new)),
            )
            result, kept = new, min(kept, same)
    return result, kept


def _found_at(lines: Sequence[Any], run: Sequence[Any], at: int) -> bool:
    """Whether the lines `run` (plain data) are at index `at` of `lines`."""
    end = at + len(run)
    return at >= 0 and end <= len(lines) and [to_data(e) for e in lines[at:end]] == list(run)
