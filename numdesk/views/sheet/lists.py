"""Editable tables for the sheet's lists (skills, abilities, cyphers, gear, followers).

A table is a QAbstractTableModel over one list of the character; every accepted cell
edit, add, remove and move is an operation applied through the CharacterController, so
it is undoable, in the history and saved at once. A rejected edit leaves the model
untouched and shows the operation's DomainError message under the table.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.character import CharacterController
from numdesk.model.errors import DomainError
from numdesk.model.items import new_uid
from numdesk.model.kinds import EntryKind
from numdesk.model.operations import AddItem, MoveItem, RemoveItem, SetItemField
from numdesk.views.sheet.fitting import MIN_COLUMN, fit_columns
from numdesk.views.sheet.style import BoldTitleBox, set_role
from numdesk.views.sheet.words import word

Index = QModelIndex | QPersistentModelIndex
#: narrower than this, a pair of lists stacks (the sheet reflows) rather than
#: squeezing the columns out of sight
LIST_MIN_WIDTH = 360


@dataclass(frozen=True)
class Column:
    """One column: the header, the item field it edits and how values are typed in.

    `kind` is "text", "int", "optint" (blank means none), "bool" or "choice";
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


def _shown(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, Enum):
        return str(value.value).replace("_", " ")
    if isinstance(value, dict):
        return ", ".join(f"{k} {v:+d}" for k, v in value.items())
    return str(value)


class ItemTableModel(QAbstractTableModel):
    """The rows of one character list; edits become SetItemField operations."""

    def __init__(self, controller: CharacterController, spec: ListSpec, parent: Any = None):
        super().__init__(parent)
        self._controller = controller
        self.spec = spec
        self.error_reporter: Callable[[str], None] = lambda _message: None
        controller.changed.connect(self.refresh)

    def items(self) -> list[Any]:
        items: list[Any] = getattr(self._controller.character, self.spec.list_name)
        return items

    def refresh(self) -> None:
        self.beginResetModel()
        self.endResetModel()

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
        if self.spec.columns[index.column()].kind == "bool":
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base | Qt.ItemFlag.ItemIsEditable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        column = self.spec.columns[index.column()]
        value = getattr(self.items()[index.row()], column.field)
        if column.kind == "bool":
            if role == Qt.ItemDataRole.CheckStateRole:
                return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
            return None
        fallback = self._derived(column, index.row()) if value is None else None
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


def _button(text: str, parent: QWidget) -> QToolButton:
    """A compact text button that takes keyboard focus like a push button."""
    button = QToolButton(parent)
    button.setText(text)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    return button


