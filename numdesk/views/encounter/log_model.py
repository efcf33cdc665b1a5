"""The encounter log as a Qt list model: one row per log entry, newest last.

The log only grows at its end (and undo cuts it back at its end), so a refresh
inserts or removes just the rows at the end: the view keeps the rows it already laid
out instead of redrawing the whole log after every action. Only another encounter
object (reloaded after a change elsewhere) resets the model.

It is a `QStringListModel` holding each row's text: the list view asks the model for
its row count once per row whenever it lays the log out, and a Python `rowCount` made
that cost grow with the length of the evening's log; the C++ model answers at once.
The window's list view does not edit it.

`LogRowDelegate` draws its rows from a small cache of rendered rows: see there why.
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QStringListModel,
)
from PySide6.QtGui import QFont, QPainter, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from numdesk.controllers.encounter import EncounterController
from numdesk.model.encounter import LogEntry


class LogModel(QStringListModel):
    """Rows "R2  20:14  Bandit 1 takes 4 Might damage…" read from the controller."""

    def __init__(self, controller: EncounterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._log: list[LogEntry] | None = None
        self._prep = QCoreApplication.translate("EncounterLog", "Prep")
        self._round = QCoreApplication.translate("EncounterLog", "R{0}")
        self.refresh()

    def refresh(self) -> None:
        """Follow the encounter's log: rows added or cut at its end, or a new log."""
        log = self._controller.encounter.log
        shown = self.rowCount()
        if log is not self._log:
            self._log = log
            self.setStringList([self._line(entry) for entry in log])
        elif len(log) > shown:
            self.insertRows(shown, len(log) - shown)
            for row in range(shown, len(log)):
                self.setData(self.index(row), self._line(log[row]))
        elif len(log) < shown:
            self.removeRows(len(log), shown - len(log))

    def _line(self, entry: LogEntry) -> str:
        clock = entry.at[11:16] if len(entry.at) >= 16 else entry.at
        prefix = self._round.format(entry.round) if entry.round else self._prep
        return f"{prefix}  {clock}  {entry.text}"


class LogRowDelegate(QStyledItemDelegate):
    """Draws each log row from a pixmap of it rendered once, not laid out anew each time.

    Once the log list is full, every action repaints all its twenty-odd visible rows:
    a row appended makes `QListView` lay its items out again, and that always repaints
    the whole viewport (no scroll by blitting, whatever the scroll mode). Laying out a
    row's text (shaping it, eliding it) costs 0.06 to 0.12 ms, so the full list's
    viewport cost each action 1.2 to 2.5 ms of CPU where a fresh fight's few rows cost
    a third of that. A row already drawn is now a pixmap copy (about 0.02 ms): the
    viewport takes about 0.6 ms instead of 1.3 (offscreen, 20 rows).

    A row is drawn directly the first time it is painted (a new line, perhaps undone at
    once, costs what it did) and rendered into its pixmap the second time (about 0.3 ms,
    once; it then stays in view for twenty-odd actions), so a fresh fight's few rows
    cost no more than before. The pixmap is the row as the view draws it: the viewport's
    Base colour, the alternate rows' colour the view paints under each row, then
    `QStyledItemDelegate`'s drawing. A grab of the window matches the plain delegate's
    pixel for pixel, but for two edge pixels of a selected, focused row one level apart.
    The key holds all that changes the drawing: text, size, state (selected, focus,
    hover, enabled), alternate colour, palette, font and pixel ratio. The key is worked
    out for each row of each repaint, so it is kept cheap: the font is a number that
    changes when the font does, not its `key()` string.
    """

    #: Rendered rows kept: a few screens of the list (each some 13 kB).
    LIMIT = 128

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: OrderedDict[tuple[object, ...], QPixmap] = OrderedDict()
        self._seen: OrderedDict[tuple[object, ...], None] = OrderedDict()
        self._font = QFont()
        self._font_number = 0

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        rect = option.rect
        ratio = painter.device().devicePixelRatioF()
        palette = option.palette
        font = option.font
        if font != self._font:  # a number for the font: its key() took 4 µs of each row
            self._font = QFont(font)  # a copy: `option.font` lives only as long as option
            self._font_number += 1
        key = (
            index.data(),
            rect.width(),
            rect.height(),
            option.state,
            option.features,
            palette.cacheKey(),
            self._font_number,
            ratio,
        )
        rows = self._rows
        pixmap = rows.get(key)
        if pixmap is None and key not in self._seen:
            # a row seen once may be gone with the next undo: drawn directly, as before
            self._seen[key] = None
            if len(self._seen) > self.LIMIT:
                self._seen.popitem(last=False)
            super().paint(painter, option, index)
            return
        if pixmap is None:
            pixmap = QPixmap(rect.size() * ratio)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(palette.base().color())
            at_origin = QStyleOptionViewItem(option)
            at_origin.rect = QRect(QPoint(0, 0), rect.size())
            row_painter = QPainter(pixmap)
            # what the view paints under the delegate: the alternate rows' colour
            under = QStyleOptionViewItem(at_origin)
            under.state &= ~QStyle.StateFlag.State_Selected
            widget = option.widget
            style = widget.style() if widget is not None else QApplication.style()
            style.drawPrimitive(
                QStyle.PrimitiveElement.PE_PanelItemViewRow, under, row_painter, widget
            )
            super().paint(row_painter, at_origin, index)
            row_painter.end()
            rows[key] = pixmap
            if len(rows) > self.LIMIT:
                rows.popitem(last=False)
        else:
            rows.move_to_end(key)
        painter.drawPixmap(rect.topLeft(), pixmap)
