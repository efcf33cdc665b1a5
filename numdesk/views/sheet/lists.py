"""Editable tables for the sheet's lists (skills, abilities, cyphers, gear, followers).

A table is a QAbstractTableModel over one list of the character; every accepted cell
edit, add, remove and move is an operation applied through the CharacterController, so
it is undoable, in the history and saved at once. A rejected edit leaves the model
untouched and shows the operation's DomainError message under the table.

The tables edit like a spreadsheet (see `item_table` for the keys, and Enter or a
double-click rolling with a skill, ability or weapon row). A save only announces changed
cells (the model is reset only when rows come, go or move), so the edited row keeps its
place, its selection and the open editor.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.character import CharacterController
from numdesk.model.errors import DomainError
from numdesk.model.items import new_uid
from numdesk.model.operations import AddItem, MoveItem, RemoveItem
from numdesk.views.sheet.fitting import MIN_COLUMN, fit_columns
from numdesk.views.sheet.item_table import ItemTable
from numdesk.views.sheet.list_model import ChoiceDelegate, ItemTableModel, ListSpec
from numdesk.views.sheet.style import BoldTitleBox, set_role

#: narrower than this, a pair of lists stacks (the sheet reflows) rather than
#: squeezing the columns out of sight
LIST_MIN_WIDTH = 360


def tool_button(text: str, parent: QWidget) -> QToolButton:
    """A compact text button that takes keyboard focus like a push button."""
    button = QToolButton(parent)
    button.setText(text)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    return button


class ItemListEditor(BoldTitleBox):
    """A titled table with Add, Remove, Move up/down and From library… buttons, and Roll…
    on the lists a task can start from.

    Built empty by the form loader, then `setup(controller, spec)` binds it.
    """

    #: roll a task with the row: its list's name and the item's uid
    rollRequested = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller: CharacterController | None = None
        self.model: ItemTableModel | None = None
        self.table = ItemTable(self)
        self.table.rollRequested.connect(self.request_roll)
        self.table.removeRequested.connect(self.remove_row)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().setVisible(False)
        # tool buttons: no 80-pixel minimum per button, so two lists fit side by side
        # on a 1366-pixel screen with the library shown (a push button row did not)
        self.add_button = tool_button(self.tr("Add"), self)
        self.remove_button = tool_button(self.tr("Remove"), self)
        self.up_button = tool_button("↑", self)
        self.down_button = tool_button("↓", self)
        self.library_button = tool_button(self.tr("Library…"), self)
        self.roll_button = tool_button(self.tr("Roll…"), self)
        self.roll_button.setToolTip(
            self.tr("Roll a task with the selected row (or press Enter, or double-click it)")
        )
        self.roll_button.hide()
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
            self.roll_button,
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
        self.roll_button.clicked.connect(self.request_roll)

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
        self._show_columns()
        controller.changed.connect(self._show_columns)
        self._fit_columns()
        self.table.viewport().installEventFilter(self)
        header.setStretchLastSection(True)
        header.setMinimumSectionSize(MIN_COLUMN)
        # the last column (notes, effect) gives way rather than a scroll bar appearing
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.library_button.setVisible(spec.library_kind is not None)
        self.roll_button.setVisible(spec.rollable)
        self.table.set_rollable(spec.rollable)
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
            (self.roll_button, "Roll"),
        ):
            button.setObjectName(f"{spec.list_name}{name}")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        return False

    def _show_columns(self) -> None:
        """Columns shown only while the sheet needs them (tags: while it has tags)."""
        if self.model is None or self._controller is None:
            return
        changed = False
        for number, column in enumerate(self.model.spec.columns):
            hidden = column.when is not None and not column.when(self._controller)
            if self.table.isColumnHidden(number) != hidden:
                self.table.setColumnHidden(number, hidden)
                changed = True
        if changed:
            self._fit_columns()

    def _fit_columns(self) -> None:
        """Set widths, narrowed to the table's width (there is no sideways scroll bar)."""
        if self.model is None:
            return
        wanted = [
            0 if self.table.isColumnHidden(n) else column.width
            for n, column in enumerate(self.model.spec.columns[:-1])
        ]
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
            self.roll_button,
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
            self.table.edit(self.model.index(row, 0))

    def add_copy(self, item: Any) -> bool:
        """Add a library entry with its own uid: a copy, or for an ability a link to the
        entry (its text then follows the library)."""
        if dataclasses.is_dataclass(item) and hasattr(item, "uid"):
            item = copy.deepcopy(item)
            if hasattr(item, "library_uid"):
                item.library_uid = item.uid
            item.uid = new_uid()
        return self._apply(AddItem(self.spec.list_name, item))

    def request_roll(self) -> bool:
        """Ask for a task with the selected row (the sheet opens the task dialog)."""
        row = self.current_row()
        if row < 0 or self.model is None:
            self.show_error(self.tr("Select a row to roll with first."))
            return False
        item = self.model.items()[row]
        if getattr(item, "archived", False):
            self.show_error(
                self.tr("{0} is archived: clear Archived to roll with it again.").format(item.name)
            )
            return False
        self.show_error("")
        self.rollRequested.emit(self.spec.list_name, item.uid)
        return True

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
