"""The tier advancement panel: XP, the four advancements of the tier, and their pickers.

Buying opens the picker the advancement needs (split +4 among Pools, choose an Edge,
choose a skill or an Other option); the fourth raises the tier and then offers the new
tier's type and focus abilities. The buy and the abilities chosen after it are one undo
step (a QUndoStack macro), so Undo takes the whole tier-up back.
"""

from __future__ import annotations

import copy

from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from numdesk.controllers.character import CharacterController
from numdesk.model.errors import DomainError
from numdesk.model.kinds import EntryKind
from numdesk.model.operations.advancement import BuyAdvancement, advancement_options
from numdesk.model.operations.gain_abilities import GainAbilities
from numdesk.rules.advancement import ADVANCEMENT_COST, advancement_label
from numdesk.rules.types import AbilitySource, Advancement
from numdesk.views.sheet.advancement_dialogs import (
    CapabilitiesDialog,
    PerfectionDialog,
    SkillOrOtherDialog,
    TierAbilitiesDialog,
    TierOffer,
)
from numdesk.views.sheet.style import BoldTitleBox, set_role
from numdesk.views.sheet.templates import templates_named
from numdesk.views.sheet.words import word

#: The four rows of the panel; the last row buys Skill or its Other replacement (A2).
ROWS = (Advancement.CAPABILITIES, Advancement.PERFECTION, Advancement.EFFORT, Advancement.SKILL)


class AdvancementPanel(BoldTitleBox):
    """XP and the tier's four advancements; `setup(controller)` binds it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller: CharacterController | None = None
        self.checks: dict[Advancement, QCheckBox] = {}
        self.buttons: dict[Advancement, QPushButton] = {}
        self.reasons: dict[Advancement, QLabel] = {}
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        set_role(self.message, "error")
        self.message.hide()
        grid = QGridLayout(self)
        for row, kind in enumerate(ROWS):
            check = QCheckBox(self)
            check.setEnabled(False)
            button = QPushButton(self.tr("Buy ({0} XP)").format(ADVANCEMENT_COST), self)
            button.setObjectName(f"buy_{kind.value}")
            button.clicked.connect(lambda _c=False, k=kind: self.buy(k))
            reason = QLabel(self)
            reason.setWordWrap(True)  # a long reason wraps instead of widening the sheet
            set_role(reason, "reason")
            grid.addWidget(check, row, 0)
            grid.addWidget(button, row, 1)
            grid.addWidget(reason, row, 2)
            self.checks[kind] = check
            self.buttons[kind] = button
            self.reasons[kind] = reason
        grid.addWidget(self.message, len(ROWS), 0, 1, 3)
        grid.setColumnStretch(2, 1)

    def setup(self, controller: CharacterController) -> None:
        self._controller = controller
        controller.changed.connect(self.refresh)
        self.refresh()

    def focus_chain(self) -> list[QWidget]:
        return [self.buttons[kind] for kind in ROWS]

    @property
    def controller(self) -> CharacterController:
        assert self._controller is not None
        return self._controller

    def refresh(self) -> None:
        character = self.controller.character
        self.setTitle(
            self.tr("Advancement — tier {0}, {1} XP").format(character.tier, character.xp)
        )
        options = advancement_options(character)
        for kind in ROWS:
            bought = kind in character.advancements or (
                kind is Advancement.SKILL and Advancement.OTHER in character.advancements
            )
            label = word(advancement_label(kind))
            if kind is Advancement.SKILL:
                label = self.tr("Skill or Other")
                if Advancement.OTHER in character.advancements:
                    label = self.tr("Other (instead of Skill)")
            self.checks[kind].setText(label)
            self.checks[kind].setChecked(bought)
            reason = options[kind]
            if kind is Advancement.SKILL and reason is not None and not bought:
                reason = options[Advancement.OTHER] or None
            button = self.buttons[kind]
            button.setEnabled(reason is None)
            text = "" if reason is None else self.tr(reason)
            button.setToolTip(text or self.tr("Spend {0} XP on this").format(ADVANCEMENT_COST))
            self.reasons[kind].setText(text)

    def _show(self, message: str) -> None:
        self.message.setText(message)
        self.message.setVisible(bool(message))

    def picker_for(
        self, kind: Advancement
    ) -> CapabilitiesDialog | PerfectionDialog | SkillOrOtherDialog | None:
        """The dialog that collects the choice `kind` needs (None: Effort needs none)."""
        character = self.controller.character
        if kind is Advancement.CAPABILITIES:
            return CapabilitiesDialog(self)
        if kind is Advancement.PERFECTION:
            return PerfectionDialog(character, self)
        if kind in (Advancement.SKILL, Advancement.OTHER):
            return SkillOrOtherDialog(self.controller, self)
        return None

    def buy(self, kind: Advancement) -> bool:
        """Open the picker for `kind`, buy it, and on a tier-up offer the new abilities."""
        dialog = self.picker_for(kind)
        if dialog is not None and not dialog.exec():
            return False
        operation = BuyAdvancement(kind) if dialog is None else dialog.operation()
        try:  # a refused buy must not leave an empty step in the undo stack
            copy.deepcopy(operation).apply(copy.deepcopy(self.controller.character))
        except DomainError as err:
            self._show(err.message)
            return False
        text = self.tr("Advancement: {0}").format(word(advancement_label(kind)))
        with self.controller.journal.macro(text):  # the buy and the new abilities: one step
            try:
                self.controller.apply(operation)
            except DomainError as err:
                self._show(err.message)
                return False
            self._show("")
            result = operation.result
            if result is not None and result.tier_after != result.tier_before:
                self.offer_tier_abilities()
        return True

    def offer_tier_abilities(self) -> None:
        """After a tier-up: pick the new tier's abilities from the type and focus templates,
        or enter them by name when no template holds them (always shown, both rules)."""
        character = self.controller.character
        offered = self.tier_abilities(character.tier)
        dialog = TierAbilitiesDialog(
            character.tier, offered, self, self.controller.library, character
        )
        if not dialog.exec():
            return
        self.apply_tier_abilities(dialog)

    def apply_tier_abilities(self, dialog: TierAbilitiesDialog) -> bool:
        """Put the dialog's abilities on the sheet with what they give and its answers."""
        try:
            self.controller.apply(GainAbilities(dialog.chosen(), dialog.answers))
        except DomainError as err:
            self._show(err.message)
            return False
        return True

    def tier_abilities(self, tier: int) -> list[TierOffer]:
        """The groups of abilities the character's type and focus templates offer at
        `tier` (every template of that name in the character's profile)."""
        character = self.controller.character
        found: list[TierOffer] = []
        sources = (
            ("type", EntryKind.TYPE, character.type, AbilitySource.TYPE),
            ("focus", EntryKind.FOCUS, character.focus, AbilitySource.FOCUS),
        )
        for part, kind, name, source in sources:
            for label, template in templates_named(
                self.controller.library, kind, name, character.profile
            ):
                for entry in template.tiers:
                    if entry.tier == tier and entry.abilities:
                        found.append(
                            TierOffer(part, label, list(entry.abilities), entry.choose, source)
                        )
        return found
