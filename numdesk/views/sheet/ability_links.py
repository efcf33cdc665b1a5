"""The abilities table's links to the library: a mark on each linked ability, what its
text is (the library's, the player's own, or the copy kept when the entry is gone), and
buttons to open the entry or go back to its text.

The controller resolves the links (`CharacterController.ability_link`); this module
only shows them and turns a typed description into `SetAbilityText`.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QBrush
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QMenu, QWidget

from numdesk.controllers.ability_links import AbilityLink, LinkState
from numdesk.controllers.character import CharacterController
from numdesk.model.abilities import Ability
from numdesk.model.errors import DomainError
from numdesk.model.operations import SetAbilityText
from numdesk.views.sheet.list_model import Column, ItemTableModel
from numdesk.views.sheet.lists import ItemListEditor, tool_button
from numdesk.views.sheet.style import ERROR_COLOR

Index = QModelIndex | QPersistentModelIndex
#: the mark after a linked ability's name (also said in words in its tooltip)
LINK_MARK = " ↗"
GONE_MARK = " ⚠"


class AbilityTableModel(ItemTableModel):
    """The abilities list: a linked ability's name carries a mark and says where its text
    comes from; typing a description makes it the player's own."""

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        value = super().data(index, role)
        if not index.isValid():
            return value
        field = self.spec.columns[index.column()].field
        if field not in ("name", "description"):
            return value
        ability: Ability = self.items()[index.row()]
        link = self._controller.ability_link(ability.uid)
        if link is None:
            return value
        if role == Qt.ItemDataRole.DisplayRole and field == "name":
            return f"{value}{GONE_MARK if link.state is LinkState.GONE else LINK_MARK}"
        if role == Qt.ItemDataRole.ToolTipRole:
            said = link_words(self, link)
            return f"{said}\n\n{ability.description}" if field == "description" else said
        if role == Qt.ItemDataRole.ForegroundRole and link.state is LinkState.GONE:
            return QBrush(ERROR_COLOR)
        return value

    def edit(self, uid: str, column: Column, value: Any) -> bool:
        """A typed description goes through SetAbilityText (own text vs library)."""
        if column.field != "description":
            return super().edit(uid, column, value)
        try:
            self._controller.apply(SetAbilityText(uid, str(value)))
        except DomainError as err:
            self.error_reporter(err.message)
            return False
        self.error_reporter("")
        return True


def link_words(context: QObject, link: AbilityLink) -> str:
    """The words the sheet says about a link (tr() in `context`'s translation context)."""
    if link.state is LinkState.GONE:
        return context.tr("Library entry gone — the text kept on the sheet is shown.")
    if link.state is LinkState.OWN:
        return context.tr("Your own text (linked to the library entry: {0}).").format(
            link.entry_name
        )
    return context.tr("From the library: {0}.").format(link.entry_name)


class AbilityLinkBar(QWidget):
    """Under the abilities table: the selected ability's link in words, Open in library
    and Use library text; a context menu on the table offers the same."""

    #: open library entry uid in the main window
    openEntryRequested = Signal(str)

    def __init__(self, editor: ItemListEditor, controller: CharacterController) -> None:
        super().__init__(editor)
        self._editor = editor
        self._controller = controller
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.status.setObjectName("abilityLinkStatus")
        self.open_button = tool_button(self.tr("Open in library"), self)
        self.open_button.setObjectName("abilitiesOpenInLibrary")
        self.open_button.setToolTip(self.tr("Open the library entry this ability comes from"))
        self.library_text_button = tool_button(self.tr("Use library text"), self)
        self.library_text_button.setObjectName("abilitiesUseLibraryText")
        self.library_text_button.setToolTip(
            self.tr("Drop your own text and show the library entry's text again")
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.status, 1)
        row.addWidget(self.open_button)
        row.addWidget(self.library_text_button)
        self.open_button.clicked.connect(self.open_entry)
        self.library_text_button.clicked.connect(self.use_library_text)
        editor.library_button.setToolTip(
            self.tr("Add an ability from the library, linked to its entry (its text follows it)")
        )
        table = editor.table
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        table.customContextMenuRequested.connect(self._menu)
        table.selectionModel().selectionChanged.connect(self.update_status)
        controller.changed.connect(self.update_status)
        layout = editor.layout()
        assert isinstance(layout, QBoxLayout)
        layout.insertWidget(1, self)
        self.update_status()

    def selected(self) -> Ability | None:
        row = self._editor.current_row()
        abilities = self._controller.character.abilities
        return abilities[row] if 0 <= row < len(abilities) else None

    def update_status(self, *_args: Any) -> None:
        """Say the selected ability's link, or else any entry that is gone."""
        ability = self.selected()
        link = None if ability is None else self._controller.ability_link(ability.uid)
        self.open_button.setEnabled(link is not None and link.state is not LinkState.GONE)
        self.library_text_button.setEnabled(link is not None and link.state is LinkState.OWN)
        if ability is not None and link is not None:
            self._say(f"{ability.name}: {link_words(self, link)}", link.state)
            return
        gone = [
            a.name
            for a in self._controller.character.abilities
            if (found := self._controller.ability_link(a.uid)) is not None
            and found.state is LinkState.GONE
        ]
        if gone:
            self._say(
                self.tr("{0}: library entry gone — the text kept on the sheet is shown.").format(
                    ", ".join(gone)
                ),
                LinkState.GONE,
            )
        else:
            self._say(
                self.tr("{0} marks an ability linked to its library entry.").format(
                    LINK_MARK.strip()
                ),
                None,
            )

    def _say(self, text: str, state: LinkState | None) -> None:
        """Show `text`; a gone entry in the error colour (rich text: the sheet's group box
        style would override a palette)."""
        shown = html.escape(text)
        if state is LinkState.GONE:
            shown = f'<span style="color:{ERROR_COLOR.name()}">{shown}</span>'
        self.status.setText(shown)

    def open_entry(self) -> None:
        ability = self.selected()
        link = None if ability is None else self._controller.ability_link(ability.uid)
        if ability is not None and link is not None and link.state is not LinkState.GONE:
            self.openEntryRequested.emit(ability.library_uid)

    def use_library_text(self) -> None:
        ability = self.selected()
        if ability is None:
            return
        try:
            self._controller.apply(SetAbilityText(ability.uid, None))
        except DomainError as err:
            self._editor.show_error(err.message)

    def _menu(self, pos: Any) -> None:
        index = self._editor.table.indexAt(pos)
        if not index.isValid():
            return
        self._editor.select_row(index.row())
        menu = QMenu(self)
        for button in (self.open_button, self.library_text_button):
            action = QAction(button.text(), menu)
            action.setEnabled(button.isEnabled())
            action.triggered.connect(button.click)
            menu.addAction(action)
        menu.exec(self._editor.table.viewport().mapToGlobal(pos))
