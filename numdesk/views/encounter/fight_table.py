"""The combatant table in the middle of the encounter window: turn order, health bars,
several rows selectable for an area attack.

Keyboard damage moves the focus from the table to the amount and back on every hit.
A plain QTableView repaints its whole viewport each time it gains or loses the focus,
which cost about 4 ms of a 16 ms action with 50 combatants; here only the rows whose
look depends on the focus (the current row's focus frame and the selected rows) are
repainted.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, QRect, Qt
from PySide6.QtGui import QAction, QFocusEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QHeaderView,
    QTableView,
    QWidget,
)

from numdesk.views.encounter.table import Column, CombatantTableModel, HealthBarDelegate

#: fixed widths: measuring every cell after each action would cost a frame
WIDTHS = (
    (Column.TURN, 44),
    (Column.NAME, 200),
    (Column.INITIATIVE, 44),
    (Column.ARMOR, 50),
    (Column.STATUS, 120),
)


class FightTable(QTableView):
    """The turn table of one encounter, with Space / Backspace turning while it has the
    focus (an initiative being typed has its own editor, so those keys edit there)."""

    def __init__(
        self,
        model: CombatantTableModel,
        next_action: QAction,
        previous_action: QAction,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.setItemDelegateForColumn(Column.HEALTH, HealthBarDelegate(self))
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # Shift/Ctrl select several rows (an area attack); a digit typed over the table
        # starts the damage amount, so initiative cells are edited with F2 or a double-click
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        # Tab leaves the table for the panel: it never walks the cells (and with them
        # the selection, the target of every action)
        self.setTabKeyNavigation(False)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(28)
        self.setAlternatingRowColors(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(Column.HEALTH, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(Column.CONDITIONS, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(40)
        for column, width in WIDTHS:
            self.setColumnWidth(column, width)
        self.next_key = QShortcut(QKeySequence(Qt.Key.Key_Space), self)
        self.next_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        self.next_key.activated.connect(next_action.trigger)
        self.previous_key = QShortcut(QKeySequence(Qt.Key.Key_Backspace), self)
        self.previous_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        self.previous_key.activated.connect(previous_action.trigger)

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Qt's own handling (a first current row when there is none), minus its
        repaint of every row; the rows the focus changes are repainted below."""
        if (
            not self.currentIndex().isValid()
            and self.model().rowCount() > 0
            and event.reason() != Qt.FocusReason.MouseFocusReason
        ):
            self.selectionModel().setCurrentIndex(
                self.model().index(0, 0), QItemSelectionModel.SelectionFlag.NoUpdate
            )
        QAbstractScrollArea.focusInEvent(self, event)
        self._repaint_focus_rows()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        QAbstractScrollArea.focusOutEvent(self, event)
        self._repaint_focus_rows()

    def _repaint_focus_rows(self) -> None:
        rows = set(selected_rows(self.selectionModel(), self.model().columnCount()))
        if self.currentIndex().isValid():
            rows.add(self.currentIndex().row())
        viewport = self.viewport()
        for row in rows:
            top, height = self.rowViewportPosition(row), self.rowHeight(row)
            if top + height > 0 and top < viewport.height():  # only rows in view
                viewport.update(QRect(0, top, viewport.width(), height))


def selected_rows(selection: QItemSelectionModel, columns: int) -> list[int]:
    """The rows selected whole, top to bottom: read from the selection's ranges, which
    is what `selectedRows()` does cell by cell (46 NPCs picked for an area attack
    cost a few milliseconds on every refresh of the window that way)."""
    rows: set[int] = set()
    for part in selection.selection():
        if part.left() != 0 or part.right() != columns - 1:
            return sorted({i.row() for i in selection.selectedRows()})  # not whole rows
        rows.update(range(part.top(), part.bottom() + 1))
    return sorted(rows)
