"""The undo journal: the last steps of each undo stack, kept in the library.

A stack ("library", "character:<uid>", "encounter:<uid>") is a run of numbered steps
and a `position`: steps numbered below it are done, the others undone (redo-able).
Each step is written in the same transaction as the entries it changed, so the journal
never disagrees with the entries, and a restart (or a crash) keeps the ability to undo.
Only the newest `limit` steps of a stack are kept.
"""

from __future__ import annotations

from sqlalchemy import Connection, select

from numdesk.store.journal_steps import STEP_LIMIT, JournalStep, JournalWrite
from numdesk.store.schema import UndoStackRow, UndoStepRow

__all__ = ["STEP_LIMIT", "JournalStep", "JournalWrite", "read_journal", "write_journal"]


def write_journal(conn: Connection, write: JournalWrite) -> None:
    """Apply `write` inside the caller's transaction.

    Plain SQL, not SQLAlchemy expressions: it runs on every fight action, and building
    four statements cost more than running them.
    """
    stack = write.stack
    if write.push is not None:
        seq = write.push.seq
        conn.exec_driver_sql(_DROP_FROM, (stack, seq))
        conn.exec_driver_sql(_INSERT_STEP, (stack, seq, write.push.text, write.push.steps))
        conn.exec_driver_sql(_DROP_OLD, (stack, seq - write.limit))
    if write.update is not None:
        conn.exec_driver_sql(
            _UPDATE_STEP, (write.update.text, write.update.steps, stack, write.update.seq)
        )
    conn.exec_driver_sql(_SET_POSITION, (stack, write.position))


_DROP_FROM = "DELETE FROM undo_steps WHERE stack = ? AND seq >= ?"
_INSERT_STEP = "INSERT INTO undo_steps (stack, seq, text, steps) VALUES (?, ?, ?, ?)"
_DROP_OLD = "DELETE FROM undo_steps WHERE stack = ? AND seq <= ?"
_UPDATE_STEP = "UPDATE undo_steps SET text = ?, steps = ? WHERE stack = ? AND seq = ?"
_SET_POSITION = (
    "INSERT INTO undo_stacks (stack, position) VALUES (?, ?)"
    " ON CONFLICT (stack) DO UPDATE SET position = excluded.position"
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
