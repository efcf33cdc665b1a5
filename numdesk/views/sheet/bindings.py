"""Binding plain sheet fields (line edits, text boxes) to operations, with inline errors.

A binding reads its value from the character, and when the user finishes an edit it
builds an operation from the typed text and applies it through the controller. A
refused edit shows the DomainError message in the red label under the field, puts the
stored value back and leaves the focus in the field; nothing is stored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QLabel, QLineEdit, QPlainTextEdit, QWidget

from numdesk.controllers.character import CharacterController
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.operations.base import Operation
from numdesk.views.sheet.style import set_role


def typed_int(text: str) -> int | str:
    """The typed number, or the text itself so the operation can say why it is not one."""
    stripped = text.strip()
    try:
        return int(stripped)
    except ValueError:
        return stripped


class ErrorLabel:
    """One red label that several fields share (e.g. the three numbers of a stat)."""

    def __init__(self, label: QLabel) -> None:
        self.label = label
        self.owner: QWidget | None = None
        set_role(label, "error")
        label.setWordWrap(True)
        label.hide()

    def show(self, message: str, owner: QWidget) -> None:
        self.owner = owner
        self.label.setText(message)
        self.label.setVisible(True)

    def clear(self, owner: QWidget | None = None) -> None:
        if owner is None or owner is self.owner:
            self.label.clear()
            self.label.hide()
            self.owner = None


class FieldBinding(QObject):
    """A line edit or text box bound to one value of the character."""

    def __init__(
        self,
        controller: CharacterController,
        widget: QLineEdit | QPlainTextEdit,
        read: Callable[[Character], Any],
        make_op: Callable[[str], Operation[Character]],
        error: ErrorLabel,
        max_length: int | None = None,
    ) -> None:
        super().__init__(widget)
        self._controller = controller
        self.widget = widget
        self._read = read
        self._make_op = make_op
        self._error = error
        if isinstance(widget, QLineEdit):
            widget.editingFinished.connect(self.commit)
            if max_length is not None:
                # the field stops at the limit the library keeps (model/limits.py) and
                # says so, rather than taking 599 characters and refusing them at Enter
                widget.setMaxLength(max_length)
                widget.inputRejected.connect(lambda: self._too_long(max_length))
        widget.installEventFilter(self)

    def _too_long(self, limit: int) -> None:
        self._error.show(
            self.tr("This field holds at most {0} characters; the rest was not taken.").format(
                f"{limit:,}"
            ),
            self.widget,
        )

    def shown_value(self) -> str:
        value = self._read(self._controller.character)
        return "" if value is None else str(value)

    def text(self) -> str:
        if isinstance(self.widget, QLineEdit):
            return self.widget.text()
        return self.widget.toPlainText()

    def refresh(self) -> None:
        """Show the stored value (after a change, an undo, or a refused edit)."""
        value = self.shown_value()
        if self.text() == value:
            return
        if isinstance(self.widget, QLineEdit):
            self.widget.setText(value)
            self.widget.setCursorPosition(0)
        else:
            self.widget.setPlainText(value)

    def commit(self) -> bool:
        """Apply the typed value; False (and the message shown) if it was refused."""
        text = self.text()
        if text == self.shown_value():
            # the field shows the stored value again (put back after a refusal, or typed
            # back): a message about an earlier refused value no longer applies
            self._error.clear(self.widget)
            return True
        try:
            self._controller.apply(self._make_op(text))
        except DomainError as err:
            self._error.show(err.message, self.widget)
            self.refresh()
            self.widget.setFocus()
            if isinstance(self.widget, QLineEdit):
                self.widget.selectAll()
            return False
        self._error.clear(self.widget)
        self._forget_typing()
        return True

    def _forget_typing(self) -> None:
        """Drop the field's own undo history once its text is stored: Ctrl+Z then undoes
        the stored edit through the sheet's undo stack, instead of only putting the old
        text back in the field while the new value stays stored."""
        if isinstance(self.widget, QLineEdit):
            cursor = self.widget.cursorPosition()
            self.widget.setText(self.widget.text())  # setText clears the undo history
            self.widget.setCursorPosition(cursor)
        else:
            self.widget.document().clearUndoRedoStacks()

    def _can_undo_typing(self, redo: bool) -> bool:
        if isinstance(self.widget, QLineEdit):
            return self.widget.isRedoAvailable() if redo else self.widget.isUndoAvailable()
        document = self.widget.document()
        return document.isRedoAvailable() if redo else document.isUndoAvailable()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self.widget:
            return False
        if event.type() == QEvent.Type.FocusOut and isinstance(self.widget, QPlainTextEdit):
            self.commit()
        elif event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            keys = ((QKeySequence.StandardKey.Undo, False), (QKeySequence.StandardKey.Redo, True))
            for key, redo in keys:
                if event.matches(key) and not self._can_undo_typing(redo):
                    # nothing typed to take back here: let Ctrl+Z reach the sheet's undo
                    event.ignore()
                    return True
        return False
