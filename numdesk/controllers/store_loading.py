"""Loading the store after the first window: `Library` on first use, or on a thread.

Importing the store (SQLAlchemy) is most of what opening a library costs, over half
a second; the first window lists the library without it (`store.reader`), and the
`LibraryController` opens the `Library` once the window is painted.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from numdesk.store.library import Library


def store_class() -> type[Library]:
    """`Library`, imported on first use."""
    from numdesk.store.library import Library

    return Library


class StoreLoader(QObject):
    """Imports the store's modules on a worker thread, then says so on the main thread.

    The event loop stays free for the user meanwhile. (Python imports are thread-safe:
    if the main thread needs the store first, it waits for this import instead of
    doing it twice.)
    """

    loaded = Signal()

    def start(self) -> None:
        """Start the import; `loaded` follows (also if it failed)."""
        threading.Thread(target=self._run, name="numdesk-store-import", daemon=True).start()

    def _run(self) -> None:
        try:
            store_class()
        finally:  # a failed import is raised again, and shown, by the main thread
            self.loaded.emit()
