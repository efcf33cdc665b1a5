"""The library browser: search-as-you-type, filters, favourites and a sortable table.

Typing restarts a short timer; when it fires, the library lists the matches of the
text and every filter, a page at a time as the table scrolls. The search ranks them;
clicking a column header asks the library for the listing in that column's order
instead (sorted in SQL, still a page at a time). The count says "1,000+ entries" when
there are more than the library counts on a key press.

A save made elsewhere (a sheet, a fight) only refreshes the rows showing that entry,
once the event loop is free (a burst of saves, one query per shown entry); an
announcement that the set of entries changed (a new entry, a delete, an import: one
per action) is answered with one new listing.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QEvent,
    QItemSelectionModel,
    QObject,
    QPoint,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QFocusEvent, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QSpinBox,
    QTableView,
    QToolButton,
    QWidget,
)

from numdesk.controllers.library import LibraryController
from numdesk.model.entry_kind import EntryKind
from numdesk.model.listing import MatchCount, Sort
from numdesk.model.summary import EntrySummary
from numdesk.views.forms import child, load_form
from numdesk.views.library.browser_choices import KIND_FILTERS, column_sort
from numdesk.views.library.model import (
    UID_ROLE,
    Column,
    EntryTableModel,
    profile_label,
)
from numdesk.views.theme import dim, heading_font

#: Milliseconds of quiet typing before the search runs.
SEARCH_DELAY_MS = 150


class LibraryBrowser(QWidget):
    """Browse and search the open library; emits `openRequested(uid)` on activation."""

    openRequested = Signal(str)
    #: the rows shown changed (a search ran)
    resultsChanged = Signal()
    #: the selection changed (actions enable/disable)
    selectionChanged = Signal()

    def __init__(self, controller: LibraryController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._context_actions: list[QAction | None] = []
        form = load_form("library_browser.ui", self)
        self.title_label = child(form, QLabel, "titleLabel")
        self.search_edit = child(form, QLineEdit, "searchEdit")
        self.kind_combo = child(form, QComboBox, "kindCombo")
        self.profile_combo = child(form, QComboBox, "profileCombo")
        self.tag_combo = child(form, QComboBox, "tagCombo")
        self.favourites_button = child(form, QToolButton, "favouritesButton")
        self.level_min_spin = child(form, QSpinBox, "levelMinSpin")
        self.level_max_spin = child(form, QSpinBox, "levelMaxSpin")
        self.table = child(form, QTableView, "table")
        self.count_label = child(form, QLabel, "countLabel")
        self.title_label.setFont(heading_font(self.font(), 1.25))

        self.model = EntryTableModel(self)
        self._setup_table()
        self._setup_filters()

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SEARCH_DELAY_MS)
        self._timer.timeout.connect(self.refresh)
        self.search_edit.textChanged.connect(self._timer.start)
        self.search_edit.returnPressed.connect(self.refresh)
        # the set of entries changed (once per action: the controller coalesces a batch
        # or an import into one announcement): list again; an entry saved (a sheet, a
        # fight): only the rows showing it, gathered until the event loop is free
        controller.entriesChanged.connect(self._on_entries_changed)
        self._saved_uids: set[str] = set()
        self._saved_timer = _zero_timer(self, self._show_saved)
        controller.entrySaved.connect(self._on_entry_saved)
        controller.libraryOpened.connect(lambda _path: self.reload_filters())
        if controller.is_open:
            self.reload_filters()
            self.refresh()

    @property
    def controller(self) -> LibraryController:
        """The library controller the browser lists from."""
        return self._controller

    # -- set-up -----------------------------------------------------------------------

    def _setup_table(self) -> None:
        table = self.table
        table.setModel(self.model)
        table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.model.sortRequested.connect(self.refresh)
        self.model.sortRequested.connect(lambda: self._fit_columns(table.viewport().width()))
        self.model.countChanged.connect(lambda: self._show_count(self.model.count()))
        table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        table.verticalHeader().setVisible(False)
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
        header = table.horizontalHeader()
        header.setHighlightSections(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(Column.NAME, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(Column.FAVOURITE, QHeaderView.ResizeMode.Fixed)
        header.setMinimumSectionSize(24)
        header.resizeSection(Column.FAVOURITE, 26)
        header.resizeSection(Column.KIND, 104)
        header.resizeSection(Column.LEVEL, 56)
        header.resizeSection(Column.PROFILE, 96)
        header.resizeSection(Column.TAGS, 64)
        header.setStretchLastSection(False)
        table.viewport().installEventFilter(self)
        table.installEventFilter(self)  # Ctrl+End: the very last match
        self.search_edit.installEventFilter(self)  # Down: into the results
        table.activated.connect(self._on_activated)
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        table.customContextMenuRequested.connect(self._show_context_menu)
        table.selectionModel().selectionChanged.connect(lambda *_: self.selectionChanged.emit())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.table.viewport():
            self._fit_columns(self.table.viewport().width())
        key = event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
        if key and self._key(watched, event):  # type: ignore[arg-type]
            return True
        if watched is self.table and isinstance(event, QFocusEvent) and event.gotFocus():
            self._show_cursor(event.reason())
        return super().eventFilter(watched, event)

    def _show_cursor(self, reason: Qt.FocusReason) -> None:
        """Tabbing into the results selects a row: Qt's cursor alone is a faint frame
        around the star column's empty cell, and the list looked as if nothing had focus."""
        tabbed = reason in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason)
        if tabbed and self.model.rowCount() and not self.table.selectionModel().hasSelection():
            self.table.selectRow(max(self.table.currentIndex().row(), 0))

    def _key(self, watched: QObject, event: QKeyEvent) -> bool:
        """Down from the search goes into the results; Ctrl+End in them reaches the
        last match in one press (the pages not loaded yet are loaded first)."""
        if watched is self.search_edit and event.key() == Qt.Key.Key_Down:
            if not self.model.rowCount():
                return False
            self.table.setFocus(Qt.FocusReason.TabFocusReason)
            if not self.table.currentIndex().isValid():
                self.table.selectRow(0)
            return True
        ctrl = event.modifiers() & Qt.KeyboardModifier.ControlModifier
        end = watched is self.table and event.key() == Qt.Key.Key_End and ctrl
        if end and self.model.canFetchMore():
            # the rest of a broad search (65,000 rows: seconds) is read at once
            QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:
                self.model.fetch_all()
            finally:
                QApplication.restoreOverrideCursor()
        return False

    def _fit_columns(self, width: int) -> None:
        """Drop the Tags, then the Rules column when the browser is too narrow for them,
        so names stay readable at 1366×768 beside a sheet (widen the browser to see them).
        The column the list is sorted by stays: without its arrow the order would look
        like none."""
        header = self.table.horizontalHeader()
        fixed = sum(header.sectionSize(c) for c in (Column.FAVOURITE, Column.KIND, Column.LEVEL))
        room = width - fixed
        sorted_by, _order = self.model.sort_state()
        for column, needed in ((Column.PROFILE, 230), (Column.TAGS, 300)):
            narrow = room < needed + header.sectionSize(column)
            self.table.setColumnHidden(column, narrow and column != sorted_by)

    def _setup_filters(self) -> None:
        for label, kinds in KIND_FILTERS:
            self.kind_combo.addItem(self.tr(label), kinds)
        self._fill_profiles()
        for combo in (self.kind_combo, self.profile_combo, self.tag_combo):
            combo.currentIndexChanged.connect(self.refresh)
        self.favourites_button.toggled.connect(self.refresh)
        for spin in (self.level_min_spin, self.level_max_spin):
            spin.valueChanged.connect(self._timer_start)

    def _timer_start(self) -> None:
        self._timer.start()

    def level_range(self) -> tuple[int | None, int | None]:
        """The level filter: lowest and highest level shown (None: no bound)."""
        low = self.level_min_spin.value() or None
        high = self.level_max_spin.value() or None
        if low is not None and high is not None and high < low:
            low, high = high, low
        return low, high

    def set_level_range(self, low: int | None, high: int | None) -> None:
        """Filter by level (None: no bound); the search runs at once."""
        for spin, value in ((self.level_min_spin, low), (self.level_max_spin, high)):
            spin.blockSignals(True)
            spin.setValue(value or 0)
            spin.blockSignals(False)
        self.refresh()

    def reload_filters(self) -> None:
        """Refill the tag filter from the library (after opening one or tagging)."""
        current = self.tag_combo.currentData()
        self.tag_combo.blockSignals(True)
        self.tag_combo.clear()
        self.tag_combo.addItem(self.tr("Any tag"), None)
        if self._controller.is_open:
            for tag in self._controller.all_tags():
                self.tag_combo.addItem(tag, tag)
        index = self.tag_combo.findData(current) if current is not None else 0
        self.tag_combo.setCurrentIndex(max(index, 0))
        self.tag_combo.blockSignals(False)
        self._fill_profiles()

    def _fill_profiles(self) -> None:
        """The rules filter: any, the two built-ins, then the library's rules sets by name."""
        current = self.profile_combo.currentData()
        self.profile_combo.blockSignals(True)
        self.profile_combo.clear()
        self.profile_combo.addItem(self.tr("Any rules"), None)
        for profile in ("numenera", "cypher"):
            self.profile_combo.addItem(profile_label(profile), profile)
        for summary in self._controller.rules_sets():
            self.profile_combo.addItem(summary.name, summary.uid)
        index = self.profile_combo.findData(current) if current is not None else 0
        self.profile_combo.setCurrentIndex(max(index, 0))
        self.profile_combo.blockSignals(False)

    def set_context_actions(self, actions: list[QAction | None]) -> None:
        """The actions of the right-click menu (None is a separator)."""
        self._context_actions = actions

    # -- searching --------------------------------------------------------------------

    def set_kind_filter(self, kinds: tuple[EntryKind, ...] | None) -> None:
        """Choose the kind filter whose kinds are `kinds` (for tests and shortcuts)."""
        for index in range(self.kind_combo.count()):
            if self.kind_combo.itemData(index) == kinds:
                self.kind_combo.setCurrentIndex(index)
                return
        raise ValueError(f"no kind filter for {kinds!r}")

    def refresh(self) -> None:
        """Run the search now with the text and filters, keeping the selection if possible."""
        self._timer.stop()
        if not self._controller.is_open:
            self.model.set_rows([])
            self.resultsChanged.emit()
            return
        selected = self.selected_uids()
        tag = self.tag_combo.currentData()
        low, high = self.level_range()
        text = self.search_edit.text().strip()
        filters = {
            "kinds": self.kind_combo.currentData(),
            "profile": self.profile_combo.currentData(),
            "tags": [tag] if tag else None,
            "favourites_only": self.favourites_button.isChecked(),
            "level_min": low,
            "level_max": high,
        }
        self.model.set_source(self._controller.browse(text, self._sort(), **filters))
        self._show_count(self.model.count())
        if selected:
            self.select_uids(selected)
        self.resultsChanged.emit()

    def _sort(self) -> Sort | None:
        """The column order the header shows, as the library takes it (None: best first)."""
        column, order = self.model.sort_state()
        rules_sets = [s.uid for s in self._controller.rules_sets()]
        return column_sort(column, order == Qt.SortOrder.DescendingOrder, rules_sets)

    def _show_count(self, count: MatchCount) -> None:
        total = count.entries
        if not count.exact:
            text = self.tr("{0}+ entries").format(f"{total:,}")
            self.count_label.setToolTip(
                self.tr(
                    "More than {0} entries match. They are not counted to the end so that"
                    " typing stays fast; scroll down to see them all."
                ).format(f"{total:,}")
            )
        else:
            text = self.tr("1 entry") if total == 1 else self.tr("{0} entries").format(f"{total:,}")
            self.count_label.setToolTip("")
        low, high = self.level_range()
        if low is not None or high is not None:
            text += " " + self.tr("(level {0}–{1}; entries without a level are hidden)").format(
                low or 1, high or "…"
            )
        self.count_label.setText(text)
        dim(self.count_label)

    def _on_entries_changed(self) -> None:
        self.reload_filters()
        self.refresh()

    def _on_entry_saved(self, uid: str) -> None:
        if self.model.row_of(uid) is not None:
            self._saved_uids.add(uid)
            self._saved_timer.start()

    def _show_saved(self) -> None:
        """Show the new names, levels, … of saved entries in the rows showing them."""
        from numdesk.model.errors import DomainError

        uids, self._saved_uids = self._saved_uids, set()
        fresh: list[EntrySummary] = []
        for uid in uids:
            if self.model.row_of(uid) is None or not self._controller.is_open:
                continue
            try:
                fresh.append(self._controller.summary(uid))
            except DomainError:
                continue  # deleted meanwhile: the listing that follows the delete drops it
        self.model.update_rows(fresh)

    # -- selection and activation -----------------------------------------------------

    def shown_summaries(self) -> list[EntrySummary]:
        """The rows as shown (loaded so far), top to bottom."""
        return self.model.rows()

    def selected_summaries(self) -> list[EntrySummary]:
        """The selected entries, top to bottom."""
        rows = sorted(i.row() for i in self.table.selectionModel().selectedRows())
        return [self.model.summary(r) for r in rows]

    def selected_uids(self) -> list[str]:
        """The uids of the selected entries."""
        return [s.uid for s in self.selected_summaries()]

    def current_summary(self) -> EntrySummary | None:
        """The entry under the keyboard focus (or the first selected one)."""
        index = self.table.currentIndex()
        if index.isValid() and self.table.selectionModel().isRowSelected(index.row()):
            return self.model.summary(index.row())
        selected = self.selected_summaries()
        return selected[0] if selected else None

    def select_uids(self, uids: list[str]) -> None:
        """Select the rows showing `uids` (those not shown are ignored)."""
        selection = self.table.selectionModel()
        selection.clearSelection()
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        first = True
        for uid in uids:
            row = self.model.row_of(uid)
            if row is None:
                continue
            index = self.model.index(row, Column.NAME)
            if first:
                selection.setCurrentIndex(index, flags)
                first = False
            else:
                selection.select(index, flags)
        self.selectionChanged.emit()

    def _on_activated(self, index: object) -> None:
        uid = self.model.data(index, UID_ROLE)  # type: ignore[arg-type]
        if isinstance(uid, str):
            self.openRequested.emit(uid)

    def _show_context_menu(self, pos: QPoint) -> None:
        if not self.table.indexAt(pos).isValid() or not self._context_actions:
            return
        menu = QMenu(self)
        for action in self._context_actions:
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        menu.exec(self.table.viewport().mapToGlobal(pos))

    def focus_search(self) -> None:
        """Put the keyboard focus in the search box with its text selected (Edit > Find)."""
        self.search_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_edit.selectAll()


def _zero_timer(parent: QObject, slot: object) -> QTimer:
    """A single-shot timer that runs `slot` once the event loop is free (restarting it
    before then changes nothing: many saves, one answer)."""
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(0)
    timer.timeout.connect(slot)
    return timer
