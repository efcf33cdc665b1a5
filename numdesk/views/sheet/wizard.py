"""The new character wizard: profile, name, templates from the library, starting points.

The character is built with the same operations the sheet uses (ApplyTemplates, SetPool,
SetField), so its history starts with how it was made, and only a character the rules
accept is stored. It is created in the library on Finish (through the LibraryController
when there is one, so the creation is undoable there and the browser refreshes).
"""

from __future__ import annotations

import copy
import html
from collections import Counter
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from numdesk.model.abilities import Ability
from numdesk.model.character import Character, StatPool
from numdesk.model.errors import DomainError
from numdesk.model.kinds import EntryKind
from numdesk.model.operations import SetField, SetPool
from numdesk.model.operations.creation import ApplyTemplates, ability_choices
from numdesk.model.templates import SentenceTemplate, TierAbilities, TypeTemplate
from numdesk.rules.profiles import PROFILES
from numdesk.rules.types import AbilitySource, Stat
from numdesk.views.plain_text import allow_rich
from numdesk.views.sheet.style import set_role
from numdesk.views.sheet.templates import profile_templates, template_labels
from numdesk.views.sheet.words import word
from numdesk.views.theme import heading_font

PARTS = (
    ("type", EntryKind.TYPE),
    ("descriptor", EntryKind.DESCRIPTOR),
    ("focus", EntryKind.FOCUS),
    ("flavor", EntryKind.FLAVOR),
)
#: where an ability ticked in the wizard came from (the sheet shows it as its source)
SOURCES = {
    "type": AbilitySource.TYPE,
    "descriptor": AbilitySource.DESCRIPTOR,
    "focus": AbilitySource.FOCUS,
    "flavor": AbilitySource.FLAVOR,
}
#: item data role holding the number of the "choose N" group an ability belongs to
GROUP_ROLE = Qt.ItemDataRole.UserRole + 1


class ProfilePage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Which rules?"))
        self.setSubTitle(self.tr("The rules profile decides skills, harm and armor."))
        layout = QVBoxLayout(self)
        self.radios: dict[str, QRadioButton] = {}
        for name, profile in PROFILES.items():
            radio = QRadioButton(word(profile.label), self)
            layout.addWidget(radio)
            self.radios[name] = radio
        self.radios["numenera"].setChecked(True)

    def profile(self) -> str:
        return next(name for name, radio in self.radios.items() if radio.isChecked())


class NamePage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Who is it?"))
        form = QFormLayout(self)
        self.name = QLineEdit(self)
        self.player = QLineEdit(self)
        form.addRow(self.tr("&Name"), self.name)
        form.addRow(self.tr("&Player"), self.player)
        self.registerField("name*", self.name)


