"""Table > Join a Table: pick a table heard on the network or type its address, type the
GM's join code, say your name and tick the characters to bring."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from numdesk.link.codes import normalise
from numdesk.link.discovery import FoundTable, TableFinder
from numdesk.views.theme import dim, mark_error


@dataclass(frozen=True)
class JoinChoice:
    """What the player chose in the dialog."""

    address: str
    code: str
    name: str
    uids: list[str]


class _Heard(QObject):
    """Carries the finder's list (zeroconf's thread) to the dialog's thread."""

    tables = Signal(list)


class JoinDialog(QDialog):
    """Asks where, the code, who and with which characters.

    `characters` are (uid, name) pairs of the player's library; with `listen` the
    dialog lists the tables it hears on the network (tests type the address).
    """

    def __init__(
        self,
        characters: list[tuple[str, str]],
        *,
        address: str = "",
        name: str = "",
        table: str = "",
        listen: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        #: the table joined last time: picked by itself when heard (it may have moved)
        self._last_table = table
        self.setObjectName("joinTableDialog")
        self.setWindowTitle(self.tr("Join a Table"))
        layout = QVBoxLayout(self)
        found_label = QLabel(self.tr("&Tables heard on this network:"))
        self.found = QListWidget()
        self.found.setObjectName("foundTables")
        self.found.setMaximumHeight(110)
        found_label.setBuddy(self.found)
        self.hint = QLabel(
            self.tr(
                "Listening… If your table does not appear (some networks block it), type "
                "the address the GM's screen shows."
            )
        )
        self.hint.setWordWrap(True)
        dim(self.hint)
        layout.addWidget(found_label)
        layout.addWidget(self.found)
        layout.addWidget(self.hint)
        form = QFormLayout()
        self.address = QLineEdit(address)
        self.address.setObjectName("tableAddress")
        self.address.setPlaceholderText(self.tr("e.g. 192.168.1.20:48213"))
        self.code = QLineEdit()
        self.code.setObjectName("joinCode")
        self.code.setPlaceholderText(self.tr("the code on the GM's screen, e.g. K7M-Q2P"))
        self.player = QLineEdit(name)
        self.player.setObjectName("playerName")
        self.player.setMaxLength(200)
        form.addRow(self.tr("&Address:"), self.address)
        form.addRow(self.tr("Join &code:"), self.code)
        form.addRow(self.tr("Your &name:"), self.player)
        layout.addLayout(form)
        bring_label = QLabel(self.tr("C&haracters to bring:"))
        self.characters = QListWidget()
        self.characters.setObjectName("charactersToBring")
        bring_label.setBuddy(self.characters)
        for uid, character in characters:
            item = QListWidgetItem(character)
            item.setData(Qt.ItemDataRole.UserRole, uid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if len(characters) == 1 else Qt.CheckState.Unchecked
            )
            self.characters.addItem(item)
        layout.addWidget(bring_label)
        layout.addWidget(self.characters)
        if not characters:
            none = QLabel(self.tr("This library has no character yet: make one first."))
            mark_error(none)
            layout.addWidget(none)
        self.problem = QLabel()
        self.problem.setObjectName("joinProblem")
        self.problem.setWordWrap(True)
        mark_error(self.problem)
        self.problem.hide()
        layout.addWidget(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.join_button = buttons.addButton(
            self.tr("&Join"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setAutoDefault(False)
        self.join_button.setAutoDefault(True)
        buttons.accepted.connect(self._check)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.found.currentItemChanged.connect(self._picked)
        self.characters.itemActivated.connect(self._toggle)
        self._heard = _Heard(self)
        self._heard.tables.connect(self._show_tables)
        self._finder: TableFinder | None = None
        if listen:
            try:
                self._finder = TableFinder(self._heard.tables.emit)
            except OSError:
                self.hint.setText(
                    self.tr("This network cannot be listened on: type the GM's address.")
                )
        (self.code if address else self.address).setFocus()
        self.resize(520, 520)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Enter anywhere in the form joins (Qt would otherwise make Cancel the default)
        self.join_button.setDefault(True)

    def _show_tables(self, tables: list[FoundTable]) -> None:
        chosen = self.found.currentItem()
        keep = chosen.data(Qt.ItemDataRole.UserRole) if chosen is not None else None
        self.found.clear()
        for table in tables:
            item = QListWidgetItem(f"{table.name}  ({table.target})")
            item.setData(Qt.ItemDataRole.UserRole, table.target)
            self.found.addItem(item)
            if table.target == keep or (keep is None and table.name == self._last_table):
                self.found.setCurrentItem(item)

    def _picked(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.address.setText(str(item.data(Qt.ItemDataRole.UserRole)))
            if self.found.hasFocus():
                self.code.setFocus()

    def _toggle(self, item: QListWidgetItem) -> None:
        checked = item.checkState() == Qt.CheckState.Checked
        item.setCheckState(Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked)

    def choice(self) -> JoinChoice:
        """What was typed and ticked."""
        uids = [
            str(self.characters.item(i).data(Qt.ItemDataRole.UserRole))
            for i in range(self.characters.count())
            if self.characters.item(i).checkState() == Qt.CheckState.Checked
        ]
        return JoinChoice(
            self.address.text().strip(),
            self.code.text().strip(),
            self.player.text().strip(),
            uids,
        )

    def _check(self) -> None:
        choice = self.choice()
        problem, widget = "", None
        if not choice.address:
            problem, widget = self.tr("Pick a table above or type its address."), self.address
        elif len(normalise(choice.code)) < 4:
            problem, widget = self.tr("Type the join code the GM's screen shows."), self.code
        elif not choice.name:
            problem, widget = self.tr("Say your name, so the table knows who you are."), self.player
        elif not choice.uids:
            problem, widget = self.tr("Tick at least one character to bring."), self.characters
        if widget is not None:
            self.problem.setText(problem)
            self.problem.show()
            widget.setFocus()
            return
        self.accept()

    def done(self, result: int) -> None:
        if self._finder is not None:
            self._finder.close()
            self._finder = None
        super().done(result)
