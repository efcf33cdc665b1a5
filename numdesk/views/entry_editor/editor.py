"""The entry editor: a form for one library entry that stores every accepted edit at once.

A finished edit (Enter, leaving a field, a pick from a list) is parsed; a bad value
shows its message under the field and is not stored; a good one goes through
`LibraryController.edit`, which is undoable on the library's undo stack. When the
entry is written by someone else (an undo, a rename from the browser) the form reloads.
"""

from __future__ import annotations

import copy

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.library import LibraryController
from numdesk.model.errors import DomainError
from numdesk.model.kinds import EntryKind, ModelObject
from numdesk.views.entry_editor.fields import BoolField, Field, focus_widget
from numdesk.views.entry_editor.page_view import EntryPageView, has_page
from numdesk.views.entry_editor.specs import FORMS, check_entry, fields_for
from numdesk.views.library.model import kind_label
from numdesk.views.theme import dim, heading_font, mark_error


def can_edit(kind: EntryKind) -> bool:
    """Whether the entry editor has a form for `kind`."""
    return kind in FORMS


class EntryEditor(QWidget):
    """Edits one library entry (any kind but characters and encounters)."""

    #: the entry's name changed (the tab title follows)
    titleChanged = Signal(str)

    def __init__(
        self, controller: LibraryController, uid: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._controller = controller
        self.uid = uid
        self.kind = controller.kind_of(uid)
        self._entry: ModelObject = controller.load(uid)
        self._writing = False
        self.fields: dict[str, Field] = {}
        self.errors: dict[str, QLabel] = {}
        self._loaded: dict[str, object] = {}
        self._build()
        self._show(self._entry)
        controller.entrySaved.connect(self._on_entry_saved)

    @property
    def entry(self) -> ModelObject:
        """The entry as stored."""
        return self._entry

    @property
    def undo_stack(self) -> QUndoStack:
        """Edits here are undone on the library's stack."""
        return self._controller.undo_stack

    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.stack = QStackedWidget(self)
        outer.addWidget(self.stack)
        self.reader: EntryPageView | None = None
        if has_page(self.kind):
            self.reader = EntryPageView(self)
            self.reader.editRequested.connect(self.start_editing)
            self.stack.addWidget(self.reader)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.stack.addWidget(scroll)
        page = QWidget()
        page.setObjectName("entryEditorPage")
        scroll.setWidget(page)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(24, 16, 24, 16)
        self.heading = QLabel()
        self.heading.setFont(heading_font(self.font(), 1.6))
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.subheading = QLabel(kind_label(self.kind))
        dim(self.subheading)
        layout.addWidget(self.heading)
        layout.addWidget(self.subheading)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        form.setVerticalSpacing(6)
        layout.addLayout(form)
        layout.addStretch(1)
        for field in fields_for(self.kind):
            field.on_commit = self._commit
            field.widget.setObjectName(f"field_{field.name}")
            error = QLabel()
            error.setObjectName("fieldError")
            mark_error(error)
            error.setWordWrap(True)
            error.hide()
            holder = QWidget()
            box = QVBoxLayout(holder)
            box.setContentsMargins(0, 0, 0, 0)
            box.setSpacing(2)
            box.addWidget(field.widget)
            box.addWidget(error)
            if isinstance(field, BoolField):
                form.addRow("", holder)
            else:
                label = QLabel(field.label)
                label.setBuddy(focus_widget(field))
                form.addRow(label, holder)
            self.fields[field.name] = field
            self.errors[field.name] = error

    def _show(self, entry: ModelObject) -> None:
        self._entry = entry
        for name, field in self.fields.items():
            field.load_entry(entry)
            self._set_error(name, "")
            self._remember(field)
        self.heading.setText(entry.name)
        if self.reader is not None:
            self.reader.show_entry(entry, self._controller)

    def _remember(self, field: Field) -> None:
        """Note what `field` shows now: committing it unchanged must write nothing."""
        try:
            self._loaded[field.name] = field.parse()
        except DomainError:
            self._loaded.pop(field.name, None)

    @property
    def reading(self) -> bool:
        """Whether the readable page (not the form) is shown."""
        return self.reader is not None and self.stack.currentWidget() is self.reader

    def start_editing(self) -> None:
        """Show the form (the page's Edit button)."""
        self.stack.setCurrentIndex(self.stack.count() - 1)
        first = next(iter(self.fields.values()), None)
        if first is not None:
            focus_widget(first).setFocus()

    def _set_error(self, name: str, message: str) -> None:
        label = self.errors[name]
        label.setText(message)
        label.setVisible(bool(message))

    def error_text(self, name: str) -> str:
        """The message shown under field `name` ("" when its value was accepted)."""
        label = self.errors[name]
        return label.text() if not label.isHidden() else ""

    def _commit(self, field: Field) -> None:
        """Store the value of `field` if it is valid; otherwise explain under the field."""
        if self._writing:
            return
        try:
            value = field.parse()
            if value == self._loaded.get(field.name, object()):
                return  # not changed since it was shown: nothing to store
            updated = copy.deepcopy(self._entry)
            setattr(updated, field.name, value)
            check_entry(updated)
        except DomainError as err:
            self._set_error(field.name, err.message)
            return
        self._set_error(field.name, "")
        if updated == self._entry:
            return
        self._writing = True
        try:
            self._controller.edit(updated)
        except DomainError as err:
            self._set_error(field.name, err.message)
            return
        finally:
            self._writing = False
        self._entry = updated
        self._remember(field)
        if self.reader is not None:
            self.reader.show_entry(updated, self._controller)
        for other in self.fields.values():
            if field.name in other.follows:
                other.load_entry(updated)
                self._remember(other)
        if field.name == "name":
            self.heading.setText(updated.name)
            self.titleChanged.emit(updated.name)

    def commit_all(self) -> None:
        """Store every field's pending value (before the tab closes)."""
        for field in self.fields.values():
            self._commit(field)

    def _on_entry_saved(self, uid: str) -> None:
        if uid != self.uid or self._writing:
            return
        entry = self._controller.load(uid)
        if entry != self._entry:
            self._show(entry)
            self.titleChanged.emit(entry.name)