class ItemListEditor(BoldTitleBox):
    """A titled table with Add, Remove, Move up/down and From library… buttons.

    Built empty by the form loader, then `setup(controller, spec)` binds it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller: CharacterController | None = None
        self.model: ItemTableModel | None = None
        self.table = QTableView(self)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        # tool buttons: no 80-pixel minimum per button, so two lists fit side by side
        # on a 1366-pixel screen with the library shown (a push button row did not)
        self.add_button = _button(self.tr("Add"), self)
        self.remove_button = _button(self.tr("Remove"), self)
        self.up_button = _button("↑", self)
        self.down_button = _button("↓", self)
        self.library_button = _button(self.tr("Library…"), self)
        self.up_button.setAccessibleName(self.tr("Move up"))
        self.down_button.setAccessibleName(self.tr("Move down"))
        self.error_label = QLabel(self)
        set_role(self.error_label, "error")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        self.note_label = QLabel(self)  # what changes the list's numbers, e.g. armor costs
        self.note_label.setWordWrap(True)
        self.note_label.hide()
        self.setMinimumWidth(LIST_MIN_WIDTH)
        self.up_button.setToolTip(self.tr("Move the selected row up"))
        self.down_button.setToolTip(self.tr("Move the selected row down"))
        self.library_button.setToolTip(self.tr("Copy an entry from the library into this list"))
        buttons = QHBoxLayout()
        for button in (
            self.add_button,
            self.remove_button,
            self.up_button,
            self.down_button,
            self.library_button,
        ):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        layout.addWidget(self.note_label)
        layout.addWidget(self.error_label)
        self.add_button.clicked.connect(self.add_row)
        self.remove_button.clicked.connect(self.remove_row)
        self.up_button.clicked.connect(lambda: self.move_row(-1))
        self.down_button.clicked.connect(lambda: self.move_row(1))
        self.library_button.clicked.connect(self.pick_from_library)

    def setup(self, controller: CharacterController, spec: ListSpec) -> None:
        """Bind the table to `spec.list_name` of the controller's character."""
        self._controller = controller
        self.setTitle(self.tr(spec.title))
        self.model = (spec.model_type or ItemTableModel)(controller, spec, self)
        self.model.error_reporter = self.show_error
        self.table.setModel(self.model)
        header = self.table.horizontalHeader()
        for number, column in enumerate(spec.columns):
            if column.kind == "choice":
                self.table.setItemDelegateForColumn(
                    number, ChoiceDelegate(controller, column, self.table)
                )
        self._fit_columns()
        self.table.viewport().installEventFilter(self)
        header.setStretchLastSection(True)
        header.setMinimumSectionSize(MIN_COLUMN)
        # the last column (notes, effect) gives way rather than a scroll bar appearing
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.library_button.setVisible(spec.library_kind is not None)
        self.model.modelReset.connect(self._fit_height)
        self._fit_height()
        self.setObjectName(f"{spec.list_name}Editor")
        self.table.setObjectName(f"{spec.list_name}Table")
        for button, name in (
            (self.add_button, "Add"),
            (self.remove_button, "Remove"),
            (self.up_button, "Up"),
            (self.down_button, "Down"),
            (self.library_button, "Library"),
        ):
            button.setObjectName(f"{spec.list_name}{name}")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        return False

    def _fit_columns(self) -> None:
        """Set widths, narrowed to the table's width (there is no sideways scroll bar)."""
        if self.model is None:
            return
        wanted = [column.width for column in self.model.spec.columns[:-1]]
        fit_columns(self.table.horizontalHeader(), wanted, self.table.viewport().width())

    def _fit_height(self) -> None:
        """Tall enough for every row plus one empty line (like a paper box), at most 8."""
        rows = min(max(self.model.rowCount() if self.model else 0, 1) + 1, 8)
        header = self.table.horizontalHeader().sizeHint().height()
        line = self.table.verticalHeader().defaultSectionSize()
        frame = 2 * self.table.frameWidth()
        self.table.setFixedHeight(header + rows * line + frame + 2)

    def focus_chain(self) -> list[QWidget]:
        """The table then its buttons, in keyboard order."""
        return [
            self.table,
            self.add_button,
            self.remove_button,
            self.up_button,
            self.down_button,
            self.library_button,
        ]

    @property
    def spec(self) -> ListSpec:
        assert self.model is not None
        return self.model.spec

    def set_note(self, text: str) -> None:
        """Show (or hide, with "") a note under the list."""
        self.note_label.setText(text)
        self.note_label.setVisible(bool(text))

    def show_error(self, message: str) -> None:
        """Show (or clear, with "") the message of the last refused edit."""
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))

    def current_row(self) -> int:
        rows = self.table.selectionModel().selectedRows() if self.model else []
        return rows[0].row() if rows else -1

    def select_row(self, row: int) -> None:
        if self.model is not None and 0 <= row < self.model.rowCount():
            self.table.selectRow(row)

    def _apply(self, operation: Any) -> bool:
        assert self._controller is not None
        try:
            self._controller.apply(operation)
        except DomainError as err:
            self.show_error(err.message)
            return False
        self.show_error("")
        return True

    def add_row(self) -> None:
        """Append a new blank entry and start editing its name."""
        item = self.spec.new_item()
        if self._apply(AddItem(self.spec.list_name, item)):
            assert self.model is not None
            row = self.model.rowCount() - 1
            self.select_row(row)
            self.table.setCurrentIndex(self.model.index(row, 0))
            self.table.setFocus()

    def add_copy(self, item: Any) -> bool:
        """Add a library entry with its own uid: a copy, or for an ability a link to the
        entry (its text then follows the library)."""
        if dataclasses.is_dataclass(item) and hasattr(item, "uid"):
            item = copy.deepcopy(item)
            if hasattr(item, "library_uid"):
                item.library_uid = item.uid
            item.uid = new_uid()
        return self._apply(AddItem(self.spec.list_name, item))

    def remove_row(self) -> None:
        row = self.current_row()
        if row < 0:
            self.show_error(self.tr("Select a row to remove first."))
            return
        assert self.model is not None
        uid = self.model.items()[row].uid
        if self._apply(RemoveItem(self.spec.list_name, uid)):
            self.select_row(min(row, self.model.rowCount() - 1))

    def move_row(self, delta: int) -> None:
        row = self.current_row()
        assert self.model is not None
        target = row + delta
        if row < 0 or not 0 <= target < self.model.rowCount():
            return
        uid = self.model.items()[row].uid
        if self._apply(MoveItem(self.spec.list_name, uid, target)):
            self.select_row(target)

    def pick_from_library(self) -> None:
        """Open the library picker for this list's kind and add the chosen entry's copy."""
        from numdesk.views.sheet.device_level import DeviceLevelDialog, needs_level
        from numdesk.views.sheet.picker import LibraryPickDialog

        assert self._controller is not None and self.spec.library_kind is not None
        dialog = LibraryPickDialog(
            self._controller.library,
            self.spec.library_kind,
            self._controller.character.profile,
            self,
        )
        dialog.setWindowTitle(self.tr("Add to {0} from the library").format(self.title()))
        if not dialog.exec() or dialog.chosen() is None:
            return
        chosen = dialog.chosen()
        if needs_level(chosen):
            asked = DeviceLevelDialog(chosen, self._controller.dice, self)
            if not asked.exec():
                return
            chosen.level = asked.level()
        self.add_copy(chosen)
