"""A name box whose Enter adds what was typed, and nothing more.

A QLineEdit passes Enter on to its dialog, whose default button then fires: in the New
Character wizard that finished the wizard, in the tier-up step it closed the dialog, so
a keyboard user could add only one ability. Here Enter stays with the box.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class AddLine(QLineEdit):
    """A line edit that emits `returnPressed` on Enter and keeps the key to itself."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        super().keyPressEvent(event)
        if event.key() in _ENTER:
            event.accept()
