"""The encounter log as a Qt list model: one row per log entry, newest last.

A model (rather than a list widget filled line by line) keeps a redraw of a long log
to one reset, whatever its length.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtWidgets import QWidget

from numdesk.controllers.encounter import EncounterController

Index = QModelIndex | QPersistentModelIndex


class LogModel(QAbstractListModel):
    """Rows "R2  20:14  Bandit 1 takes 4 Might damage…" read from the controller."""

    def __init__(self, controller: EncounterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._count = 0
        self._prep = QCoreApplication.translate("EncounterLog", "Prep")
        self._round = QCoreApplication.translate("EncounterLog", "R{0}")
        self.refresh()

    def refresh(self) -> None:
        self.beginResetModel()
        self._count = len(self._controller.encounter.log)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._count

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or not 0 <= index.row() < self._count:
            return None
        entry = self._controller.encounter.log[index.row()]
        clock = entry.at[11:16] if len(entry.at) >= 16 else entry.at
        prefix = self._round.format(entry.round) if entry.round else self._prep
        return f"{prefix}  {clock}  {entry.text}"
