"""A scroll area that scrolls only up and down, for a side panel of a window.

A panel of buttons and boxes (a sheet's Play tab) is as tall as its contents, and a
window keeps its contents' minimum: on a 768-pixel screen that pushed the main window
taller than the screen, its status bar below the edge. In this area the panel scrolls
instead, while keeping the width it needs, so nothing is cut off at the side.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


class VerticalScroll(QScrollArea):
    """`widget` at its full width, scrolled vertically when the area is shorter."""

    def __init__(self, widget: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidget(widget)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def minimumSizeHint(self) -> QSize:
        """As wide as the widget's minimum and a scroll bar; as short as a scroll area."""
        inner = self.widget()
        width = inner.minimumSizeHint().width() if inner is not None else 0
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(width + bar, super().minimumSizeHint().height())
