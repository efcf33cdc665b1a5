"""Take damage where the hit lands: the defense roll (rolled by the app or typed from a
real die), then Pool damage with Armor, overflow and the track (`numenera`), or a wound
after block/dodge and shield (`cypher`), applied in one step.

The chance shown comes from the same defense task the roll resolves
(`preview_defense`), so it includes armor (C6), wound hindrance (C3), skills and any
other steps. After a hit is applied, a confirmation line says what happened and the
amount goes back to 0, so the same hit is never applied twice by accident; "Apply the
same hit again" is there for a second foe's identical blow.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt
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
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.items import in_use
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
from numdesk.model.operations.defense_roll import (
    DEFENSE_STAT,
    DefendAndTakeHit,
    DefenseInput,
    no_defense_reason,
    preview_defense,
)
from numdesk.model.operations.task import TaskPreview
from numdesk.rules.defense import DefenseKind
from numdesk.rules.difficulty import difficulty_name
from numdesk.rules.hazards import HAZARDS, hazard
from numdesk.rules.profiles import Profile
from numdesk.rules.types import DamageType, Stat, WoundSeverity
from numdesk.views.face_field import FaceField
from numdesk.views.forms import child
from numdesk.views.sheet.damage_kind import chosen_kind, kind_combo, show_kind
from numdesk.views.sheet.forms import load_sheet_form
from numdesk.views.sheet.style import set_role
from numdesk.views.sheet.words import word


def _t(text: str) -> str:
    return QCoreApplication.translate("DamageDialog", text)


def fill_defenses(combo: QComboBox, profile: Profile, character: Character) -> None:
    """The defenses a PC can make, each with what its armor does to it (C5, C6): a
    defense task of a stat (`numenera`), block or dodge (`cypher`), or none. The item
    data is (stat or None, `DefenseKind`). The fight's defense step lists the same."""
    combo.addItem(_t("None (the hit lands)"), (None, DefenseKind.NONE))
    if profile.uses_damage_track:
        for stat in (Stat.SPEED, Stat.MIGHT, Stat.INTELLECT):
            label = _t("{0} defense").format(word(stat.value.capitalize()))
            combo.addItem(label, (stat, DefenseKind.NONE))
        return
    category = armor_category(character)
    for kind in (DefenseKind.BLOCK, DefenseKind.DODGE):
        label = _t("{0} (a {1} task)").format(
            word(kind.value.capitalize()), word(DEFENSE_STAT[kind].value.capitalize())
        )
        steps = defense_task_steps(character, kind)
        if steps:
            change = _t("eased") if steps > 0 else _t("hindered")
            label += _t(" — {0} armor: {1} {2}").format(word(category.value), change, abs(steps))
        combo.addItem(label, (DEFENSE_STAT[kind], kind))


def chance_text(preview: TaskPreview, face: int | None) -> str:
    """ "Difficulty 2 (Standard), target 6: 75% chance", and what a typed face does."""
    plan = preview.plan
    text = _t("Difficulty {0} ({1}), target {2}: {3}% chance").format(
        plan.final_difficulty,
        word(difficulty_name(plan.final_difficulty)),
        plan.target_number,
        round(plan.success_chance * 100),
    )
    if face is not None:
        verdict = _t("succeeds") if face >= plan.target_number else _t("fails")
        text += "\n" + _t("The {0} rolled {1}.").format(face, verdict)
    return text


