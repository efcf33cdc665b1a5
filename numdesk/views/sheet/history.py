"""The sheet's history panel and roll log: list models refreshed from the controller."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QLabel, QListView, QVBoxLayout, QWidget

from numdesk.controllers.character import CharacterController
from numdesk.rules.dice import RollRecord

Index = QModelIndex | QPersistentModelIndex


def local_time(iso: str) -> str:
    """An ISO time from the history as the user's local date and time."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso


class HistoryModel(QAbstractListModel):
    """Every recorded change of the character, newest first, in plain words with a time."""

    def __init__(self, controller: CharacterController, parent: Any = None) -> None:
        super().__init__(parent)
        self._controller = controller
        controller.changed.connect(self.refresh)

    def refresh(self) -> None:
        self.beginResetModel()
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._controller.character.history)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        history = self._controller.character.history
        entry = history[len(history) - 1 - index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{local_time(entry.at)}  {entry.summary}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return entry.details or entry.summary
        return None


class RollLogModel(QAbstractListModel):
    """Dice rolled on this sheet, newest first (kept across restarts: `RollLog`)."""

    def __init__(self, controller: CharacterController, parent: Any = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._count = len(controller.roll_log)
        controller.rolled.connect(self._added)

    def _added(self, _record: RollRecord, _at: str) -> None:
        if len(self._controller.roll_log) == self._count + 1:
            self.beginInsertRows(QModelIndex(), 0, 0)
            self.endInsertRows()
        else:  # the oldest roll made room for it (the kept log is full)
            self.beginResetModel()
            self.endResetModel()
        self._count = len(self._controller.roll_log)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._controller.roll_log)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role != Qt.ItemDataRole.DisplayRole:
            return None
        log = self._controller.roll_log
        record, at = log[len(log) - 1 - index.row()]
        purpose = f" — {record.purpose}" if record.purpose else ""
        return f"{local_time(at)[11:]}  d{record.sides}: {record.result}{purpose}"


class HistoryPanel(QWidget):
    """The history list (undo and redo are the sheet's buttons and Edit menu)."""

    def __init__(self, controller: CharacterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = HistoryModel(controller, self)
        self.view = QListView(self)
        self.view.setModel(self.model)
        self.view.setWordWrap(True)
        self.view.setAlternatingRowColors(True)
        self.view.setSpacing(2)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Every change to this character, newest first:")))
        layout.addWidget(self.view)

    def lines(self) -> list[str]:
        """The shown lines, top to bottom (for tests and screen readers)."""
        return [
            str(self.model.data(self.model.index(row, 0))) for row in range(self.model.rowCount())
        ]
