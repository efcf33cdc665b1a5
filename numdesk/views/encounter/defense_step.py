"""A PC is hit in the fight: the defense step, owned by the fight window.

Everything the fight knows is already filled in: the attacker (the NPC whose turn it
is; on a PC's turn nothing says who attacks, so the step asks with the attacker list
focused) and its level, the steps of the fight's picks and conditions on both sides (T1–T5,
G18, C13a, T7) with their reasons, the sheet's wounds and armor (counted by the
defense task itself), the damage or wound from the attacker's stat block. The GM
types the player's d20 (or leaves "app rolls") and presses Enter: the roll and what
gets through land on the PC's real sheet as ONE fight action (one log line, one step
of the fight's Undo).

The defense list, the chance and the outcomes are the sheet's own (`damage_dialog`:
`fill_defenses`, `chance_text`; `defense_roll`: `preview_defense`, `DefendAndTakeHit`),
so the fight and the sheet can never disagree about a roll.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
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
from numdesk.model.character import Character
from numdesk.model.encounter import Combatant
from numdesk.model.errors import DomainError
from numdesk.model.items import in_use
from numdesk.model.operations.conditions import task_hindrance as wound_steps
from numdesk.model.operations.damage import (
    TakeDamage,
    TakeWound,
    preview_damage,
    preview_wound,
    worn_armor,
)
from numdesk.model.operations.defense_roll import (
    DefenseInput,
    no_defense_reason,
    preview_defense,
)
from numdesk.model.operations.encounter_defense import (
    FightDefense,
    acting_attacker,
    attackers,
    fight_defense,
    stat_block_damage,
    stat_block_wound,
)
from numdesk.rules.defense import DefenseKind
from numdesk.rules.types import DamageType, Stat, WoundSeverity
from numdesk.views.face_field import FaceField
from numdesk.views.sheet.damage_dialog import chance_text, fill_defenses
from numdesk.views.sheet.words import word


class DefenseStep(QDialog):
    """The defense roll of the PC `target` against an attacker of the fight."""

    def __init__(
        self, controller: EncounterController, target: Combatant, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("defenseStep")
        sheet = controller.character(target)
        if sheet is None:
            raise DomainError(f"{target.name} is not a PC with a character sheet.")
        self.controller = controller
        self.target = target
        self.sheet: Character = sheet
        profile = controller.profile
        self.setWindowTitle(self.tr("{0} is hit — defense roll").format(target.name))
        layout = QVBoxLayout(self)
        form = QFormLayout()
        layout.addLayout(form)

        self.attacker = QComboBox(self)
        #: on a PC's turn nobody obviously attacks: the step asks instead of guessing
        self.asks_attacker = acting_attacker(controller.encounter) is None
        if self.asks_attacker:
            self.attacker.addItem(self.tr("(choose who attacks)"), None)
        for foe in attackers(controller.encounter):
            self.attacker.addItem(self.tr("{0} (level {1})").format(foe.name, foe.level), foe.uid)
        self.attacker.addItem(self.tr("someone outside the fight (type the level)"), "")
        self.level = QSpinBox(self)
        self.level.setRange(0, 10)
        self.level.setSpecialValueText("?")
        self.level.setToolTip(self.tr("The attacker's level is the difficulty of the defense"))
        attacker_row = QHBoxLayout()
        attacker_row.addWidget(self.attacker, 1)
        level_label = QLabel(self.tr("&Level"), self)
        level_label.setBuddy(self.level)
        attacker_row.addWidget(level_label)
        attacker_row.addWidget(self.level)
        self._row(form, self.tr("&Attacker"), self.attacker, attacker_row)

        self.defense = QComboBox(self)
        fill_defenses(self.defense, profile, sheet)
        self.skill = QComboBox(self)
        self.skill.addItem(self.tr("(no skill)"), None)
        for skill in in_use(sheet.skills):
            self.skill.addItem(f"{skill.name} ({word(skill.level.value)})", skill.uid)
        defense_row = QHBoxLayout()
        defense_row.addWidget(self.defense, 1)
        skill_label = QLabel(self.tr("S&kill"), self)
        skill_label.setBuddy(self.skill)
        defense_row.addWidget(skill_label)
        defense_row.addWidget(self.skill)
        self._row(form, self.tr("De&fense"), self.defense, defense_row)

        self.reasons = QLabel(self)
        self.reasons.setObjectName("fightSteps")
        self.reasons.setWordWrap(True)
        form.addRow(self.tr("From the fight"), self.reasons)
        self.eases = QSpinBox(self)
        self.eases.setRange(0, 10)
        self.eases.setToolTip(self.tr("Other steps that ease the defense (cover, C13a)"))
        self.hinders = QSpinBox(self)
        self.hinders.setRange(0, 10)
        self.hinders.setToolTip(
            self.tr("Other steps that hinder the defense (the attacker's higher ground, C13a)")
        )
        self.area = QCheckBox(self.tr("A&rea attack"), self)
        self.area.setToolTip(self.tr("Dodging an area attack is hindered 1 step (C5)"))
        self.area.setVisible(not profile.uses_damage_track)
        self.helpless = QCheckBox(self.tr("&Helpless: no defense"), self)
        steps_row = QHBoxLayout()
        for text, widget in ((self.tr("&ease"), self.eases), (self.tr("hi&nder"), self.hinders)):
            label = QLabel(text, self)
            label.setBuddy(widget)
            steps_row.addWidget(label)
            steps_row.addWidget(widget)
        steps_row.addWidget(self.area)
        steps_row.addWidget(self.helpless)
        steps_row.addStretch(1)
        form.addRow(self.tr("Other steps"), steps_row)

        # the harm: Pool damage (damage track rules) or a wound (wound rules)
        self.amount = QSpinBox(self)
        self.amount.setRange(0, 99)
        self.damage_type = QComboBox(self)
        for dtype in (DamageType.MIGHT, DamageType.SPEED, DamageType.INTELLECT):
            self.damage_type.addItem(word(dtype.value.capitalize()), dtype)
        self.use_armor = QCheckBox(self.tr("Armor"), self)
        self.use_armor.setChecked(True)
        self.use_armor.setVisible(profile.armor_subtracts)
        self.severity = QComboBox(self)
        for severity in WoundSeverity:
            self.severity.addItem(word(severity.name.capitalize()), severity)
        self.shield = QComboBox(self)
        self.shield.addItem(self.tr("(no shield)"), None)
        for shield in sheet.shields:
            if not shield.broken:
                self.shield.addItem(shield.name, shield.uid)
        self.shield.setToolTip(
            self.tr("On a successful block the shield may take the whole wound instead (C7)")
        )
        self.source = QLabel(self)
        self.source.setWordWrap(True)
        harm_row = QHBoxLayout()
        if profile.uses_damage_track:
            self.use_armor.setText(self.tr("Apply Armor ({0})").format(worn_armor(sheet)))
            harm_row.addWidget(self.amount)
            harm_row.addWidget(self.damage_type)
            harm_row.addWidget(self.use_armor)
            self._row(form, self.tr("Da&mage"), self.amount, harm_row)
            self.severity.hide()
            self.shield.hide()
        else:
            for unused in (self.amount, self.damage_type, self.use_armor):
                unused.hide()
            harm_row.addWidget(self.severity)
            shield_label = QLabel(self.tr("S&hield"), self)
            shield_label.setBuddy(self.shield)
            harm_row.addWidget(shield_label)
            harm_row.addWidget(self.shield, 1)
            self._row(form, self.tr("&Wound"), self.severity, harm_row)
        form.addRow("", self.source)

        self.chance = QLabel(self)
        self.chance.setObjectName("defenseChance")
        self.chance.setWordWrap(True)
        self.chance.setStyleSheet("font-weight: bold;")
        self.chance.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        form.addRow(self.tr("Chance"), self.chance)
        self.face = FaceField(20, self)
        self._row(form, self.tr("d&20 rolled"), self.face, self.face)
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b3261e;")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.apply_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.apply_button.setText(self.tr("&Roll and apply"))
        self.apply_button.setToolTip(
            self.tr("Roll the defense (or use the face typed) and apply what gets through (Enter)")
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.setMinimumWidth(560)

        self._fight = FightDefense("", 0, 0, 0, False, ())
        self._choose_attacker()
        self._pick_defense()
        self.attacker.currentIndexChanged.connect(lambda _i: self._choose_attacker())
        for spin in (self.level, self.eases, self.hinders, self.amount, self.face):
            spin.valueChanged.connect(lambda _v: self.update_preview())
        for combo in (self.defense, self.skill, self.damage_type, self.severity, self.shield):
            combo.currentIndexChanged.connect(lambda _i: self.update_preview())
        for box in (self.area, self.helpless, self.use_armor):
            box.toggled.connect(lambda _on: self.update_preview())
        self.update_preview()
        if self.asks_attacker:
            self.attacker.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.face.setFocus(Qt.FocusReason.OtherFocusReason)
            self.face.selectAll()

    def _row(
        self, form: QFormLayout, text: str, buddy: QWidget, field: QWidget | QHBoxLayout
    ) -> None:
        """A row whose label's mnemonic (Alt+letter) goes to `buddy`."""
        label = QLabel(text, self)
        label.setBuddy(buddy)
        if isinstance(field, QWidget):
            form.addRow(label, field)
        else:
            form.addRow(label, field)

    # -- filling in what the fight knows -------------------------------------------------
    def _choose_attacker(self) -> None:
        """The attacker's level, its stat block's harm, and the fight's steps."""
        uid = str(self.attacker.currentData() or "")
        enc = self.controller.encounter
        self._fight = fight_defense(enc, self.target.uid, uid)
        self.level.setValue(self._fight.level)
        self.helpless.setChecked(self._fight.helpless)
        foe = next((c for c in enc.combatants if c.uid == uid), None)
        creature = self.controller.creature(foe) if foe is not None else None
        damage_text = creature.damage if creature is not None else ""
        if self.controller.profile.uses_damage_track:
            amount = stat_block_damage(damage_text)
            self.amount.setValue(amount or 0)
            if amount is not None and foe is not None:
                self.source.setText(
                    self.tr("From {0}'s stat block: {1}").format(foe.name, damage_text)
                )
            else:
                self.source.setText(self.tr("Type the damage of the hit."))
        else:
            severity = stat_block_wound(damage_text)
            index = self.severity.findData(severity or WoundSeverity.MINOR)
            self.severity.setCurrentIndex(index)
            if severity is not None and foe is not None:
                self.source.setText(
                    self.tr("From {0}'s stat block: {1}").format(foe.name, damage_text)
                )
            else:
                self.source.setText(
                    self.tr("The stat block names no wound: choose how bad the hit is (C1).")
                )
        self._show_reasons()
        self.update_preview()

    def _show_reasons(self) -> None:
        lines = list(self._fight.reasons)
        hindered = wound_steps(self.sheet)
        if hindered:
            lines.append(
                self.tr("{0}'s wounds: every task hindered {1} (C3)").format(
                    self.target.name, hindered
                )
            )
        self.reasons.setText("\n".join(lines) if lines else self.tr("nothing eases or hinders"))

    def _pick_defense(self) -> None:
        """Start on the usual defense: Speed (damage track rules), or the better of block
        and dodge (wound rules); then a skill named for it, if the sheet has one."""
        best, chance = -1, -1.0
        for row in range(self.defense.count()):
            stat, kind = self.defense.itemData(row)
            if stat is None:
                continue
            if self.controller.profile.uses_damage_track:
                if stat is Stat.SPEED:
                    best = row
                continue
            preview = self._preview_for(stat, kind)
            if preview is not None and preview > chance:
                best, chance = row, preview
        if best >= 0:
            self.defense.setCurrentIndex(best)
        stat, kind = self.defense.currentData()
        names = {f"{stat.value} defense" if stat else "", kind.value}
        for row in range(1, self.skill.count()):
            if self.skill.itemText(row).split(" (")[0].casefold() in names:
                self.skill.setCurrentIndex(row)
                break

    def _preview_for(self, stat: Stat, kind: DefenseKind) -> float | None:
        try:
            preview = preview_defense(self.sheet, self._input(stat, kind))
        except DomainError:
            return None
        return preview.plan.success_chance if preview is not None else None

    # -- the roll ---------------------------------------------------------------------------
    def _input(self, stat: Stat | None = None, kind: DefenseKind | None = None) -> DefenseInput:
        chosen_stat, chosen_kind = self.defense.currentData()
        return DefenseInput(
            stat=chosen_stat if stat is None and kind is None else stat,
            level=self.level.value(),
            kind=chosen_kind if kind is None else kind,
            skill=self.skill.currentData(),
            eases=self._fight.eases + self.eases.value(),
            hindrances=self._fight.hindrances + self.hinders.value(),
            area=self.area.isChecked(),
            helpless=self.helpless.isChecked(),
        )

    def defense_input(self) -> DefenseInput:
        """The defense as it stands in the step."""
        return self._input()

    def _hit(self) -> TakeDamage | TakeWound:
        if self.controller.profile.uses_damage_track:
            return TakeDamage(
                self.amount.value(),
                DamageType(self.damage_type.currentData()),
                apply_armor=self.use_armor.isChecked(),
            )
        shield = self.shield.currentData()
        return TakeWound(WoundSeverity(self.severity.currentData()), shield=shield)

    def update_preview(self) -> None:
        """The chance of the defense and what each outcome does to the sheet."""
        self.error.clear()
        defense = self.defense_input()
        no_roll = no_defense_reason(defense)
        for widget in (self.level, self.skill, self.eases, self.hinders, self.area, self.face):
            widget.setEnabled(no_roll is None)
        self.defense.setEnabled(not defense.helpless)
        problem = ""
        lines: list[str] = []
        if no_roll is not None:
            lines.append(self.tr(no_roll))
        elif self.level.value() == 0 and self.attacker.currentData() is None:
            problem = self.tr(
                "Choose who attacks {0}: it is not an NPC's turn, so the fight cannot tell "
                "(or type the attacker's level)."
            ).format(self.target.name)
        elif self.level.value() == 0:
            problem = self.tr("Type the attacker's level: it is the difficulty of the roll.")
        else:
            try:
                preview = preview_defense(self.sheet, defense)
            except DomainError as err:
                preview, problem = None, err.message
            if preview is not None:
                lines.append(chance_text(preview, self.face.face()))
                problem = preview.problem or ""
        lines += self._outcomes(defense, no_roll is None)
        if self.controller.profile.uses_damage_track and self.amount.value() == 0:
            problem = problem or self.tr("Type the damage of the hit.")
        self.chance.setText("\n".join(line for line in lines if line))
        self.error.setText(problem)
        self.apply_button.setEnabled(not problem)

    def _outcomes(self, defense: DefenseInput, rolling: bool) -> list[str]:
        """What the hit does if the defense fails, and if it succeeds."""
        try:
            if self.controller.profile.uses_damage_track:
                hit = preview_damage(
                    self.sheet,
                    self.amount.value(),
                    DamageType(self.damage_type.currentData()),
                    self.use_armor.isChecked(),
                ).summary
                if not rolling:
                    return [hit]
                return [
                    self.tr("Fails: {0}").format(hit),
                    self.tr("Succeeds: the defense avoids the damage."),
                ]
            severity = WoundSeverity(self.severity.currentData())
            kind = defense.kind if rolling else DefenseKind.NONE
            failed = preview_wound(self.sheet, severity, kind, False, None).summary
            if kind is DefenseKind.NONE:
                return [failed]
            shield = self.shield.currentData() if kind is DefenseKind.BLOCK else None
            success = preview_wound(self.sheet, severity, kind, True, shield).summary
        except DomainError as err:
            return [err.message]
        return [self.tr("Fails: {0}").format(failed), self.tr("Succeeds: {0}").format(success)]

    def accept(self) -> None:
        """Roll (or take the typed face) and apply: one fight action."""
        if not self.apply_button.isEnabled():
            return
        foe = self._fight.attacker
        try:
            self.controller.defend_pc(
                self.target.uid, self.defense_input(), self._hit(), self.face.face(), foe
            )
        except DomainError as err:
            self.error.setText(err.message)
            return
        super().accept()
