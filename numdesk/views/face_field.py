"""The field where a player types the face of a die they rolled at the table.

Left at "app rolls", the app rolls the die itself; any other value is the face the
action uses, through the same `Dice` object (see `Dice.player_faces`), so the result
is computed exactly as for a roll the app made.
"""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox, QWidget


class FaceField(QSpinBox):
    """A d`sides` face typed by the player, or none (the app rolls)."""

    def __init__(self, sides: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sides = sides
        self.setSpecialValueText(self.tr("app rolls"))
        self.set_sides(sides)

    def set_sides(self, sides: int) -> None:
        """Take faces of a d`sides` (an artifact's depletion die changes with the artifact
        chosen): the range, the tooltip and the name a screen reader says follow it."""
        self.sides = sides
        self.setRange(0, sides)
        self.setToolTip(
            self.tr(
                "Rolled a real d{0}? Type its face here. Leave at 'app rolls' to let numdesk roll."
            ).format(sides)
        )
        self.setAccessibleName(self.tr("Face rolled on the d{0}").format(sides))

    def face(self) -> int | None:
        """The face typed (None: the app rolls)."""
        return self.value() or None

    def clear_face(self) -> None:
        """Back to "app rolls" (after the roll was used)."""
        self.setValue(0)
