"""Undo that never destroys work: steps that know the entries they touched, replayed
against those entries as they are now, kept in the library across restarts.

A step holds one `EntryChange` per entry it touched: a patch for an edit (see
`numdesk.model.merge`), or the whole content for a creation or a deletion. Undoing
reads every touched entry fresh from the library, applies the inverse to that current
state and writes all of them, with the journal's new position, in ONE revision-checked
transaction. So an edit made meanwhile in another window (the fight damaging a PC, the
sheet's own tab, a rename in the browser) survives the undo; a value someone changed
since is not overwritten: the undo is refused and `refused` says why. Stacks of
different windows never clear one another.

The model and the store are imported on first use: the main window builds the
library's stack before the store is loaded (start-up).

QUndoStack calls `undo()`/`redo()` from C++, where an exception cannot reach the
caller; a refused step therefore reports through `refused` and puts the stack's
index back on the next turn of the event loop.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from numdesk.model.errors import DomainError

if TYPE_CHECKING:  # (an EntryChange is first made by the first change: not at start-up)
    from numdesk.controllers.entry_change import EntryChange
    from numdesk.model.kinds import ModelObject
    from numdesk.store.commit import Write

__all__ = ["Confirm", "Held", "UndoDeclined", "UndoJournal"]

#: Asks the user a yes/no question (the view shows a message box); True means go on.
Confirm = Callable[[str], bool]
#: An entry as a window holds it: the object, the revision the library holds it at, and
#: its `entry_data`. Undo patches it instead of reading (and converting) the entry again.
Held = tuple["ModelObject", int, dict[str, Any]]


def _t(text: str) -> str:
    return QCoreApplication.translate("Undo", text)


class UndoDeclined(DomainError):
    """The user answered No to an undo's question: the step stays, nothing to report."""


class JournalCommand(QUndoCommand):
    """One undo step of a `UndoJournal`: changes to entries, replayed through it."""

    def __init__(self, journal: UndoJournal, text: str, seq: int, changes: list[EntryChange]):
        super().__init__(text)
        self.journal = journal
        self.seq = seq
        self.changes = changes
        self.skip = True  # pushed after its first application, or restored from the journal

    def redo(self) -> None:
        if self.skip:
            self.skip = False
            return
        self.journal._replay(self, forward=True)

    def undo(self) -> None:
        if self.skip:
            self.skip = False
            return
        self.journal._replay(self, forward=False)

    def to_json(self) -> str:
        return json.dumps([c.to_json() for c in self.changes], ensure_ascii=False)


