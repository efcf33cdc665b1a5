"""The first library schema: entries, tags, character history, settings, full-text index.

Revision ID: 0001_first_schema
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_first_schema"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: 'NMDK': marks the SQLite file as a numdesk library, so other databases are told apart.
APPLICATION_ID = 0x4E4D444B


def upgrade() -> None:
    op.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    op.create_table(
        "entries",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("uid", sa.String(64), nullable=False, unique=True),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("profile", sa.String(32), nullable=True),
        sa.Column("level", sa.Integer(), nullable=True),
        sa.Column("subtitle", sa.Text(), nullable=False, server_default=""),
        sa.Column("favourite", sa.Boolean(), nullable=False, server_default="0"),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("created", sa.String(40), nullable=False),
        sa.Column("updated", sa.String(40), nullable=False),
    )
    op.create_index("ix_entries_kind_name", "entries", ["kind", "name"])
    op.create_table(
        "tags",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("key", sa.Text(), nullable=False, unique=True),
    )
    op.create_table(
        "entry_tags",
        sa.Column(
            "entry_id",
            sa.Integer(),
            sa.ForeignKey("entries.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "tag_id", sa.Integer(), sa.ForeignKey("tags.id", ondelete="CASCADE"), primary_key=True
        ),
    )
    op.create_index("ix_entry_tags_tag_id", "entry_tags", ["tag_id"])
    op.create_table(
        "history",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "entry_id",
            sa.Integer(),
            sa.ForeignKey("entries.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("at", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("summary", sa.Text(), nullable=False),
        sa.Column("details", sa.Text(), nullable=False, server_default=""),
        sa.UniqueConstraint("entry_id", "seq", name="uq_history_entry_seq"),
    )
    op.create_table(
        "meta",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )
    # Names weigh most in ranking; prefixes of 2 and 3 letters are indexed because
    # search-as-you-type asks for them on every key press.
    op.execute(
        "CREATE VIRTUAL TABLE entries_fts USING fts5("
        "name, tags, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')"
    )
    # Deleting an entry always removes its index row, whoever deletes it.
    op.execute(
        "CREATE TRIGGER entries_fts_delete AFTER DELETE ON entries BEGIN "
        "DELETE FROM entries_fts WHERE rowid = old.id; END"
    )


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS entries_fts_delete")
    op.execute("DROP TABLE IF EXISTS entries_fts")
    op.drop_table("meta")
    op.drop_table("history")
    op.drop_index("ix_entry_tags_tag_id", table_name="entry_tags")
    op.drop_table("entry_tags")
    op.drop_table("tags")
    op.drop_index("ix_entries_kind_name", table_name="entries")
    op.drop_table("entries")
    op.execute("PRAGMA application_id = 0")
