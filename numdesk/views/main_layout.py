"""The main window's layout between runs: window geometry, toolbar, splitter and the
library table's columns, kept in the user's settings."""

from __future__ import annotations

from numdesk.views.library.host import LibraryHost


def restore_layout(window: LibraryHost) -> None:
    """Put the window, toolbar, splitter and table columns back as they were."""
    geometry = window.settings.layout_bytes("geometry")
    if geometry is not None:
        window.restoreGeometry(geometry)
    state = window.settings.layout_bytes("state")
    if state is not None:
        window.restoreState(state)
    splitter = window.settings.layout_bytes("splitter")
    if splitter is not None:
        window.splitter.restoreState(splitter)
    header = window.settings.layout_bytes("browserHeader")
    if header is not None:
        window.browser.table.horizontalHeader().restoreState(header)


def save_layout(window: LibraryHost) -> None:
    """Remember the window, toolbar, splitter and table columns."""
    window.settings.set_layout_bytes("geometry", window.saveGeometry())
    window.settings.set_layout_bytes("state", window.saveState())
    window.settings.set_layout_bytes("splitter", window.splitter.saveState())
    window.settings.set_layout_bytes(
        "browserHeader", window.browser.table.horizontalHeader().saveState()
    )
    window.settings.sync()
