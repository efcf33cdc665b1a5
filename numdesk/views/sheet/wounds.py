"""`cypher` wound boxes: one check box per slot of a severity, ticked as wounds are taken."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QWidget


class WoundBoxes(QWidget):
    """A row of boxes; clicking sets the wound count to the clicked box (or one less).

    Emits `countRequested(n)`: the sheet turns it into a SetWounds operation and
    redraws from the model, so the boxes never hold state of their own.
    """

    countRequested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addStretch(1)
        self._boxes: list[QCheckBox] = []
        self._count = 0

    def show_wounds(self, count: int, slots: int, label: str) -> None:
        while len(self._boxes) < slots:
            box = QCheckBox(self)
            number = len(self._boxes)
            box.clicked.connect(lambda _checked, n=number: self._clicked(n))
            self._layout.insertWidget(len(self._boxes), box)
            self._boxes.append(box)
        while len(self._boxes) > slots:
            self._boxes.pop().deleteLater()
        self._count = count
        for number, box in enumerate(self._boxes):
            box.setChecked(number < count)
            box.setAccessibleName(f"{label} {number + 1}")

    def boxes(self) -> list[QCheckBox]:
        return list(self._boxes)

    def _clicked(self, number: int) -> None:
        wanted = number if number < self._count else number + 1
        for index, box in enumerate(self._boxes):
            box.setChecked(index < self._count)
        self.countRequested.emit(wanted)
