"""The QUndoCommand every controller pushes: one model Operation, its target, its save.

Why a command is built *after* the first apply: `QUndoStack.push` calls `redo()` from
C++, where a Python exception cannot reach the caller. A controller therefore applies
the operation and saves first with `OperationCommand.run(...)` (so a DomainError or a
store error reaches the view and nothing is pushed), then pushes the returned command,
whose first `redo()` is skipped because the work is already done. Later redos restore
the operation's recorded "after" state (same dice faces), undos its "before" state;
each one saves at once, so the library always matches what the user sees.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from PySide6.QtGui import QUndoCommand

from numdesk.model.operations.base import Change, Operation

T = TypeVar("T")

#: Persists the target (one store transaction), e.g. `library.characters.save`.
SaveCallback = Callable[[Any], None]


class OperationCommand(QUndoCommand, Generic[T]):
    """Undo/redo of one Operation on one target, saving the target after each step.

    `after` is called (with no argument) after every redo/undo, so the owning
    controller can emit its `changed` signal. To make one undo step that touches two
    objects (XP given to another character) put the commands in a `CommandGroup`.
    """

    def __init__(
        self,
        operation: Operation[T],
        target: T,
        save: SaveCallback,
        text: str | None = None,
        after: Callable[[], None] | None = None,
        parent: QUndoCommand | None = None,
        applied: bool = False,
    ) -> None:
        super().__init__(parent)
        self.operation = operation
        self.target = target
        self._save = save
        self._after = after
        self._skip_next_redo = applied
        change = operation.change
        if text is None:
            text = change.summary if change is not None else type(operation).__name__
        self.setText(text)

    @classmethod
    def run(
        cls,
        operation: Operation[T],
        target: T,
        save: SaveCallback,
        after: Callable[[], None] | None = None,
        parent: QUndoCommand | None = None,
    ) -> OperationCommand[T]:
        """Apply and save now (errors propagate, nothing changed); return the command to push.

        If saving fails the operation is reverted, so the object in memory keeps
        matching the library. If the operation changed nothing (a field set to the
        value it had) nothing is saved and the command is marked obsolete: the caller
        should not push it, so the undo stack holds no empty steps.
        """
        before = copy.deepcopy(target)
        operation.apply(target)
        if target == before:
            command = cls(operation, target, save, after=after, parent=parent, applied=True)
            command.setObsolete(True)
            return command
        try:
            save(target)
        except BaseException:
            operation.revert(target)
            raise
        return cls(operation, target, save, after=after, parent=parent, applied=True)

    @property
    def change(self) -> Change | None:
        """What the operation did (its history line)."""
        return self.operation.change

    def redo(self) -> None:
        if self._skip_next_redo:
            self._skip_next_redo = False
            return
        self.operation.apply(self.target)
        self._save(self.target)
        if self._after is not None:
            self._after()

    def undo(self) -> None:
        self.operation.revert(self.target)
        self._save(self.target)
        if self._after is not None:
            self._after()


class CommandGroup(QUndoCommand):
    """Several OperationCommands as one undo step (redo in order, undo in reverse).

    The group holds its parts in a Python list rather than as Qt child commands: a
    child's Python wrapper (which carries the overridden redo/undo) could otherwise be
    collected while Qt still calls it.
    """

    def __init__(self, text: str, parts: list[OperationCommand[Any]]) -> None:
        super().__init__(text)
        self.parts = list(parts)

    def redo(self) -> None:
        for part in self.parts:
            part.redo()

    def undo(self) -> None:
        for part in reversed(self.parts):
            part.undo()
