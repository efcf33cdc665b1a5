"""The builder panel (`ui/encounter_builder.ui`): pick PCs, creatures and followers from
the library (with a count for creatures), add objects, and add entries dragged from
the library browser."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLineEdit,
    QListView,
    QPushButton,
    QSpinBox,
    QWidget,
)

from numdesk.controllers.encounter import EncounterController
from numdesk.model.errors import DomainError
from numdesk.model.kinds import EntryKind
from numdesk.model.summary import EntrySummary
from numdesk.rules.profiles import family_of
from numdesk.views.encounter.keys import key_text
from numdesk.views.forms import child, load_form
from numdesk.views.library.model import PAGE_SIZE, profile_label

#: What a fight can hold from the library.
FIGHT_KINDS = (EntryKind.CHARACTER, EntryKind.CREATURE, EntryKind.FOLLOWER)
Index = QModelIndex | QPersistentModelIndex


class SearchResults(QAbstractListModel):
    """The library entries the last search found, "Name — subtitle" per row.

    Entries written for the other rules profile than the encounter's say which, and
    are greyed: a creature of the other profile can still join (its stat block reads
    the same), a PC cannot (its sheet follows its own rules).
    """

    def __init__(self, profile: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entries: list[EntrySummary] = []
        self.total = 0
        #: loads `limit` more matches from `offset` (None: nothing more to load)
        self.fetch: Callable[[int, int], list[EntrySummary]] | None = None
        #: the encounter's rules profile (the builder keeps it current)
        self.profile = profile

    def set_entries(self, entries: list[EntrySummary], total: int | None = None) -> None:
        """Show `entries`, the first of `total` matches (the rest load on scrolling)."""
        self.beginResetModel()
        self.entries = entries
        self.total = len(entries) if total is None else total
        self.endResetModel()

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and self.fetch is not None and len(self.entries) < self.total

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: B008
        if not self.canFetchMore(parent) or self.fetch is None:
            return
        batch = self.fetch(len(self.entries), PAGE_SIZE)
        if not batch:
            self.total = len(self.entries)
            return
        first = len(self.entries)
        self.beginInsertRows(QModelIndex(), first, first + len(batch) - 1)
        self.entries.extend(batch)
        self.endInsertRows()

    def fetch_all(self) -> None:
        """Load every remaining match (Ctrl+End goes to the last one in one press)."""
        while self.canFetchMore():
            before = len(self.entries)
            self.fetchMore()
            if len(self.entries) == before:
                return

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.entries)

    def other_profile(self, entry: EntrySummary) -> bool:
        """Whether `entry` is written for another rules profile than the encounter's."""
        return bool(entry.profile) and entry.profile not in (self.profile, family_of(self.profile))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not 0 <= index.row() < len(self.entries):
            return None
        entry = self.entries[index.row()]
        other = self.other_profile(entry)
        # the rules right after the name, where a narrow builder still shows them
        rules = f" ({profile_label(entry.profile)})" if other else ""
        text = f"{entry.name}{rules} — {entry.subtitle}"
        if role == Qt.ItemDataRole.DisplayRole:
            return text
        if role == Qt.ItemDataRole.ToolTipRole:
            if not other:
                return text  # the whole line, if cut
            if entry.kind is EntryKind.CHARACTER:
                why = self.tr("A PC joins only a fight of its own rules.")
            else:
                why = self.tr("It can join: its stat block is used as it is.")
            rules = self.tr("Written for the {0} rules, not {1}.").format(
                profile_label(entry.profile), profile_label(self.profile)
            )
            return f"{text}\n{rules} {why}"
        if role == Qt.ItemDataRole.ForegroundRole and other:
            return QBrush(QPalette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
        return None


class BuilderPanel(QWidget):
    """Library search, a count, and the Add buttons; errors go to `failed`."""

    #: a message for the user (empty string clears it)
    failed = Signal(str)

    def __init__(self, controller: EncounterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        form = load_form("encounter_builder.ui", self)
        self.search = child(form, QLineEdit, "search")
        self.results = child(form, QListView, "results")
        self.count = child(form, QSpinBox, "count")
        self.level_min = child(form, QSpinBox, "level_min")
        self.level_max = child(form, QSpinBox, "level_max")
        self.add_button = child(form, QPushButton, "add_button")
        self.object_name = child(form, QLineEdit, "object_name")
        self.object_level = child(form, QSpinBox, "object_level")
        self.add_object_button = child(form, QPushButton, "add_object_button")
        self.model = SearchResults(controller.encounter.profile, self)
        self.results.setModel(self.model)
        self.results.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)

        self._key_tooltips()
        self.search.installEventFilter(self)
        self.results.installEventFilter(self)
        self.search.textChanged.connect(self.refresh)
        self.level_min.valueChanged.connect(self.refresh)
        self.level_max.valueChanged.connect(self.refresh)
        self.search.returnPressed.connect(self.add_selected)
        self.results.activated.connect(self.add_selected)
        self.add_button.clicked.connect(self.add_selected)
        self.add_object_button.clicked.connect(self.add_object)
        self.object_name.returnPressed.connect(self.add_object)
        self.refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Down from the search enters the results; in the results a digit sets the
        copies and Ctrl+End goes to the very last match (loading every page first)."""
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        key, mods = event.key(), event.modifiers()
        if watched is self.search and key == Qt.Key.Key_Down and self.model.rowCount():
            self.results.setFocus(Qt.FocusReason.TabFocusReason)
            if not self.results.currentIndex().isValid():
                self.results.setCurrentIndex(self.model.index(0))
            return True
        if watched is self.results:
            if key == Qt.Key.Key_End and mods & Qt.KeyboardModifier.ControlModifier:
                self.model.fetch_all()
                last = self.model.index(self.model.rowCount() - 1)
                self.results.setCurrentIndex(last)
                self.results.scrollTo(last)
                return True
            plain = mods in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)
            if plain and event.text().isdigit() and event.text() != "0":
                self.count.setValue(int(event.text()))
                return True
        return False

    def _key_tooltips(self) -> None:
        """Each control says its key (the fight's map, F1)."""
        for widget, what, key_id in (
            (
                self.search,
                self.tr("Search the library; Down: the results; Enter: add"),
                "focus_search",
            ),
            (
                self.count,
                self.tr("How many copies of a creature the next add makes (then back to 1)"),
                "focus_count",
            ),
            (self.level_min, self.tr("Lowest level shown"), "focus_level_min"),
            (self.level_max, self.tr("Highest level shown"), "focus_level_max"),
            (self.object_name, self.tr("An object's name; Enter adds it"), "focus_object"),
            (self.object_level, self.tr("The object's level; Enter adds it"), "focus_object_level"),
        ):
            widget.setToolTip(self.tr("{0} ({1})").format(what, key_text(key_id)))
        self.results.setToolTip(
            self.tr("Down from the search comes here; a digit sets the copies; Enter adds")
        )
        self.add_button.setToolTip(self.tr("Add the selected entries (Enter in the search)"))
        self.add_object_button.setToolTip(self.tr("Add the object (Enter in its name)"))

    def refresh(self) -> None:
        """Re-run the library search for the text typed (also after the encounter's rules
        changed: the rows of the other rules are marked by them)."""
        text = self.search.text()
        low, high = self.level_min.value() or None, self.level_max.value() or None
        if low is not None and high is not None and high < low:
            low, high = high, low
        library = self._controller.library

        def fetch(offset: int, limit: int) -> list[EntrySummary]:
            return library.search(
                text, kinds=FIGHT_KINDS, limit=limit, offset=offset, level_min=low, level_max=high
            )

        try:
            total = library.count_matches(text, kinds=FIGHT_KINDS, level_min=low, level_max=high)
            found = fetch(0, PAGE_SIZE)
        except DomainError as err:
            self.failed.emit(err.message)
            return
        self.model.profile = self._controller.encounter.profile
        self.model.fetch = fetch
        self.model.set_entries(found, max(total, len(found)))
        if found:
            self.results.setCurrentIndex(self.model.index(0))

    def select_names(self, *names: str) -> None:
        """Select the results whose entry name is one of `names` (keyboard and tests)."""
        wanted = {n.casefold() for n in names}
        selection = self.results.selectionModel()
        selection.clearSelection()
        for row, entry in enumerate(self.model.entries):
            if entry.name.casefold() in wanted:
                selection.select(self.model.index(row), QItemSelectionModel.SelectionFlag.Select)

    def selected_uids(self) -> list[str]:
        rows = sorted(i.row() for i in self.results.selectionModel().selectedIndexes())
        return [self.model.entries[r].uid for r in rows]

    def add_selected(self) -> None:
        uids = self.selected_uids()
        if not uids:
            self.failed.emit(self.tr("Select an entry to add."))
            return
        self.add_uids(uids)

    def add_uids(self, uids: list[str]) -> None:
        """Add library entries (creatures `count` times); used by drops too.

        The count goes back to 1 after an add: copies are typed for the add they are
        meant for, never carried over to the next creature by surprise."""
        try:
            self._controller.add_entries(uids, self.count.value())
        except DomainError as err:
            self.failed.emit(err.message)
            return
        self.count.setValue(1)
        self.failed.emit("")

    def add_object(self) -> None:
        try:
            self._controller.add_object(self.object_name.text(), self.object_level.value())
        except DomainError as err:
            self.failed.emit(err.message)
            return
        self.object_name.clear()
        self.failed.emit("")
