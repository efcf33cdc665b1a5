"""The library browser: search box, filters and the table of entries."""

from numdesk.views.library.browser import LibraryBrowser
from numdesk.views.library.model import ENTRY_MIME_TYPE, EntryTableModel

__all__ = ["ENTRY_MIME_TYPE", "EntryTableModel", "LibraryBrowser"]
