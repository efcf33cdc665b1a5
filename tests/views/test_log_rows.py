"""The fight log's rows drawn from their cache look as the plain delegate draws them."""

from __future__ import annotations

from PySide6.QtCore import QRect, QStringListModel
from PySide6.QtGui import QFont, QImage, QPainter
from PySide6.QtWidgets import QListView, QStyledItemDelegate, QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from numdesk.views.encounter.log_model import LogRowDelegate

LINES = [
    f"R{n // 5 + 1}  20:{n % 60:02d}  Bandit {n} takes {n % 7} Might damage" for n in range(40)
]


def _view(qtbot: QtBot, cached: bool) -> QListView:
    view = QListView()
    qtbot.addWidget(view)
    view.setModel(QStringListModel(LINES, view))
    view.setAlternatingRowColors(True)
    view.setUniformItemSizes(True)
    view.setItemDelegate(LogRowDelegate(view) if cached else QStyledItemDelegate(view))
    view.resize(260, 300)
    view.show()
    view.scrollToBottom()
    return view


def _grab(view: QListView) -> QImage:
    return view.viewport().grab().toImage()


def test_cached_rows_match_the_plain_drawing_after_each_paint(qtbot: QtBot) -> None:
    plain = _view(qtbot, cached=False)
    cached = _view(qtbot, cached=True)
    expected = _grab(plain)
    # first paint: drawn directly; second: rendered into the cache; third: from it
    assert [_grab(cached) == expected for _ in range(3)] == [True, True, True]
    # a line added (the list scrolls) and a new size: still the same as the plain one
    for view in (plain, cached):
        model = view.model()
        assert isinstance(model, QStringListModel)
        model.setStringList([*LINES, "R9  21:00  Margr defends against the Abomination"])
        view.resize(300, 260)
        view.scrollToBottom()
    expected = _grab(plain)
    assert [_grab(cached) == expected for _ in range(3)] == [True, True, True]


def test_cached_rows_follow_a_change_of_font_alone(qtbot: QtBot) -> None:
    """Same text, size and state in another font: the row is drawn anew, not reused."""
    view = _view(qtbot, cached=True)
    cached, plain = view.itemDelegate(), QStyledItemDelegate()
    index = view.model().index(3, 0)

    def draw(delegate: QStyledItemDelegate, italic: bool) -> QImage:
        option = QStyleOptionViewItem()
        option.initFrom(view.viewport())
        option.rect = QRect(0, 0, 240, 20)
        font = QFont(view.font())
        font.setItalic(italic)
        font.setBold(italic)
        option.font = font
        image = QImage(240, 20, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(view.palette().base().color())
        painter = QPainter(image)
        delegate.paint(painter, option, index)
        painter.end()
        return image

    for italic in (False, True, False):
        expected = draw(plain, italic)
        assert [draw(cached, italic) == expected for _ in range(3)] == [True, True, True]
