"""The main window: the library browser beside the open documents, menus and toolbar.

The window is a shell: the central form comes from `ui/main_window.ui`, the browser and
the documents (tabs) are their own classes, the actions come from the registry in
`views/actions.py`, and what the File menu's longer flows do (import, export, print,
entry actions) lives in `views/library/`. This class wires them together and remembers
the window's layout between runs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import (
    QLabel,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.library import LibraryController
from numdesk.gui import after_first_paint
from numdesk.model.errors import DomainError
from numdesk.views import main_dialogs
from numdesk.views.action_icons import StandardIcons
from numdesk.views.actions import ActionId, create_actions
from numdesk.views.documents import Documents
from numdesk.views.forms import child, load_form
from numdesk.views.library import LibraryBrowser
from numdesk.views.library.host import LibraryHost
from numdesk.views.main_layout import restore_layout, save_layout
from numdesk.views.main_menus import build_menus, build_toolbar
from numdesk.views.theme import dim, heading_font, mark_error

if TYPE_CHECKING:
    from PySide6.QtWidgets import QProgressDialog

    from numdesk.views.table.menu import TableMenu

LIBRARY_FILTER = QT_TRANSLATE_NOOP(
    "MainWindow", "numdesk libraries (*.numdesk *.sqlite *.db);;All files (*)"
)


def _entry_actions() -> ModuleType:
    """The new/duplicate/rename/delete/tag flows, imported on first use (like
    `_transfer`): the first window does not need their dialogs."""
    from numdesk.views.library import entry_actions

    return entry_actions


def _transfer() -> ModuleType:
    """The import, export and print flows, imported on first use: they bring the
    page layout code, which the first window does not need."""
    from numdesk.views.library import transfer

    return transfer


class MainWindow(LibraryHost):
    """The top-level window: library browser, document tabs, menus and toolbar."""

    def __init__(self, controller: LibraryController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.settings = controller.settings
        self.setObjectName("mainWindow")
        central = QWidget(self)
        form = load_form("main_window.ui", central)
        self.setCentralWidget(central)
        self.splitter = child(form, QSplitter, "splitter")
        self.browser = LibraryBrowser(controller)
        self._host_browser(child(form, QWidget, "browserHost"))
        self.tabs = child(form, QTabWidget, "tabs")
        self.documents = Documents(
            controller, self.tabs, child(form, QStackedWidget, "documentStack"), self
        )
        welcome = child(form, QLabel, "welcomeTitle")
        welcome.setFont(heading_font(self.font(), 1.5))
        dim(child(form, QLabel, "welcomeText"))
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        # narrow enough that a sheet fits beside it on a 1366-pixel screen (no sideways scroll)
        self.splitter.setSizes([340, 1026])

        self.actions_by_id = create_actions(self)
        self.toolbar = QToolBar(self.tr("Main toolbar"), self)
        self.toolbar_toggle = self.toolbar.toggleViewAction()
        self.toolbar_toggle.setText(self.tr("Show &Toolbar"))
        self.addActions(list(self.actions_by_id.values()))
        self.recent_menu = build_menus(self)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        build_toolbar(self)
        self._connect()
        self.import_progress: QProgressDialog | None = None
        self.print_progress: QProgressDialog | None = None
        # the first window's labels are plain text from the start: the plain-text filter
        # is installed only once the library is open (`plain_text.deferred`)
        self.status_label = QLabel()
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        self.statusBar().addPermanentWidget(self.status_label)
        self.backup_label = QLabel()
        self.backup_label.setTextFormat(Qt.TextFormat.PlainText)
        self.backup_label.setObjectName("backupProblem")
        mark_error(self.backup_label)
        self.statusBar().addWidget(self.backup_label, 1)
        self.blank_label = QLabel(self.tr("Printing blank sheets for pencil play"))
        self.blank_label.setTextFormat(Qt.TextFormat.PlainText)
        self.blank_label.setObjectName("blankSheetsOn")
        self.blank_label.setToolTip(self.tr("File > Blank Sheets for Pencil Play turns it off"))
        self.blank_label.hide()
        self.statusBar().addPermanentWidget(self.blank_label)
        self.rules_label = QLabel()
        self.rules_label.setTextFormat(Qt.TextFormat.PlainText)
        self.rules_label.setObjectName("rulesSetProblem")
        mark_error(self.rules_label)
        self.statusBar().addWidget(self.rules_label, 1)
        self.resize(1366, 768)
        restore_layout(self)
        self._update_title()
        self._update_actions()
        self._report_backup()
        self._report_rules_sets()
        self.actions_by_id[ActionId.SHOW_LIBRARY].setChecked(
            self.splitter.widget(0).isVisibleTo(self)
        )
        # the standard icons come once the library list is painted (`actions`)
        self.icons = StandardIcons(self.actions_by_id, self, self.browser.table.viewport())
        # so does the Table menu: with the link's controller and its status line it is
        # not on the first screen
        self._table_menu: TableMenu | None = None
        after_first_paint(self.browser.table.viewport(), self._add_table_menu)
        self.documents.connect_focus()

    @property
    def table_menu(self) -> TableMenu:
        """The Table menu: added once the library list is painted, or now if asked for
        sooner."""
        return self._add_table_menu()

    def _add_table_menu(self) -> TableMenu:
        if self._table_menu is None:
            from numdesk.views.table.menu import install_table_menu

            self._table_menu = install_table_menu(self)
        return self._table_menu

    def _host_browser(self, host: QWidget) -> None:
        layout = host.layout() or QVBoxLayout(host)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)

    # -- menus and toolbar ------------------------------------------------------------

    def _connect(self) -> None:
        a = self.actions_by_id
        handlers: dict[ActionId, Callable[[], object]] = {
            ActionId.NEW_CHARACTER: lambda: _entry_actions().new_character(self),
            ActionId.NEW_ENCOUNTER: lambda: _entry_actions().new_encounter(self),
            ActionId.NEW_ENTRY: lambda: _entry_actions().new_entry(self),
            ActionId.NEW_LIBRARY: self.new_library,
            ActionId.OPEN_LIBRARY: self.open_library_dialog,
            ActionId.IMPORT: lambda: _transfer().import_dialog(self),
            ActionId.EXPORT_LIBRARY: lambda: _transfer().export_dialog(self, None),
            ActionId.EXPORT_SELECTION: lambda: _transfer().export_dialog(
                self, self.selected_or_current()
            ),
            ActionId.EXPORT_PDF: lambda: _transfer().export_pdf_dialog(self),
            ActionId.PRINT: lambda: _transfer().print_dialog(self),
            ActionId.PRINT_PREVIEW: lambda: _transfer().print_preview_dialog(self),
            ActionId.RESTORE_BACKUP: lambda: _entry_actions().restore_backup(self),
            ActionId.CLOSE_TAB: self.close_current_tab,
            ActionId.QUIT: self.close,
            ActionId.UNDO: self.documents.undo_group.undo,
            ActionId.REDO: self.documents.undo_group.redo,
            ActionId.FIND: self.find,
            ActionId.PREFERENCES: lambda: main_dialogs.show_preferences(self),
            ActionId.OPEN_ENTRY: self.open_selected,
            ActionId.DUPLICATE: lambda: _entry_actions().duplicate(self),
            ActionId.RENAME: lambda: _entry_actions().rename(self),
            ActionId.DELETE: lambda: _entry_actions().delete(self),
            ActionId.FAVOURITE: lambda: _entry_actions().toggle_favourite(self),
            ActionId.EDIT_TAGS: lambda: _entry_actions().edit_tags(self),
            ActionId.FIGHT_KEYS: lambda: main_dialogs.show_fight_keys(self),
            ActionId.ABOUT: lambda: main_dialogs.show_about(self),
            ActionId.SHOW_LIBRARY: self.toggle_library,
        }
        for action_id, handler in handlers.items():
            a[action_id].triggered.connect(lambda _checked=False, h=handler: self.guard(h))
        # blank sheets last for this run only, and say so in the status bar while on: a
        # choice remembered from an earlier day printed empty sheets without a word
        a[ActionId.BLANK_SHEETS].toggled.connect(self._show_blank_sheets)
        a[ActionId.QUIT].setMenuRole(QAction.MenuRole.QuitRole)
        a[ActionId.PREFERENCES].setMenuRole(QAction.MenuRole.PreferencesRole)
        a[ActionId.ABOUT].setMenuRole(QAction.MenuRole.AboutRole)
        for action_id in (ActionId.OPEN_ENTRY, ActionId.DELETE, ActionId.RENAME):
            a[action_id].setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.browser.table.addAction(a[action_id])
            self.removeAction(a[action_id])
        group = self.documents.undo_group
        group.canUndoChanged.connect(a[ActionId.UNDO].setEnabled)
        group.canRedoChanged.connect(a[ActionId.REDO].setEnabled)
        group.undoTextChanged.connect(lambda t: self._set_undo_text(ActionId.UNDO, t))
        group.redoTextChanged.connect(lambda t: self._set_undo_text(ActionId.REDO, t))
        a[ActionId.UNDO].setEnabled(group.canUndo())
        a[ActionId.REDO].setEnabled(group.canRedo())
        self.browser.openRequested.connect(lambda uid: self.guard(lambda: self.open_entry(uid)))
        self.browser.selectionChanged.connect(self._update_actions)
        self.browser.resultsChanged.connect(self._update_status)
        self.documents.currentChanged.connect(self._update_actions)
        self.controller.libraryOpened.connect(lambda _p: self._update_title())
        self.controller.libraryOpened.connect(lambda _p: self._report_backup())
        self.controller.libraryOpened.connect(lambda _p: self._report_rules_sets())
        self.controller.entriesChanged.connect(self._update_status)
        self.controller.confirm = self._confirm_undo
        self.controller.notice.connect(self._show_notice)
        self.documents.sessionChanged.connect(self._remember_session)

    def _remember_session(self) -> None:
        self.controller.remember_session(
            self.documents.open_uids(),
            list(self.documents.encounter_windows),
            self.documents.current_uid(),
        )

    def resume_session(self) -> None:
        """Reopen the tabs that were open when numdesk last closed (with their undo
        history) and offer each fight that was running: "Resume the fight '…'?"."""
        from numdesk.views.dialogs import confirm

        tabs, fights = self.controller.session()
        current = self.controller.session_current()
        library = self.controller.path
        for uid in tabs:
            if self.documents.widget_for(uid) is None:
                self.guard(lambda u=uid: self.open_entry(u))
        if current is not None and self.documents.widget_for(current) is not None:
            self.documents.open(current)  # the tab that was in front comes to the front
        for uid in [] if self.controller.read_only else fights:
            if self.controller.path != library:
                return  # another library was opened meanwhile: its own session follows
            if uid in self.documents.encounter_windows or not self.controller.has(uid):
                continue
            name = self.controller.summary(uid).name
            question = self.tr("Resume the fight “{0}”?").format(name)
            keep = self.tr("&Not Now")
            if not confirm(
                self, self.tr("Resume"), question, self.tr("&Resume"), keep, action_is_default=True
            ):
                continue
            if self.controller.path == library:  # the answer may come after a switch
                self.guard(lambda u=uid: self.open_entry(u))
        self._remember_session()

    def _confirm_undo(self, question: str) -> bool:
        """Undoing the creation of an entry changed since deletes work: ask first."""
        from numdesk.views.dialogs import confirm

        return confirm(self, self.tr("Undo"), question, self.tr("&Delete It"))

    def _show_notice(self, message: str) -> None:
        """An undo or redo that was refused says why, in the status bar and in a box
        that does not block (it comes from inside the undo, which must finish first)."""
        from PySide6.QtWidgets import QMessageBox

        self.statusBar().showMessage(message, 15000)
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("numdesk"), message, parent=self)
        box.setObjectName("undoNoticeBox")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setModal(False)
        box.show()

    def _report_backup(self) -> None:
        """Say in the status bar why opening the library made no backup (a full disk).

        A label of its own, not a passing message: hovering a menu would wipe that.
        """
        problem = self.controller.backup_problem if self.controller.is_open else None
        text = ""
        if problem:
            text = self.tr("No backup was made today: {0}. numdesk will try again next time.")
            text = text.format(problem)
        self.backup_label.setText(text)
        self.backup_label.setToolTip(text)
        self.backup_label.setVisible(bool(text))

    def _report_rules_sets(self) -> None:
        """Name the library's rules sets that cannot be used (a damaged or newer entry),
        so entries playing by them failing to open is explained."""
        problems = self.controller.rules_set_problems
        text = ""
        if problems:
            text = self.tr("Rules sets that cannot be used: {0}").format(" ".join(problems))
        self.rules_label.setText(text)
        self.rules_label.setToolTip(text)
        self.rules_label.setVisible(bool(text))

    def _set_undo_text(self, action_id: ActionId, text: str) -> None:
        """The Edit menu names the step ("Undo Took 3 Might damage…"); the toolbar button
        keeps its short label (a long one pushed the toolbar's end out of sight) and
        shows the step in its tooltip."""
        undo = action_id is ActionId.UNDO
        base = self.tr("&Undo") if undo else self.tr("&Redo")
        action = self.actions_by_id[action_id]
        action.setText(f"{base} {text}".strip() if text else base)
        action.setIconText(self.tr("Undo") if undo else self.tr("Redo"))
        action.setToolTip(f"{action.iconText()}: {text}" if text else action.iconText())

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.controller.recent_libraries()
        for number, path in enumerate(recent, start=1):
            action = self.recent_menu.addAction(f"&{number} {path.name} — {path.parent}")
            action.setData(str(path))
            action.triggered.connect(
                lambda _c=False, p=path: self.guard(lambda: self.open_library(p))
            )
        if not recent:
            empty = self.recent_menu.addAction(self.tr("No recent libraries"))
            empty.setEnabled(False)

    # -- state shown in the frame -----------------------------------------------------

    def _show_blank_sheets(self, on: bool) -> None:
        self.blank_label.setVisible(on)

    def _update_title(self) -> None:
        path = self.controller.path
        name = self.tr("numdesk")
        if self.controller.read_only:
            name = self.tr("numdesk (read-only)")
        self.setWindowTitle(f"{path.stem} — {name}" if path is not None else name)
        self.setWindowFilePath(str(path) if path is not None else "")
        self._update_status()

    def _update_status(self) -> None:
        if not self.controller.is_open:
            self.status_label.setText(self.tr("No library open"))
            return
        total = self.controller.count()
        self.status_label.setText(
            self.tr("{0} — {1} entries").format(self.controller.path, f"{total:,}")
        )

    def _update_actions(self) -> None:
        selected = bool(self.browser.selected_uids())
        for action_id in (
            ActionId.OPEN_ENTRY,
            ActionId.DUPLICATE,
            ActionId.RENAME,
            ActionId.DELETE,
            ActionId.FAVOURITE,
            ActionId.EDIT_TAGS,
            ActionId.EXPORT_SELECTION,
        ):
            self.actions_by_id[action_id].setEnabled(selected)
        current = self.browser.current_summary()
        self.actions_by_id[ActionId.FAVOURITE].setChecked(bool(current and current.favourite))
        has_document = self.documents.current_widget() is not None
        self.actions_by_id[ActionId.CLOSE_TAB].setEnabled(has_document)
        printable = has_document or selected
        for action_id in (ActionId.EXPORT_PDF, ActionId.PRINT, ActionId.PRINT_PREVIEW):
            self.actions_by_id[action_id].setEnabled(printable)

    # -- what the actions do ----------------------------------------------------------

    def guard(self, handler: Callable[[], object]) -> None:
        """Run an action; an error the user caused is shown in a message box, not raised."""
        try:
            handler()
        except DomainError as err:
            from numdesk.views.dialogs import show_error

            show_error(self, self.tr("numdesk"), err.message)
        except OSError as err:  # a file the user chose could not be read or written
            from numdesk.views.dialogs import show_error

            where = f"{err.filename}: " if err.filename else ""
            show_error(self, self.tr("numdesk"), f"{where}{err.strerror or err}")

    def selected_or_current(self) -> list[str]:
        """The browser's selection, or the entry of the current tab."""
        uids = self.browser.selected_uids()
        if not uids and self.documents.current_uid():
            uids = [self.documents.current_uid() or ""]
        return uids

    def open_entry(self, uid: str) -> QWidget:
        """Open entry `uid` in a tab (or its window) and return the widget shown."""
        return self.documents.open(uid)

    def open_selected(self) -> None:
        """Open every selected entry."""
        for uid in self.browser.selected_uids():
            self.open_entry(uid)

    def find(self) -> None:
        """Edit > Find: the search box (showing the library if it was hidden)."""
        if not self.splitter.widget(0).isVisible():
            self.toggle_library()
        self.browser.focus_search()

    def toggle_library(self) -> None:
        """View > Show Library: hide the browser to give a sheet the whole width."""
        host = self.splitter.widget(0)
        host.setVisible(not host.isVisible())
        self.actions_by_id[ActionId.SHOW_LIBRARY].setChecked(host.isVisible())
        if host.isVisible():
            self.browser.focus_search()

    def close_current_tab(self) -> None:
        """Close the current tab."""
        index = self.tabs.currentIndex()
        if index >= 0:
            self.documents.close_tab(index)

    def open_library(self, path: Path) -> None:
        """Open the library file `path` in place of the current one."""
        self.controller.open_library(Path(path), create=False)

    def open_library_dialog(self) -> None:
        """File > Open Library."""
        from PySide6.QtWidgets import QFileDialog

        start = str(self.controller.path.parent) if self.controller.path else ""
        name, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open Library"), start, self.tr(LIBRARY_FILTER)
        )
        if name:
            self.open_library(Path(name))

    def new_library(self) -> None:
        """File > New Library: a new file with starter content."""
        from PySide6.QtWidgets import QFileDialog

        start = str(self.controller.path.parent) if self.controller.path else ""
        name, _ = QFileDialog.getSaveFileName(
            self, self.tr("New Library"), start, self.tr(LIBRARY_FILTER)
        )
        if name:
            path = Path(name)
            if not path.suffix:
                path = path.with_suffix(".numdesk")
            self.controller.new_library(path)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Store pending edits, remember the layout, then close."""
        save_layout(self)
        self.documents.close_all()
        super().closeEvent(event)