class DamageDialog(QDialog):
    """Roll the defense, preview, then apply damage to the controller's character."""

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
        self.level = child(form, QSpinBox, "levelSpin")
        self.skill = child(form, QComboBox, "skillCombo")
        self.eases = child(form, QSpinBox, "easeSpin")
        self.hinders = child(form, QSpinBox, "hinderSpin")
        self.area = child(form, QCheckBox, "areaCheck")
        self.helpless = child(form, QCheckBox, "helplessCheck")
        self.defense_preview = child(form, QLabel, "defensePreview")
        self.shield = child(form, QComboBox, "shieldCombo")
        self.wound_preview = child(form, QLabel, "woundPreview")
        self.apply_wound = child(form, QPushButton, "applyWoundButton")
        self.confirm = child(form, QLabel, "confirmLabel")
        self.again_button = child(form, QPushButton, "againButton")
        self.again_button.hide()
        self.error = child(form, QLabel, "errorLabel")
        self.face = FaceField(20, self)
        defense_form = child(form, QFormLayout, "defenseForm")
        defense_form.setWidget(4, QFormLayout.ItemRole.FieldRole, self.face)
        child(form, QLabel, "faceLabel").setBuddy(self.face)
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
        for label in (self.pool_preview, self.wound_preview, self.defense_preview):
            label.setStyleSheet("font-weight: bold;")
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.pool_preview.setMinimumHeight(36)
        self.wound_preview.setMinimumHeight(52)
        for severity in WoundSeverity:
            self.severity.addItem(word(severity.name.capitalize()), severity)
        self._fill_defenses()
        self.skill.addItem(self.tr("(no skill)"), None)
        for skill in in_use(character.skills):
            self.skill.addItem(f"{skill.name} ({word(skill.level.value)})", skill.uid)
        self.shield.addItem(self.tr("(no shield)"), None)
        for shield in character.shields:
            if not shield.broken:
                self.shield.addItem(shield.name, shield.uid)
        self.wound_box.setVisible(not profile.uses_damage_track)
        self.area.setVisible(not profile.uses_damage_track)
        self.apply_pool.setText(self.tr("Roll and a&pply damage"))
        set_role(self.error, "error")
        self.setMinimumWidth(560)
        self.adjustSize()

        #: False right after a hit was applied, until the user changes an input
        self._fresh = True
        #: the last hit applied, to apply once more (two goblins, the same blow)
        self._last_hit: tuple[DefenseInput, Callable[[], TakeDamage | TakeWound]] | None = None
        self.hazard.activated.connect(self._pick_hazard)
        self.kind.currentTextChanged.connect(self._inputs_changed)
        for spin in (self.amount, self.level, self.eases, self.hinders, self.face):
            spin.valueChanged.connect(self._inputs_changed)
        for combo in (self.damage_type, self.severity, self.defense, self.shield, self.skill):
            combo.currentIndexChanged.connect(self._inputs_changed)
        for box in (self.use_armor, self.area, self.helpless):
            box.toggled.connect(self._inputs_changed)
        self.apply_pool.clicked.connect(self.apply_damage)
        self.apply_wound.clicked.connect(self.apply_wound_now)
        self.again_button.clicked.connect(self.apply_again)
        controller.changed.connect(self.update_preview)
        self.update_preview()

    def _fill_defenses(self) -> None:
        fill_defenses(self.defense, self.controller.profile, self.controller.character)

    def select_defense(self, kind: DefenseKind | Stat | None) -> None:
        """Choose the defense by its kind (`cypher`) or stat (`numenera`); None: no defense."""
        for row in range(self.defense.count()):
            stat, defense_kind = self.defense.itemData(row)
            if kind in (stat, defense_kind) or (kind is None and stat is None):
                self.defense.setCurrentIndex(row)
                return
        raise ValueError(f"no defense {kind!r}")

    def defense_input(self) -> DefenseInput:
        stat, kind = self.defense.currentData()
        return DefenseInput(
            stat=stat,
            level=self.level.value(),
            kind=kind,
            skill=self.skill.currentData(),
            eases=self.eases.value(),
            hindrances=self.hinders.value(),
            area=self.area.isChecked(),
            helpless=self.helpless.isChecked(),
        )

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

    def _defense_problem(self) -> str | None:
        """What stops the defense roll (no level typed, a rule), or None."""
        defense = self.defense_input()
        no_roll = no_defense_reason(defense)
        rolling = no_roll is None
        for widget in (self.level, self.skill, self.eases, self.hinders, self.area, self.face):
            widget.setEnabled(rolling)
        self.defense.setEnabled(not defense.helpless)
        if not rolling:
            self.defense_preview.setText(self.tr(no_roll or ""))
            return None
        if self.level.value() == 0:
            self.defense_preview.setText(
                self.tr("Type the attacker's level: it is the difficulty of the roll.")
            )
            return "level"
        try:
            preview = preview_defense(self.controller.character, defense)
        except DomainError as err:
            self.defense_preview.setText(err.message)
            return err.message
        if preview is None:
            return None
        text = chance_text(preview, self.face.face())
        self.defense_preview.setText(text)
        if preview.problem:
            self.defense_preview.setText(text + "\n" + preview.problem)
            return preview.problem
        return None

    def _inputs_changed(self) -> None:
        self._fresh = True
        if self.sender() is not self.face:  # a face typed for the next defense keeps it
            self._last_hit = None
            self.again_button.hide()
        self.update_preview()

    def update_preview(self) -> None:
        character = self.controller.character
        self.error.clear()
        blocked = self._defense_problem() is not None
        try:
            preview = preview_damage(character, *self._pool_args())
            self.pool_preview.setText(self.tr(preview.summary))
            self.apply_pool.setEnabled(self.amount.value() > 0 and not blocked)
        except DomainError as err:
            self.pool_preview.setText(err.message)
            self.apply_pool.setEnabled(False)
        if self.controller.profile.uses_damage_track:
            return
        self.wound_preview.setText(self._wound_outcomes())
        self.apply_wound.setEnabled(not blocked and self._fresh)

    def _wound_outcomes(self) -> str:
        """What the wound does if the defense fails, and if it succeeds."""
        character = self.controller.character
        severity = self.severity.currentData()
        defense = self.defense_input()
        kind = defense.kind if no_defense_reason(defense) is None else DefenseKind.NONE
        try:
            failed = preview_wound(character, severity, kind, False, None).summary
        except DomainError as err:
            return err.message
        if kind is DefenseKind.NONE:
            return failed
        shield = self.shield.currentData() if kind is DefenseKind.BLOCK else None
        try:
            success = preview_wound(character, severity, kind, True, shield).summary
        except DomainError as err:
            success = err.message
        return self.tr("Defense fails: {0}\nDefense succeeds: {1}").format(failed, success)

    def apply_damage(self) -> bool:
        """Roll the defense (if any) and apply what gets through (one undo step)."""
        args = self._pool_args()
        return self._apply(self.defense_input(), lambda: TakeDamage(*args))

    def apply_wound_now(self) -> bool:
        """Roll the defense (if any) and apply the wound it leaves (one undo step)."""
        severity, shield = self.severity.currentData(), self.shield.currentData()
        return self._apply(self.defense_input(), lambda: TakeWound(severity, shield=shield))

    def apply_again(self) -> bool:
        """The last hit once more, with a new defense roll (a second foe's same blow)."""
        if self._last_hit is None:
            return False
        return self._apply(*self._last_hit)

    def _apply(self, defense: DefenseInput, make_hit: Callable[[], TakeDamage | TakeWound]) -> bool:
        dice = self.controller.dice
        operation = DefendAndTakeHit(defense, make_hit(), dice)
        try:
            with dice.player_faces(self.face.face()):
                self.controller.apply(operation)
        except DomainError as err:
            self.error.setText(err.message)
            return False
        change = operation.change
        self.confirm.setText(
            self.tr("Applied to {0}: {1}.").format(
                self.controller.character.name, (change.summary if change else "").rstrip(".")
            )
        )
        self._last_hit = (defense, make_hit)
        self.again_button.show()
        # the form starts clean, so a double-click on Apply never applies twice; the same
        # hit once more is the separate "again" button
        self.face.blockSignals(True)
        self.face.clear_face()
        self.face.blockSignals(False)
        self.amount.blockSignals(True)
        self.amount.setValue(0)
        self.amount.blockSignals(False)
        self._fresh = False
        self.update_preview()
        return True
