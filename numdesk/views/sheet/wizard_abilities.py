"""The wizard's last page: the tier-1 abilities on offer ("choose N"), abilities the
player adds by name, and what the whole character will get ("+2 Speed from Amazing").
"""

from __future__ import annotations

import html
from itertools import pairwise

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import (
    QCompleter,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from numdesk.controllers.creation import library_ability
from numdesk.model.abilities import Ability
from numdesk.model.creation import build_character, creation_problems
from numdesk.model.creation_choices import CreationChoices
from numdesk.model.creation_offers import AbilityOffer, ability_offers
from numdesk.model.errors import DomainError
from numdesk.model.kinds import EntryKind
from numdesk.rules.types import AbilitySource
from numdesk.views.plain_text import allow_rich
from numdesk.views.sheet.add_line import AddLine
from numdesk.views.sheet.style import set_role
from numdesk.views.sheet.wizard_choices import skill_page_choices
from numdesk.views.sheet.wizard_host import WizardHost
from numdesk.views.theme import show_focus


class AbilitiesPage(QWizardPage):
    """Tick the offered abilities; complete when every "choose N" is met."""

    def __init__(self, wizard: WizardHost) -> None:
        super().__init__()
        self._wizard = wizard
        self._signature: list[tuple[str, int, tuple[str, ...]]] = []
        self.added: list[Ability] = []
        self.setTitle(self.tr("Special abilities"))
        layout = QVBoxLayout(self)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        layout.addWidget(splitter, 1)
        left = QWidget(splitter)
        self.offers_layout = QVBoxLayout(left)
        self.offers_layout.setContentsMargins(0, 0, 0, 0)
        self.none_label = QLabel(left)
        self.none_label.setWordWrap(True)
        self.offers_layout.addWidget(self.none_label)
        self.groups: list[tuple[AbilityOffer, QGroupBox, QListWidget]] = []
        own = QHBoxLayout()
        self.own_name = AddLine(left)
        self.own_name.setObjectName("ownAbilityName")
        self.own_name.setPlaceholderText(self.tr("An ability from your rulebook or the library"))
        self.own_name.returnPressed.connect(self.add_own)
        add = QPushButton(self.tr("&Add"), left)
        add.clicked.connect(self.add_own)
        self.add_button = add
        own.addWidget(self.own_name, 1)
        own.addWidget(add)
        self.own_list = QListWidget(left)
        self.own_list.setMaximumHeight(90)
        # what became of a typed name the offers already hold ("ticked in the list above")
        self.note = QLabel(left)
        self.note.setWordWrap(True)
        self.own_box = QGroupBox(self.tr("Abilities you add yourself"), left)
        box = QVBoxLayout(self.own_box)
        box.addLayout(own)
        box.addWidget(self.note)
        box.addWidget(self.own_list)
        self.offers_layout.addWidget(self.own_box)
        self.offers_layout.addStretch(1)
        right = QWidget(splitter)
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        self.detail = QTextBrowser(right)
        self.detail.setObjectName("abilityDetail")
        self.summary = QTextBrowser(right)
        self.summary.setObjectName("creationSummary")
        show_focus(self.detail)
        show_focus(self.summary)
        for text, widget, stretch in (
            (self.tr("<b>The ability</b>"), self.detail, 1),
            (self.tr("<b>What your character gets</b>"), self.summary, 2),
        ):
            heading = QLabel(text, right)
            allow_rich(heading)  # our own words only
            column.addWidget(heading)
            column.addWidget(widget, stretch)
        splitter.setSizes([420, 420])
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        set_role(self.error, "error")
        layout.addWidget(self.error)

    def initializePage(self) -> None:
        found = self._wizard.library.search("", kinds=[EntryKind.ABILITY], limit=5000)
        names = [s.name for s in found]
        completer = QCompleter(names, self.own_name)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.own_name.setCompleter(completer)
        self._rebuild()
        self._update()

    def _rebuild(self) -> None:
        offers = ability_offers(self._wizard.choices_so_far(include_abilities=False))
        signature = [(o.label, o.choose, tuple(a.name for a in o.abilities)) for o in offers]
        if signature == self._signature:
            return
        self._signature = signature
        for _offer, box, _listing in self.groups:
            box.deleteLater()
        self.groups = []
        for index, offer in enumerate(offers):
            title = (
                self.tr("{0}: you get these").format(offer.label)
                if offer.grants_all
                else self.tr("{0}: choose {1}").format(offer.label, offer.choose)
            )
            box = QGroupBox(title)
            listing = QListWidget(box)
            listing.setObjectName(f"offer_{index}")
            for ability in offer.abilities:
                item = QListWidgetItem(ability.name, listing)
                item.setData(Qt.ItemDataRole.UserRole, ability)
                item.setToolTip(ability.description)
                if offer.grants_all:
                    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                    item.setCheckState(Qt.CheckState.Checked)
                else:
                    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    item.setCheckState(Qt.CheckState.Unchecked)
            listing.setMaximumHeight(min(24 * len(offer.abilities) + 8, 200))
            # a current row (not selected): Tab into the list, Space ticks at once
            listing.setCurrentRow(0, QItemSelectionModel.SelectionFlag.NoUpdate)
            listing.itemChanged.connect(self._update)
            listing.currentItemChanged.connect(self._show_detail)
            QVBoxLayout(box).addWidget(listing)
            self.offers_layout.insertWidget(1 + index, box)
            self.groups.append((offer, box, listing))
        # Tab goes as the page reads: the offered lists top to bottom, the own abilities,
        # then the panes on the right (the lists are made after them, so Qt put them last)
        chain = [listing for _offer, _box, listing in self.groups]
        chain += [self.own_name, self.add_button, self.own_list, self.detail, self.summary]
        for before, after in pairwise(chain):
            QWidget.setTabOrder(before, after)
        self.none_label.setText(
            self.tr(
                "No template offers abilities here: add your type's and focus's first-tier "
                "abilities by name below (a name the library knows brings its description)."
            )
            if not offers
            else ""
        )
        self.none_label.setVisible(not offers)

    def tick(self, name: str, checked: bool = True) -> None:
        """Tick (or untick) the offered ability `name` (tests; keyboard users press Space)."""
        for offer, _box, listing in self.groups:
            if offer.grants_all:
                continue
            for row in range(listing.count()):
                item = listing.item(row)
                if item.text().casefold() == name.casefold():
                    state = Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
                    item.setCheckState(state)
                    return
        raise ValueError(f"no ability {name!r} on offer")

    def picked(self) -> list[str]:
        """Names of the ticked abilities in the "choose N" groups."""
        names = []
        for offer, _box, listing in self.groups:
            if offer.grants_all:
                continue
            for row in range(listing.count()):
                item = listing.item(row)
                if item.checkState() == Qt.CheckState.Checked:
                    names.append(item.text())
        return names

    def add_own(self, name: str | None = None) -> None:
        """Add an ability by name: the library's entry when it has one, else a bare one."""
        text = " ".join((name if isinstance(name, str) else self.own_name.text()).split())
        if not text:
            return
        self.note.clear()
        offered = self._offered_item(text)
        if offered is not None:  # one of the "choose N": it counts toward N
            offer, listing, item = offered
            item.setCheckState(Qt.CheckState.Checked)
            listing.setCurrentItem(item, QItemSelectionModel.SelectionFlag.NoUpdate)
            self.note.setText(
                self.tr("{0} is one of {1}'s choices: ticked in the list above.").format(
                    item.text(), offer.label
                )
            )
            self.own_name.clear()
            return
        found = library_ability(self._wizard.library, text)
        # not in the library: its cost and kind are not known, and stay so until typed
        ability = found if found is not None else Ability(text, cost=None, kind=None)
        ability.tier = 1
        if ability.source is AbilitySource.OTHER:
            ability.source = AbilitySource.TYPE
        self.added.append(ability)
        item = QListWidgetItem(
            ability.name
            if found
            else self.tr("{0} (not in the library: cost and kind unknown)").format(text),
            self.own_list,
        )
        item.setToolTip(ability.description)
        self.own_name.clear()
        self._update()

    def _offered_item(self, name: str) -> tuple[AbilityOffer, QListWidget, QListWidgetItem] | None:
        """The "choose N" list item called `name` (any case), if an offer holds one."""
        for offer, _box, listing in self.groups:
            if offer.grants_all:
                continue
            for row in range(listing.count()):
                if listing.item(row).text().casefold() == name.casefold():
                    return offer, listing, listing.item(row)
        return None

    def fill(self, choices: CreationChoices) -> None:
        choices.picked = self.picked()
        choices.added = list(self.added)

    def _show_detail(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        ability: Ability = item.data(Qt.ItemDataRole.UserRole)
        cost = f" <i>({html.escape(ability.cost_text)})</i>" if ability.cost_text else ""
        self.detail.setHtml(
            f"<b>{html.escape(ability.name)}</b>{cost}<p>{html.escape(ability.description)}</p>"
        )

    def refresh(self) -> None:
        """Say again what the character gets (after Back from the Skills page)."""
        self._update()

    def _update(self) -> None:
        choices = self._wizard.choices_so_far()
        counts = {}
        for offer, box, listing in self.groups:
            if offer.grants_all:
                continue
            ticked = sum(
                listing.item(r).checkState() == Qt.CheckState.Checked
                for r in range(listing.count())
            )
            counts[offer.label] = ticked
            box.setTitle(
                self.tr("{0}: choose {1} ({2} ticked)").format(offer.label, offer.choose, ticked)
            )
        later = frozenset(c.key for c in skill_page_choices(self._wizard))
        self.error.setText("\n".join(creation_problems(choices, later)))
        problems = creation_problems(choices)
        if problems:
            self.summary.setHtml(
                "<p>"
                + html.escape(self.tr("Still to do:"))
                + "</p><ul>"
                + "".join(f"<li>{html.escape(p)}</li>" for p in problems)
                + "</ul>"
            )
        else:
            try:
                result = build_character(choices)
            except DomainError as err:
                self.error.setText(err.message)
            else:
                pools = ", ".join(
                    f"{k.value.capitalize()} {v.maximum} (Edge {v.edge})"
                    for k, v in result.character.pools.items()
                )
                lines = [f"<b>{html.escape(result.character.sentence)}</b>", html.escape(pools)]
                lines += [html.escape(line) for line in result.applied]
                self.summary.setHtml("<br>".join(lines))
        self.completeChanged.emit()
        # Qt decides Next or Finish only on entering a page: picking an ability that asks
        # for skills must turn Finish into Next (and back); this makes Qt ask again
        self.setFinalPage(False)

    def isComplete(self) -> bool:
        """Every problem solved but the skill choices the next page asks."""
        later = frozenset(c.key for c in skill_page_choices(self._wizard))
        return not creation_problems(self._wizard.choices_so_far(), later)
