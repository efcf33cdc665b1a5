"""Fitting the fight's action panel to the selection: controls that do not apply are
greyed with the reason, the intrusion's recipients and the turns a condition can end on
are listed, and the panel says whom its buttons act on.

A mixin of `ActionPanel`: what it uses of the panel is declared here.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from numdesk.controllers.encounter import EncounterController
from numdesk.model.encounter import Combatant


class PanelState:
    """What the panel shows for the selected combatant (a mixin)."""

    _controller: EncounterController
    _combatant: Combatant | None
    targets: Callable[[], list[Combatant]]
    tr: Callable[[str], str]
    setEnabled: Callable[[bool], None]
    amount: QSpinBox
    roll_value: QSpinBox
    eases: QSpinBox
    damage_type: QComboBox
    damage_kind: QComboBox
    ignore_armor: QCheckBox
    defeat_as: QComboBox
    wound: QComboBox
    wound_row: QWidget
    wound_label: QLabel
    recipient: QComboBox
    reason: QLineEdit
    ends_anchor: QComboBox
    timing_box: QGroupBox
    selection_label: QLabel
    set_roll_button: QPushButton
    roll_button: QPushButton
    damage_button: QPushButton
    hit_button: QPushButton
    heal_button: QPushButton
    set_health_button: QPushButton
    set_defeated_button: QPushButton
    wound_button: QPushButton
    intrude_button: QPushButton
    refuse_button: QPushButton
    natural_one_button: QPushButton

    def show_combatant(self, combatant: Combatant | None) -> None:
        """Fit the controls to the selected combatant (None: nothing selected).

        Nothing moves: controls that do not apply are greyed and say why. A new
        combatant starts with the amount at 0 (an amount never carries over).
        """
        if combatant is None or self._combatant is None or combatant.uid != self._combatant.uid:
            self.amount.setValue(0)
        self._combatant = combatant
        profile = self._controller.profile
        side = combatant.side if combatant else ""
        self.setEnabled(combatant is not None)
        is_pc = side == "pc"
        has_health = side in ("npc", "follower")
        wounds_rule = not profile.uses_damage_track
        self.wound_row.setVisible(wounds_rule)
        self.wound_label.setVisible(wounds_rule)
        self._allow(self.wound_button, is_pc, self.tr("Only PCs take wounds."))
        self._allow(self.wound, is_pc, self.tr("Only PCs take wounds."))
        self._allow(
            self.hit_button,
            is_pc,
            self.tr("A PC is hit: its defense roll, then what gets through (select a PC)."),
        )
        self._allow(self.heal_button, has_health, self.tr("A PC heals on its sheet (Recover)."))
        self._allow(self.set_health_button, has_health, self.tr("A PC's Pools are on its sheet."))
        self._allow(self.defeat_as, has_health, self.tr("Only NPCs and followers are defeated."))
        self._allow(
            self.set_defeated_button,
            bool(combatant and combatant.defeated),
            self.tr("Not defeated."),
        )
        self._allow(self.damage_type, side != "object", self.tr("Objects take any damage."))
        self._allow(self.ignore_armor, side != "object", self.tr("Objects have no Armor."))
        self._allow(self.damage_kind, side != "object", self.tr("Objects take any damage."))
        if side == "object" and profile.objects_use_track:
            self.damage_button.setText(self.tr("Damage (attack roll total)"))
        else:
            self.damage_button.setText(self.tr("Damage"))
        not_pc = self.tr("An NPC's initiative is its target number (3 × level).")
        for widget in (self.roll_value, self.eases, self.set_roll_button, self.roll_button):
            self._allow(widget, is_pc, not_pc)
        self.timing_box.setVisible(profile.has_action_timing)
        self._allow(self.timing_box, side != "object", self.tr("Objects do not act."))
        for widget in (self.intrude_button, self.refuse_button, self.natural_one_button):
            self._allow(widget, is_pc, self.tr("GM intrusions are on PCs."))
        self._allow(self.recipient, is_pc, self.tr("GM intrusions are on PCs."))
        self._allow(self.reason, is_pc, self.tr("GM intrusions are on PCs."))
        self.refuse_button.setVisible(profile.refuse_intrusion_cost is not None)
        self._fill_anchors()
        self.recipient.clear()
        if is_pc and combatant is not None:
            for other in self._controller.encounter.combatants:
                if other.side == "pc" and other.uid != combatant.uid:
                    self.recipient.addItem(other.name, other.uid)
            editor = self.recipient.lineEdit()
            if editor is not None:
                editor.setPlaceholderText(
                    self.tr("no other PC here: {0} keeps both").format(combatant.name)
                    if self.recipient.count() == 0
                    else self.tr("or type a player's name")
                )
            if combatant.initiative is not None:
                self.roll_value.setValue(combatant.initiative)
            self.eases.setValue(combatant.initiative_eases)
        self.show_targets()

    def show_targets(self) -> None:
        """Name who the buttons act on (several rows after Shift/Ctrl or Ctrl+Shift+A)."""
        targets = [t for t in self.targets() if t is not None]
        if len(targets) > 1:
            text = self.tr("{0} selected: {1}").format(
                len(targets), ", ".join(t.name for t in targets)
            )
        elif targets:
            text = self.tr("Acting on: {0}").format(targets[0].name)
        else:
            text = self.tr("Select a combatant in the table.")
        self.selection_label.setText(text)

    @staticmethod
    def _allow(widget: QWidget, allowed: bool, why: str) -> None:
        """Enable `widget`, or grey it with `why` as its tooltip (the place stays)."""
        widget.setEnabled(allowed)
        tip = widget.property("normalToolTip")
        if tip is None:
            tip = widget.toolTip()
            widget.setProperty("normalToolTip", tip)
        widget.setToolTip(tip if allowed else why)

    def _fill_anchors(self) -> None:
        """The rules' own clock first, then every combatant with a turn (kept chosen)."""
        chosen = self.ends_anchor.currentData()
        self.ends_anchor.blockSignals(True)
        self.ends_anchor.clear()
        self.ends_anchor.addItem(self.tr("of the cause's next turn (the rules)"), "")
        self.ends_anchor.setItemData(
            0,
            self.tr(
                "By the rules: a condition lasts until whoever's turn it is now acts again "
                "(G18); drawing or taking the attack until the taker's next turn (T3)"
            ),
            Qt.ItemDataRole.ToolTipRole,
        )
        for other in self._controller.encounter.combatants:
            if other.side != "object":
                text = self.tr("of {0}'s next turn").format(other.name)
                self.ends_anchor.addItem(text, other.uid)
        index = self.ends_anchor.findData(chosen) if chosen else 0
        self.ends_anchor.setCurrentIndex(max(index, 0))
        self.ends_anchor.blockSignals(False)
