"""The table display: the fight as the players see it, for a TV, a projector or a second
monitor, and for a joined player's Table window.

It is driven by data only: `show_view` hands it a `TableView` (the projection of
numdesk.model.table_view) and it draws that and nothing else — a combatant the GM hides
never reaches it. It owns no child widgets. It works the layout out once per view or
size (`scene.build_scene`: the header, and where each seat's row goes) and keeps each
row's picture (`seat_row.row_items`, painted once into a pixmap) for as long as its seat
and size stay the same, so after a hit or the next turn only the two or three rows that
changed are painted anew. `painted_texts` lists the words of the last paint (what a
player could read on the screen).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPen, QPixmap, QRegion, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from numdesk.model.table_view import Seat, TableView
from numdesk.views.table_display.look import look_for
from numdesk.views.table_display.scene import Item, RowPlace, Scene, Words, build_scene
from numdesk.views.table_display.seat_row import row_items

_RowKey = tuple[Seat, int, int, float, bool, float]

#: The bundled family (numdesk.gui registers it): the same letters on every machine.
FAMILY = "DejaVu Sans"


class TableDisplay(QWidget):
    """Paints one `TableView`, large enough to read across a room, in a light or dark look."""

    def __init__(self, parent: QWidget | None = None, *, dark: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("tableDisplay")
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName(self.tr("Table display"))
        self._view: TableView | None = None
        self._dark = dark
        self._scene: Scene | None = None
        #: each row's picture and its words, by what it shows
        self._rows: dict[_RowKey, tuple[QPixmap, tuple[str, ...]]] = {}
        self._painted: tuple[str, ...] = ()

    # -- what callers set ----------------------------------------------------------------
    @property
    def view(self) -> TableView | None:
        """The view shown now (None before the first `show_view`)."""
        return self._view

    def show_view(self, view: TableView) -> None:
        """Show `view`, repainting only what changed (nothing when it equals the one shown)."""
        if view == self._view:
            return
        self._view = view
        old, self._scene = self._scene, None
        if old is None or not self.isVisible():
            self.update()
            return
        self.update(_changed(old, self._current_scene(), self.rect()))

    @property
    def dark(self) -> bool:
        return self._dark

    def set_dark(self, dark: bool) -> None:
        """Switch between the dark look (the default: a TV in a dim room) and the light one."""
        if dark != self._dark:
            self._dark = dark
            self._scene = None
            self.update()

    # -- what tests and screen readers read ------------------------------------------------
    @property
    def painted_texts(self) -> tuple[str, ...]:
        """Every piece of text on the display as of the last paint, top to bottom: the
        header's and each row's (as painted into the row's picture)."""
        return self._painted

    def _current_scene(self) -> Scene:
        if self._scene is None:
            look = look_for(self._dark)
            self._scene = build_scene(self._view, self.width(), self.height(), look, FAMILY)
        return self._scene

    def _row_key(self, place: RowPlace, ratio: float) -> _RowKey:
        width, height = int(place.rect.width()), int(place.rect.height())
        return (place.seat, width, height, place.unit, self._dark, ratio)

    def _row_picture(self, key: _RowKey, place: RowPlace) -> tuple[QPixmap, tuple[str, ...]]:
        """The row's pixmap and words: kept from the last paint when its seat, size and look
        are the same, else painted now."""
        kept = self._rows.get(key)
        if kept is not None:
            return kept
        width, height, ratio = key[1], key[2], key[5]
        items = row_items(place.seat, width, height, place.unit, look_for(self._dark), FAMILY)
        pixmap = QPixmap(round(width * ratio), round(height * ratio))
        pixmap.setDevicePixelRatio(ratio)
        painter = QPainter(pixmap)
        texts = _paint(painter, items)
        painter.end()
        return pixmap, texts

    # -- Qt --------------------------------------------------------------------------------
    def sizeHint(self) -> QSize:
        return QSize(1280, 720)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._scene = None
        super().resizeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        scene = self._current_scene()
        ratio = self.devicePixelRatioF()
        area = QRectF(event.rect())
        painter = QPainter(self)
        painter.setClipRegion(event.region())
        painted = list(_paint(painter, scene.items))
        rows: dict[_RowKey, tuple[QPixmap, tuple[str, ...]]] = {}
        for place in scene.rows:
            key = self._row_key(place, ratio)
            picture = rows[key] = self._row_picture(key, place)
            if place.rect.intersects(area):
                painter.drawPixmap(place.rect.topLeft(), picture[0])
            painted += picture[1]
        painted += _paint(painter, scene.over)
        painter.end()
        self._rows = rows  # only the rows on screen are kept
        self._painted = tuple(painted)


def _changed(old: Scene, new: Scene, everything: QRect) -> QRegion:
    """The part of the display that differs between two scenes of the same size: the
    rows whose seat changed and, if it changed, the header; all of it when the rows
    moved."""
    rects = [(r.rect, r.unit) for r in old.rows]
    if rects != [(r.rect, r.unit) for r in new.rows] or old.over != new.over:
        return QRegion(everything)
    region = QRegion()
    for before, after in zip(old.rows, new.rows, strict=True):
        if before.seat != after.seat:
            region = region.united(after.rect.toAlignedRect())
    if old.items != new.items:
        for item in (*old.items[1:], *new.items[1:]):  # the first is the background
            region = region.united(item.rect.toAlignedRect())
    return region


def _paint(painter: QPainter, items: Iterable[Item]) -> tuple[str, ...]:
    """Paint `items` in order; return the words painted."""
    painted: list[str] = []
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    for item in items:
        if isinstance(item, Words):
            painter.setFont(item.font)
            painter.setPen(item.color)
            painter.drawText(item.rect, int(item.align), item.text)
            painted.append(item.text)
            continue
        if item.outline is not None:
            painter.setPen(QPen(item.outline, item.outline_width))
            half = item.outline_width / 2
            rect = item.rect.adjusted(half, half, -half, -half)
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            rect = item.rect
        painter.setBrush(item.color)
        if item.radius:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.drawRoundedRect(rect, item.radius, item.radius)
        else:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.drawRect(rect)
    return tuple(painted)
