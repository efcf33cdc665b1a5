"""File > New Library Entry: pick a kind and a name; the entry editor opens on the result."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from numdesk.model.errors import DomainError
from numdesk.model.kinds import ENTRY_CLASSES, EntryKind, ModelObject
from numdesk.model.templates import SentenceTemplate
from numdesk.views.entry_editor import can_edit
from numdesk.views.library.model import kind_label
from numdesk.views.theme import mark_error


def blank_entry(kind: EntryKind, name: str) -> ModelObject:
    """A new entry of `kind` called `name`, with the model's defaults everywhere else."""
    name = name.strip()
    if not name:
        raise DomainError("A name cannot be empty.", field="name")
    cls = ENTRY_CLASSES[kind]
    if cls is SentenceTemplate:
        return SentenceTemplate(name=name, part=kind.value)
    return cls(name=name)


class NewEntryDialog(QDialog):
    """Ask for the kind and name of a new library entry."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("newEntryDialog")
        self.setWindowTitle(self.tr("New Library Entry"))
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.kind_combo = QComboBox()
        for kind in EntryKind:
            if can_edit(kind):
                self.kind_combo.addItem(kind_label(kind), kind)
        self.name_edit = QLineEdit()
        kind_caption = QLabel(self.tr("&Kind:"))
        kind_caption.setBuddy(self.kind_combo)
        name_caption = QLabel(self.tr("&Name:"))
        name_caption.setBuddy(self.name_edit)
        form.addRow(kind_caption, self.kind_combo)
        form.addRow(name_caption, self.name_edit)
        layout.addLayout(form)
        self.error_label = QLabel()
        self.error_label.setObjectName("fieldError")
        mark_error(self.error_label)
        self.error_label.hide()
        layout.addWidget(self.error_label)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.entry: ModelObject | None = None

    def _accept(self) -> None:
        try:
            self.entry = blank_entry(self.kind_combo.currentData(), self.name_edit.text())
        except DomainError:
            self.error_label.setText(self.tr("Please give the entry a name."))
            self.error_label.show()
            self.name_edit.setFocus()
            return
        self.accept()
