"""The fight's name at the top of its window, renamed in place: click it (or Ctrl+R),
type, Enter or leave the field; Esc keeps the old name. It looks like a heading until
it has the focus."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import QLineEdit, QWidget

from numdesk.views.theme import heading_font


class NameEdit(QLineEdit):
    """A heading that is also the field that renames the fight."""

    #: the new name, once the user keeps it (Enter or leaving the field)
    renamed = Signal(str)
    #: the user is done here (Esc or Enter): the window gives the focus back
    done = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("encounterTitle")
        self.setFont(heading_font(self.font(), 1.0))
        self.setFrame(False)
        # reached by a click or Ctrl+R, never by Tab or on opening: keys typed in the
        # fight are for the fight, not its name
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        # Esc is this field's own (it keeps the old name), not the window's way back
        self.setProperty("ownEscape", True)
        self._name = ""
        self.editingFinished.connect(self._keep)
        self.returnPressed.connect(self._enter)

    def show_name(self, name: str) -> None:
        """Show the stored name (left alone while the user types a new one)."""
        self._name = name
        if not self.hasFocus() and self.text() != name:
            self.setText(name)
            self.setCursorPosition(0)

    def _enter(self) -> None:
        """Enter: keep the name typed (or show the stored one if it was refused), done."""
        self._keep()
        self.setText(self._name)
        self.done.emit()

    def _keep(self) -> None:
        text = self.text().strip()
        if text and text != self._name:
            self.renamed.emit(text)
        elif not text:
            self.setText(self._name)

    def event(self, event: QEvent) -> bool:
        # Esc is this field's (it reverts the name), before any window shortcut takes it
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Escape
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.setText(self._name)
            self.done.emit()
            return
        super().keyPressEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        if self.text() != self._name:
            self.setText(self._name)  # a refused or unchanged name shows the stored one
        self.setCursorPosition(0)
