"""The sheet's table of recursions and tags: ticking Active switches one (the items that
belong to it come into use, those of the ones it turns off are archived, Pools and
Edges follow), and each row lists the items that belong to it.

The switching itself is the `SwitchRecursion` operation; this module only shows it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from numdesk.model.errors import DomainError
from numdesk.model.extras import Recursion
from numdesk.model.operations.recursions import SwitchRecursion, members
from numdesk.views.sheet.list_model import Column, ItemTableModel

Index = QModelIndex | QPersistentModelIndex
#: the field name of the read-only column that lists a row's items
MEMBERS = "_members"


class RecursionTableModel(ItemTableModel):
    """Recursions and tags: Active switches through `SwitchRecursion`; Items is read only."""

    def flags(self, index: Index) -> Qt.ItemFlag:
        if index.isValid() and self.spec.columns[index.column()].field == MEMBERS:
            return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return super().flags(index)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self.spec.columns[index.column()].field != MEMBERS:
            return super().data(index, role)
        recursion: Recursion = self.items()[index.row()]
        names = [item.name for item in members(self._controller.character, recursion.name)]
        if role == Qt.ItemDataRole.DisplayRole:
            return "; ".join(names)
        if role == Qt.ItemDataRole.ToolTipRole:
            if not names:
                return self.tr("No item belongs to it (give an item this name under Tags).")
            return self.tr("Belong to it: {0}").format("; ".join(names))
        return None

    def edit(self, uid: str, column: Column, value: Any) -> bool:
        """Ticking Active switches the tag or recursion, with all that follows."""
        if column.field != "active":
            return super().edit(uid, column, value)
        try:
            self._controller.apply(SwitchRecursion(uid, bool(value)))
        except DomainError as err:
            self.error_reporter(err.message)
            return False
        self.error_reporter("")
        return True
