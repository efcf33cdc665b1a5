"""Add `entries.revision` and the undo journal (`undo_stacks`, `undo_steps`).

`revision` counts the saves of an entry: a save names the revision it started from and
is refused when another window or another numdesk saved in between (optimistic
concurrency, so no acknowledged edit is ever overwritten). The journal keeps the last
undo steps of each sheet, fight and of the library, so undo survives a restart.

Revision ID: 0003_revisions_undo_journal
Revises: 0002_name_key
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_revisions_undo_journal"
down_revision: str | None = "0002_name_key"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Native ADD COLUMN: a batch copy of the table would drop the full-text trigger.
    op.add_column(
        "entries", sa.Column("revision", sa.Integer(), nullable=False, server_default="1")
    )
    op.create_table(
        "undo_stacks",
        sa.Column("stack", sa.String(120), primary_key=True),
        sa.Column("position", sa.Integer(), nullable=False, server_default="0"),
    )
    op.create_table(
        "undo_steps",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("stack", sa.String(120), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("steps", sa.Text(), nullable=False),
        sa.UniqueConstraint("stack", "seq", name="uq_undo_steps_stack_seq"),
    )


def downgrade() -> None:
    op.drop_table("undo_steps")
    op.drop_table("undo_stacks")
    op.execute("ALTER TABLE entries DROP COLUMN revision")
