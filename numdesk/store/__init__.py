"""The library store: SQLite through SQLAlchemy, Alembic migrations, search, backups.

Everyone else reaches the library through `Library` and its typed repositories; no
other package builds queries.
"""

from numdesk.store.errors import LibraryError
from numdesk.store.library import Library
from numdesk.store.repository import Repository
from numdesk.store.rules_sets import ensure_rules_set
from numdesk.store.search import EntrySummary

__all__ = ["EntrySummary", "Library", "LibraryError", "Repository", "ensure_rules_set"]
