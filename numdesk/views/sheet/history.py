"""The sheet's history panel and roll log: list models refreshed from the controller."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtWidgets import (
    QLabel,
    QListView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.character import CharacterController
from numdesk.model.history import HistoryEntry
from numdesk.rules.dice import RollRecord

Index = QModelIndex | QPersistentModelIndex


def local_time(iso: str) -> str:
    """An ISO time from the history as the user's local date and time."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso


class HistoryModel(QAbstractListModel):
    """Every recorded change of the character, newest first, in plain words with a time.

    A list view lays out every row it has after any change, so a sheet played for years
    (thousands of lines) would make every click slower: the model offers the newest
    `PAGE` lines and the view fetches older ones as the player scrolls down to them. A
    click adds its line at the top (an undo takes it away) without showing the list anew.
    """

    #: lines offered at first, and added each time the view scrolls to the end
    PAGE = 60
    #: the newest lines remembered to recognise the older ones after a change
    _TAIL = 64

    def __init__(self, controller: CharacterController, parent: Any = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._history = controller.character.history
        self._shown = min(len(self._history), self.PAGE)
        self._texts: dict[int, tuple[HistoryEntry, str]] = {}
        self._remember()
        controller.changed.connect(self.refresh)

    def _remember(self) -> None:
        history = self._history
        self._count = len(history)
        self._first = history[0] if history else None
        self._tail = history[-self._TAIL :]

    def _kept(self, history: list[Any]) -> int | None:
        """How many lines of the history last shown are still its first lines (None: it
        was replaced, say by a reload). Lines are only added or taken at the end, so the
        same first line and the same line where they now end (the very objects) tell."""
        common = min(self._count, len(history))
        if common == 0:
            return 0
        back = self._count - common  # lines taken away since
        if back >= len(self._tail) or history[0] is not self._first:
            return None
        return common if history[common - 1] is self._tail[-1 - back] else None

    def refresh(self) -> None:
        history = self._controller.character.history
        kept = self._kept(history)
        if kept is None:
            self.beginResetModel()
            self._history = history
            self._shown = min(len(history), self.PAGE)
            self._remember()
            self.endResetModel()
            return
        removed = min(self._count - kept, self._shown)
        if removed:  # the newest lines went (an undo): they are the top rows
            self.beginRemoveRows(QModelIndex(), 0, removed - 1)
            self._shown -= removed
            self.endRemoveRows()
        added = len(history) - kept
        self._history = history
        if added:
            self.beginInsertRows(QModelIndex(), 0, added - 1)
            self._shown += added
            self.endInsertRows()
        self._remember()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._shown

    def _text(self, entry: HistoryEntry) -> str:
        """The line shown for `entry` (made once: the view asks for it again and again)."""
        known = self._texts.get(id(entry))
        if known is not None and known[0] is entry:
            return known[1]
        if len(self._texts) > 4 * self.PAGE:
            self._texts.clear()
        text = f"{local_time(entry.at)}  {entry.summary}"
        self._texts[id(entry)] = (entry, text)
        return text

    def canFetchMore(self, parent: Index) -> bool:
        return not parent.isValid() and self._shown < len(self._history)

    def fetchMore(self, parent: Index) -> None:
        if parent.isValid():
            return
        more = min(self.PAGE, len(self._history) - self._shown)
        if more > 0:
            self.beginInsertRows(QModelIndex(), self._shown, self._shown + more - 1)
            self._shown += more
            self.endInsertRows()

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        history = self._history
        entry = history[len(history) - 1 - index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(entry)
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


class _RememberedSizes(QStyledItemDelegate):
    """The usual delegate, remembering the size of each line it measured.

    A list view measures every row again whenever one is added (it has no other way to
    place them), and wrapping a line of text is the costly part: a line keeps its size
    for as long as the list keeps its width.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._sizes: dict[tuple[str, int], QSize] = {}

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        key = (str(index.data(Qt.ItemDataRole.DisplayRole)), option.rect.width())
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) > 4 * HistoryModel.PAGE:
                self._sizes.clear()
            size = self._sizes[key] = super().sizeHint(option, index)
        return size


class HistoryPanel(QWidget):
    """The history list (undo and redo are the sheet's buttons and Edit menu)."""

    def __init__(self, controller: CharacterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = HistoryModel(controller, self)
        self.view = QListView(self)
        self.view.setModel(self.model)
        self.view.setItemDelegate(_RememberedSizes(self.view))
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
