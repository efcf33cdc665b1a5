"""One-letter prefixes in the full-text index, and indexes for the browser's sorted pages.

The browser lists a search page by page and sorts by a column in SQL, each page
starting where the last one ended (keyset paging), so a page costs the same at the
start and at the end of a 100,000-entry library. That needs:
- one-letter prefixes in `entries_fts` (`prefix = '1 2 3'`): the first key press of a
  search otherwise merges the index lists of every word that starts with that letter,
  the largest single cost of typing in a big library. FTS5 fixes its prefixes when the
  table is made, so the index is made again from its own stored text;
- an index for each sortable column other than the name (kind has one already): level,
  rules (profile) and favourite, each followed by the name;
- `entries.tag_key`, an entry's tag keys joined in order (what the Tags column shows),
  kept by the store wherever tags are written, with its index.

Revision ID: 0004_browse_indexes
Revises: 0003_revisions_undo_journal
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_browse_indexes"
down_revision: str | None = "0003_revisions_undo_journal"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TOKENIZE = "tokenize = 'unicode61 remove_diacritics 2'"


def _rebuild_fts(prefixes: str) -> None:
    """Make `entries_fts` again with `prefixes`, from the text it holds."""
    op.execute("DROP TRIGGER IF EXISTS entries_fts_delete")
    op.execute(
        "CREATE VIRTUAL TABLE entries_fts_new USING fts5("
        f"name, tags, body, {_TOKENIZE}, prefix = '{prefixes}')"
    )
    op.execute(
        "INSERT INTO entries_fts_new (rowid, name, tags, body) "
        "SELECT rowid, name, tags, body FROM entries_fts"
    )
    op.execute("DROP TABLE entries_fts")
    op.execute("ALTER TABLE entries_fts_new RENAME TO entries_fts")
    op.execute(
        "CREATE TRIGGER entries_fts_delete AFTER DELETE ON entries BEGIN "
        "DELETE FROM entries_fts WHERE rowid = old.id; END"
    )


def upgrade() -> None:
    _rebuild_fts("1 2 3")
    op.create_index("ix_entries_level_name_key", "entries", ["level", "name_key"])
    op.create_index("ix_entries_profile_name_key", "entries", ["profile", "name_key"])
    op.create_index("ix_entries_favourite_name_key", "entries", ["favourite", "name_key"])
    # Native ADD COLUMN: a batch copy of the table would drop the full-text trigger.
    op.add_column("entries", sa.Column("tag_key", sa.Text(), nullable=False, server_default=""))
    conn = op.get_bind()
    keys: dict[int, list[str]] = {}
    for entry_id, key in conn.execute(
        sa.text("SELECT et.entry_id, t.key FROM entry_tags et JOIN tags t ON t.id = et.tag_id")
    ):
        keys.setdefault(entry_id, []).append(key)
    if keys:
        conn.execute(
            sa.text("UPDATE entries SET tag_key = :key WHERE id = :id"),
            [{"id": i, "key": ", ".join(sorted(k))} for i, k in keys.items()],
        )
    op.create_index("ix_entries_tag_key_name_key", "entries", ["tag_key", "name_key"])


def downgrade() -> None:
    op.drop_index("ix_entries_tag_key_name_key", table_name="entries")
    op.execute("ALTER TABLE entries DROP COLUMN tag_key")
    op.drop_index("ix_entries_favourite_name_key", table_name="entries")
    op.drop_index("ix_entries_profile_name_key", table_name="entries")
    op.drop_index("ix_entries_level_name_key", table_name="entries")
    _rebuild_fts("2 3")
