"""Take damage: Pool damage with Armor, overflow and the track (`numenera`), or a wound
after block/dodge and shield (`cypher`). The result is shown before it is applied."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from numdesk.controllers.character import CharacterController
from numdesk.model.errors import DomainError
from numdesk.model.operations.damage import (
    TakeDamage,
    TakeWound,
    armor_category,
    defense_task_steps,
    kind_armor,
    preview_damage,
    preview_wound,
    worn_armor,
)
from numdesk.rules.defense import DefenseKind
from numdesk.rules.hazards import HAZARDS, hazard
from numdesk.rules.types import DamageType, WoundSeverity
from numdesk.views.forms import child
from numdesk.views.sheet.damage_kind import chosen_kind, kind_combo, show_kind
from numdesk.views.sheet.forms import load_sheet_form
from numdesk.views.sheet.style import set_role
from numdesk.views.sheet.words import word


class DamageDialog(QDialog):
    """Preview then apply damage to the controller's character."""

    def __init__(self, controller: CharacterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        profile = controller.profile
        character = controller.character
        self.setWindowTitle(self.tr("Take damage — {0}").format(character.name))
        form = load_sheet_form("damage_dialog.ui", self, margin=10)
        self.amount = child(form, QSpinBox, "amountSpin")
        self.damage_type = child(form, QComboBox, "typeCombo")
        self.use_armor = child(form, QCheckBox, "armorCheck")
        self.pool_preview = child(form, QLabel, "poolPreview")
        self.apply_pool = child(form, QPushButton, "applyPoolButton")
        self.wound_box = child(form, QGroupBox, "woundBox")
        self.severity = child(form, QComboBox, "severityCombo")
        self.defense = child(form, QComboBox, "defenseCombo")
        self.defended = child(form, QCheckBox, "defendedCheck")
        self.shield = child(form, QComboBox, "shieldCombo")
        self.wound_preview = child(form, QLabel, "woundPreview")
        self.apply_wound = child(form, QPushButton, "applyWoundButton")
        self.error = child(form, QLabel, "errorLabel")
        child(form, QDialogButtonBox, "closeButtons").rejected.connect(self.reject)
        pool_form = child(form, QFormLayout, "poolForm")
        self.kind = kind_combo(self)
        pool_form.insertRow(2, self.tr("&Kind"), self.kind)
        self.hazard = QComboBox(self)
        self.hazard.setObjectName("hazardCombo")
        self.hazard.addItem(self.tr("(none: set amount, type and kind yourself)"), None)
        for row in HAZARDS:
            label = f"{word(row.label)}: {row.damage}"
            if row.per != "event":
                label += " " + self.tr("per {0}").format(row.per)
            if row.may_cost_next_action:
                label += self.tr(", often costs the next action")
            self.hazard.addItem(label, row.key)
        pool_form.insertRow(0, self.tr("&Hazard"), self.hazard)
        if not profile.uses_damage_track:
            child(form, QGroupBox, "poolBox").setTitle(
                self.tr("Damage to a Pool (special attacks)")
            )
        for kind in DamageType:
            if kind is DamageType.AMBIENT and not profile.uses_damage_track:
                continue
            self.damage_type.addItem(word(kind.value.capitalize()), kind)
        armor_text = str(worn_armor(character))
        extra = ", ".join(f"{word(k)} +{v}" for k, v in kind_armor(character).items() if v)
        if extra:
            armor_text += self.tr("; against {0}").format(extra)
        self.use_armor.setText(self.tr("Apply Armor ({0})").format(armor_text))
        self.use_armor.setVisible(profile.armor_subtracts)
        for label in (self.pool_preview, self.wound_preview):
            label.setStyleSheet("font-weight: bold;")
            label.setMinimumHeight(52)
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        for severity in WoundSeverity:
            self.severity.addItem(word(severity.name.capitalize()), severity)
        category = armor_category(character)
        for defense in (DefenseKind.NONE, DefenseKind.BLOCK, DefenseKind.DODGE):
            label_text = word(defense.value.capitalize())
            if defense is not DefenseKind.NONE and not profile.uses_damage_track:
                steps = defense_task_steps(character, defense)
                change = self.tr("eased") if steps > 0 else self.tr("hindered")
                if steps:
                    label_text += self.tr(" ({0} armor: {1} {2})").format(
                        word(category.value), change, abs(steps)
                    )
            self.defense.addItem(label_text, defense)
        self.shield.addItem(self.tr("(no shield)"), None)
        for shield in character.shields:
            if not shield.broken:
                self.shield.addItem(shield.name, shield.uid)
        self.wound_box.setVisible(not profile.uses_damage_track)
        set_role(self.error, "error")
        self.setMinimumWidth(520)
        self.adjustSize()

        self.hazard.activated.connect(self._pick_hazard)
        self.kind.currentTextChanged.connect(self.update_preview)
        self.amount.valueChanged.connect(self.update_preview)
        self.damage_type.currentIndexChanged.connect(self.update_preview)
        self.use_armor.toggled.connect(self.update_preview)
        for combo in (self.severity, self.defense, self.shield):
            combo.currentIndexChanged.connect(self.update_preview)
        self.defended.toggled.connect(self.update_preview)
        self.apply_pool.clicked.connect(self.apply_damage)
        self.apply_wound.clicked.connect(self.apply_wound_now)
        controller.changed.connect(self.update_preview)
        self.update_preview()

    def _pick_hazard(self) -> None:
        """Fill amount, type and kind from a hazard of the N10 table."""
        key = self.hazard.currentData()
        if key is None:
            return
        picked = hazard(key)
        index = self.damage_type.findData(picked.damage_type)
        if index < 0:  # wound rules list no ambient type: the body takes it
            index = self.damage_type.findData(DamageType.MIGHT)
        self.damage_type.setCurrentIndex(index)
        show_kind(self.kind, picked.kind)
        self.amount.setValue(picked.damage)
        self.update_preview()

    def _pool_args(self) -> tuple[int, DamageType, bool, None, str]:
        return (
            self.amount.value(),
            self.damage_type.currentData(),
            self.use_armor.isChecked(),
            None,
            chosen_kind(self.kind),
        )

    def update_preview(self) -> None:
        character = self.controller.character
        self.error.clear()
        try:
            preview = preview_damage(character, *self._pool_args())
            self.pool_preview.setText(self.tr(preview.summary))
            self.apply_pool.setEnabled(self.amount.value() > 0)
        except DomainError as err:
            self.pool_preview.setText(err.message)
            self.apply_pool.setEnabled(False)
        if self.wound_box.isHidden() and self.controller.profile.uses_damage_track:
            return
        try:
            wound = preview_wound(character, *self._wound_args())
            self.wound_preview.setText(wound.summary)
            self.apply_wound.setEnabled(True)
        except DomainError as err:
            self.wound_preview.setText(err.message)
            self.apply_wound.setEnabled(False)

    def _wound_args(self) -> tuple[WoundSeverity, DefenseKind, bool, str | None]:
        return (
            self.severity.currentData(),
            self.defense.currentData(),
            self.defended.isChecked(),
            self.shield.currentData(),
        )

    def apply_damage(self) -> bool:
        """Apply the previewed Pool damage (undoable)."""
        return self._apply(TakeDamage(*self._pool_args()))

    def apply_wound_now(self) -> bool:
        """Apply the previewed wound (undoable)."""
        return self._apply(TakeWound(*self._wound_args()))

    def _apply(self, operation: TakeDamage | TakeWound) -> bool:
        try:
            self.controller.apply(operation)
        except DomainError as err:
            self.error.setText(err.message)
            return False
        return True