class UndoJournal(QObject):
    """The undo stack of one window's subject (`stack` names it), kept in the library.

    `library` returns the open Library. After each replay `replayed(dict)` carries
    uid -> (object, revision) for every entry written (object None: deleted), so the
    owner refreshes its copy and tells the other windows.
    """

    #: uid -> (ModelObject | None, revision) after an undo or redo
    replayed = Signal(object)
    #: an undo or redo could not be done; the message says why
    refused = Signal(str)

    def __init__(
        self,
        library: Callable[[], Any],
        stack: str,
        parent: QObject | None = None,
        reading: Callable[[], Any] | None = None,
    ):
        super().__init__(parent)
        self._library = library
        #: what `restore` reads the kept steps from (default: the library), so the main
        #: window restores its undo steps before the store is imported
        self._reading = reading or library
        self.name = stack
        self.stack = QUndoStack(self)
        self.confirm: Confirm | None = None
        #: the entry as the owning window holds it (None: read it from the library)
        self.held: Callable[[str], Held | None] = lambda uid: None
        #: uid -> `entry_data` of the entries the last undo or redo wrote, where at hand
        self.written: dict[str, dict[str, Any]] = {}
        self._base = 0
        self._batch: list[tuple[list[EntryChange], list[Write]]] | None = None
        self._macro: list[EntryChange] | None = None

    # -- restoring ---------------------------------------------------------------------
    def restore(self) -> None:
        """Fill the stack with the steps the library kept (after a restart)."""
        self.stack.clear()
        position, steps = self._reading().journal(self.name)
        self._base = steps[0].seq if steps else position
        from numdesk.controllers.entry_change import EntryChange

        for step in steps:
            changes = [EntryChange.from_json(c) for c in json.loads(step.steps)]
            self.stack.push(JournalCommand(self, step.text, step.seq, changes))
        for command in self._commands():
            command.skip = True
        done = sum(1 for step in steps if step.seq < position)
        self.stack.setIndex(done)
        for command in self._commands():
            command.skip = False

    def _commands(self) -> Iterator[JournalCommand]:
        for i in range(self.stack.count()):
            command = self.stack.command(i)
            if isinstance(command, JournalCommand):
                yield command

    # -- recording a new step ------------------------------------------------------------
    def record(self, text: str, changes: list[EntryChange], writes: list[Write]) -> dict[str, int]:
        """Write `writes` and journal `changes` as one step in ONE transaction, then push it.

        Raises (ConflictError, LibraryError) with nothing written and nothing pushed.
        Inside `batch()` the step is only collected; the batch writes them together.
        """
        from numdesk.store.journal import JournalStep, JournalWrite

        if self._batch is not None:
            self._batch.append((changes, writes))
            return {}
        if self._macro is not None:
            self._macro.extend(changes)
            saved: dict[str, int] = self._library().commit(writes)
            return saved
        seq = self._next_seq()
        push = JournalStep(seq, text, json.dumps([c.to_json() for c in changes]))
        revisions: dict[str, int] = self._library().commit(
            writes, JournalWrite(self.name, seq + 1, push)
        )
        self.stack.push(JournalCommand(self, text, seq, changes))
        return revisions

    @contextmanager
    def batch(self, text: str) -> Iterator[None]:
        """Collect the steps recorded inside into ONE step and ONE transaction."""
        if self._batch is not None:
            yield
            return
        self._batch = []
        try:
            yield
            collected = self._batch
        finally:
            self._batch = None
        if collected:
            changes = [c for part, _ in collected for c in part]
            writes = [w for _, part in collected for w in part]
            self.record(text, changes, writes)

    @contextmanager
    def macro(self, text: str) -> Iterator[None]:
        """Make the actions inside (each saved at once, a dialog may come between them)
        ONE undo step, journalled when the block ends."""
        from numdesk.store.journal import JournalStep, JournalWrite

        if self._macro is not None or self._batch is not None:
            yield
            return
        self._macro = []
        try:
            yield
        finally:
            changes, self._macro = self._macro, None
            if changes:
                seq = self._next_seq()
                push = JournalStep(seq, text, json.dumps([c.to_json() for c in changes]))
                self._library().commit([], JournalWrite(self.name, seq + 1, push))
                self.stack.push(JournalCommand(self, text, seq, changes))

    def _next_seq(self) -> int:
        index = self.stack.index()
        if index == 0:
            return self._base
        command = self.stack.command(index - 1)
        return command.seq + 1 if isinstance(command, JournalCommand) else self._base + index

    # -- undo and redo -----------------------------------------------------------------
    def _replay(self, command: JournalCommand, forward: bool) -> None:
        try:
            result = self._write(command, forward)
        except UndoDeclined:
            self._put_back(command, forward)
            return
        except DomainError as err:
            self._put_back(command, forward)
            self._refuse(command, forward, err.message)
            return
        self.replayed.emit(result)

    def _put_back(self, command: JournalCommand, forward: bool) -> None:
        """Put the stack back where it was once Qt has moved its index."""
        command.skip = True
        QTimer.singleShot(0, self.stack.undo if forward else self.stack.redo)

    def _refuse(self, command: JournalCommand, forward: bool, message: str) -> None:
        """Say why a step was not done."""
        what = _t("Redo") if forward else _t("Undo")
        self.refused.emit(
            _t("{0} of “{1}” was not done: {2}").format(what, command.text(), message)
        )

    def _write(
        self, command: JournalCommand, forward: bool
    ) -> dict[str, tuple[ModelObject | None, int]]:
        from numdesk.store.journal import JournalStep, JournalWrite

        library = self._library()
        seen: dict[str, Write] = {}  # a step may change one entry twice: chain them
        changes = command.changes if forward else list(reversed(command.changes))
        new_changes: dict[int, EntryChange] = {}
        for change in changes:
            write, updated = self._write_for(library, change, forward, seen.get(change.uid))
            seen[change.uid] = write
            if updated is not change:
                new_changes[id(change)] = updated
        writes = list(seen.values())
        position = command.seq + 1 if forward else command.seq
        update = None
        if new_changes:
            # the step now keeps what a later redo or undo must bring back
            command.changes = [new_changes.get(id(c), c) for c in command.changes]
            update = JournalStep(command.seq, command.text(), command.to_json())
        revisions: dict[str, int] = library.commit(
            writes, JournalWrite(self.name, position, update=update)
        )
        self.written = {w.uid: w.data for w in writes if w.data is not None}
        return {w.uid: (w.obj, revisions.get(w.uid, 0)) for w in writes}

    def _write_for(
        self, library: Any, change: EntryChange, forward: bool, prior: Write | None
    ) -> tuple[Write, EntryChange]:
        """The write that replays `change` (forward: redo) against the stored entry, or
        against `prior`, what an earlier change of the same step made of it."""
        from dataclasses import replace  # (no dataclass is made for the first screen)

        from numdesk.controllers.entry_change import patched
        from numdesk.model.merge import MergeConflict, describe_path, diff
        from numdesk.store.commit import Write

        brings_in = change.created if forward else change.deleted
        takes_out = change.deleted if forward else change.created
        if brings_in is not None:
            expected = prior.expected if prior is not None else None
            obj = change.build(brings_in)
            data = change.stored_data(brings_in, obj)
            return Write(change.uid, obj, expected, change.tags, change.favourite, data), change
        try:
            if prior is not None and prior.obj is None:
                raise DomainError(change.name)
            if prior is not None:
                current, revision, data = prior.obj, prior.expected, prior.data
            else:
                current, revision, data = self._current(library, change.uid)
        except DomainError:
            raise DomainError(
                _t("“{0}” is no longer in the library.").format(change.name)
            ) from None
        assert current is not None
        if takes_out is not None:
            now = change.stored_now(library, current)
            if now != takes_out:
                # the steps of its own window (a fight's turns), else the values changed
                count = library.journal(f"{change.kind}:{change.uid}")[0] or len(
                    diff(takes_out, now).steps
                )
                question = _t(
                    "“{0}” has {1} change(s) since it was made. Delete it anyway?"
                ).format(current.name, count)
                if self.confirm is None:
                    raise DomainError(
                        _t("“{0}” was changed since it was made; it was kept.").format(current.name)
                    )
                if not self.confirm(question):
                    raise UndoDeclined(question)
                summary = library.summary(change.uid)
                kept = replace(change, name=current.name, tags=tuple(summary.tags),
                               favourite=summary.favourite)  # fmt: skip
                kept = replace(kept, **({"created": now} if not forward else {"deleted": now}))
                return Write(change.uid, None, revision), kept
            return Write(change.uid, None, revision), change
        assert change.patch is not None
        patch = change.patch if forward else change.patch.inverse()
        try:
            write = patched(change, current, revision, data, patch)
        except MergeConflict as conflict:
            raise DomainError(
                _t("“{0}”: {1} was changed since, so it was left as it is.").format(
                    current.name, describe_path(conflict.path)
                )
            ) from None
        if prior is not None and write.lines_kept is not None:
            # counted on what the step's earlier change made: as stored, the lesser
            kept = prior.lines_kept
            write = replace(write, lines_kept=None if kept is None else min(kept, write.lines_kept))
        return write, change

    def _current(
        self, library: Any, uid: str
    ) -> tuple[ModelObject, int | None, dict[str, Any] | None]:
        """Entry `uid` as it is now: the owning window's copy while the library still
        holds that revision (one small query), else read from the library."""
        held = self.held(uid)
        if held is not None and library.revision(uid) == held[1]:
            return held
        current, revision = library.load_revision(uid)
        return current, revision, None
