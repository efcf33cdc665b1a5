"""A field of named whole numbers: a community's or vehicle's further numbers.

Typed as one line, "crew 25, weapon systems 5", the way the stat block prints them, so
a vehicle from another source keeps numbers numdesk has no field of its own for.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLineEdit, QWidget

from numdesk.model.errors import DomainError
from numdesk.views.entry_editor.fields import Field

translate = QCoreApplication.translate


class NamedNumbersField(Field):
    """`dict[str, int]` typed as "name number, name number"."""

    def _build(self) -> QWidget:
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(translate("EntryEditor", "e.g. crew 25, weapon systems 5"))
        self.edit.editingFinished.connect(self._commit)
        return self.edit

    def load(self, value: Any) -> None:
        self.edit.setText(", ".join(f"{name} {number}" for name, number in value.items()))

    def parse(self) -> Any:
        out: dict[str, int] = {}
        for part in self.edit.text().split(","):
            words = part.split()
            if not words:
                continue
            if len(words) < 2 or not words[-1].lstrip("-").isdigit():
                raise DomainError(
                    translate("EntryEditor", "Write each name with its number, e.g. crew 25."),
                    self.name,
                )
            out[" ".join(words[:-1]).lower()] = int(words[-1])
        return out