class TemplatesPage(QWizardPage):
    """Type, descriptor, focus and flavor from the library, for the chosen profile."""

    def __init__(self, wizard: NewCharacterWizard) -> None:
        super().__init__(wizard)
        self._wizard = wizard
        self.setTitle(self.tr("I am a … who …"))
        self.setSubTitle(
            self.tr("Templates from the library fill in Pools, Edges, skills and more.")
        )
        form = QFormLayout(self)
        self.combos: dict[str, QComboBox] = {}
        labels = {
            "type": self.tr("&Type"),
            "descriptor": self.tr("&Descriptor"),
            "focus": self.tr("&Focus"),
            "flavor": self.tr("F&lavor"),
        }
        for part, _kind in PARTS:
            combo = QComboBox(self)
            combo.setObjectName(f"{part}Combo")
            combo.currentIndexChanged.connect(self._update)
            form.addRow(labels[part], combo)
            self.combos[part] = combo
        self.description = QLabel(self)
        allow_rich(self.description)  # names and descriptions in it are escaped
        self.description.setWordWrap(True)
        self.choices = QListWidget(self)
        self.choices_label = QLabel(self)
        self.choices.itemChanged.connect(self._update)
        self.error = QLabel(self)
        set_role(self.error, "error")
        self.error.setWordWrap(True)
        self._groups: list[tuple[str, int]] = []
        self._signature: list[tuple[str, int, tuple[str, ...]]] = []
        form.addRow(self.description)
        form.addRow(self.choices_label)
        form.addRow(self.choices)
        form.addRow(self.error)

    def initializePage(self) -> None:
        profile = self._wizard.profile_page.profile()
        library = self._wizard.library
        for part, kind in PARTS:
            combo = self.combos[part]
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(self.tr("(none)"), None)
            summaries = profile_templates(library, kind, profile)
            for label, summary in zip(template_labels(summaries), summaries, strict=True):
                combo.addItem(label, summary.uid)
            combo.blockSignals(False)
        self._update()

    def select(self, part: str, name: str) -> None:
        """Choose the template shown as `name` for `part` (tests and keyboard users)."""
        combo = self.combos[part]
        index = combo.findText(name)
        if index < 0:
            raise ValueError(f"no {part} called {name!r}")
        combo.setCurrentIndex(index)

    def template(self, part: str) -> Any:
        uid = self.combos[part].currentData()
        return None if uid is None else self._wizard.library.load(uid)

    def tick(self, name: str, checked: bool = True) -> None:
        """Tick (or untick) the offered ability `name` (tests; keyboard users press Space)."""
        for row in range(self.choices.count()):
            item = self.choices.item(row)
            if item.data(GROUP_ROLE) is not None and item.text() == name:
                state = Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
                item.setCheckState(state)
                return
        raise ValueError(f"no ability {name!r} on offer")

    def chosen_abilities(self) -> list[Ability]:
        """Copies of the ticked abilities, each keeping the part that offered it as source."""
        picked = []
        for row in range(self.choices.count()):
            item = self.choices.item(row)
            if item.checkState() == Qt.CheckState.Checked and item.data(GROUP_ROLE) is not None:
                picked.append(copy.deepcopy(item.data(Qt.ItemDataRole.UserRole)))
        return picked

    def pick_problems(self) -> list[str]:
        """What is wrong with the ticks: one line per "choose N" group not exactly met."""
        ticked: Counter[int] = Counter()
        for row in range(self.choices.count()):
            item = self.choices.item(row)
            group = item.data(GROUP_ROLE)
            if group is not None and item.checkState() == Qt.CheckState.Checked:
                ticked[group] += 1
        problems = []
        for number, (name, choose) in enumerate(self._groups):
            if ticked[number] != choose:
                problems.append(
                    self.tr("{0}: tick {1} (now {2}).").format(name, choose, ticked[number])
                )
        return problems

    def _update(self) -> None:
        texts = []
        offered: list[tuple[str, TierAbilities, AbilitySource]] = []
        for part, _kind in PARTS:
            template = self.template(part)
            if template is None:
                continue
            if template.description:
                texts.append(
                    f"<b>{html.escape(template.name)}</b>: {html.escape(template.description)}"
                )
            for group in ability_choices(template.tiers):
                offered.append((template.name, group, SOURCES[part]))
        self.description.setText("<br>".join(texts))
        signature = [
            (name, group.choose, tuple(a.uid for a in group.abilities))
            for name, group, _source in offered
        ]
        if signature != self._signature:
            self._signature = signature
            self._groups = [(name, group.choose) for name, group, _source in offered]
            self.choices.blockSignals(True)
            self.choices.clear()
            for number, (name, group, source) in enumerate(offered):
                header = QListWidgetItem(
                    self.tr("{0}: choose {1}").format(name, group.choose), self.choices
                )
                header.setFlags(Qt.ItemFlag.ItemIsEnabled)  # a title: not ticked, not picked
                font = header.font()
                font.setBold(True)
                header.setFont(font)
                for ability in group.abilities:
                    item = QListWidgetItem(ability.name, self.choices)
                    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    item.setCheckState(Qt.CheckState.Unchecked)
                    kept = copy.deepcopy(ability)
                    if kept.source is AbilitySource.OTHER:
                        kept.source = source
                    item.setData(Qt.ItemDataRole.UserRole, kept)
                    item.setData(GROUP_ROLE, number)
                    item.setToolTip(ability.description)
            self.choices.blockSignals(False)
        self.choices_label.setText(
            self.tr("Abilities to choose at tier 1 ({0}):").format(
                "; ".join(
                    self.tr("{0}: choose {1}").format(name, choose) for name, choose in self._groups
                )
            )
        )
        self.choices.setVisible(bool(offered))
        self.choices_label.setVisible(bool(offered))
        self.error.setText(" ".join(self.pick_problems()))
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return self.combos["type"].currentData() is not None and not self.pick_problems()

    def validatePage(self) -> bool:
        problems = self.pick_problems()
        if problems:
            self.error.setText(" ".join(problems))
            return False
        try:
            self._wizard.build_base()
        except DomainError as err:
            self.error.setText(err.message)
            return False
        return True


