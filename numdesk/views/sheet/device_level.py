"""Rolling (or typing) the level of a cypher or artifact taken from the library (T9).

A library device gives its level as dice ("1d6+2"); the copy on a sheet needs the
number. The dialog rolls the dice with the sheet's dice (`rules.items.roll_device_level`,
the roll goes to the roll log) or takes the faces a player rolled; a level text that is
not dice is asked for outright.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from numdesk.model.errors import DomainError, domain_errors
from numdesk.model.items import Artifact, Cypher
from numdesk.rules.dice import Dice
from numdesk.rules.items import MAX_DEVICE_LEVEL, level_dice_count, roll_device_level
from numdesk.views.face_field import FaceField
from numdesk.views.sheet.style import set_role


def needs_level(item: Any) -> bool:
    """Whether `item` is a device copied from the library with no level yet."""
    return isinstance(item, (Cypher, Artifact)) and item.level is None


class DeviceLevelDialog(QDialog):
    """Roll or enter the level of `item`; `level()` is the result once accepted."""

    def __init__(self, item: Cypher | Artifact, dice: Dice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("deviceLevelDialog")
        self._item = item
        self._dice = dice
        self._level: int | None = None
        self._text = item.level_dice.strip()
        counted = level_dice_count(self._text)
        self.setWindowTitle(self.tr("Level of {0}").format(item.name))
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.faces: list[FaceField] = []
        self.level_spin: QSpinBox | None = None
        if counted is not None and counted[0] > 0:
            count, sides = counted
            intro = self.tr(
                "Its level is {0}, rolled when it is found. Press OK to let numdesk roll, "
                "or type the faces you rolled."
            ).format(self._text)
            for number in range(count):
                field = FaceField(sides, self)
                label = self.tr("d{0} rolled:").format(sides)
                if count > 1:
                    label = self.tr("Die {0} (d{1}):").format(number + 1, sides)
                form.addRow(label, field)
                field.valueChanged.connect(self._preview)
                self.faces.append(field)
        else:
            if self._text and counted is None:
                intro = self.tr(
                    "The library gives its level as \u201c{0}\u201d, which is not dice numdesk "
                    "can roll. Type the level."
                ).format(self._text)
            elif self._text:
                intro = self.tr("Its level is {0}.").format(self._text)
            else:
                intro = self.tr("The library gives no level. Type the level it has.")
            self.level_spin = QSpinBox(self)
            self.level_spin.setRange(1, MAX_DEVICE_LEVEL)
            if counted == (0, 0):
                fixed = Dice()
                self.level_spin.setValue(roll_device_level(self._text, fixed).level)
            form.addRow(self.tr("&Level:"), self.level_spin)
        self.intro = QLabel(intro, self)
        self.intro.setWordWrap(True)
        layout.addWidget(self.intro)
        layout.addLayout(form)
        self.preview = QLabel(self)
        layout.addWidget(self.preview)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        set_role(self.message, "error")
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._preview()

    def _preview(self) -> None:
        if not self.faces:
            self.preview.clear()
            return
        faces = [f.face() for f in self.faces]
        if all(face is not None for face in faces):
            # the same function as the roll, fed the typed faces
            typed = Dice(script=[f for f in faces if f is not None])
            self.preview.setText(
                self.tr("Level {0}").format(roll_device_level(self._text, typed).level)
            )
        else:
            self.preview.setText(self.tr("numdesk rolls {0}").format(self._text))

    def accept(self) -> None:
        if self.level_spin is not None:
            self._level = self.level_spin.value()
        else:
            try:
                with domain_errors(), self._dice.player_faces(*(f.face() for f in self.faces)):
                    self._level = roll_device_level(self._text, self._dice).level
            except DomainError as err:
                self.message.setText(err.message)
                return
        super().accept()

    def level(self) -> int | None:
        """The level rolled or typed (None until accepted)."""
        return self._level
