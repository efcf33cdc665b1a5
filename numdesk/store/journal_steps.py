"""The undo journal's stored steps as plain data (`numdesk.store.journal` reads and
writes them), importable without SQLAlchemy: the first window restores the library's
undo steps before the store is imported."""

from __future__ import annotations

from dataclasses import dataclass

#: Undo steps kept per stack (per sheet, per fight, and for the library).
STEP_LIMIT = 200


@dataclass(frozen=True)
class JournalStep:
    """One stored step: its number in the stack, its menu text, its changes (JSON)."""

    seq: int
    text: str
    steps: str


@dataclass(frozen=True)
class JournalWrite:
    """Move `stack` to `position`; with `push`, first record a new step (dropping the
    undone steps it replaces and the oldest beyond `limit`)."""

    stack: str
    position: int
    push: JournalStep | None = None
    limit: int = STEP_LIMIT
    #: a kept step whose changes are replaced (an undone creation now keeps the content
    #: the entry had when it was deleted, for redo to bring back)
    update: JournalStep | None = None
