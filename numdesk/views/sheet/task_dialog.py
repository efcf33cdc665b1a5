"""The task dialog: choose stat, difficulty, skill, assets, Effort, weapon and combat
modifiers; see the final difficulty, target number, chance and cost live; roll.

The preview is `preview_task` from the model (the same code `PerformTask` runs), so what
the dialog shows and what the roll does cannot disagree. Every field sits in the form's
own layouts (ui/task_dialog.ui), inside a scroll area: on a small screen the form
scrolls, and no field is ever drawn over another.
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import QCoreApplication, QEvent, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.character import CharacterController
from numdesk.model.attack_abilities import AttackAbility, attack_ability, weapon_for
from numdesk.model.errors import DomainError
from numdesk.model.items import in_use
from numdesk.model.operations.effect_pick import TakeEffect
from numdesk.model.operations.task import (
    PerformTask,
    TaskInput,
    TaskPreview,
    TaskResult,
    preview_task,
)
from numdesk.model.operations.xp import XpReroll
from numdesk.rules.combat_modifiers import COMBAT_MODIFIERS
from numdesk.rules.difficulty import difficulty_name
from numdesk.rules.special_rolls import RollKind
from numdesk.rules.types import Stat
from numdesk.views.face_field import FaceField
from numdesk.views.forms import child
from numdesk.views.sheet.forms import load_sheet_form
from numdesk.views.sheet.style import set_role
from numdesk.views.sheet.task_text import (
    cost_lines,
    damage_text,
    effect_taken_line,
    special_lines,
)
from numdesk.views.sheet.words import word

#: what a window's title bar and frame take from the screen's height
TITLE_BAR = 40


class TaskDialog(QDialog):
    """Plan and roll one task for the controller's character (modeless-friendly)."""

    def __init__(self, controller: CharacterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setWindowTitle(self.tr("Task — {0}").format(controller.character.name))
        content = QWidget()
        self.form = load_sheet_form("task_dialog.ui", content, margin=10)
        self.scroll = QScrollArea(self)
        self.scroll.setObjectName("taskScroll")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.scroll.setWidget(content)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 10, 10)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(buttons)
        f = self.form
        self.stat = child(f, QComboBox, "statCombo")
        self.difficulty = child(f, QSpinBox, "difficultySpin")
        self.skill = child(f, QComboBox, "skillCombo")
        self.ability = child(f, QComboBox, "abilityCombo")
        self.assets = child(f, QSpinBox, "assetsSpin")
        self.effort_ease = child(f, QSpinBox, "effortEaseSpin")
        self.effort_damage = child(f, QSpinBox, "effortDamageSpin")
        self.weapon = child(f, QComboBox, "weaponCombo")
        # beside the weapon: why an attack ability has none (shown only then)
        self.weapon_note = child(f, QLabel, "weaponNote")
        set_role(self.weapon_note, "error")
        self.weapon_note.hide()
        self.eases = child(f, QSpinBox, "easesSpin")
        self.hinders = child(f, QSpinBox, "hindersSpin")
        self.modifiers = child(f, QListWidget, "modifiersList")
        self.roll_button = child(f, QPushButton, "rollButton")
        self.roll_anyway = child(f, QCheckBox, "rollAnyway")
        self.reroll_button = child(f, QPushButton, "rerollButton")
        self.face = FaceField(20, f)
        roll_row = child(f, QHBoxLayout, "rollRow")
        face_label = QLabel(self.tr("d&20 rolled"), f)
        face_label.setBuddy(self.face)
        roll_row.insertWidget(0, face_label)
        roll_row.insertWidget(1, self.face)
        # after a 19 or 20: the effect taken instead of bonus damage (T5), as a pick;
        # a task that is no attack gets it on top of its result (G10)
        self.effect_label = child(f, QLabel, "effectLabel")
        self.effect_pick = child(f, QComboBox, "effectPick")
        self.effect_button = child(f, QPushButton, "effectButton")
        self.effect_pick.setEnabled(False)
        self.effect_button.setEnabled(False)
        self.effect_button.clicked.connect(self.take_effect)
        self._set_tab_order()
        self.values = {
            name: child(f, QLabel, name)
            for name in (
                "difficultyName",
                "finalValue",
                "targetValue",
                "chanceValue",
                "costValue",
                "damageValue",
                "sayValue",
                "problemValue",
                "resultValue",
                "specialValue",
            )
        }
        set_role(self.values["problemValue"], "error")
        self.values["sayValue"].setStyleSheet("font-size: 12pt; font-style: italic;")
        self.values["finalValue"].setStyleSheet("font-size: 16pt; font-weight: bold;")
        self.values["targetValue"].setStyleSheet("font-size: 16pt; font-weight: bold;")
        self.values["resultValue"].setStyleSheet("font-size: 11pt; font-weight: bold;")
        # no minimum heights on these word-wrapped labels: a layout sizes wrapped text by
        # its height for the width, and a larger minimum made it overflow onto the next
        self.values["sayValue"].setMinimumWidth(320)
        self.last_result: TaskResult | None = None
        self.last_operation: PerformTask | None = None
        self.preview: TaskPreview | None = None
        self._fill_choices()
        for spin in (
            self.difficulty,
            self.assets,
            self.effort_ease,
            self.effort_damage,
            self.eases,
            self.hinders,
        ):
            spin.valueChanged.connect(self.update_preview)
        # an attack ability (Bash) is made with a weapon: offer one before the preview
        self.ability.currentIndexChanged.connect(self._ability_chosen)
        for combo in (self.stat, self.skill, self.ability, self.weapon):
            combo.currentIndexChanged.connect(self.update_preview)
        self.modifiers.itemChanged.connect(self.update_preview)
        self.roll_button.clicked.connect(self.roll)
        self.reroll_button.clicked.connect(self.reroll)
        self.reroll_button.setVisible(controller.profile.xp_reroll)
        self.reroll_button.setEnabled(False)
        # XP gained or a Pool changed while the dialog is open (an intrusion, damage)
        controller.changed.connect(self._sheet_changed)
        self.difficulty.setValue(3)
        self.update_preview()
        self.fit_to_screen()

    def _set_tab_order(self) -> None:
        """Down the inputs, then the roll, the result's picks and Close (the face field
        is made in code, so creation order alone would put it last)."""
        chain: list[QWidget] = [
            self.stat,
            self.difficulty,
            self.skill,
            self.ability,
            self.assets,
            self.effort_ease,
            self.effort_damage,
            self.weapon,
            self.eases,
            self.hinders,
            self.modifiers,
            self.face,
            self.roll_button,
            self.roll_anyway,
            self.effect_pick,
            self.effect_button,
            self.reroll_button,
            self.close_button,
        ]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    def fit_to_screen(self, available: QRect | None = None) -> None:
        """Take the size the form asks for, but no more than the screen gives (`available`,
        by default this dialog's screen, less a title bar): on a 1024×600 screen the
        form then scrolls inside the dialog instead of running off the screen."""
        if available is None:
            screen = self.screen()
            if screen is None:
                return
            available = screen.availableGeometry()
        content = self.scroll.widget()
        self.ensurePolished()
        if content is not None and content.layout() is not None:
            content.layout().activate()  # size hints of the laid-out form, not of its parts
        wanted = content.sizeHint() if content is not None else QSize(900, 640)
        width = min(max(wanted.width() + 40, 900), available.width())
        height = min(max(wanted.height() + 60, 600), available.height() - TITLE_BAR)
        self.resize(width, height)

    def _fill_choices(self) -> None:
        character = self.controller.character
        for stat in Stat:
            self.stat.addItem(word(stat.value.capitalize()), stat)
        self.skill.addItem(self.tr("(no skill)"), None)
        for skill in in_use(character.skills):
            self.skill.addItem(f"{skill.name} ({word(skill.level.value)})", skill.uid)
        self.ability.addItem(self.tr("(no ability)"), None)
        for ability in in_use(character.abilities):
            cost = f" — {ability.cost} {ability.pool.value}" if ability.pool else ""
            self.ability.addItem(f"{ability.name}{cost}", ability.uid)
        self.weapon.addItem(self.tr("(not an attack)"), None)
        for weapon in in_use(character.weapons):
            what = weapon.kind or word(weapon.category.value)  # "special ability", "light"
            self.weapon.addItem(f"{weapon.name} ({what})", weapon.uid)
        limit = self.controller.profile.max_effort
        self.effort_ease.setMaximum(min(character.effort, limit))
        self.effort_damage.setMaximum(min(character.effort, limit))
        for modifier in COMBAT_MODIFIERS:
            steps = (
                self.tr("ease {0}").format(modifier.steps)
                if modifier.steps > 0
                else self.tr("hinder {0}").format(-modifier.steps)
                if modifier.steps < 0
                else word(modifier.effect.value.replace("_", " "))
            )
            item = QListWidgetItem(f"{word(modifier.label)} ({steps})", self.modifiers)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            item.setData(Qt.ItemDataRole.UserRole, modifier.key)

    def select(self, combo: QComboBox, text: str) -> None:
        """Choose the entry of `combo` starting with `text` (tests and keyboard users)."""
        for row in range(combo.count()):
            if combo.itemText(row).lower().startswith(text.lower()):
                combo.setCurrentIndex(row)
                return
        raise ValueError(f"no choice starting with {text!r}")

    def choose_row(self, list_name: str, uid: str) -> bool:
        """Start from a row of the sheet ("skills", "abilities" or "weapons"): that row is
        chosen, so its steps, cost (and Pool) or damage are in the preview; the cursor
        waits in Difficulty, the one thing the row cannot say. False if it is not offered
        (an archived row)."""
        combo = {"skills": self.skill, "abilities": self.ability, "weapons": self.weapon}.get(
            list_name
        )
        index = combo.findData(uid) if combo is not None else -1
        if combo is None or index < 0:
            return False
        combo.setCurrentIndex(index)
        if list_name == "abilities":
            self.task_input()  # an ability paid from a Pool makes it that stat's task
            self.update_preview()
        self.setWindowTitle(
            self.tr("Task — {0}: {1}").format(self.controller.character.name, combo.currentText())
        )
        self.difficulty.setFocus()
        self.difficulty.selectAll()
        return True

    def _attack_ability(self) -> AttackAbility | None:
        """The chosen ability when it is an attack made with a weapon (Bash, Swipe)."""
        uid = self.ability.currentData()
        found = next((a for a in self.controller.character.abilities if a.uid == uid), None)
        return attack_ability(found.name, found.description) if found is not None else None

    def _ability_chosen(self) -> None:
        """An attack ability comes with the first weapon that suits it, when none is
        chosen yet (the player can change it)."""
        attack = self._attack_ability()
        if attack is None or self.weapon.currentData() is not None:
            return
        weapon = weapon_for(attack, self.controller.character.weapons)
        if weapon is not None:
            self.weapon.setCurrentIndex(self.weapon.findData(weapon.uid))

    def _show_weapon_note(self) -> None:
        """Next to the weapon: an attack ability with no weapon has no damage to change."""
        attack = self._attack_ability()
        note = ""
        if attack is not None and self.weapon.currentData() is None:
            note = (
                self.tr("{0} is an attack: choose the weapon you make it with").format(attack.name)
                if self.weapon.count() > 1
                else self.tr("{0} is an attack, but the sheet has no weapon in use").format(
                    attack.name
                )
            )
        self.weapon_note.setText(note)
        self.weapon_note.setVisible(bool(note))

    def task_input(self) -> TaskInput:
        modifiers = tuple(
            self.modifiers.item(r).data(Qt.ItemDataRole.UserRole)
            for r in range(self.modifiers.count())
            if self.modifiers.item(r).checkState() == Qt.CheckState.Checked
        )
        stat = self.stat.currentData()
        ability = self.ability.currentData()
        if ability is not None:
            found = next(a for a in self.controller.character.abilities if a.uid == ability)
            if found.pool is not None and found.pool != stat:
                self.stat.setCurrentIndex(self.stat.findData(found.pool))
                stat = found.pool
        return TaskInput(
            stat=stat,
            difficulty=self.difficulty.value(),
            skill=self.skill.currentData(),
            assets=self.assets.value(),
            effort_ease=self.effort_ease.value(),
            effort_damage=self.effort_damage.value(),
            ability=ability,
            eases=self.eases.value(),
            hindrances=self.hinders.value(),
            modifiers=modifiers,
            weapon=self.weapon.currentData(),
            attack=self.weapon.currentData() is not None or self.effort_damage.value() > 0,
        )

    def update_preview(self) -> None:
        """Recompute everything the player sees before rolling."""
        v = self.values
        v["difficultyName"].setText(word(difficulty_name(self.difficulty.value())))
        self._show_weapon_note()
        try:
            preview = preview_task(self.controller.character, self.task_input())
        except DomainError as err:
            self.preview = None
            v["problemValue"].setText(err.message)
            self.roll_button.setEnabled(False)
            self._relayout()
            return
        self.preview = preview
        plan = preview.plan
        stat = self.stat.currentText()
        v["finalValue"].setText(
            f"{plan.final_difficulty} ({word(difficulty_name(plan.final_difficulty))})"
        )
        v["targetValue"].setText(
            self.tr("none — routine") if plan.routine else str(plan.target_number)
        )
        v["chanceValue"].setText(f"{round(plan.success_chance * 100)}%")
        v["costValue"].setText("\n".join(cost_lines(preview, stat)))
        v["damageValue"].setText(damage_text(preview))
        v["sayValue"].setText(self.tr("Say: “{0}”").format(self.tr(preview.say)))
        v["problemValue"].setText(self.tr(preview.problem) if preview.problem else "")
        self.roll_button.setEnabled(preview.can_roll)
        self._relayout()

    def _relayout(self) -> None:
        """Make the form as tall as its texts need at its width, scrolling if the screen
        is smaller. The scroll area sizes the form by its minimum size, which leaves out
        the height that word-wrapped labels take at a given width: a result that grew by
        a line (an effect taken) was drawn over the line above it."""
        content = self.scroll.widget()
        layout = content.layout() if content is not None else None
        if content is None or layout is None:
            return
        # the requests the new texts posted first, else they lay the form out again later
        # from the sizes they hold
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        layout.invalidate()
        content.setMinimumHeight(max(layout.totalHeightForWidth(content.width()), 0))
        layout.activate()

    def roll(self) -> TaskResult | None:
        """Spend the points and roll (through the controller: undoable, logged, saved)."""
        dice = self.controller.dice
        operation = PerformTask(self.task_input(), dice, roll_anyway=self.roll_anyway.isChecked())
        try:
            with dice.player_faces(self.face.face()):
                self.controller.apply(operation)
        except DomainError as err:
            self.values["problemValue"].setText(err.message)
            return None
        self.face.clear_face()
        self.last_operation = operation
        self._show_result(operation.result)
        self.update_preview()
        return operation.result

    def reroll(self) -> TaskResult | None:
        """Spend 1 XP to reroll the last roll and keep the better face (G11)."""
        if self.last_result is None:
            return None
        dice = self.controller.dice
        operation = XpReroll(self.last_result, dice)
        try:
            with dice.player_faces(self.face.face()):
                self.controller.apply(operation)
        except DomainError as err:
            self.values["problemValue"].setText(err.message)
            return None
        self.face.clear_face()
        self._show_result(operation.result)
        self.update_preview()
        return operation.result

    def take_effect(self) -> bool:
        """Note the effect picked after a 19 or 20 in the history (one per roll)."""
        key = self.effect_pick.currentData()
        if key is None:
            return False
        try:
            self.controller.apply(TakeEffect(key))
        except DomainError as err:
            self.values["problemValue"].setText(err.message)
            return False
        self.effect_pick.setEnabled(False)
        self.effect_button.setEnabled(False)
        if self.last_result is not None:
            special = self.values["specialValue"]
            taken = effect_taken_line(self.effect_pick.currentText(), self.last_result)
            special.setText(f"{special.text()}\n{taken}".strip())
            self._relayout()
        return True

    def _sheet_changed(self) -> None:
        """The sheet changed while the dialog is open: fresh Pools in the preview, and the
        reroll button follows the XP the character has now."""
        self.update_preview()
        self._refresh_reroll()

    def _refresh_reroll(self) -> None:
        result = self.last_result
        can_reroll = (
            self.controller.profile.xp_reroll
            and result is not None
            and result.natural is not None
            and self.controller.character.xp >= 1
        )
        self.reroll_button.setEnabled(bool(can_reroll))

    def _show_result(self, result: TaskResult | None) -> None:
        self.last_result = result
        self._refresh_reroll()
        if result is None:
            return
        verdict = self.tr("Success!") if result.success else self.tr("Failure.")
        self.values["resultValue"].setText(f"{verdict}\n{result.summary}")
        self.values["specialValue"].setText(" ".join(special_lines(result)))
        self.effect_pick.clear()
        for offered in result.effects:
            self.effect_pick.addItem(word(offered.label), offered.key)
        self.effect_pick.setEnabled(bool(result.effects))
        self.effect_button.setEnabled(bool(result.effects))
        attack = result.outcome is not None and result.outcome.kind is not RollKind.TASK
        self.effect_label.setText(self.tr("E&ffect instead") if attack else self.tr("E&ffect"))
        self._relayout()