class PointsPage(QWizardPage):
    """Spend the extra starting points among the Pools.

    Where the type template leaves a starting Pool or Edge open (the rules texts numdesk
    ships do not give them), the page asks for it too, so the sheet starts complete.
    """

    def __init__(self, wizard: NewCharacterWizard) -> None:
        super().__init__(wizard)
        self._wizard = wizard
        self.setTitle(self.tr("Pools and starting points"))
        layout = QVBoxLayout(self)
        self.info = QLabel(self)
        self.info.setWordWrap(True)
        layout.addWidget(self.info)
        grid = QGridLayout()
        for column, title in enumerate(
            (self.tr("Stat"), self.tr("Starting Pool"), self.tr("Edge"), self.tr("Extra points"))
        ):
            heading = QLabel(title, self)
            heading.setFont(heading_font(heading.font(), 1.0))
            grid.addWidget(heading, 0, column)
        self.bases: dict[Stat, QSpinBox] = {}
        self.edges: dict[Stat, QSpinBox] = {}
        self.spins: dict[Stat, QSpinBox] = {}
        self.pool_labels: dict[Stat, QLabel] = {}
        for row, stat in enumerate(Stat, start=1):
            base = QSpinBox(self)
            base.setRange(0, 40)
            edge = QSpinBox(self)
            edge.setRange(0, 6)
            spin = QSpinBox(self)
            spin.setObjectName(f"points_{stat.value}")
            label = QLabel(self)
            for widget in (base, edge, spin):
                widget.valueChanged.connect(self._update)
            grid.addWidget(QLabel(word(stat.value.capitalize()), self), row, 0)
            grid.addWidget(base, row, 1)
            grid.addWidget(edge, row, 2)
            grid.addWidget(spin, row, 3)
            grid.addWidget(label, row, 4)
            self.bases[stat], self.edges[stat] = base, edge
            self.spins[stat], self.pool_labels[stat] = spin, label
        layout.addLayout(grid)
        self.left = QLabel(self)
        self.error = QLabel(self)
        set_role(self.error, "error")
        self.error.setWordWrap(True)
        layout.addWidget(self.left)
        layout.addWidget(self.error)
        layout.addStretch(1)

    def initializePage(self) -> None:
        base = self._wizard.base
        assert base is not None
        points = base.starting_points
        open_stats = self._wizard.open_stats()
        text = self.tr("Your templates give {0} extra points to add to your Pools.").format(points)
        if open_stats:
            text += " " + self.tr(
                "The type leaves some starting Pools or Edges open: fill them in from your "
                "rulebook (the Pool includes no descriptor or focus bonus)."
            )
        self.info.setText(text)
        for stat in Stat:
            pool = base.pool(stat)
            pool_open, edge_open = open_stats.get(stat, (False, False))
            self.bases[stat].setValue(self._wizard.template_pool(stat))
            self.bases[stat].setEnabled(pool_open)
            self.edges[stat].setValue(pool.edge)
            self.edges[stat].setEnabled(edge_open)
            self.spins[stat].setRange(0, points)
            self.spins[stat].setValue(0)
        self._update()

    def points_left(self) -> int:
        base = self._wizard.base
        total = base.starting_points if base is not None else 0
        return total - sum(s.value() for s in self.spins.values())

    def pool_after(self, stat: Stat) -> int:
        """The Pool maximum the character will start with."""
        base = self._wizard.base
        assert base is not None
        change = self.bases[stat].value() - self._wizard.template_pool(stat)
        return base.pool(stat).maximum + change + self.spins[stat].value()

    def _update(self) -> None:
        if self._wizard.base is None:
            return
        for stat in Stat:
            self.pool_labels[stat].setText(
                self.tr("→ Pool {0}, Edge {1}").format(
                    self.pool_after(stat), self.edges[stat].value()
                )
            )
        self.left.setText(self.tr("{0} points left").format(self.points_left()))
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return self.points_left() == 0


