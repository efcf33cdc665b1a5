"""The one path for edits, undo, history and persistence (see ARCHITECTURE.md).

An operation changes one domain object in place. `apply` runs it the first time and
records the state before; `revert` restores that state, and applying again (redo)
restores the state the operation left, instead of recomputing, so a redone roll gives
the same face. If the change raises, the target is restored first, so a failed
operation changes nothing. A `RulesError` from the rules engine surfaces as a
`DomainError`, the one error type the UI shows.

Snapshots are whole-object copies (the only undo that cannot drift from what the
operation really did), with one exception: a character's history. It only ever grows
at its end (the operation's own line is added after `_do`), and a long-played sheet has
thousands of lines, so copying it would make every click slower the longer a character
is played. A snapshot leaves it out and keeps its length instead; undo cuts the history
back to that length and redo puts the same lines back. The state after is only copied
at the first `revert` (the object is then exactly as the operation left it, later steps
being undone first): most operations are never undone this way.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from numdesk.model.errors import domain_errors
from numdesk.model.history import HISTORY_FIELD as HISTORY
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


#: Types whose values are never changed in place (copies share them); enum types are
#: added as they are met.
_SHARED: set[type] = {str, int, float, bool, bytes, type(None)}


def clone(value: Any) -> Any:
    """A copy of a model value, as deep as `copy.deepcopy` but several times faster on
    the plain dataclasses, lists, dicts, enums and scalars the model is made of."""
    cls = type(value)
    if cls in _SHARED:
        return value
    if cls is list:
        return [v if type(v) in _SHARED else clone(v) for v in value]
    if cls is dict:
        return {k: v if type(v) in _SHARED else clone(v) for k, v in value.items()}
    if isinstance(value, Enum):
        _SHARED.add(cls)
        return value
    if cls is tuple:
        return tuple(clone(v) for v in value)
    state = getattr(value, "__dict__", None)
    if state is not None:
        # a plain dataclass: a new instance given copies of its attributes, without
        # `copy.copy`'s pickling protocol (most of the time of a snapshot otherwise)
        new = object.__new__(cls)
        new.__dict__.update({k: v if type(v) in _SHARED else clone(v) for k, v in state.items()})
        return new
    return copy.deepcopy(value)


def snapshot(target: Any) -> Any:
    """A copy of `target` without its history (an empty list in its place)."""
    state = target.__dict__
    new = object.__new__(type(target))
    new.__dict__.update({k: clone(v) for k, v in state.items() if k != HISTORY})
    if HISTORY in state:
        new.__dict__[HISTORY] = []
    return new


def history_of(target: Any) -> list[Any] | None:
    """The history list of `target`, or None if it keeps none."""
    history = getattr(target, HISTORY, None)
    return history if isinstance(history, list) else None


def _put_back(target: Any, state: Any, length: int, *, keep: bool = True) -> None:
    """Give `target` the fields of snapshot `state` and cut its history to `length`;
    with `keep` False the snapshot's own objects go in (it is not used again)."""
    for name, value in state.__dict__.items():
        if name != HISTORY:
            setattr(target, name, clone(value) if keep else value)
    history = history_of(target)
    if history is not None:
        del history[length:]


class Operation(ABC, Generic[T]):
    """A user's change to a dataclass object; subclasses implement `_do`."""

    def __init__(self) -> None:
        self._before: Any = None
        self._after: Any = None
        self._length = 0
        self._added: list[Any] = []
        self._change: Change | None = None

    @property
    def change(self) -> Change | None:
        """What the last `apply` did (None before the first)."""
        return self._change

    def apply(self, target: T) -> Change:
        """Do the change (or redo it exactly) and return what it did."""
        if self._change is not None:
            if self._after is not None:  # undone: redo
                _put_back(target, self._after, self._length)
                history = history_of(target)
                if history is not None:
                    history.extend(clone(self._added))
            return self._change
        before = snapshot(target)
        history = history_of(target)
        length = len(history) if history is not None else 0
        try:
            with domain_errors():
                change = self._do(target)
                self._check(target, before)
            if change.record and history is not None:
                history.append(
                    HistoryEntry(change.summary, kind=change.kind, details=change.details)
                )
        except BaseException:
            _put_back(target, before, length, keep=False)
            raise
        self._before = before
        self._length = length
        self._added = clone(history[length:]) if history is not None else []
        self._change = change
        return change

    def revert(self, target: T) -> None:
        """Put `target` back as it was before `apply`."""
        if self._before is None:
            raise RuntimeError("cannot revert an operation that was never applied")
        if self._after is None:
            self._after = snapshot(target)
        _put_back(target, self._before, self._length)

    def _check(self, target: T, before: T) -> None:
        """Refuse (raise) a result the object may not have; `before` is a snapshot of
        the object before `_do`, without its history. Nothing is refused by default."""

    @abstractmethod
    def _do(self, target: T) -> Change:
        """Change `target` in place, raising DomainError (before or after changing it)."""
