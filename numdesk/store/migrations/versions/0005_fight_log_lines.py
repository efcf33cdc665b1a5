"""A fight's log in a table of its own, a row per line (`log_lines`).

A log grows by a line or two with every fight action, thousands in a long fight. In the
encounter's JSON every action converted, compared and rewrote all of it, so an action
cost more the longer the fight went on; as rows, an action appends its lines. The lines
of every stored encounter move out of its JSON, in order, each as the JSON it had there.

Revision ID: 0005_fight_log_lines
Revises: 0004_browse_indexes
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_fight_log_lines"
down_revision: str | None = "0004_browse_indexes"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: the stored encounters whose JSON can be read (a damaged one is left as it is: opening
#: it says so, as before)
_FIGHTS = "kind = 'encounter' AND json_valid(data)"
#: of those, the ones whose log is a list of lines (one that is not stays in the JSON,
#: where reading the fight names it, rather than being dropped here)
_LOGS = f"{_FIGHTS} AND json_type(data, '$.log') = 'array'"


def upgrade() -> None:
    op.create_table(
        "log_lines",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "entry_id",
            sa.Integer(),
            sa.ForeignKey("entries.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("line", sa.Text(), nullable=False),
        sa.UniqueConstraint("entry_id", "seq", name="uq_log_lines_entry_seq"),
    )
    op.execute(
        "INSERT INTO log_lines (entry_id, seq, line) "
        "SELECT e.id, CAST(j.key AS INTEGER), j.value "
        f"FROM entries e, json_each(e.data, '$.log') j WHERE e.id IN (SELECT id FROM entries "
        f"WHERE {_LOGS})"
    )
    op.execute(f"UPDATE entries SET data = json_remove(data, '$.log') WHERE {_LOGS}")


def downgrade() -> None:
    op.execute(
        "UPDATE entries SET data = json_set(data, '$.log', (SELECT json_group_array(json(line)) "
        "FROM (SELECT line FROM log_lines l WHERE l.entry_id = entries.id ORDER BY seq))) "
        f"WHERE {_FIGHTS}"
    )
    op.drop_table("log_lines")
