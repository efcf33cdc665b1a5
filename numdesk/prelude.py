"""The plain-Python modules the first window needs, imported before PySide6.

PySide6 hooks imports: every module imported after it is read back with
`inspect.getsource` to look for `from __feature__ import ...`. Importing the first
window's non-Qt modules (the store reader with sqlite3, the summaries, the rules
profiles the list names, JSON) before Qt keeps that hook off them and everything
they import. The CLI imports this module first when it starts the GUI; it has no
other use.
"""

from __future__ import annotations

import json  # noqa: F401
import textwrap  # noqa: F401
import threading  # noqa: F401

from numdesk.model.summary import EntrySummary  # noqa: F401
from numdesk.rules.profiles import PROFILES  # noqa: F401  (the list's Rules column)
from numdesk.store.reader import LibraryReader  # noqa: F401
