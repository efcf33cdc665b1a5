"""The table view under each sheet list, with the keys of a spreadsheet and of a table
game.

Tab and Shift+Tab walk the editable cells row after row (Esc cancels an edit, Enter in
an editor commits it). Outside an editor: on a row you can roll with (a skill, ability
or weapon) Enter and a double-click open the task dialog with that row chosen, and F2 or
typing edits the cell; on other lists a double-click edits too. Delete removes the row
(undoable like every edit). The context menu offers the same and names the keys.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QContextMenuEvent, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QAbstractItemView, QMenu, QTableView, QWidget

from numdesk.views.sheet.list_model import ItemTableModel

_PLAIN = (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)


class ItemTable(QTableView):
    """A sheet table: Tab/Shift+Tab walk the editable cells, row after row, and the
    current cell stays on its item when the model is reset (a row added elsewhere, an
    undo). Outside an editor Tab still leaves the table, so the keyboard never gets
    stuck in it. `rollRequested` and `removeRequested` ask for the current row."""

    rollRequested = Signal()
    removeRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._kept: tuple[object, int] | None = None
        self.rollable = False
        self.set_rollable(False)

    def set_rollable(self, rollable: bool) -> None:
        """Rows to roll with take Enter and the double-click; their cells edit with F2 or
        by typing (on other lists a double-click edits, as before)."""
        self.rollable = rollable
        triggers = (
            QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        if not rollable:
            triggers |= QAbstractItemView.EditTrigger.DoubleClicked
        self.setEditTriggers(triggers)
        self.setToolTip(
            self.tr(
                "Enter or double-click: roll with this row. F2 or typing: edit the cell. "
                "Delete: remove the row. Right-click for these."
            )
            if rollable
            else self.tr(
                "Double-click, F2 or typing: edit the cell. Delete: remove the row. "
                "Right-click for these."
            )
        )

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if (
            self.state() != QAbstractItemView.State.EditingState
            and self.currentIndex().isValid()
            and event.modifiers() in _PLAIN
        ):
            if self.rollable and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                event.accept()
                self.rollRequested.emit()
                return
            if event.key() == Qt.Key.Key_Delete:
                event.accept()
                self.removeRequested.emit()
                return
        super().keyPressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        index = self.indexAt(event.position().toPoint())
        if self.rollable and index.isValid() and event.button() == Qt.MouseButton.LeftButton:
            self.setCurrentIndex(index)
            event.accept()
            self.rollRequested.emit()
            return
        super().mouseDoubleClickEvent(event)

    def row_menu(self, index: QModelIndex) -> QMenu:
        """The context menu for the row at `index`: roll, edit, remove, with their keys."""
        menu = QMenu(self)
        valid = index.isValid()
        if valid:
            self.setCurrentIndex(index)
        if self.rollable:
            roll = self._menu_action(menu, self.tr("&Roll with this row…"), "Enter", valid)
            roll.triggered.connect(self.rollRequested)
        editable = valid and bool(index.flags() & Qt.ItemFlag.ItemIsEditable)
        edit = self._menu_action(menu, self.tr("&Edit this cell"), "F2", editable)
        edit.triggered.connect(lambda: self.edit(index))
        remove = self._menu_action(menu, self.tr("Re&move this row"), "Delete", valid)
        remove.triggered.connect(self.removeRequested)
        return menu

    def _menu_action(self, menu: QMenu, text: str, key: str, enabled: bool) -> QAction:
        """A menu entry that shows its key on the right (shown only: the table handles
        the key itself, so it works the same with or without the menu)."""
        action = menu.addAction(f"{text}\t{key}")
        action.setEnabled(enabled)
        return action

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if event.reason() == QContextMenuEvent.Reason.Mouse:
            index = self.indexAt(event.pos())  # sent on from the viewport, in its coordinates
        else:
            index = self.currentIndex()  # the menu key: the row the keyboard is on
        self.row_menu(index).exec(event.globalPos())

    def setModel(self, model: Any) -> None:
        super().setModel(model)
        if isinstance(model, ItemTableModel):
            model.modelAboutToBeReset.connect(self._keep_current)
            model.modelReset.connect(self._restore_current)

    def _keep_current(self) -> None:
        model = self.model()
        current = self.currentIndex()
        if isinstance(model, ItemTableModel) and current.isValid():
            self._kept = (model.uid_at(current.row()), current.column())

    def _restore_current(self) -> None:
        model = self.model()
        kept, self._kept = self._kept, None
        if kept is None or not isinstance(model, ItemTableModel):
            return
        row = model.row_of(kept[0])
        if row >= 0:
            index = model.index(row, kept[1])
            self.selectionModel().setCurrentIndex(
                index,
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )

    def moveCursor(
        self, action: QAbstractItemView.CursorAction, modifiers: Qt.KeyboardModifier
    ) -> QModelIndex:
        """Next/previous skips cells with no text editor (check boxes) and stops at the
        table's ends instead of wrapping round to its first cell."""
        if action not in (
            QAbstractItemView.CursorAction.MoveNext,
            QAbstractItemView.CursorAction.MovePrevious,
        ):
            return super().moveCursor(action, modifiers)
        model = self.model()
        current = self.currentIndex()
        if model is None or not current.isValid():
            return super().moveCursor(action, modifiers)
        step = 1 if action == QAbstractItemView.CursorAction.MoveNext else -1
        columns = model.columnCount()
        cell = current.row() * columns + current.column() + step
        while 0 <= cell < model.rowCount() * columns:
            index = model.index(cell // columns, cell % columns)
            shown = not self.isColumnHidden(index.column())
            if shown and index.flags() & Qt.ItemFlag.ItemIsEditable:
                return index
            cell += step
        return QModelIndex()