class NewCharacterWizard(QWizard):
    """Make a character from library templates and store it; emits `characterCreated(uid)`.

    `library` is a `numdesk.store.Library`; `library_controller` (optional) stores the
    new character through `LibraryController.create` (undoable, announced).
    """

    characterCreated = Signal(str)

    def __init__(
        self,
        library: Any,
        library_controller: Any = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.library = library
        self._library_controller = library_controller
        self.base: Character | None = None
        self.created: Character | None = None
        self.setWindowTitle(self.tr("New character"))
        self.profile_page = ProfilePage(self)
        self.name_page = NamePage(self)
        self.templates_page = TemplatesPage(self)
        self.points_page = PointsPage(self)
        for page in (self.profile_page, self.name_page, self.templates_page, self.points_page):
            self.addPage(page)
        self.resize(620, 520)

    def build_base(self) -> Character:
        """The character after the templates (before the starting points); DomainError if bad."""
        page = self.templates_page
        character = Character(
            self.name_page.name.text().strip(),
            profile=self.profile_page.profile(),
            player=self.name_page.player.text().strip(),
        )
        type_t: TypeTemplate | None = page.template("type")
        parts: dict[str, SentenceTemplate | None] = {
            p: page.template(p) for p in ("descriptor", "focus", "flavor")
        }
        ApplyTemplates(
            type_t,
            parts["descriptor"],
            parts["focus"],
            parts["flavor"],
            chosen_abilities=page.chosen_abilities(),
        ).apply(character)
        self.base = character
        return character

    def open_stats(self) -> dict[Stat, tuple[bool, bool]]:
        """Stats whose starting (Pool, Edge) the chosen type leaves open."""
        type_t: TypeTemplate | None = self.templates_page.template("type")
        found = {}
        for stat in Stat:
            pool_open = type_t is None or type_t.pools.get(stat) is None
            edge_open = type_t is None or type_t.edges.get(stat) is None
            if pool_open or edge_open:
                found[stat] = (pool_open, edge_open)
        return found

    def template_pool(self, stat: Stat) -> int:
        """The type's starting Pool for `stat` (the sheet's default when it gives none)."""
        type_t: TypeTemplate | None = self.templates_page.template("type")
        value = type_t.pools.get(stat) if type_t is not None else None
        return value if value is not None else StatPool().maximum

    def build(self) -> Character:
        """The finished character: the base, open Pools/Edges filled, starting points spent."""
        assert self.base is not None
        character = copy.deepcopy(self.base)
        page = self.points_page
        for stat in Stat:
            maximum = page.pool_after(stat)
            SetPool(stat, maximum=maximum, current=maximum, edge=page.edges[stat].value()).apply(
                character
            )
        if character.starting_points:
            SetField("starting_points", 0).apply(character)
        return character

    def accept(self) -> None:
        try:
            character = self.build()
            if self._library_controller is not None:
                self._library_controller.create(character)
            else:
                self.library.characters.save(character)
        except DomainError as err:
            self.points_page.error.setText(err.message)
            return
        self.created = character
        self.characterCreated.emit(character.uid)
        super().accept()
