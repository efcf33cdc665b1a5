"""New initiative before a round: each PC's d20 typed from the player's die, or rolled
by the app (RULES.md G12: a Speed task, each step eased adding 3).

The GM goes down the list; a face left at "app rolls" is rolled by numdesk. All the PCs
roll in one operation (one undo step, one log line), with the typed faces handed to the
encounter's dice in the list's order, so the result is computed exactly as an app roll.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.encounter import EncounterController
from numdesk.model.encounter import Combatant
from numdesk.model.errors import DomainError
from numdesk.model.operations.encounter import RollInitiative
from numdesk.model.operations.encounter_base import MAX_EASES, ROLLING_SIDES
from numdesk.views.face_field import FaceField


class InitiativeDialog(QDialog):
    """One row per PC: the d20 face (or "app rolls") and the steps its Speed task is eased."""

    def __init__(self, controller: EncounterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("initiativeDialog")
        self.controller = controller
        self.setWindowTitle(self.tr("New initiative"))
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "Type the d20 each player rolled, or leave \u201capp rolls\u201d to let "
                "numdesk roll. Each step the Speed task is eased adds 3."
            ),
            self,
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        layout.addLayout(form)
        self.pcs: list[Combatant] = [
            c for c in controller.encounter.combatants if c.side in ROLLING_SIDES
        ]
        self.faces: dict[str, FaceField] = {}
        self.eases: dict[str, QSpinBox] = {}
        for pc in self.pcs:
            face = FaceField(20, self)
            eases = QSpinBox(self)
            eases.setRange(0, MAX_EASES)
            eases.setValue(pc.initiative_eases)
            eases.setSuffix(self.tr(" eased"))
            row = QHBoxLayout()
            row.addWidget(face, 1)
            row.addWidget(eases)
            form.addRow(pc.name, row)
            self.faces[pc.uid] = face
            self.eases[pc.uid] = eases
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b3261e;")
        layout.addWidget(self.message)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("Set initiative"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        if self.pcs:
            self.faces[self.pcs[0].uid].setFocus()

    def set_face(self, name: str, face: int | None) -> None:
        """Type `face` for the PC called `name` (tests and scripts)."""
        pc = next(p for p in self.pcs if p.name == name)
        self.faces[pc.uid].setValue(face or 0)

    def accept(self) -> None:
        if not self.pcs:
            self.message.setText(self.tr("There is no PC in the fight to roll for."))
            return
        dice = self.controller.dice
        uids = [pc.uid for pc in self.pcs]
        # every PC rolls, in the encounter's order (as `pcs` lists them): the rule that
        # new initiative comes only at the start of a round is checked
        operation = RollInitiative(dice, None, {uid: self.eases[uid].value() for uid in uids})
        try:
            with dice.player_faces(*(self.faces[uid].face() for uid in uids)):
                self.controller.apply(operation)
        except DomainError as err:
            self.message.setText(err.message)
            return
        super().accept()
