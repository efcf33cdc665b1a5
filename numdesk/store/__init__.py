"""The library store: SQLite through SQLAlchemy, Alembic migrations, search, backups.

Everyone else reaches the library through `Library` and its typed repositories; no
other package builds queries. Before a library is fully open, the app's first screen
lists it through `numdesk.store.reader` (plain `sqlite3`).

`Library` and `Repository` are imported from here on first use: importing the
package (for `LibraryError` or `EntrySummary`, or the reader) must not load
SQLAlchemy, which costs more than half a second at start-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from numdesk.model.summary import EntrySummary
from numdesk.store.errors import LibraryError

if TYPE_CHECKING:
    from numdesk.store.library import Library
    from numdesk.store.repository import Repository
    from numdesk.store.rules_sets import ensure_rules_set

__all__ = ["EntrySummary", "Library", "LibraryError", "Repository", "ensure_rules_set"]


def __getattr__(name: str) -> Any:
    """`Library`, `Repository` and `ensure_rules_set`, imported when first asked for."""
    if name == "Library":
        from numdesk.store.library import Library

        return Library
    if name == "Repository":
        from numdesk.store.repository import Repository

        return Repository
    if name == "ensure_rules_set":
        from numdesk.store.rules_sets import ensure_rules_set

        return ensure_rules_set
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
