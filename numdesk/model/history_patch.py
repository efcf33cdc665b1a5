"""A character's history in undo patches, without converting all of it.

A sheet's undo step is a `Patch` of its plain data (`numdesk.model.merge`), the history
included: an action's step inserts its line at the end, and undo removes that line
wherever it is by then. But a long-played sheet has thousands of lines, and converting
and comparing all of them on every click made each click slower the longer a character
was played. So an action diffs the sheet without its history (`serialize.entry_data`)
and adds the step of the lines it appended (`sheet_patch`: the same patch a whole diff
gives); undo and redo apply the history's steps to the list of lines itself
(`patch_history`), converting only the lines a step names, and the rest of the patch to
the data without the history.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from numdesk.model.history import HISTORY_FIELD, HistoryEntry
from numdesk.model.merge import Patch, Step, apply_patch, diff
from numdesk.model.serialize import from_data, to_data

_PATH = (HISTORY_FIELD,)


def appended(history: Sequence[HistoryEntry], length: int) -> Step | None:
    """The step of the lines added to `history` after its first `length` (None if none)."""
    if len(history) <= length:
        return None
    lines = [to_data(entry) for entry in history[length:]]
    return Step("insert", _PATH, new=lines, at=length, at_end=True)


def sheet_patch(
    before: dict[str, Any], after: dict[str, Any], history: Sequence[HistoryEntry], length: int
) -> Patch:
    """The patch of one action on a sheet: `before` and `after` are its `entry_data`, and
    the action added the lines of `history` after the first `length`."""
    patch = diff(before, after)
    step = appended(history, length)
    return patch if step is None else Patch((*patch.steps, step))


def touches_history(step: Step) -> bool:
    """Whether `step` changes the history (or the whole entry)."""
    return not step.path or step.path[0] == HISTORY_FIELD


def patch_history(
    history: list[HistoryEntry], steps: Sequence[Step]
) -> tuple[list[HistoryEntry], int]:
    """`history` with the history's `steps` applied, as a new list sharing the lines it
    leaves alone, and how many of its first lines stay as they were.

    Raises `MergeConflict` (as `apply_patch` does) when a step cannot be applied.
    """
    lines = list(history)
    kept = len(lines)
    for step in steps:
        if step.path == _PATH and step.op == "insert":
            at = len(lines) if step.at_end else min(step.at, len(lines))
            lines[at:at] = [from_data(HistoryEntry, line) for line in step.new]
            kept = min(kept, at)
        elif step.path == _PATH and step.op == "remove" and _found_at(lines, step.old, step.at):
            del lines[step.at : step.at + len(step.old)]
            kept = min(kept, step.at)
        else:
            # lines moved or changed since: through the plain data, as any other patch
            data = apply_patch({HISTORY_FIELD: [to_data(e) for e in lines]}, Patch((step,)))
            new = [from_data(HistoryEntry, line) for line in data[HISTORY_FIELD]]
            same = next(
                (i for i, (a, b) in enumerate(zip(lines, new, strict=False)) if a != b),
                min(len(lines), len(new)),
            )
            lines, kept = new, min(kept, same)
    return lines, kept


def _found_at(lines: Sequence[HistoryEntry], run: Sequence[Any], at: int) -> bool:
    """Whether the lines `run` (plain data) are at index `at` of `lines`."""
    end = at + len(run)
    return at >= 0 and end <= len(lines) and [to_data(e) for e in lines[at:end]] == list(run)
