"""A scroll bar that is drawn again only when it looks different.

The fight log's range grows by a line with every action. Once the log is long, its
slider is at its smallest and at the bottom, and a line more moves none of the bar's
pixels, yet `QScrollBar` repaints itself with every change of range or value (a
Fusion bar, about half a millisecond each time).
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QAbstractSlider, QScrollBar, QStyle, QStyleOptionSlider, QWidget


class LineScrollBar(QScrollBar):
    """A `QScrollBar` that skips the repaint of a change that moves nothing on it."""

    def __init__(self, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(orientation, parent)
        self._drawn: tuple[QRect, bool, bool, bool] | None = None
        self._quiet = False

    def set_range(self, maximum: int, to_end: bool = False) -> None:
        """A range from 0 to `maximum`, and the value at its end if `to_end`, drawn at
        most once (a range grown and a value moved to its end are often no change at
        all; each alone would be)."""
        self._quiet = True
        try:
            self.setRange(0, maximum)
            if to_end:
                self.setValue(maximum)
        finally:
            self._quiet = False
        self._update_if_changed()

    def sliderChange(self, change: QAbstractSlider.SliderChange) -> None:
        if change == QAbstractSlider.SliderChange.SliderOrientationChange:
            self._drawn = None
        if not self._quiet:
            self._update_if_changed()

    def _update_if_changed(self) -> None:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        slider = self.style().subControlRect(
            QStyle.ComplexControl.CC_ScrollBar, option, QStyle.SubControl.SC_ScrollBarSlider, self
        )
        # the slider, and the arrows a style shows disabled at either end
        looks = (slider, self.value() <= self.minimum(), self.value() >= self.maximum(),
                 self.minimum() == self.maximum())  # fmt: skip
        if looks != self._drawn:
            self._drawn = looks
            self.update()
