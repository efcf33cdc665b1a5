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

    #: whether a number may be below zero
    negative = True
    #: whether a name given twice adds up (otherwise the last one counts)
    adds_up = False

    def placeholder(self) -> str:
        return translate("EntryEditor", "e.g. crew 25, weapon systems 5")

    def problem(self) -> str:
        """What to say when a part is not a name and a number."""
        return translate("EntryEditor", "Write each name with its number, e.g. crew 25.")

    def key(self, name: str) -> str:
        """The stored key for a typed name (DomainError if it is none)."""
        return name.lower()

    def _build(self) -> QWidget:
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(self.placeholder())
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
            digits = words[-1].lstrip("-") if self.negative else words[-1]
            if len(words) < 2 or not digits.isdigit():
                raise DomainError(self.problem(), self.name)
            key = self.key(" ".join(words[:-1]))
            out[key] = (out.get(key, 0) if self.adds_up else 0) + int(words[-1])
        return out
