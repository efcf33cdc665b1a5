"""What the File menu's longer flows (new, import, export, print) need of the main window.

`entry_actions`, `transfer` and `printing` take the window they act for. They know it
as a `LibraryHost`, the main window's base class, so they never import
`numdesk.views.main_window`, which imports them: the views depend one way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QSplitter, QTabWidget, QToolBar, QWidget

if TYPE_CHECKING:
    from PySide6.QtWidgets import QProgressDialog

    from numdesk.controllers.library import LibraryController
    from numdesk.controllers.settings import AppSettings
    from numdesk.views.actions import ActionId
    from numdesk.views.documents import Documents
    from numdesk.views.library.browser import LibraryBrowser


class LibraryHost(QMainWindow):
    """A main window with a library browser and document tabs (`MainWindow` is one)."""

    controller: LibraryController
    settings: AppSettings
    browser: LibraryBrowser
    tabs: QTabWidget
    documents: Documents
    import_progress: QProgressDialog | None
    print_progress: QProgressDialog | None
    splitter: QSplitter
    toolbar: QToolBar
    toolbar_toggle: QAction
    actions_by_id: dict[ActionId, QAction]

    def open_entry(self, uid: str) -> QWidget:
        """Open entry `uid` in a tab (or its window) and return the widget shown."""
        raise NotImplementedError

    def selected_or_current(self) -> list[str]:
        """The browser's selection, or the entry of the current tab."""
        raise NotImplementedError
