"""The tier-up step: after the fourth advancement of a tier (RULES.md A3), the new tier's
type and focus abilities, in both rules.

Where templates hold the new tier's abilities they are offered with their "choose N";
where none do (a free-text type, the starter types), the player enters the abilities
their rulebook gives by name, so the step is never skipped in silence.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.creation import library_ability
from numdesk.model.abilities import Ability
from numdesk.model.character import Character
from numdesk.model.items import new_uid
from numdesk.model.kinds import EntryKind
from numdesk.model.operations.gain_abilities import gain_problems, gained_choices
from numdesk.rules.types import AbilitySource
from numdesk.views.sheet.add_line import AddLine
from numdesk.views.sheet.choice_box import ChoiceBox
from numdesk.views.sheet.style import set_role


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog
    )
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


@dataclass(frozen=True)
class TierOffer:
    """One group of abilities a template offers at a tier.

    `part` is "type" or "focus"; `label` names the template (with a hint when several
    templates share its name: then the player says which one the character uses).
    `choose` 0 (or as many as there are) grants them all.
    """

    part: str
    label: str
    abilities: list[Ability]
    choose: int
    source: AbilitySource

    @property
    def grants_all(self) -> bool:
        return self.choose == 0 or self.choose >= len(self.abilities)


class TierAbilitiesDialog(QDialog):
    """After a tier-up: tick the new tier's abilities from the type and focus templates.

    A group that grants all its abilities comes pre-ticked; in a "choose N" group exactly
    N must be ticked. Where several templates share the character's type (or focus) name,
    a combo box asks which one the character uses, and only its groups count.
    """

    def __init__(
        self,
        tier: int,
        offered: list[TierOffer],
        parent: QWidget | None = None,
        library: Any = None,
        character: Character | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New abilities for tier {0}").format(tier))
        self.tier = tier
        self._library = library
        self._character = character
        #: the player's answers to the choices the ticked abilities ask, by title
        self.answers: dict[str, list[str]] = {}
        self.choice_boxes: list[ChoiceBox] = []
        self._signature: list[tuple[str, tuple[str, ...]]] = []
        self.own: list[Ability] = []
        layout = QVBoxLayout(self)
        self.which: dict[str, QComboBox] = {}
        labels: dict[str, list[str]] = {}
        for offer in offered:
            labels.setdefault(offer.part, [])
            if offer.label not in labels[offer.part]:
                labels[offer.part].append(offer.label)
        questions = {
            "type": self.tr("Which type does the character use?"),
            "focus": self.tr("Which focus does the character use?"),
        }
        for part, names in labels.items():
            if len(names) < 2:
                continue
            combo = QComboBox(self)
            combo.setObjectName(f"{part}Which")
            combo.addItems(names)
            combo.currentIndexChanged.connect(self._update)
            layout.addWidget(QLabel(questions.get(part, part), self))
            layout.addWidget(combo)
            self.which[part] = combo
        self.groups: list[tuple[TierOffer, QGroupBox, QListWidget]] = []
        for offer in offered:
            title = (
                self.tr("{0}: all of these").format(offer.label)
                if offer.grants_all
                else self.tr("{0}: choose {1}").format(offer.label, offer.choose)
            )
            box = QGroupBox(title, self)
            box_layout = QVBoxLayout(box)
            listing = QListWidget(box)
            for ability in offer.abilities:
                item = QListWidgetItem(ability.name, listing)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                checked = Qt.CheckState.Checked if offer.grants_all else Qt.CheckState.Unchecked
                item.setCheckState(checked)
                item.setData(Qt.ItemDataRole.UserRole, ability)
                item.setToolTip(ability.description)
            listing.itemChanged.connect(self._update)
            box_layout.addWidget(listing)
            layout.addWidget(box)
            self.groups.append((offer, box, listing))
        self._build_own_entry(layout, bool(offered))
        # what the ticked abilities ask when gained (Skill With Defense: which defense)
        self.choices_layout = QVBoxLayout()
        layout.addLayout(self.choices_layout)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        set_role(self.status, "error")
        self.box = _buttons(self)
        layout.addWidget(self.status)
        layout.addWidget(self.box)
        self._update()

    def _build_own_entry(self, layout: QVBoxLayout, offered: bool) -> None:
        """A name box for abilities no template holds (the whole step when none do)."""
        intro = QLabel(self)
        intro.setWordWrap(True)
        intro.setObjectName("tierUpIntro")
        if offered:
            intro.setText(
                self.tr("Other abilities your rulebook gives at tier {0}:").format(self.tier)
            )
        else:
            intro.setText(
                self.tr(
                    "You reached tier {0}. No type or focus template in the library holds "
                    "this tier's abilities: add the ones your rulebook gives, by name (a name "
                    "the library knows brings its description)."
                ).format(self.tier)
            )
        layout.addWidget(intro)
        row = QHBoxLayout()
        self.own_name = AddLine(self)
        self.own_name.setObjectName("ownAbilityName")
        self.own_name.setPlaceholderText(self.tr("Ability name"))
        self.own_name.returnPressed.connect(self.add_own)
        if self._library is not None:
            found = self._library.search("", kinds=[EntryKind.ABILITY], limit=5000)
            names = [s.name for s in found]
            completer = QCompleter(names, self.own_name)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            completer.setFilterMode(Qt.MatchFlag.MatchContains)
            self.own_name.setCompleter(completer)
        add = QPushButton(self.tr("&Add"), self)
        add.clicked.connect(self.add_own)
        row.addWidget(self.own_name, 1)
        row.addWidget(add)
        layout.addLayout(row)
        self.own_list = QListWidget(self)
        self.own_list.setMaximumHeight(80)
        layout.addWidget(self.own_list)

    def add_own(self, name: str | None = None) -> None:
        """Add an ability by name: the library's entry (linked) when there is one."""
        text = " ".join((name if isinstance(name, str) else self.own_name.text()).split())
        if not text:
            return
        found = library_ability(self._library, text) if self._library is not None else None
        # not in the library: its cost and kind stay unknown until the player types them
        ability = copy.deepcopy(found) if found is not None else Ability(text, cost=None, kind=None)
        if found is not None:
            ability.library_uid = found.uid
        self.own.append(ability)
        QListWidgetItem(ability.name, self.own_list).setToolTip(ability.description)
        self.own_name.clear()
        self._update()

    def _in_use(self, offer: TierOffer) -> bool:
        combo = self.which.get(offer.part)
        return combo is None or combo.currentText() == offer.label

    def _update(self) -> None:
        problems = []
        for offer, box, listing in self.groups:
            box.setVisible(self._in_use(offer))
            if not self._in_use(offer) or offer.grants_all:
                continue
            ticked = sum(
                listing.item(r).checkState() == Qt.CheckState.Checked
                for r in range(listing.count())
            )
            if ticked != offer.choose:
                problems.append(
                    self.tr("{0}: tick {1} ({2} ticked)").format(offer.label, offer.choose, ticked)
                )
        self._rebuild_choices()
        for box in self.choice_boxes:
            self.answers[box.choice.title] = box.answers()
        lines = ["; ".join(problems)] if problems else []
        if self._character is not None:
            lines += gain_problems(self._character, self.chosen(), self.answers)
        self.status.setText("\n".join(lines))
        self.box.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not lines)

    def _rebuild_choices(self) -> None:
        """A `ChoiceBox` for each choice the ticked abilities ask (answers kept)."""
        choices = gained_choices(self.chosen())
        signature = [(c.title, tuple(c.labels())) for c in choices]
        if signature == self._signature:
            return
        self._signature = signature
        for box in self.choice_boxes:
            box.deleteLater()
        self.choice_boxes = []
        for choice in choices:
            box = ChoiceBox(choice, self.answers.get(choice.title, []), self)
            box.changed.connect(self._update)
            self.choices_layout.addWidget(box)
            self.choice_boxes.append(box)

    def choice_box(self, name: str) -> ChoiceBox:
        """The box asking the choice of the ability `name` (tests; any case)."""
        return next(b for b in self.choice_boxes if b.choice.key.casefold() == name.casefold())

    def tick(self, name: str) -> bool:
        """Tick the ability called `name` (keyboard users press Space; tests call this)."""
        for offer, _box, listing in self.groups:
            if not self._in_use(offer):
                continue
            for row in range(listing.count()):
                if listing.item(row).text() == name:
                    listing.item(row).setCheckState(Qt.CheckState.Checked)
                    return True
        return False

    def chosen(self) -> list[Ability]:
        """Copies of the ticked abilities, with their tier, source and a fresh uid."""
        picked: list[Ability] = []
        for offer, _box, listing in self.groups:
            if not self._in_use(offer):
                continue
            for row in range(listing.count()):
                item = listing.item(row)
                if item.checkState() == Qt.CheckState.Checked:
                    ability = copy.deepcopy(item.data(Qt.ItemDataRole.UserRole))
                    ability.uid = new_uid()
                    ability.tier = self.tier
                    if ability.source is AbilitySource.OTHER:
                        ability.source = offer.source
                    picked.append(ability)
        for own in self.own:
            ability = copy.deepcopy(own)
            ability.uid = new_uid()
            ability.tier = self.tier
            picked.append(ability)
        return picked
