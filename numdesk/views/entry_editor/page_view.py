"""The readable page of a template or creature, with an Edit button for the form.

Opening a CSRD type, focus or creature shows what the book shows; nothing is parsed
back or stored until the user asks to edit, so just reading never writes the entry.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QKeyCombination, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from numdesk.model.creature import Creature
from numdesk.model.kinds import EntryKind, ModelObject
from numdesk.model.tables import RollTable
from numdesk.model.templates import SentenceTemplate, TypeTemplate
from numdesk.views.entry_editor.pages import creature_page, sentence_page, type_page

PAGE_KINDS = frozenset(
    {
        EntryKind.TYPE,
        EntryKind.DESCRIPTOR,
        EntryKind.FOCUS,
        EntryKind.FLAVOR,
        EntryKind.CREATURE,
    }
)


def has_page(kind: EntryKind) -> bool:
    """Whether entries of `kind` open on a readable page first."""
    return kind in PAGE_KINDS


def background_table(library: Any, type_name: str) -> RollTable | None:
    """The "<Type> Background" roll table the CSRD import files beside a type."""
    wanted = f"{type_name} Background".casefold()
    for summary in library.search(wanted, kinds=[EntryKind.TABLE], limit=20):
        if summary.name.casefold() == wanted:
            table = library.load(summary.uid)
            return table if isinstance(table, RollTable) else None
    return None


class EntryPageView(QWidget):
    """A read-only page; `editRequested` asks the editor to show its form."""

    editRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        bar = QHBoxLayout()
        bar.addStretch(1)
        self.edit_button = QPushButton(self.tr("&Edit"), self)
        self.edit_button.setObjectName("editEntryButton")
        self.edit_button.setToolTip(self.tr("Change this entry in a form"))
        self.edit_button.clicked.connect(self.editRequested)
        bar.addWidget(self.edit_button)
        layout.addLayout(bar)
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("entryPage")
        self.browser.setOpenLinks(False)
        layout.addWidget(self.browser, 1)
        self._host: QWidget | None = None

    # Alt+E is also the main window's Edit menu: while the page is shown, its button
    # takes the key (the menu stays on Alt, then the arrows, or F10)
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        host = self.window()
        if host is not self._host:
            if self._host is not None:
                self._host.removeEventFilter(self)
            self._host = host
            host.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if (
            watched is self._host
            and kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress)
            and isinstance(event, QKeyEvent)
            and event.keyCombination().toCombined()
            == QKeyCombination(Qt.KeyboardModifier.AltModifier, Qt.Key.Key_E).toCombined()
            and self.isVisible()
            and self.edit_button.isVisible()
            and self.edit_button.isEnabled()
        ):
            event.accept()
            if kind == QEvent.Type.KeyPress:
                self.edit_button.click()
            return True
        return super().eventFilter(watched, event)

    def show_entry(self, entry: ModelObject, controller: Any) -> None:
        """Render `entry` (the controller's library finds a type's background table)."""
        if isinstance(entry, TypeTemplate):
            text = type_page(entry, background_table(controller.library, entry.name))
        elif isinstance(entry, SentenceTemplate):
            text = sentence_page(entry)
        elif isinstance(entry, Creature):
            text = creature_page(entry)
        else:
            text = ""
        self.browser.setHtml(text)

    def text(self) -> str:
        """The page as plain text (tests read it)."""
        return self.browser.toPlainText()
