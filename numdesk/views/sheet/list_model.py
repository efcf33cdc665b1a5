"""The model under each sheet list table: its columns (`Column`, `ListSpec`), the Qt
table model over one list of the character, and the choice delegate.

Every accepted cell edit is an operation applied through the CharacterController
(undoable, in the history, saved at once); a rejected one leaves the model untouched
and the table shows the operation's message. A save only announces changed cells.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from numdesk.controllers.character import CharacterController
from numdesk.model.errors import DomainError
from numdesk.model.kinds import EntryKind
from numdesk.model.operations import SetItemField
from numdesk.views.sheet.words import word

Index = QModelIndex | QPersistentModelIndex
#: the roles an archived row answers with its own look (grey text, a tooltip saying why)
_ARCHIVED_ROLES = (Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.ToolTipRole)


@dataclass(frozen=True)
class Column:
    """One column: the header, the item field it edits and how values are typed in.

    `kind` is "text", "int", "optint" (blank means none), "bool", "choice", "names" (a
    list of names, typed separated by commas) or "lines" (a read-only list of stat block
    items, one `line()` each);
    `choices` returns the allowed values for "choice" (None allowed when `optional`).
    """

    header: str
    field: str
    kind: str = "text"
    choices: Callable[[CharacterController], Sequence[Enum]] | None = None
    optional: bool = False
    width: int = 0
    #: for a blank "optint": the value the rules use instead (shown in grey), e.g. a
    #: follower's health 3 × level; None when the profile has no such value
    derived: Callable[[CharacterController, Any], int | None] | None = None
    #: shown only while this says so (the tags column: while the sheet has tags)
    when: Callable[[CharacterController], bool] | None = None
    #: what a blank value is called ("unknown": an ability's cost nobody gave), greyed
    unknown: str = ""


@dataclass(frozen=True)
class ListSpec:
    """What one table shows: the Character list, its columns, a new row, a library kind."""

    list_name: str
    title: str
    columns: tuple[Column, ...]
    new_item: Callable[[], Any]
    library_kind: EntryKind | None = None
    #: the table model class, when a list shows more than its fields (abilities' links)
    model_type: Callable[..., ItemTableModel] | None = None
    #: a task can start from a row (skills, abilities, weapons): Enter/double-click roll
    rollable: bool = False


def _shown(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, Enum):
        return str(value.value).replace("_", " ")
    if isinstance(value, dict):
        return ", ".join(f"{k} {v:+d}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


class ItemTableModel(QAbstractTableModel):
    """The rows of one character list; edits become SetItemField operations."""

    def __init__(self, controller: CharacterController, spec: ListSpec, parent: Any = None):
        super().__init__(parent)
        self._controller = controller
        self.spec = spec
        self.error_reporter: Callable[[str], None] = lambda _message: None
        self._uids: list[object] = [getattr(item, "uid", id(item)) for item in self.items()]
        controller.changed.connect(self.refresh)

    def items(self) -> list[Any]:
        items: list[Any] = getattr(self._controller.character, self.spec.list_name)
        return items

    def refresh(self) -> None:
        """Follow the character: changed cells when the rows are the same ones, else a
        reset (the view puts the current cell back on the same item, see ItemTable)."""
        uids = [getattr(item, "uid", id(item)) for item in self.items()]
        if uids == self._uids:
            if uids:
                last = self.index(len(uids) - 1, len(self.spec.columns) - 1)
                self.dataChanged.emit(self.index(0, 0), last)
            return
        self.beginResetModel()
        self._uids = uids
        self.endResetModel()

    def row_of(self, uid: object) -> int:
        """The row of the item `uid` (-1 when it is gone)."""
        return self._uids.index(uid) if uid in self._uids else -1

    def uid_at(self, row: int) -> object:
        return self._uids[row] if 0 <= row < len(self._uids) else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.items())

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.spec.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.tr(self.spec.columns[section].header)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        kind = self.spec.columns[index.column()].kind
        if kind == "bool":
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base if kind == "lines" else base | Qt.ItemFlag.ItemIsEditable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        column = self.spec.columns[index.column()]
        item = self.items()[index.row()]
        value = getattr(item, column.field)
        if getattr(item, "archived", False) and role in _ARCHIVED_ROLES:
            return self._archived_look(role)
        if column.kind == "lines":
            lines = [item.line() for item in value]
            if role == Qt.ItemDataRole.DisplayRole:
                text = "; ".join(lines)
                return text if len(text) <= 80 else text[:77] + "…"
            if role == Qt.ItemDataRole.ToolTipRole and lines:
                return "\n".join(lines)
            return None
        if column.kind == "bool":
            if role == Qt.ItemDataRole.CheckStateRole:
                return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
            return None
        fallback = self._derived(column, index.row()) if value is None else None
        if value is None and column.unknown and fallback is None:
            return self._unknown(column, role)
        if role == Qt.ItemDataRole.DisplayRole:
            if fallback is not None:
                return str(fallback)
            text = _shown(value)
            return text if len(text) <= 80 else text[:77] + "…"
        if fallback is not None and role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(QPalette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        if fallback is not None and role == Qt.ItemDataRole.ToolTipRole:
            return self.tr("From the rules (the field is blank); type a number to set your own.")
        if role == Qt.ItemDataRole.EditRole:
            if column.kind == "int":
                return value
            return _shown(value) if column.kind != "choice" else value
        if role == Qt.ItemDataRole.ToolTipRole and isinstance(value, str) and len(value) > 40:
            return value
        return None

    def _unknown(self, column: Column, role: int) -> Any:
        """A value nobody gave (an ability added by name): said, greyed, never a made-up 0."""
        if role == Qt.ItemDataRole.DisplayRole:
            return self.tr(column.unknown)
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(QPalette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tr("Not known: type it from your rulebook.")
        return None

    def _archived_look(self, role: int) -> Any:
        """An archived row: greyed, and its tooltip says why no rule counts it."""
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(QPalette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        return self.tr(
            "Archived: kept on the sheet but not in use (put aside, or of a tag or "
            "recursion that is not active)."
        )

    def _derived(self, column: Column, row: int) -> int | None:
        if column.derived is None or self._controller is None:
            return None
        return column.derived(self._controller, self.items()[row])

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid():
            return False
        column = self.spec.columns[index.column()]
        if column.kind == "bool":
            if role != Qt.ItemDataRole.CheckStateRole:
                return False
            value = Qt.CheckState(value) == Qt.CheckState.Checked
        elif role != Qt.ItemDataRole.EditRole:
            return False
        item = self.items()[index.row()]
        return self.edit(item.uid, column, value)

    def edit(self, uid: str, column: Column, value: Any) -> bool:
        """Apply one cell edit; report the DomainError message and return False if refused."""
        if column.kind == "optint":
            text = str(value).strip()
            value = None if not text else int(text) if text.lstrip("-").isdigit() else text
        elif column.kind == "names":
            value = [part.strip() for part in str(value or "").split(",") if part.strip()]
        elif column.kind == "choice":
            value = value.value if isinstance(value, Enum) else (value or None)
        try:
            self._controller.apply(SetItemField(self.spec.list_name, uid, column.field, value))
        except DomainError as err:
            self.error_reporter(err.message)
            return False
        self.error_reporter("")
        return True


class ChoiceDelegate(QStyledItemDelegate):
    """A combo box editor for "choice" columns (skill level, Pool, weapon category…)."""

    def __init__(self, controller: CharacterController, column: Column, parent: Any = None):
        super().__init__(parent)
        self._controller = controller
        self._column = column

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        combo = QComboBox(parent)
        if self._column.optional:
            combo.addItem(self.tr("—"), None)
        assert self._column.choices is not None
        for choice in self._column.choices(self._controller):
            combo.addItem(word(_shown(choice)), choice)
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        value = index.data(Qt.ItemDataRole.EditRole)
        found = editor.findData(value)
        editor.setCurrentIndex(max(found, 0))

    def setModelData(self, editor: QWidget, model: Any, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)
