"""The schema revisions this numdesk knows, oldest first, without importing Alembic.

Opening a library only needs to compare its revision with these; Alembic (a fifth of
a second to import) is loaded only when a file is created or must be migrated. A test
checks that this list matches the migration scripts.
"""

from __future__ import annotations

REVISIONS: tuple[str, ...] = (
    "0001_first_schema",
    "0002_name_key",
    "0003_revisions_undo_journal",
    "0004_browse_indexes",
)
HEAD: str = REVISIONS[-1]
FIRST: str = REVISIONS[0]

#: The newest starter edition (`numdesk.store.starter`; 2 added the generic skills of
#: `60-skills.json`): kept here, with what else a file is compared with when it opens.
STARTER_EDITION = 2

#: 'NMDK' in the SQLite header: tells a numdesk library from any other database.
APPLICATION_ID = 0x4E4D444B
