"""The fight log's list: its lines, newest last, drawn so that a line added costs the
drawing of one line however long the evening's log is. A line wider than the list
scrolls sideways, and its tooltip holds it whole.

`QListView` lays every row out again and repaints its whole viewport whenever a row
is inserted, whatever its scroll mode. Once the log filled the list, each action
repainted its twenty-odd visible rows and laid out all of the evening's rows: a hit
after 2,000 actions cost 1.2–1.25 × the same hit in a fresh fight. This view reads
the lines from the log's model and draws them itself. A line added while the log
shows its end moves the shown lines' pixels up by one line (`QWidget.scroll`, a copy
of the pixels) and draws the new line alone; a line an undo takes away moves them
down and draws the line that comes back at the top. Anything else (a new log, a new
size or font) draws what is shown anew, and so does a scroll while the list has the
keyboard focus (its frame at the edges would move with the pixels).

It is a frame holding its lines and two scroll bars of its own, not a
`QAbstractScrollArea`: that one lays its scroll bars out and repaints itself whole
whenever a bar's range changes, which a growing log does with every line.
"""

from __future__ import annotations

import heapq

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
)
from PySide6.QtGui import (
    QFocusEvent,
    QHelpEvent,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGridLayout, QScrollBar, QSizePolicy, QToolTip, QWidget

from numdesk.views.encounter.log_scroll import LineScrollBar

#: Pixels left and right of a line's text.
_PADDING = 4
#: Lines measured of those added at once (the longest).
_MEASURED = 3

Parent = QModelIndex | QPersistentModelIndex


class _Lines(QWidget):
    """The area the lines are drawn in; the `LogView` around it does the drawing."""

    def __init__(self, view: LogView) -> None:
        super().__init__(view)
        self._view = view
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.setFocusProxy(view)

    def paintEvent(self, event: QPaintEvent) -> None:
        self._view.paint_lines(event.rect())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._view.lines_resized()

    def wheelEvent(self, event: QWheelEvent) -> None:
        sideways = abs(event.angleDelta().x()) > abs(event.angleDelta().y())
        bar = self._view.horizontalScrollBar() if sideways else self._view.verticalScrollBar()
        QCoreApplication.sendEvent(bar, event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            self._view.show_tooltip(event)
            return True
        return super().event(event)


class LogView(QFrame):
    """A read-only list of `model`'s rows (one column of text), scrolled by lines."""

    def __init__(self, model: QAbstractItemModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._widest = 0  # the widest line's text: what the horizontal bar scrolls
        self._at = (0, 0)  # the scroll bars' values the lines are drawn at
        self.setFrameStyle(QFrame.Shape.StyledPanel | QFrame.Shadow.Sunken)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # as a scroll area: it takes the room there is
        expanding = QSizePolicy.Policy.Expanding
        self.setSizePolicy(expanding, expanding)
        self._lines = _Lines(self)
        self._down = LineScrollBar(Qt.Orientation.Vertical, self)
        self._across = LineScrollBar(Qt.Orientation.Horizontal, self)
        self._across.hide()
        grid = QGridLayout(self)
        grid.setSpacing(0)
        edge = self.frameWidth()
        grid.setContentsMargins(edge, edge, edge, edge)
        grid.addWidget(self._lines, 0, 0)
        grid.addWidget(self._down, 0, 1)
        grid.addWidget(self._across, 1, 0)
        self._down.valueChanged.connect(self._scrolled)
        self._across.valueChanged.connect(self._scrolled)
        model.rowsInserted.connect(self._inserted)
        model.rowsRemoved.connect(self._removed)
        model.dataChanged.connect(self._changed)
        model.modelReset.connect(self._reset)
        self._reset()

    # -- what it shows ----------------------------------------------------------------

    def viewport(self) -> QWidget:
        """The area the lines are drawn in."""
        return self._lines

    def verticalScrollBar(self) -> QScrollBar:
        return self._down

    def horizontalScrollBar(self) -> QScrollBar:
        return self._across

    def sizeHint(self) -> QSize:
        return QSize(256, 192)  # what Qt's scroll areas ask for

    def row_height(self) -> int:
        """The height of one line."""
        return self.fontMetrics().height() + 2

    def rows_shown(self) -> range:
        """The rows at least partly in view."""
        height, top = self.row_height(), self._down.value()
        first = top // height
        last = min(self._model.rowCount(), (top + self._lines.height()) // height + 1)
        return range(first, max(first, last))

    def shows_end(self) -> bool:
        """Whether the newest line is in view (the log follows new lines then)."""
        return self._down.value() >= self._down.maximum()

    def scroll_to_end(self) -> None:
        """Bring the newest line into view."""
        self._down.setValue(self._down.maximum())

    def text(self, row: int) -> str:
        """The text of line `row`."""
        return str(self._model.index(row, 0).data() or "")

    # -- following the model ----------------------------------------------------------

    def _inserted(self, _parent: Parent, first: int, last: int) -> None:
        at_end = self.shows_end()  # the range still ends where the old last line did
        self._measure(first, last)
        self._set_range(to_end=at_end)  # at the end, the pixels move up a line
        self._update_rows(first, self._model.rowCount() - 1)

    def _removed(self, _parent: Parent, first: int, _last: int) -> None:
        # the range shrinks: at the end, the pixels move down and the line coming back
        # at the top is drawn; what was below the removed lines is drawn empty
        self._set_range()
        top = first * self.row_height() - self._down.value()
        self._lines.update(QRect(0, top, self._lines.width(), self._lines.height()))

    def _changed(self, top_left: QModelIndex, bottom_right: QModelIndex, *_roles: object) -> None:
        widest = self._widest
        self._measure(top_left.row(), bottom_right.row())
        if self._widest != widest:
            self._across.set_range(max(0, self._widest - self._lines.width()))
        self._update_rows(top_left.row(), bottom_right.row())

    def _reset(self) -> None:
        self._widest = 0
        self._measure(0, self._model.rowCount() - 1)
        self._set_range(to_end=True)
        self._lines.update()

    def _measure(self, first: int, last: int) -> None:
        """Widen the horizontal range to rows `first` to `last`.

        Only the `_MEASURED` longest of them (by characters) are measured: shaping a
        line's text costs about 40 µs, and an area attack adds hundreds of lines. A
        line of fewer but wider letters may end a few pixels beyond the range (its
        tooltip holds it whole). The range never narrows when a line goes: measuring
        every line again would cost what the list saves.
        """
        texts = (self.text(row) for row in range(first, last + 1))
        metrics = self.fontMetrics()
        for text in heapq.nlargest(_MEASURED, texts, key=len):
            self._widest = max(self._widest, metrics.horizontalAdvance(text) + 2 * _PADDING)

    def _set_range(self, to_end: bool = False) -> None:
        """The scroll bars' ranges for the lines and the lines' size (the value at the
        end of the vertical one if `to_end`)."""
        height, shown = self.row_height(), self._lines.size()
        self._down.set_range(max(0, self._model.rowCount() * height - shown.height()), to_end)
        self._down.setSingleStep(height)
        self._down.setPageStep(max(height, shown.height() - height))
        self._across.set_range(max(0, self._widest - shown.width()))
        self._across.setSingleStep(self.fontMetrics().averageCharWidth() * 4)
        self._across.setPageStep(shown.width())
        self._across.setVisible(self._across.maximum() > 0)

    def _update_rows(self, first: int, last: int) -> None:
        height, top = self.row_height(), self._down.value()
        rect = QRect(0, first * height - top, self._lines.width(), (last - first + 1) * height)
        visible = rect.intersected(self._lines.rect())
        if not visible.isEmpty():
            self._lines.update(visible)

    def _scrolled(self) -> None:
        """Move the drawn lines to the scroll bars' values."""
        at = (self._across.value(), self._down.value())
        dx, dy = self._at[0] - at[0], self._at[1] - at[1]
        self._at = at
        if self.hasFocus():  # the focus frame at the edges would move with the pixels
            self._lines.update()
        else:  # the pixels still shown only move
            self._lines.scroll(dx, dy)

    # -- drawing ----------------------------------------------------------------------

    def paint_lines(self, area: QRect) -> None:
        """Draw the lines in `area` of the lines' widget (its paint event)."""
        painter = QPainter(self._lines)
        height, top = self.row_height(), self._down.value()
        width = self._lines.width()
        first = max(0, (area.top() + top) // height)
        last = min(self._model.rowCount() - 1, (area.bottom() + top) // height)
        palette = self.palette()
        painter.setPen(palette.text().color())
        left = _PADDING - self._across.value()
        align = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        for row in range(first, last + 1):
            line = QRect(0, row * height - top, width, height)
            painter.fillRect(line, palette.alternateBase() if row % 2 else palette.base())
            text = QRect(left, line.top(), max(width, self._widest), height)
            painter.drawText(text, align, self.text(row))
        if self.hasFocus():  # a keyboard reader sees where the keys go
            painter.setPen(QPen(palette.highlight(), 2))
            painter.drawRect(self._lines.rect().adjusted(1, 1, -1, -1))
        painter.end()

    def show_tooltip(self, event: QHelpEvent) -> None:
        """The whole line under the pointer, where the list cuts it."""
        row = (event.pos().y() + self._down.value()) // self.row_height()
        text = self.text(row) if 0 <= row < self._model.rowCount() else ""
        shown = self._lines.width() - 2 * _PADDING
        if text and self.fontMetrics().horizontalAdvance(text) > shown:
            QToolTip.showText(event.globalPos(), text, self._lines)
        else:
            QToolTip.hideText()

    def lines_resized(self) -> None:
        """Keep the end in view through a new size (the lines are drawn anew)."""
        self._set_range(to_end=self.shows_end())

    # -- Qt's hooks -------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._reset()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self._lines.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self._lines.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        action = LineScrollBar.SliderAction
        moves = {
            Qt.Key.Key_Up: (self._down, action.SliderSingleStepSub),
            Qt.Key.Key_Down: (self._down, action.SliderSingleStepAdd),
            Qt.Key.Key_PageUp: (self._down, action.SliderPageStepSub),
            Qt.Key.Key_PageDown: (self._down, action.SliderPageStepAdd),
            Qt.Key.Key_Home: (self._down, action.SliderToMinimum),
            Qt.Key.Key_End: (self._down, action.SliderToMaximum),
            Qt.Key.Key_Left: (self._across, action.SliderSingleStepSub),
            Qt.Key.Key_Right: (self._across, action.SliderSingleStepAdd),
        }
        move = moves.get(Qt.Key(event.key()))
        if move is None:
            super().keyPressEvent(event)
            return
        bar, step = move
        bar.triggerAction(step)
