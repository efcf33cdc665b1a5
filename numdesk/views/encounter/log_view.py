"""The fight log's list: its lines, newest last, drawn so that a line added costs the
drawing of one line however long the evening's log is. A line wider than the list
scrolls sideways, and its tooltip holds it whole.

`QListView` lays every row out again and repaints its whole viewport whenever a row
is inserted, whatever its scroll mode. Once the log filled the list, each action
repainted its twenty-odd visible rows and laid out all of the evening's rows: a hit
after 2,000 actions cost 1.2–1.25 × the same hit in a fresh fight. This view reads
the lines from the log's model and draws them itself. A line added while the log
shows its end moves the viewport's pixels up by one line (`QWidget.scroll`, a copy
of the pixels) and draws the new line alone; a line an undo takes away moves them
down and draws the line that comes back at the top. Anything else (a new log, a new
size or font) draws what is shown anew, and so does a scroll while the list has the
keyboard focus (its frame at the edges would move with the pixels).
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QPersistentModelIndex, QRect, Qt
from PySide6.QtGui import (
    QFocusEvent,
    QHelpEvent,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QToolTip,
    QWidget,
)

#: Pixels left and right of a line's text.
_PADDING = 4

Parent = QModelIndex | QPersistentModelIndex


class LogView(QAbstractScrollArea):
    """A read-only list of `model`'s rows (one column of text), scrolled by lines."""

    def __init__(self, model: QAbstractItemModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._widest = 0  # the widest line's text: what the horizontal bar scrolls
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        model.rowsInserted.connect(self._inserted)
        model.rowsRemoved.connect(self._removed)
        model.dataChanged.connect(self._changed)
        model.modelReset.connect(self._reset)
        self._reset()

    # -- what it shows ----------------------------------------------------------------

    def row_height(self) -> int:
        """The height of one line."""
        return self.fontMetrics().height() + 2

    def rows_shown(self) -> range:
        """The rows at least partly in view."""
        height, top = self.row_height(), self.verticalScrollBar().value()
        first = top // height
        last = min(self._model.rowCount(), (top + self.viewport().height()) // height + 1)
        return range(first, max(first, last))

    def shows_end(self) -> bool:
        """Whether the newest line is in view (the log follows new lines then)."""
        bar = self.verticalScrollBar()
        return bar.value() >= bar.maximum()

    def scroll_to_end(self) -> None:
        """Bring the newest line into view."""
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

    def text(self, row: int) -> str:
        """The text of line `row`."""
        return str(self._model.index(row, 0).data() or "")

    # -- following the model ----------------------------------------------------------

    def _inserted(self, _parent: Parent, first: int, last: int) -> None:
        at_end = self.shows_end()  # the range still ends where the old last line did
        self._measure(first, last)
        self._set_range()
        if at_end:
            self.scroll_to_end()  # moves the pixels up: only the new lines are drawn
        self._update_rows(first, self._model.rowCount() - 1)

    def _removed(self, _parent: Parent, first: int, _last: int) -> None:
        # the range shrinks: at the end, the pixels move down and the line coming back
        # at the top is drawn; what was below the removed lines is drawn empty
        self._set_range()
        top = first * self.row_height() - self.verticalScrollBar().value()
        self.viewport().update(QRect(0, top, self.viewport().width(), self.viewport().height()))

    def _changed(self, top_left: QModelIndex, bottom_right: QModelIndex, *_roles: object) -> None:
        self._measure(top_left.row(), bottom_right.row())
        self._set_range()
        self._update_rows(top_left.row(), bottom_right.row())

    def _reset(self) -> None:
        self._widest = 0
        self._measure(0, self._model.rowCount() - 1)
        self._set_range()
        self.scroll_to_end()
        self.viewport().update()

    def _measure(self, first: int, last: int) -> None:
        """Widen the horizontal range to rows `first` to `last` (it never narrows
        when a line goes: measuring every line again would cost what the list saves)."""
        metrics = self.fontMetrics()
        for row in range(first, last + 1):
            width = metrics.horizontalAdvance(self.text(row)) + 2 * _PADDING
            self._widest = max(self._widest, width)

    def _set_range(self) -> None:
        height, shown = self.row_height(), self.viewport().size()
        bar = self.verticalScrollBar()
        bar.setRange(0, max(0, self._model.rowCount() * height - shown.height()))
        bar.setSingleStep(height)
        bar.setPageStep(max(height, shown.height() - height))
        across = self.horizontalScrollBar()
        across.setRange(0, max(0, self._widest - shown.width()))
        across.setSingleStep(self.fontMetrics().averageCharWidth() * 4)
        across.setPageStep(shown.width())

    def _update_rows(self, first: int, last: int) -> None:
        height, top = self.row_height(), self.verticalScrollBar().value()
        rect = QRect(0, first * height - top, self.viewport().width(), (last - first + 1) * height)
        visible = rect.intersected(self.viewport().rect())
        if not visible.isEmpty():
            self.viewport().update(visible)

    # -- Qt's hooks -------------------------------------------------------------------

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        if self.hasFocus():  # the focus frame at the edges would move with the pixels
            self.viewport().update()
        else:  # the base class repaints the whole viewport; the pixels shown only move
            self.viewport().scroll(dx, dy)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self.viewport())
        height, top = self.row_height(), self.verticalScrollBar().value()
        width = self.viewport().width()
        area = event.rect()
        first = max(0, (area.top() + top) // height)
        last = min(self._model.rowCount() - 1, (area.bottom() + top) // height)
        palette = self.palette()
        painter.setPen(palette.text().color())
        left = _PADDING - self.horizontalScrollBar().value()
        align = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        for row in range(first, last + 1):
            line = QRect(0, row * height - top, width, height)
            painter.fillRect(line, palette.alternateBase() if row % 2 else palette.base())
            text = QRect(left, line.top(), max(width, self._widest), height)
            painter.drawText(text, align, self.text(row))
        if self.hasFocus():  # a keyboard reader sees where the keys go
            painter.setPen(QPen(palette.highlight(), 2))
            painter.drawRect(self.viewport().rect().adjusted(1, 1, -1, -1))
        painter.end()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.viewport().update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.viewport().update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        at_end = self.shows_end()
        super().resizeEvent(event)
        self._set_range()
        if at_end:
            self.scroll_to_end()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._reset()

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            row = (event.pos().y() + self.verticalScrollBar().value()) // self.row_height()
            text = self.text(row) if 0 <= row < self._model.rowCount() else ""
            shown = self.viewport().width() - 2 * _PADDING
            if text and self.fontMetrics().horizontalAdvance(text) > shown:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        bar = self.verticalScrollBar()
        if event.key() == Qt.Key.Key_Home:
            bar.setValue(bar.minimum())
        elif event.key() == Qt.Key.Key_End:
            bar.setValue(bar.maximum())
        else:
            super().keyPressEvent(event)
