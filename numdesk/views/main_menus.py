"""The main window's menu bar and toolbar: which actions go where.

The actions themselves (texts, keys, icons) are in `views/actions.py`; the window
connects them to what they do in `MainWindow._connect`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from numdesk.views.actions import ICON_SIZE, ActionId
from numdesk.views.library.host import LibraryHost


def build_menus(window: LibraryHost) -> QMenu:
    """The menu bar; returns the Recent Libraries menu (filled each time it opens)."""
    a = window.actions_by_id
    bar = window.menuBar()
    file_menu = bar.addMenu(window.tr("&File"))
    file_menu.setObjectName("fileMenu")
    for action_id in (ActionId.NEW_CHARACTER, ActionId.NEW_ENCOUNTER, ActionId.NEW_ENTRY):
        file_menu.addAction(a[action_id])
    file_menu.addSeparator()
    file_menu.addAction(a[ActionId.NEW_LIBRARY])
    file_menu.addAction(a[ActionId.OPEN_LIBRARY])
    recent_menu = file_menu.addMenu(window.tr("Recent &Libraries"))
    recent_menu.setObjectName("recentMenu")
    file_menu.addSeparator()
    for action_id in (ActionId.IMPORT, ActionId.EXPORT_LIBRARY, ActionId.EXPORT_SELECTION):
        file_menu.addAction(a[action_id])
    file_menu.addSeparator()
    for action_id in (
        ActionId.EXPORT_PDF,
        ActionId.PRINT,
        ActionId.PRINT_PREVIEW,
        ActionId.BLANK_SHEETS,
    ):
        file_menu.addAction(a[action_id])
    file_menu.addSeparator()
    file_menu.addAction(a[ActionId.RESTORE_BACKUP])
    file_menu.addSeparator()
    file_menu.addAction(a[ActionId.CLOSE_TAB])
    file_menu.addAction(a[ActionId.QUIT])

    edit_menu = bar.addMenu(window.tr("&Edit"))
    edit_menu.addAction(a[ActionId.UNDO])
    edit_menu.addAction(a[ActionId.REDO])
    edit_menu.addSeparator()
    edit_menu.addAction(a[ActionId.FIND])
    edit_menu.addSeparator()
    edit_menu.addAction(a[ActionId.PREFERENCES])

    view_menu = bar.addMenu(window.tr("&View"))
    view_menu.addAction(a[ActionId.SHOW_LIBRARY])
    view_menu.addAction(window.toolbar_toggle)

    entry_menu = bar.addMenu(window.tr("E&ntry"))
    entry_action_ids: tuple[ActionId | None, ...] = (
        ActionId.OPEN_ENTRY,
        None,
        ActionId.DUPLICATE,
        ActionId.RENAME,
        ActionId.DELETE,
        None,
        ActionId.FAVOURITE,
        ActionId.EDIT_TAGS,
        None,
        ActionId.EXPORT_SELECTION,
        ActionId.EXPORT_PDF,
        ActionId.PRINT,
    )
    context: list[QAction | None] = []
    for entry_id in entry_action_ids:
        if entry_id is None:
            entry_menu.addSeparator()
            context.append(None)
        else:
            entry_menu.addAction(a[entry_id])
            context.append(a[entry_id])
    window.browser.set_context_actions(context)

    help_menu = bar.addMenu(window.tr("&Help"))
    help_menu.setObjectName("helpMenu")
    help_menu.addAction(a[ActionId.FIGHT_KEYS])
    help_menu.addSeparator()
    help_menu.addAction(a[ActionId.ABOUT])
    return recent_menu


def build_toolbar(window: LibraryHost) -> None:
    """The main toolbar: new, open, import/export and undo/redo."""
    toolbar = window.toolbar
    toolbar.setObjectName("mainToolbar")
    toolbar.setMovable(False)
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    toolbar.setIconSize(ICON_SIZE)  # (the blank icons before `add_icons` have it too)
    for action_id in (
        ActionId.NEW_CHARACTER,
        ActionId.NEW_ENCOUNTER,
        ActionId.OPEN_LIBRARY,
        None,
        ActionId.IMPORT,
        ActionId.EXPORT_LIBRARY,
        ActionId.EXPORT_PDF,
        None,
        ActionId.UNDO,
        ActionId.REDO,
    ):
        if action_id is None:
            toolbar.addSeparator()
        else:
            toolbar.addAction(window.actions_by_id[action_id])
    window.addToolBar(Qt.ToolBarArea.TopToolBarArea, toolbar)
