"""The fight log's list: a line added or taken away at the end draws one line, the
pixels on screen are those of the same lines drawn anew, and a reader scrolled back
stays where they are."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QStringListModel, Qt
from PySide6.QtGui import QHelpEvent, QImage, QPaintEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QToolTip, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from numdesk.views.encounter.log_view import LogView

LINES = [
    f"R{n // 5 + 1}  20:{n % 60:02d}  Bandit {n} takes {n % 7} Might damage" for n in range(40)
]
NEW = "R9  21:00  Margr defends against the Abomination and steps back from the ford"


class Painted(QObject):
    """The rectangles the viewport of the log in `window` is asked to paint."""

    def __init__(self, window: QWidget) -> None:
        super().__init__()
        self.window = window  # kept alive as long as this is
        self.rects: list[QRect] = []

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QPaintEvent):
            self.rects.append(event.rect())
        return False


def shown(qtbot: QtBot, lines: list[str]) -> tuple[QStringListModel, LogView, Painted]:
    """The log of `lines` in a window, under a line edit that has the focus (as the
    fight window's table has it while the GM plays)."""
    model = QStringListModel(lines)
    box = QWidget()
    qtbot.addWidget(box)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    above, view = QLineEdit(), LogView(model)
    layout.addWidget(above)
    layout.addWidget(view)
    box.resize(220, 230)
    box.show()
    box.activateWindow()
    qtbot.waitActive(box)
    above.setFocus()
    QApplication.processEvents()  # the first paint done
    painted = Painted(box)
    view.viewport().installEventFilter(painted)
    return model, view, painted


def on_screen(view: LogView) -> QImage:
    """The lines' pixels as the screen has them (not the widget drawn anew). The
    scroll bars are left out: the sideways one keeps its range when a line goes."""
    QApplication.processEvents()
    screen = QApplication.primaryScreen()
    window = screen.grabWindow(view.window().winId()).toImage()
    return window.copy(
        QRect(view.viewport().mapTo(view.window(), QPoint(0, 0)), view.viewport().size())
    )


def append(model: QStringListModel, line: str) -> None:
    """A line added as the fight's log model adds one: a row, then its text."""
    row = model.rowCount()
    model.insertRows(row, 1)
    model.setData(model.index(row), line)


def test_a_line_added_at_the_end_draws_that_line_alone(qtbot: QtBot) -> None:
    model, view, painted = shown(qtbot, LINES)
    assert view.shows_end()
    painted.rects.clear()
    append(model, NEW)
    image = on_screen(view)
    height = view.row_height()
    assert painted.rects and all(r.height() <= height for r in painted.rects)
    assert view.shows_end() and len(LINES) in view.rows_shown()
    _model, fresh, _painted = shown(qtbot, [*LINES, NEW])
    assert image == on_screen(fresh)


def test_a_long_log_draws_neither_frame_nor_scroll_bar_for_a_line(qtbot: QtBot) -> None:
    """With 2,000 lines the slider is at its smallest, at the bottom: a line more or
    less moves none of its pixels, and nothing but the line's strip is drawn."""
    lines = [f"{line} ({n})" for n in range(50) for line in LINES]
    model, view, painted = shown(qtbot, lines)
    around = Painted(view.window())
    for widget in (view, view.verticalScrollBar(), view.horizontalScrollBar()):
        widget.installEventFilter(around)
    short = "R9  21:00  Bandit 9 takes 2 damage"  # no wider than the others
    for change in (lambda: append(model, short), lambda: model.removeRows(len(lines), 1)):
        painted.rects.clear()
        change()
        QApplication.processEvents()
        assert painted.rects and all(r.height() <= view.row_height() for r in painted.rects)
        assert not around.rects


def test_a_line_taken_away_draws_the_line_coming_back_at_the_top(qtbot: QtBot) -> None:
    model, view, painted = shown(qtbot, [*LINES, NEW])
    painted.rects.clear()
    model.removeRows(len(LINES), 1)
    image = on_screen(view)
    assert painted.rects and all(r.height() <= view.row_height() for r in painted.rects)
    assert all(r.top() <= 0 for r in painted.rects)
    _model, fresh, _painted = shown(qtbot, LINES)
    assert image == on_screen(fresh)


def test_a_short_log_draws_the_new_line_below_the_others(qtbot: QtBot) -> None:
    model, view, painted = shown(qtbot, LINES[:3])
    painted.rects.clear()
    append(model, NEW)
    image = on_screen(view)
    height = view.row_height()
    assert painted.rects and all(r.top() == 3 * height for r in painted.rects)
    _model, fresh, _painted = shown(qtbot, [*LINES[:3], NEW])
    assert image == on_screen(fresh)


def test_a_reader_scrolled_back_stays_there(qtbot: QtBot) -> None:
    model, view, painted = shown(qtbot, LINES)
    view.verticalScrollBar().setValue(0)
    QApplication.processEvents()
    painted.rects.clear()
    append(model, NEW)
    QApplication.processEvents()
    assert view.verticalScrollBar().value() == 0 and not view.shows_end()
    assert not painted.rects  # the new line is out of view
    view.scroll_to_end()
    assert len(LINES) in view.rows_shown()


def test_a_new_log_is_shown_at_its_end(qtbot: QtBot) -> None:
    model, view, _painted = shown(qtbot, LINES[:2])
    model.setStringList([*LINES, NEW])
    assert view.shows_end() and len(LINES) in view.rows_shown()
    _fresh_model, fresh, _fresh_painted = shown(qtbot, [*LINES, NEW])
    assert on_screen(view) == on_screen(fresh)


def test_a_cut_line_shows_whole_in_its_tooltip(qtbot: QtBot) -> None:
    long_line = "R2  20:14  " + "Bandit takes 4 Might damage and falls back " * 4
    _model, view, _painted = shown(qtbot, [long_line, "R2  20:15  short"])
    view.verticalScrollBar().setValue(0)

    def tip_at(row: int) -> None:
        at = QPoint(10, row * view.row_height() + 2)
        tip = QHelpEvent(QEvent.Type.ToolTip, at, view.viewport().mapToGlobal(at))
        QApplication.sendEvent(view.viewport(), tip)

    tip_at(0)
    assert QToolTip.isVisible() and QToolTip.text() == long_line
    tip_at(1)  # a line shown whole has no tooltip
    qtbot.waitUntil(lambda: not QToolTip.isVisible())


def test_a_line_wider_than_the_list_scrolls_sideways(qtbot: QtBot) -> None:
    model, view, _painted = shown(qtbot, LINES)
    append(model, NEW)
    bar = view.horizontalScrollBar()
    room = view.viewport().width()
    assert bar.maximum() >= view.fontMetrics().horizontalAdvance(NEW) - room
    bar.setValue(bar.maximum())  # the pixels move sideways; the strip uncovered is drawn
    _fresh_model, fresh, _fresh_painted = shown(qtbot, [*LINES, NEW])
    fresh.horizontalScrollBar().setValue(bar.maximum())
    assert on_screen(view) == on_screen(fresh)


def test_the_keyboard_reaches_and_scrolls_the_log(qtbot: QtBot) -> None:
    """Tab gives it a frame in the highlight colour, which stays at its edges as lines
    come; Home and End go to the first and the newest line."""
    model, view, _painted = shown(qtbot, LINES)
    above = view.parentWidget().findChild(QLineEdit)
    qtbot.keyClick(above, Qt.Key.Key_Tab)
    assert view.hasFocus()
    QApplication.processEvents()  # the frame drawn
    append(model, NEW)
    image = on_screen(view)
    highlight = view.palette().highlight().color().rgb()
    middle = image.width() // 2
    assert (
        image.pixel(middle, 1) == highlight and image.pixel(middle, image.height() - 2) == highlight
    )
    inside = [image.pixel(middle, y) for y in range(4, image.height() - 4)]
    assert highlight not in inside  # no edge moved up with the lines
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert 0 in view.rows_shown() and not view.shows_end()
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert view.shows_end()
