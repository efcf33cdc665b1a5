"""Add `entries.name_key`: the case-folded name for Unicode-aware exact lookups and sorting.

SQLite's own case folding only knows ASCII, so "Ätherwurm" and "ätherwurm" were two
names to it; the key is computed in Python for every existing row.

Revision ID: 0002_name_key
Revises: 0001_first_schema
Create Date: 2026-11-22
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_name_key"
down_revision: str | None = "0001_first_schema"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("entries") as batch:
        batch.add_column(sa.Column("name_key", sa.Text(), nullable=False, server_default=""))
    conn = op.get_bind()
    rows = conn.execute(sa.text("SELECT id, name FROM entries")).all()
    if rows:
        conn.execute(
            sa.text("UPDATE entries SET name_key = :key WHERE id = :id"),
            [{"id": row.id, "key": row.name.casefold()} for row in rows],
        )
    op.drop_index("ix_entries_kind_name", table_name="entries")
    op.create_index("ix_entries_kind_name_key", "entries", ["kind", "name_key"])
    op.create_index("ix_entries_name_key", "entries", ["name_key"])


def downgrade() -> None:
    op.drop_index("ix_entries_name_key", table_name="entries")
    op.drop_index("ix_entries_kind_name_key", table_name="entries")
    op.create_index("ix_entries_kind_name", "entries", ["kind", "name"])
    # Native DROP COLUMN (SQLite 3.35+): a batch copy of the table would drop the
    # full-text trigger along with the old table.
    op.execute("ALTER TABLE entries DROP COLUMN name_key")
