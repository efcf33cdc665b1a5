"""The page of an entry a newer numdesk made, of a kind this numdesk does not know.

Such an entry is kept exactly as stored (`numdesk.model.newer`). Its page says so in
plain words and lists what it holds as plain text, read-only: nothing here can change
it, and nothing in it is taken as markup.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from numdesk.model.newer import NewerEntry
from numdesk.views.theme import dim, heading_font


def _shown(value: Any) -> str:
    """A stored value as one readable line (text as it is, anything else as JSON)."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


class NewerEntryPage(QWidget):
    """Read-only: the entry's name, that a newer numdesk made it, and what it holds."""

    def __init__(self, entry: NewerEntry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("newerEntryPage")
        self.uid = entry.uid
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        self.heading = QLabel(entry.name)
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.heading.setFont(heading_font(self.font(), 1.6))
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.subheading = QLabel(self.tr("Made by a newer numdesk"))
        dim(self.subheading)
        self.explanation = QLabel(
            self.tr(
                "A newer numdesk made this entry: it is a kind of entry (“{0}”) this "
                "numdesk does not know. It is kept exactly as it is, listed in the library "
                "and exported unchanged, but it cannot be changed here. Open it with a "
                "newer numdesk to use it."
            ).format(entry.kind)
        )
        self.explanation.setTextFormat(Qt.TextFormat.PlainText)
        self.explanation.setWordWrap(True)
        caption = QLabel(self.tr("What it holds:"))
        self.content = QPlainTextEdit()
        self.content.setObjectName("newerEntryContent")
        self.content.setReadOnly(True)
        self.content.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.content.setPlainText(
            "\n".join(f"{key.replace('_', ' ')}: {_shown(v)}" for key, v in entry.data.items())
        )
        for widget in (self.heading, self.subheading, self.explanation, caption):
            layout.addWidget(widget)
        layout.addWidget(self.content, 1)
