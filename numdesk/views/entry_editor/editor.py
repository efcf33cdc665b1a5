"""The entry editor: a form for one library entry that stores every accepted edit at once.

A finished edit (Enter, leaving a field, a pick from a list) is parsed; a bad value
shows its message under the field and is not stored; a good one goes through
`LibraryController.save_field_changes`, which stores only that change onto the entry as
stored now (undoable on the library's undo stack), so what another window or another
numdesk changed meanwhile is kept. When the entry is written by someone else (an undo,
a rename from the browser) the form shows it, except in a field being typed in.
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

from numdesk.controllers.library import EditConflict, LibraryController
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
        """The entry as this editor last loaded or stored it: what its edits start from."""
        return self._entry

    @property
    def undo_stack(self) -> QUndoStack:
        """Edits here are undone on the library's stack."""
        return self._controller.undo_stack

    def _field_words(self, name: str, where: str) -> str:
        """A newer numdesk's field as the note names it: “morale”, “luck” in abilities."""
        if not where:
            return self.tr("“{0}”").format(name.replace("_", " "))
        return self.tr("“{0}” in {1}").format(name.replace("_", " "), where.replace("_", " "))

    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.newer_note = QLabel()
        self.newer_note.setObjectName("newerFields")
        self.newer_note.setTextFormat(Qt.TextFormat.PlainText)
        self.newer_note.setWordWrap(True)
        self.newer_note.setContentsMargins(24, 8, 24, 0)
        dim(self.newer_note)
        unknown = self._controller.unknown_fields(self.uid)
        if unknown:
            self.newer_note.setText(
                self.tr(
                    "Made partly by a newer numdesk: this entry also holds what a newer "
                    "numdesk added ({0}). This numdesk cannot show it, but keeps it "
                    "unchanged when you edit the rest, and exports it."
                ).format(", ".join(self._field_words(name, where) for name, where in unknown))
            )
        self.newer_note.setVisible(bool(unknown))
        outer.addWidget(self.newer_note)
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
        """Store the value of `field` if it is valid; otherwise explain under the field.

        Only this field's change is stored, onto the entry as it is stored now
        (`LibraryController.save_field_changes`): fields changed meanwhile by another
        window or another numdesk are kept and shown; if this same field was changed
        there too, nothing is written and the field says so.
        """
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
            stored = self._controller.save_field_changes(self._entry, updated, check_entry)
        except EditConflict as conflict:
            self._refused(field, value, conflict)
            return
        except DomainError as err:
            self._set_error(err.field if err.field in self.errors else field.name, err.message)
            return
        finally:
            self._writing = False
        self._remember(field)
        self._follow(stored, keep=field.name)

    def _refused(self, field: Field, value: object, conflict: EditConflict) -> None:
        """The same field was changed elsewhere: show the stored entry, say so there."""
        self._follow(conflict.stored, reload=field.name)
        name = conflict.field if conflict.field in self.fields else field.name
        message = self.tr(
            "{0} was changed in another window or another numdesk since it was opened "
            "here, so your change was not saved and nothing was overwritten. It now "
            "shows the saved value; make your change again if it is still needed."
        ).format(self.fields[name].title)
        if isinstance(value, str | int) and not isinstance(value, bool) and len(str(value)) <= 60:
            message += " " + self.tr("(Yours was: {0})").format(value)
        self._set_error(name, message)

    def _follow(
        self, stored: ModelObject, reload: str | None = None, keep: str | None = None
    ) -> None:
        """Show `stored` (the entry as now saved) in every field the user is not in the
        middle of changing (and in `reload` even so); `keep` is the field just stored,
        left as the user typed it where the stored value is what it holds.

        A field holding an unsaved change keeps it, together with the value it started
        from, so when it is stored a change made elsewhere to it meanwhile is refused
        rather than overwritten.
        """
        base = copy.deepcopy(stored)
        for name, field in self.fields.items():
            if name != reload and self._pending(field):
                setattr(base, name, copy.deepcopy(getattr(self._entry, name)))
                continue
            if name == keep and getattr(stored, name) == self._loaded.get(name):
                continue
            if getattr(stored, name) != getattr(self._entry, name) or any(
                getattr(stored, f) != getattr(self._entry, f) for f in field.follows
            ):
                field.load_entry(stored)
                self._set_error(name, "")
                self._remember(field)
            elif name == reload:
                field.load_entry(stored)
                self._remember(field)
        changed_name = stored.name != self._entry.name
        self._entry = base
        self.heading.setText(stored.name)
        if self.reader is not None:
            self.reader.show_entry(stored, self._controller)
        if changed_name:
            self.titleChanged.emit(stored.name)

    def _pending(self, field: Field) -> bool:
        """Whether `field` shows a value not stored yet (typed, not yet committed)."""
        try:
            return bool(field.parse() != self._loaded.get(field.name, object()))
        except DomainError:
            return True

    def commit_all(self) -> None:
        """Store every field's pending value (before the tab closes)."""
        for field in self.fields.values():
            self._commit(field)

    def _on_entry_saved(self, uid: str) -> None:
        if uid != self.uid or self._writing:
            return
        self._follow(self._controller.load(uid))
