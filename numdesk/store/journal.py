"""The undo journal: the last steps of each undo stack, kept in the library.

A stack ("library", "character:<uid>", "encounter:<uid>") is a run of numbered steps
and a `position`: steps numbered below it are done, the others undone (redo-able).
Each step is written in the same transaction as the entries it changed, so the journal
never disagrees with the entries, and a restart (or a crash) keeps the ability to undo.
Only the newest `limit` steps of a stack are kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, delete, select, update
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from numdesk.store.schema import UndoStackRow, UndoStepRow

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


def write_journal(conn: Connection, write: JournalWrite) -> None:
    """Apply `write` inside the caller's transaction."""
    if write.push is not None:
        seq = write.push.seq
        conn.execute(
            delete(UndoStepRow).where(UndoStepRow.stack == write.stack, UndoStepRow.seq >= seq)
        )
        conn.execute(
            UndoStepRow.__table__.insert().values(
                stack=write.stack, seq=seq, text=write.push.text, steps=write.push.steps
            )
        )
        conn.execute(
            delete(UndoStepRow).where(
                UndoStepRow.stack == write.stack, UndoStepRow.seq <= seq - write.limit
            )
        )
    if write.update is not None:
        conn.execute(
            update(UndoStepRow)
            .where(UndoStepRow.stack == write.stack, UndoStepRow.seq == write.update.seq)
            .values(text=write.update.text, steps=write.update.steps)
        )
    stmt = sqlite_insert(UndoStackRow).values(stack=write.stack, position=write.position)
    conn.execute(
        stmt.on_conflict_do_update(index_elements=["stack"], set_={"position": write.position})
    )


def read_journal(conn: Connection, stack: str) -> tuple[int, list[JournalStep]]:
    """The position of `stack` and its kept steps, oldest first."""
    position = conn.execute(
        select(UndoStackRow.position).where(UndoStackRow.stack == stack)
    ).scalar()
    rows = conn.execute(
        select(UndoStepRow.seq, UndoStepRow.text, UndoStepRow.steps)
        .where(UndoStepRow.stack == stack)
        .order_by(UndoStepRow.seq)
    ).all()
    return int(position or 0), [JournalStep(int(s), str(t), str(j)) for s, t, j in rows]
