"""Recover: the next rest, the 1d6 + tier roll, the split among Pools (or a step up the
track); `cypher` adds rest healing, rally and treatment of wounds."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from numdesk.controllers.character import CharacterController
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.operations.base import Operation
from numdesk.model.operations.conditions import pools_current
from numdesk.model.operations.recovery import (
    NewDay,
    Rally,
    Recover,
    TreatWound,
    next_rests,
    roll_recovery,
)
from numdesk.rules.rally import rally_cost, treatment
from numdesk.rules.recovery import RecoveryRoll, can_recover_track_step, rest_label
from numdesk.rules.types import Rest, Stat, WoundSeverity
from numdesk.views.face_field import FaceField
from numdesk.views.forms import child
from numdesk.views.sheet.forms import load_sheet_form
from numdesk.views.sheet.style import set_role
from numdesk.views.sheet.words import word


class RecoverDialog(QDialog):
    """Take a rest for the controller's character."""

    def __init__(self, controller: CharacterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.roll: RecoveryRoll | None = None
        profile = controller.profile
        self.setWindowTitle(self.tr("Recover — {0}").format(controller.character.name))
        form = load_sheet_form("recover_dialog.ui", self, margin=10)
        self.rest = child(form, QComboBox, "restCombo")
        self.last_action = child(form, QCheckBox, "lastActionCheck")
        self.major_task = child(form, QCheckBox, "majorTaskCheck")
        self.roll_button = child(form, QPushButton, "rollButton")
        self.roll_label = child(form, QLabel, "rollLabel")
        self.split: dict[Stat, QSpinBox] = {
            stat: child(form, QSpinBox, f"{stat.value}Split") for stat in Stat
        }
        self.left = child(form, QLabel, "leftLabel")
        # below the buttons: a warning coming and going never moves them under the pointer
        self.lost = child(form, QLabel, "lostLabel")
        self.track_step = child(form, QCheckBox, "trackStepCheck")
        self.apply_button = child(form, QPushButton, "applyButton")
        self.new_day_button = child(form, QPushButton, "newDayButton")
        self.wounds_box = child(form, QGroupBox, "woundsBox")
        self.rally_severity = child(form, QComboBox, "rallyCombo")
        self.rally_button = child(form, QPushButton, "rallyButton")
        self.treat_severity = child(form, QComboBox, "treatCombo")
        self.treat_success = child(form, QCheckBox, "treatSuccessCheck")
        self.treat_by = child(form, QLineEdit, "treatByEdit")
        self.treat_button = child(form, QPushButton, "treatButton")
        self.message = child(form, QLabel, "messageLabel")
        self.done_label = child(form, QLabel, "doneLabel")  # what the last rest, rally or care did
        child(form, QDialogButtonBox, "closeButtons").rejected.connect(self.reject)
        self.face = FaceField(6, self)
        rest_form = child(form, QFormLayout, "restForm")
        rest_form.insertRow(3, self.tr("d&6 rolled"), self.face)

        self.last_action.setVisible(profile.last_action_recovery_bonus > 0)
        self.major_task.setVisible(not profile.uses_damage_track)
        self.track_step.setVisible(profile.uses_damage_track)
        self.wounds_box.setVisible(not profile.uses_damage_track)
        self.roll_label.setStyleSheet("font-size: 14pt; font-weight: bold;")
        set_role(self.message, "error")
        for spin in self.split.values():
            spin.valueChanged.connect(self._update_split)
        for severity in (WoundSeverity.MINOR, WoundSeverity.MODERATE):
            self.rally_severity.addItem(
                self.tr("{0} wound ({1} Might, no Edge)").format(
                    word(severity.name.capitalize()), rally_cost(severity)
                ),
                severity,
            )
        for severity in WoundSeverity:
            plan = treatment(severity)
            self.treat_severity.addItem(
                self.tr("{0} (difficulty {1}, {2} min)").format(
                    word(severity.name.capitalize()), plan.difficulty, plan.minutes
                ),
                severity,
            )
        self.setMinimumWidth(560)
        self.adjustSize()

        self.roll_button.clicked.connect(self.roll_dice)
        self.apply_button.clicked.connect(self.take_rest)
        self.new_day_button.clicked.connect(lambda: self._apply(NewDay()))
        self.rally_button.clicked.connect(
            lambda: self._apply(Rally(self.rally_severity.currentData()))
        )
        self.treat_button.clicked.connect(
            lambda: self._apply(
                TreatWound(
                    self.treat_severity.currentData(),
                    self.treat_success.isChecked(),
                    self.treat_by.text().strip(),
                )
            )
        )
        self.rest.currentIndexChanged.connect(self._rest_changed)
        self.track_step.toggled.connect(self._update_split)
        controller.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Offer the rests available now (the next one in `numenera`)."""
        character = self.controller.character
        rests = next_rests(character)
        self.rest.blockSignals(True)
        self.rest.clear()
        for rest in rests:
            self.rest.addItem(word(rest_label(rest)).capitalize(), rest)
        self.rest.blockSignals(False)
        self.new_day_button.setEnabled(bool(character.recoveries_used))
        can_step = can_recover_track_step(pools_current(character), character.damage_track)
        self.track_step.setEnabled(can_step)
        # a greyed-out choice says why (N8), rather than leaving the player guessing
        self.track_step.setToolTip(
            "" if can_step else self.tr("Only when hurt (not hale) and with every Pool above 0.")
        )
        if not rests:
            self.message.setText(self.tr("All four rests are used today: start a new day."))
        self.roll = None
        self._rest_changed()

    def _rest_changed(self) -> None:
        rest = self.rest.currentData()
        if rest != Rest.ONE_ACTION:
            # only the one-action rest can be a Last action: a tick left from it would
            # refuse every later rest (C10)
            self.last_action.setChecked(False)
        self.last_action.setEnabled(rest == Rest.ONE_ACTION)
        self.major_task.setEnabled(rest == Rest.TEN_HOURS)
        self.roll = None
        self.roll_label.setText(self.tr("not rolled yet"))
        self._update_split()

    def _update_split(self) -> None:
        total = self.roll.total if self.roll is not None else 0
        for spin in self.split.values():
            spin.setMaximum(total)
            spin.setEnabled(self.roll is not None and not self.track_step.isChecked())
        left = total - sum(s.value() for s in self.split.values())
        self.left.setText(self.tr("{0} points left to share").format(left))
        lines = []
        character = self.controller.character
        for stat, spin in self.split.items():
            pool = character.pool(stat)
            room = max(pool.maximum - pool.current, 0)
            if spin.value() > room:
                lines.append(
                    self.tr("{0} has room for {1} more (maximum {2}): {3} would be lost.").format(
                        word(stat.value.capitalize()), room, pool.maximum, spin.value() - room
                    )
                )
        self.lost.setText("\n".join(lines))
        self.lost.setVisible(bool(lines))
        ready = self.rest.currentData() is not None and (
            self.track_step.isChecked() or (self.roll is not None and left == 0)
        )
        self.apply_button.setEnabled(ready)
        self.roll_button.setEnabled(self.rest.currentData() is not None)

    def roll_dice(self) -> RecoveryRoll | None:
        """Roll 1d6 + tier (+ bonuses) with the sheet's dice (logged)."""
        rest = self.rest.currentData()
        dice = self.controller.dice
        try:
            with dice.player_faces(self.face.face()):
                self.roll = roll_recovery(
                    self.controller.character, rest, dice, self.last_action.isChecked()
                )
        except DomainError as err:
            self.message.setText(err.message)
            return None
        self.message.clear()
        self.face.clear_face()
        roll = self.roll
        extra = roll.bonus + roll.last_action_bonus
        self.roll_label.setText(
            self.tr("{0} (rolled {1} + tier {2}{3})").format(
                roll.total, roll.die, roll.tier, f" + {extra}" if extra else ""
            )
        )
        for spin in self.split.values():
            spin.setValue(0)
        self._update_split()
        return roll

    def take_rest(self) -> bool:
        """Apply the rest with the split (or the track step)."""
        operation = Recover(
            self.rest.currentData(),
            roll=self.roll,
            split={s: spin.value() for s, spin in self.split.items() if spin.value()},
            track_step=self.track_step.isChecked(),
            major_task_succeeded=self.major_task.isChecked(),
        )
        if self._apply(operation):
            for spin in self.split.values():
                spin.setValue(0)
            return True
        return False

    def _apply(self, operation: Operation[Character]) -> bool:
        try:
            change = self.controller.apply(operation)
        except DomainError as err:
            self.message.setText(err.message)
            return False
        self.message.clear()
        self.done_label.setText(self.tr("Done: {0}.").format(change.summary.rstrip(".")))
        return True
