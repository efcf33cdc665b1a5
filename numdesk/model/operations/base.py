"""The one path for edits, undo, history and persistence (see ARCHITECTURE.md).

An operation changes one domain object in place. `apply` runs it the first time and
records the state before and after; applying again (redo) restores the recorded
"after" state instead of recomputing, so a redone roll gives the same face; `revert`
restores the "before" state. If the change raises, the target is restored first, so
a failed operation changes nothing. A `RulesError` from the rules engine surfaces as a
`DomainError`, the one error type the UI shows.

Snapshots are whole-object copies: the objects are small (a sheet is a few kilobytes),
and a copy is the only undo that cannot drift from what the operation really did.
"""

from __future__ import annotations

import copy
import dataclasses
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from numdesk.model.errors import domain_errors
from numdesk.model.history import HistoryEntry

T = TypeVar("T")


@dataclass(frozen=True)
class Change:
    """What an operation did: the line a player reads, and whether it goes in the history.

    `kind` groups history entries ("pools", "xp", "wounds", "items", "tier", "edit").
    """

    summary: str
    kind: str = "edit"
    details: str = ""
    record: bool = True


def _restore(target: Any, state: Any) -> None:
    """Copy every field of `state` onto `target`, keeping `target`'s identity."""
    for f in dataclasses.fields(target):
        setattr(target, f.name, copy.deepcopy(getattr(state, f.name)))


class Operation(ABC, Generic[T]):
    """A user's change to a dataclass object; subclasses implement `_do`."""

    def __init__(self) -> None:
        self._before: T | None = None
        self._after: T | None = None
        self._change: Change | None = None

    @property
    def change(self) -> Change | None:
        """What the last `apply` did (None before the first)."""
        return self._change

    def apply(self, target: T) -> Change:
        """Do the change (or redo it exactly) and return what it did."""
        if self._after is not None and self._change is not None:
            _restore(target, self._after)
            return self._change
        before = copy.deepcopy(target)
        try:
            with domain_errors():
                change = self._do(target)
            if change.record and hasattr(target, "history"):
                target.history.append(
                    HistoryEntry(change.summary, kind=change.kind, details=change.details)
                )
        except BaseException:
            _restore(target, before)
            raise
        self._before = before
        self._after = copy.deepcopy(target)
        self._change = change
        return change

    def revert(self, target: T) -> None:
        """Put `target` back as it was before `apply`."""
        if self._before is None:
            raise RuntimeError("cannot revert an operation that was never applied")
        _restore(target, self._before)

    @abstractmethod
    def _do(self, target: T) -> Change:
        """Change `target` in place, raising DomainError (before or after changing it)."""
