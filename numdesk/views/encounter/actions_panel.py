"""The side panel's controls: what the GM does to the selected combatants.

Each button builds one intent for the controller (an encounter operation, or a sheet
operation for a PC). The layout is the same for every row, so the same place always
does the same thing: a control that does not fit the selection (wounds on an NPC,
initiative for a creature) is greyed with a tooltip saying why, never moved or hidden.
Damage, healing, wounds, conditions and table actions go to every selected row as one
undo step with one log line per target. Errors come back as `failed(message)`.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
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
from numdesk.model.operations.encounter_table import TablePick
from numdesk.rules.conditions import Condition as RulesCondition
from numdesk.rules.conditions import TurnEdge
from numdesk.rules.table_picks import TAKE_ATTACK
from numdesk.rules.types import ActionTiming, DamageType, WoundSeverity
from numdesk.views.encounter.panel_look import compact, fill_picks, key_tooltips, place_ends_row
from numdesk.views.encounter.panel_state import PanelState
from numdesk.views.forms import child, load_form
from numdesk.views.sheet.damage_kind import chosen_kind, kind_combo


class ActionPanel(PanelState, QWidget):
    """Initiative, damage and healing, conditions, action timing and GM intrusions."""

    failed = Signal(str)

    def __init__(self, controller: EncounterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._combatant: Combatant | None = None
        self._combatant_for_action: Combatant | None = None
        #: every selected combatant (the window sets it; the current one by default)
        self.targets: Callable[[], list[Combatant]] = lambda: (
            [self._combatant] if self._combatant else []
        )
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
        self.damage_kind.setObjectName("damage_kind")
        child(form, QFormLayout, "damageForm").insertRow(2, self.tr("Kind"), self.damage_kind)
        self.reason = child(form, QLineEdit, "reason")
        self.wound_label = child(form, QLabel, "wound_label")
        self.wound_row = child(form, QWidget, "wound_row")
        self.set_roll_button = child(form, QPushButton, "set_roll_button")
        self.roll_button = child(form, QPushButton, "roll_button")
        self.damage_button = child(form, QPushButton, "damage_button")
        self.hit_button = child(form, QPushButton, "hit_button")
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
        self.pick = child(form, QComboBox, "pick")
        self.pick_button = child(form, QPushButton, "pick_button")
        # when a condition or mark ends: at the start or end of whose next turn
        self.ends_at = QComboBox(self)
        self.ends_at.setObjectName("ends_at")
        self.ends_at.addItem(self.tr("ends as the turn starts"), TurnEdge.START)
        self.ends_at.addItem(self.tr("ends as the turn ends"), TurnEdge.END)
        self.ends_anchor = QComboBox(self)
        self.ends_anchor.setObjectName("ends_anchor")
        place_ends_row(form, self.ends_at, self.ends_anchor)
        self.selection_label = QLabel(self)
        self.selection_label.setObjectName("selectionLabel")
        self.selection_label.setWordWrap(True)
        form.layout().insertWidget(0, self.selection_label)
        # the choices come from the rules' vocabulary, so they are filled in here
        for dtype in DamageType:
            self.damage_type.addItem(self.tr(dtype.value.capitalize()), dtype.value)
        for choice in DEFEAT_CHOICES:
            self.defeat_as.addItem(self.tr(choice), choice)
        for severity in WoundSeverity:
            self.wound.addItem(self.tr(severity.name.capitalize()), int(severity))
        for cond in RulesCondition:
            self.condition.addItem(self.tr(cond.value))
        # a player who is not in this fight can be typed in (as on the sheet)
        self.recipient.setEditable(True)
        self.recipient.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        editor = self.condition.lineEdit()
        if editor is not None:  # the combo box is editable in the form
            editor.setPlaceholderText(self.tr("or type your own"))
        compact(form)
        fill_picks(self.pick, self._controller.profile.defense_actions)
        key_tooltips(self)
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
        self.damage_button.clicked.connect(self.damage_selected)
        self.heal_button.clicked.connect(
            lambda: self._act_all(
                self.tr("Heal"), lambda uid: c.apply(Heal(uid, self.amount.value()))
            )
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
            lambda: self._act_all(
                self.tr("Wound"),
                lambda uid: c.wound_pc(uid, WoundSeverity(int(self.wound.currentData()))),
                sides=("pc",),
            )
        )
        self.add_condition_button.clicked.connect(
            lambda: self._act_all(
                self.tr("Condition"),
                lambda uid: c.apply(
                    AddCondition(
                        uid,
                        self.condition.currentText(),
                        self.rounds.value() or None,
                        ends_at=self._edge(),
                        anchor=self._anchor(),
                    )
                ),
            )
        )
        self.remove_condition_button.clicked.connect(
            lambda: self._act_all(
                self.tr("Remove condition"),
                lambda uid: c.apply(RemoveCondition(uid, self.condition.currentText())),
            )
        )
        self.pick_button.clicked.connect(
            lambda: self._act_all(self.pick.currentText(), self._table_pick)
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
        self.intrude_button.clicked.connect(lambda: self._act(self._reason_used(self._intrusion)))
        self.refuse_button.clicked.connect(
            lambda: self._act(
                self._reason_used(
                    lambda uid: c.gm_intrusion(uid, "refuse", reason=self.reason.text())
                )
            )
        )
        self.natural_one_button.clicked.connect(
            lambda: self._act(
                self._reason_used(
                    lambda uid: c.gm_intrusion(uid, "natural_one", reason=self.reason.text())
                )
            )
        )
        self.remove_button.clicked.connect(
            lambda: self._act(lambda uid: c.apply(RemoveCombatant(uid)))
        )

    def _reason_used(self, action: Callable[[str], Any]) -> Callable[[str], Any]:
        """`action`, then an empty reason field: a reason belongs to one intrusion and
        must not ride along on the next (a refused one keeps it, to try again)."""

        def run(uid: str) -> Any:
            result = action(uid)
            self.reason.clear()
            return result

        return run

    def _intrusion(self, uid: str) -> Any:
        """Accept a GM intrusion: the second XP to the PC chosen, to a player typed in
        (not in this fight), or, with no other PC in the fight, kept (G16).

        A PC whose player is at the table (the table link) is asked on their own
        laptop instead: `offer_to_player` sends the offer and says so."""
        offer = self.offer_to_player
        if offer is not None:
            sent = offer(uid, self.reason.text())
            if sent:
                return sent
        typed = self.recipient.currentText().strip()
        index = self.recipient.findText(typed) if typed else -1
        chosen = str(self.recipient.itemData(index) or "") if index >= 0 else ""
        return self._controller.gm_intrusion(
            uid,
            "accept",
            chosen,
            self.reason.text(),
            recipient_name="" if chosen else typed,
        )

    #: set by the table link while hosting: (combatant uid, reason) -> what was said, or
    #: "" when that PC's player is not at the table (the intrusion is then applied here)
    offer_to_player: Callable[[str, str], str] | None = None

    def _edge(self) -> TurnEdge:
        return TurnEdge(self.ends_at.currentData())

    def _anchor(self) -> str | None:
        """The combatant on whose next turn a new condition ends (None: by the rules)."""
        uid = self.ends_anchor.currentData()
        return str(uid) if uid else None

    def _wound(self) -> WoundSeverity:
        return WoundSeverity(int(self.wound.currentData()))

    def _defeat(self) -> str:
        return str(self.defeat_as.currentData())

    def _damage(self, uid: str) -> Any:
        c = self._controller
        combatant = self._combatant_for_action or self._combatant
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

    def _table_pick(self, uid: str) -> Any:
        """The chosen section T pick; taking the attack also costs the taker (T3): the
        extra wound, and the hit itself when its damage is in the amount."""
        c = self._controller
        pick = self.pick.currentData()
        if pick != TAKE_ATTACK:
            return c.apply(TablePick(uid, pick, anchor=self._anchor(), ends_at=self._edge()))
        return c.take_the_attack(
            uid,
            self.amount.value(),
            DamageType(self.damage_type.currentData()),
            apply_armor=not self.ignore_armor.isChecked(),
            kind=chosen_kind(self.damage_kind),
        )

    def _act_now(self, uid: str) -> Any:
        enc = self._controller.encounter
        slot = current_slot(enc)
        if slot is None or not slot.uid:
            raise DomainError(self.tr("Act now needs a combatant whose turn it is."))
        return self._controller.apply(SetTiming(uid, ActionTiming.WAITING, after=slot.uid))

    def damage_selected(self) -> None:
        """Damage every selected combatant by the amount (Enter in the amount field)."""
        self._act_all(self.tr("Damage"), self._damage)

    def _act_all(
        self,
        what: str,
        action: Callable[[str], Any],
        sides: tuple[str, ...] | None = None,
    ) -> None:
        """Do `action` to every selected combatant as one undo step (one log line each).

        Rows it cannot apply to (`sides`) are skipped and named; a refusal stops there and
        says which target refused (the targets done so far stay in the one undo step).
        """
        targets = [t for t in self.targets() if t is not None]
        if not targets:
            self.failed.emit(self.tr("Select a combatant first."))
            return
        skipped = [t.name for t in targets if sides is not None and t.side not in sides]
        targets = [t for t in targets if sides is None or t.side in sides]
        if not targets:
            self.failed.emit(self.tr("{0} does not apply to {1}.").format(what, ", ".join(skipped)))
            return
        many = len(targets) > 1
        names = ", ".join(t.name for t in targets)
        message = ""
        # several targets are one undo step; a single one keeps its own step's text
        step = (
            self._controller.group(self.tr("{0}: {1}").format(what.replace("&", ""), names))
            if many
            else nullcontext()
        )
        try:
            with step:
                message = self._each(targets, action, many)
        except DomainError as err:  # the group's one write failed: nothing was kept
            message = err.message
        if skipped and not message:
            message = self.tr("Not for {0}.").format(", ".join(skipped))
        self.failed.emit(message)
        if not message or many:
            self.amount.setValue(0)  # never the same amount twice by accident

    def _each(self, targets: list[Combatant], action: Callable[[str], Any], many: bool) -> str:
        """Act on each target in turn; stop at the first refusal and return what it said."""
        try:
            for target in targets:
                self._combatant_for_action = target
                try:
                    action(target.uid)
                except DomainError as err:
                    return (
                        self.tr("{0}: {1}").format(target.name, err.message)
                        if many
                        else err.message
                    )
        finally:
            self._combatant_for_action = None
        return ""

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
