"""The character sheet editor: the paper sheet, play mode, history and the new character
wizard. The main window calls `open_sheet_widget(controller)` to put a sheet in a tab."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from numdesk.controllers.character import CharacterController
from numdesk.views.sheet.sheet_widget import SheetWidget


def open_sheet_widget(controller: CharacterController) -> QWidget:
    """A SheetWidget for `controller` (its `undo_stack` property goes in the QUndoGroup)."""
    return SheetWidget(controller)


__all__ = ["SheetWidget", "open_sheet_widget"]
