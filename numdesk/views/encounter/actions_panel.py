"""The side panel's controls: what the GM does to the selected combatant.

Each button builds one intent for the controller (an encounter operation, or a sheet
operation for a PC); the panel only shows the controls that fit the selected row (a PC
takes wounds in `cypher`, an NPC has health, only `cypher` has First/Last actions).
Errors come back as `failed(message)`; the window shows them under the panel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from numdesk.controllers.encounter import EncounterController
from numdesk.model.encounter import Combatant
from numdesk.model.errors import DomainError
from numdesk.model.operations.encounter import (
    AddCondition,
    RemoveCombatant,
    RemoveCondition,
    RollInitiative,
    SetInitiative,
    SetTiming,
    current_slot,
)
from numdesk.model.operations.encounter_health import (
    DEFEAT_CHOICES,
    DamageCombatant,
    DamageObject,
    Heal,
    SetDefeated,
    SetHealth,
)
from numdesk.rules.conditions import Condition as RulesCondition
from numdesk.rules.types import ActionTiming, DamageType, WoundSeverity
from numdesk.views.forms import child, load_form
from numdesk.views.sheet.damage_kind import chosen_kind, kind_combo


class ActionPanel(QWidget):
    """Initiative, damage and healing, conditions, action timing and GM intrusions."""

    failed = Signal(str)

    def __init__(self, controller: EncounterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._combatant: Combatant | None = None
        form = load_form("encounter_actions.ui", self)
        self.initiative_box = child(form, QGroupBox, "initiative_box")
        self.damage_box = child(form, QGroupBox, "damage_box")
        self.condition_box = child(form, QGroupBox, "condition_box")
        self.timing_box = child(form, QGroupBox, "timing_box")
        self.intrusion_box = child(form, QGroupBox, "intrusion_box")
        self.roll_value = child(form, QSpinBox, "roll_value")
        self.eases = child(form, QSpinBox, "eases")
        self.amount = child(form, QSpinBox, "amount")
        self.rounds = child(form, QSpinBox, "rounds")
        self.damage_type = child(form, QComboBox, "damage_type")
        self.defeat_as = child(form, QComboBox, "defeat_as")
        self.wound = child(form, QComboBox, "wound")
        self.condition = child(form, QComboBox, "condition")
        self.recipient = child(form, QComboBox, "recipient")
        self.ignore_armor = child(form, QCheckBox, "ignore_armor")
        self.damage_kind = kind_combo(self)
        child(form, QFormLayout, "damageForm").insertRow(2, self.tr("&Kind"), self.damage_kind)
        self.reason = child(form, QLineEdit, "reason")
        self.wound_label = child(form, QLabel, "wound_label")
        self.wound_row = child(form, QWidget, "wound_row")
        self.set_roll_button = child(form, QPushButton, "set_roll_button")
        self.roll_button = child(form, QPushButton, "roll_button")
        self.damage_button = child(form, QPushButton, "damage_button")
        self.heal_button = child(form, QPushButton, "heal_button")
        self.set_health_button = child(form, QPushButton, "set_health_button")
        self.set_defeated_button = child(form, QPushButton, "set_defeated_button")
        self.wound_button = child(form, QPushButton, "wound_button")
        self.add_condition_button = child(form, QPushButton, "add_condition_button")
        self.remove_condition_button = child(form, QPushButton, "remove_condition_button")
        self.first_button = child(form, QPushButton, "first_button")
        self.last_button = child(form, QPushButton, "last_button")
        self.wait_button = child(form, QPushButton, "wait_button")
        self.act_now_button = child(form, QPushButton, "act_now_button")
        self.normal_button = child(form, QPushButton, "normal_button")
        self.intrude_button = child(form, QPushButton, "intrude_button")
        self.refuse_button = child(form, QPushButton, "refuse_button")
        self.natural_one_button = child(form, QPushButton, "natural_one_button")
        self.remove_button = child(form, QPushButton, "remove_button")
        # the choices come from the rules' vocabulary, so they are filled in here
        for dtype in DamageType:
            self.damage_type.addItem(self.tr(dtype.value.capitalize()), dtype.value)
        for choice in DEFEAT_CHOICES:
            self.defeat_as.addItem(self.tr(choice), choice)
        for severity in WoundSeverity:
            self.wound.addItem(self.tr(severity.name.capitalize()), int(severity))
        for cond in RulesCondition:
            self.condition.addItem(self.tr(cond.value))
        editor = self.condition.lineEdit()
        if editor is not None:  # the combo box is editable in the form
            editor.setPlaceholderText(self.tr("or type your own"))
        self._connect()
        self.show_combatant(None)

    # -- wiring ------------------------------------------------------------------------
    def _connect(self) -> None:
        c = self._controller
        self.set_roll_button.clicked.connect(
            lambda: self._act(lambda uid: c.apply(SetInitiative(uid, self.roll_value.value())))
        )
        self.roll_button.clicked.connect(
            lambda: self._act(
                lambda uid: c.apply(RollInitiative(c.dice, [uid], {uid: self.eases.value()}))
            )
        )
        self.damage_button.clicked.connect(lambda: self._act(self._damage))
        self.heal_button.clicked.connect(
            lambda: self._act(lambda uid: c.apply(Heal(uid, self.amount.value())))
        )
        self.set_health_button.clicked.connect(
            lambda: self._act(
                lambda uid: c.apply(SetHealth(uid, self.amount.value(), self._defeat()))
            )
        )
        self.set_defeated_button.clicked.connect(
            lambda: self._act(lambda uid: c.apply(SetDefeated(uid, self._defeat())))
        )
        self.wound_button.clicked.connect(
            lambda: self._act(
                lambda uid: c.wound_pc(uid, WoundSeverity(int(self.wound.currentData())))
            )
        )
        self.add_condition_button.clicked.connect(
            lambda: self._act(
                lambda uid: c.apply(
                    AddCondition(uid, self.condition.currentText(), self.rounds.value() or None)
                )
            )
        )
        self.remove_condition_button.clicked.connect(
            lambda: self._act(
                lambda uid: c.apply(RemoveCondition(uid, self.condition.currentText()))
            )
        )
        for button, timing in (
            (self.first_button, ActionTiming.FIRST),
            (self.last_button, ActionTiming.LAST),
            (self.wait_button, ActionTiming.WAITING),
            (self.normal_button, ActionTiming.NORMAL),
        ):
            button.clicked.connect(
                lambda _=False, t=timing: self._act(lambda uid: c.apply(SetTiming(uid, t)))
            )
        self.act_now_button.clicked.connect(lambda: self._act(self._act_now))
        self.intrude_button.clicked.connect(
            lambda: self._act(
                lambda uid: c.gm_intrusion(
                    uid, "accept", self.recipient.currentData() or "", self.reason.text()
                )
            )
        )
        self.refuse_button.clicked.connect(
            lambda: self._act(lambda uid: c.gm_intrusion(uid, "refuse", reason=self.reason.text()))
        )
        self.natural_one_button.clicked.connect(
            lambda: self._act(
                lambda uid: c.gm_intrusion(uid, "natural_one", reason=self.reason.text())
            )
        )
        self.remove_button.clicked.connect(
            lambda: self._act(lambda uid: c.apply(RemoveCombatant(uid)))
        )

    def _wound(self) -> WoundSeverity:
        return WoundSeverity(int(self.wound.currentData()))

    def _defeat(self) -> str:
        return str(self.defeat_as.currentData())

    def _damage(self, uid: str) -> Any:
        c = self._controller
        combatant = self._combatant
        assert combatant is not None
        amount = self.amount.value()
        dtype = DamageType(self.damage_type.currentData())
        kind = chosen_kind(self.damage_kind)
        if combatant.side == "pc":
            return c.damage_pc(
                uid, amount, dtype, apply_armor=not self.ignore_armor.isChecked(), kind=kind
            )
        if combatant.side == "object":
            return c.apply(DamageObject(uid, amount))
        return c.apply(
            DamageCombatant(
                uid,
                amount,
                dtype,
                use_armor=not self.ignore_armor.isChecked(),
                defeat_as=self._defeat(),
                kind=kind,
            )
        )

    def _act_now(self, uid: str) -> Any:
        enc = self._controller.encounter
        slot = current_slot(enc)
        if slot is None or not slot.uid:
            raise DomainError(self.tr("Act now needs a combatant whose turn it is."))
        return self._controller.apply(SetTiming(uid, ActionTiming.WAITING, after=slot.uid))

    def _act(self, action: Callable[[str], Any]) -> None:
        if self._combatant is None:
            self.failed.emit(self.tr("Select a combatant first."))
            return
        try:
            action(self._combatant.uid)
        except DomainError as err:
            self.failed.emit(err.message)
            return
        self.failed.emit("")

    # -- showing the selection -----------------------------------------------------------
    def show_combatant(self, combatant: Combatant | None) -> None:
        """Fit the controls to the selected combatant (None: nothing selected)."""
        self._combatant = combatant
        profile = self._controller.profile
        side = combatant.side if combatant else ""
        self.setEnabled(combatant is not None)
        self.initiative_box.setVisible(side in ("", "pc"))
        self.damage_box.setVisible(True)
        is_pc = side == "pc"
        wounds = is_pc and not profile.uses_damage_track
        self.wound_row.setVisible(wounds)
        self.wound_label.setVisible(wounds)
        self.heal_button.setVisible(side in ("npc", "follower"))
        self.set_health_button.setVisible(side in ("npc", "follower"))
        self.defeat_as.setEnabled(side in ("npc", "follower"))
        self.set_defeated_button.setVisible(bool(combatant and combatant.defeated))
        self.damage_type.setEnabled(side != "object")
        self.ignore_armor.setEnabled(side != "object")
        self.damage_kind.setEnabled(side != "object")
        if side == "object" and profile.objects_use_track:
            self.damage_button.setText(self.tr("&Damage (attack roll total)"))
        else:
            self.damage_button.setText(self.tr("&Damage"))
        self.timing_box.setVisible(profile.has_action_timing and side != "object")
        self.intrusion_box.setVisible(is_pc)
        self.refuse_button.setVisible(profile.refuse_intrusion_cost is not None)
        self.recipient.clear()
        if is_pc and combatant is not None:
            for other in self._controller.encounter.combatants:
                if other.side == "pc" and other.uid != combatant.uid:
                    self.recipient.addItem(other.name, other.uid)
            if combatant.initiative is not None:
                self.roll_value.setValue(combatant.initiative)
            self.eases.setValue(combatant.initiative_eases)
