"""The pickers an advancement needs: +4 split, Edge, skill or Other, new tier abilities.

Each dialog only collects a choice; `operation()` turns it into the BuyAdvancement the
panel applies, so the rules (and their error messages) stay in the model.
"""

from __future__ import annotations

import copy

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.character import CharacterController
from numdesk.model.abilities import Ability
from numdesk.model.character import Character
from numdesk.model.items import new_uid
from numdesk.model.kinds import EntryKind
from numdesk.model.operations.advancement import BuyAdvancement
from numdesk.rules.advancement import CAPABILITY_POINTS
from numdesk.rules.types import AbilitySource, Advancement, OtherAdvancement, SkillLevel, Stat
from numdesk.views.sheet.templates import templates_named
from numdesk.views.sheet.tier_up import TierAbilitiesDialog, TierOffer
from numdesk.views.sheet.words import word


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog
    )
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


class CapabilitiesDialog(QDialog):
    """Split +4 points among the Pools (each point raises the maximum and the Pool)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Capabilities: split {0} points").format(CAPABILITY_POINTS))
        form = QFormLayout()
        self.spins: dict[Stat, QSpinBox] = {}
        for stat in Stat:
            spin = QSpinBox(self)
            spin.setRange(0, CAPABILITY_POINTS)
            spin.setObjectName(f"split_{stat.value}")
            spin.valueChanged.connect(self._update)
            form.addRow(word(stat.value.capitalize()), spin)
            self.spins[stat] = spin
        self.left = QLabel(self)
        self.box = _buttons(self)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.left)
        layout.addWidget(self.box)
        self._update()

    def showEvent(self, event: QShowEvent) -> None:
        """Start in the first box with its 0 selected: typing "2" replaces it (with the
        cursor before the 0 the typed text became "20" and was refused)."""
        super().showEvent(event)
        first = self.spins[Stat.MIGHT]
        first.setFocus()
        first.selectAll()

    def split(self) -> dict[Stat | str, int]:
        return {stat: spin.value() for stat, spin in self.spins.items() if spin.value()}

    def _update(self) -> None:
        left = CAPABILITY_POINTS - sum(s.value() for s in self.spins.values())
        self.left.setText(self.tr("{0} points left to place").format(left))
        self.box.button(QDialogButtonBox.StandardButton.Ok).setEnabled(left == 0)

    def operation(self) -> BuyAdvancement:
        return BuyAdvancement(Advancement.CAPABILITIES, split=self.split())


class PerfectionDialog(QDialog):
    """Choose the stat whose Edge rises by 1."""

    def __init__(self, character: Character, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Perfection: +1 Edge"))
        self.group = QButtonGroup(self)
        layout = QVBoxLayout(self)
        self.radios: dict[Stat, QRadioButton] = {}
        for stat in Stat:
            edge = character.pool(stat).edge
            radio = QRadioButton(
                self.tr("{0} Edge {1} → {2}").format(stat.value.capitalize(), edge, edge + 1)
            )
            self.group.addButton(radio)
            self.radios[stat] = radio
            layout.addWidget(radio)
        self.radios[Stat.MIGHT].setChecked(True)
        layout.addWidget(_buttons(self))

    def stat(self) -> Stat:
        return next(s for s, r in self.radios.items() if r.isChecked())

    def operation(self) -> BuyAdvancement:
        return BuyAdvancement(Advancement.PERFECTION, stat=self.stat())


class SkillOrOtherDialog(QDialog):
    """Train a new skill, specialize a trained one, or take an Other option (A1, A2)."""

    def __init__(self, controller: CharacterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        character = controller.character
        self.setWindowTitle(self.tr("Skill or Other advancement"))
        self.skill_radio = QRadioButton(self.tr("Train a new skill or specialize a trained one"))
        self.skill_combo = QComboBox(self)
        self.skill_combo.setEditable(True)
        for skill in character.skills:
            if skill.level is SkillLevel.TRAINED:
                self.skill_combo.addItem(self.tr("{0} (specialize)").format(skill.name), skill.name)
        self.skill_combo.setCurrentText("")
        line = self.skill_combo.lineEdit()
        if line is not None:
            line.setPlaceholderText(self.tr("Skill name"))
        self.other_radio = QRadioButton(self.tr("Other option instead"))
        self.other_combo = QComboBox(self)
        self.other_combo.addItem(
            self.tr("Reduce the cost of wearing armor by 1"), OtherAdvancement.ARMOR_COST
        )
        self.other_combo.addItem(self.tr("+2 to recovery rolls"), OtherAdvancement.RECOVERY_BONUS)
        self.other_combo.addItem(
            self.tr("A new ability of your tier or lower"), OtherAdvancement.ABILITY
        )
        self.ability_list = QListWidget(self)
        for ability in _template_abilities(controller, character.tier):
            if any(a.name.casefold() == ability.name.casefold() for a in character.abilities):
                continue
            item = QListWidgetItem(
                self.tr("{0} (tier {1})").format(ability.name, ability.tier), self.ability_list
            )
            item.setData(Qt.ItemDataRole.UserRole, ability)
        group = QButtonGroup(self)
        group.addButton(self.skill_radio)
        group.addButton(self.other_radio)
        self.skill_radio.setChecked(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.skill_radio)
        layout.addWidget(self.skill_combo)
        layout.addWidget(self.other_radio)
        layout.addWidget(self.other_combo)
        layout.addWidget(self.ability_list)
        layout.addWidget(_buttons(self))
        self.skill_combo.currentTextChanged.connect(lambda _t: self.skill_radio.setChecked(True))
        self.other_combo.currentIndexChanged.connect(lambda _i: self.other_radio.setChecked(True))
        # picking the option already shown changes no index: `activated` still fires
        self.other_combo.activated.connect(lambda _i: self.other_radio.setChecked(True))

    def skill_name(self) -> str:
        data = self.skill_combo.currentData()
        text = self.skill_combo.currentText()
        if data and text == self.skill_combo.itemText(self.skill_combo.currentIndex()):
            return str(data)
        return text.strip()

    def operation(self) -> BuyAdvancement:
        if self.skill_radio.isChecked():
            return BuyAdvancement(Advancement.SKILL, skill=self.skill_name())
        option = OtherAdvancement(self.other_combo.currentData())
        ability = None
        item = self.ability_list.currentItem()
        if option is OtherAdvancement.ABILITY and item is not None:
            ability = copy.deepcopy(item.data(Qt.ItemDataRole.UserRole))
            ability.uid = new_uid()
        return BuyAdvancement(Advancement.OTHER, other=option, ability=ability)


__all__ = [
    "CapabilitiesDialog",
    "PerfectionDialog",
    "SkillOrOtherDialog",
    "TierAbilitiesDialog",
    "TierOffer",
]


def _template_abilities(controller: CharacterController, up_to_tier: int) -> list[Ability]:
    """Abilities of the character's type and focus templates up to `up_to_tier` (of every
    template of that name in the character's profile: the player picks one ability)."""
    character = controller.character
    found: list[Ability] = []
    for kind, name, source in (
        (EntryKind.TYPE, character.type, AbilitySource.TYPE),
        (EntryKind.FOCUS, character.focus, AbilitySource.FOCUS),
    ):
        for _label, template in templates_named(controller.library, kind, name, character.profile):
            for entry in template.tiers:
                if entry.tier <= up_to_tier:
                    for ability in entry.abilities:
                        copied = copy.deepcopy(ability)
                        copied.tier = entry.tier
                        if copied.source is AbilitySource.OTHER:
                            copied.source = source
                        if all(a.name.casefold() != copied.name.casefold() for a in found):
                            found.append(copied)
    return found
