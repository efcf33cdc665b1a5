"""Alembic environment for library files.

numdesk runs migrations itself (`numdesk.store.migrate`) and hands over an open
connection in `config.attributes["connection"]`, inside a transaction it controls, so a
migration is all-or-nothing. The FTS5 index and its shadow tables are created with
plain SQL in the migrations; autogenerate must not see them or it would drop them.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from numdesk.store.schema import Base, include_name


def run() -> None:
    """Run the migrations on the given connection (or on `sqlalchemy.url` for tooling)."""
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
        context.run_migrations()
        return
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("set sqlalchemy.url to run numdesk migrations from the alembic tool")
    with create_engine(url).begin() as conn:
        _configure(conn)
        context.run_migrations()


def _configure(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,
        include_name=include_name,
    )


run()
