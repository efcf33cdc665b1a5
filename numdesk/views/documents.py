"""The open documents of the main window: sheets and entry editors in tabs, encounters
in their own windows, and which undo stack Edit > Undo talks to.

Opening an entry dispatches on its kind: a character gets a `CharacterController` and
the sheet helper's widget, an encounter the encounter helper's window, an entry of a
kind only a newer numdesk knows a read-only page saying so, anything else the entry
editor. Each document keeps its own undo stack in one `QUndoGroup`; the
stack of the current tab is active, and the library's stack is active while the
browser has the focus (so Ctrl+Z there undoes a delete).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoGroup, QUndoStack
from PySide6.QtWidgets import QApplication, QStackedWidget, QTabWidget, QWidget

from numdesk.controllers.library import LibraryController
from numdesk.controllers.rules_check import rules_problem
from numdesk.model.entry_kind import EntryKind, NewerKind
from numdesk.model.errors import DomainError


class Documents(QObject):
    """Opens, finds and closes the documents shown for library entries."""

    #: the current document changed (actions re-enable, the title updates)
    currentChanged = Signal()
    #: the user opened, closed or switched documents (the main window remembers them)
    sessionChanged = Signal()

    def __init__(
        self,
        controller: LibraryController,
        tabs: QTabWidget,
        stack: QStackedWidget,
        window: QWidget,
    ) -> None:
        super().__init__(window)
        self._controller = controller
        self._tabs = tabs
        self._stack = stack
        self._window = window
        self._uids: dict[QWidget, str] = {}
        self._stacks: dict[QWidget, QUndoStack] = {}
        self._controllers: dict[QWidget, QObject] = {}
        self.encounter_windows: dict[str, QWidget] = {}
        self._closing_all = False
        self.undo_group = QUndoGroup(self)
        self.undo_group.addStack(controller.undo_stack)
        self.undo_group.setActiveStack(controller.undo_stack)
        tabs.tabCloseRequested.connect(self.close_tab)
        tabs.currentChanged.connect(self._on_current_changed)
        controller.entryDeleted.connect(self.close_uid)
        controller.libraryOpened.connect(lambda _p: self.close_all())
        self._update_page()

    # -- finding ----------------------------------------------------------------------

    def widget_for(self, uid: str) -> QWidget | None:
        """The open tab showing `uid`, if any."""
        for widget, shown in self._uids.items():
            if shown == uid:
                return widget
        return None

    def current_widget(self) -> QWidget | None:
        """The widget of the current tab."""
        return self._tabs.currentWidget() if self._tabs.count() else None

    def current_uid(self) -> str | None:
        """The entry shown in the current tab."""
        widget = self.current_widget()
        return self._uids.get(widget) if widget is not None else None

    def controller_for(self, widget: QWidget) -> QObject | None:
        """The CharacterController behind a sheet tab."""
        return self._controllers.get(widget)

    def open_uids(self) -> list[str]:
        """Entries open in tabs, left to right."""
        widgets = (self._tabs.widget(i) for i in range(self._tabs.count()))
        return [self._uids[w] for w in widgets if w in self._uids]

    # -- opening ----------------------------------------------------------------------

    def open(self, uid: str) -> QWidget:
        """Show entry `uid`: focus its tab or window if open, else open it by kind."""
        existing = self.widget_for(uid)
        if existing is not None:
            self._tabs.setCurrentWidget(existing)
            return existing
        if uid in self.encounter_windows:
            window = self.encounter_windows[uid]
            window.show()
            window.raise_()
            window.activateWindow()
            return window
        kind = self._controller.kind_of(uid)
        if isinstance(kind, NewerKind):
            return self._open_newer(uid)
        problem = rules_problem(self._controller.library, uid)
        if problem:
            raise DomainError(problem)
        if kind is EntryKind.CHARACTER:
            return self._open_sheet(uid)
        if kind is EntryKind.ENCOUNTER:
            return self._open_encounter(uid)
        from numdesk.views.entry_editor import EntryEditor, can_edit

        if not can_edit(kind):
            raise ValueError(f"no editor for {kind}")
        editor = EntryEditor(self._controller, uid)
        editor.titleChanged.connect(lambda name, w=editor: self._retitle(w, name))
        self._add_tab(editor, uid, editor.entry.name, self._controller.undo_stack)
        return editor

    def _open_newer(self, uid: str) -> QWidget:
        """The read-only page of an entry of a kind only a newer numdesk knows."""
        from numdesk.views.newer_entry import NewerEntryPage

        page = NewerEntryPage(self._controller.load_newer(uid))
        self._add_tab(page, uid, page.heading.text(), None)
        return page

    def _open_sheet(self, uid: str) -> QWidget:
        from numdesk.controllers.character import CharacterController
        from numdesk.views.sheet import open_sheet_widget

        character_controller = CharacterController(
            self._controller.library, uid, library_controller=self._controller, parent=self
        )
        widget = open_sheet_widget(character_controller)
        self._controllers[widget] = character_controller
        opener = getattr(widget, "openEntryRequested", None)
        if opener is not None:  # an ability's "Open in library"
            opener.connect(self.open)
        name = character_controller.character.name
        character_controller.changed.connect(
            lambda w=widget, c=character_controller: self._retitle(w, c.character.name)
        )
        self._add_tab(widget, uid, name, character_controller.undo_stack)
        return widget

    def _open_encounter(self, uid: str) -> QWidget:
        from numdesk.views.encounter import open_encounter_window

        # its own top-level window, owned by nobody: never kept above this one (Alt+Tab
        # reaches every window); kept alive here and closed with the main window
        window = open_encounter_window(self._controller, uid, opener=self.open)
        self.encounter_windows[uid] = window
        window.destroyed.connect(lambda _o=None, u=uid: self._window_gone(u))
        self.sessionChanged.emit()
        window.show()
        window.raise_()
        return window

    def _window_gone(self, uid: str) -> None:
        """An encounter window closed: by the user (remembered) or by `close_all`."""
        if self.encounter_windows.pop(uid, None) is not None:
            self.sessionChanged.emit()

    def _add_tab(self, widget: QWidget, uid: str, title: str, stack: QUndoStack | None) -> None:
        self._uids[widget] = uid
        if stack is not None:
            self._stacks[widget] = stack
            if stack is not self._controller.undo_stack:
                self.undo_group.addStack(stack)
        index = self._tabs.addTab(widget, title)
        self._tabs.setTabToolTip(index, title)
        self._tabs.setCurrentIndex(index)
        self._update_page()
        self.sessionChanged.emit()

    def _retitle(self, widget: QWidget, title: str) -> None:
        index = self._tabs.indexOf(widget)
        if index >= 0:
            self._tabs.setTabText(index, title)
            self._tabs.setTabToolTip(index, title)

    # -- closing ----------------------------------------------------------------------

    def close_tab(self, index: int) -> None:
        """Close the tab at `index` (editors store pending edits first)."""
        widget = self._tabs.widget(index)
        if widget is None:
            return
        from numdesk.views.entry_editor import EntryEditor

        if isinstance(widget, EntryEditor):
            widget.commit_all()
        self._tabs.removeTab(index)
        self._uids.pop(widget, None)
        stack = self._stacks.pop(widget, None)
        if stack is not None and stack is not self._controller.undo_stack:
            self.undo_group.removeStack(stack)
        controller = self._controllers.pop(widget, None)
        widget.deleteLater()
        if controller is not None:
            controller.deleteLater()
        self._update_page()
        if not self._closing_all:
            self.sessionChanged.emit()

    def close_uid(self, uid: str) -> None:
        """Close whatever shows `uid` (it was deleted)."""
        widget = self.widget_for(uid)
        if widget is not None:
            self.close_tab(self._tabs.indexOf(widget))
        window = self.encounter_windows.pop(uid, None)
        if window is not None:
            window.close()

    def close_all(self) -> None:
        """Close every document (another library was opened, or the app quits); which
        ones were open stays remembered for the next start."""
        self._closing_all = True
        try:
            while self._tabs.count():
                self.close_tab(self._tabs.count() - 1)
        finally:
            self._closing_all = False
        for window in list(self.encounter_windows.values()):
            window.close()
        self.encounter_windows.clear()

    # -- undo routing -----------------------------------------------------------------

    def _on_current_changed(self, _index: int) -> None:
        self._activate_current_stack()
        self.currentChanged.emit()
        if not self._closing_all:  # the tab in front is part of what the next start restores
            self.sessionChanged.emit()

    def _activate_current_stack(self) -> None:
        widget = self.current_widget()
        stack = self._stacks.get(widget) if widget is not None else None
        self.undo_group.setActiveStack(stack or self._controller.undo_stack)

    def follow_focus(self, _old: Any, now: QWidget | None) -> None:
        """Make the library's stack active in the browser, the tab's stack in a tab."""
        if now is None:
            return
        if self._tabs.isAncestorOf(now):
            self._activate_current_stack()
        elif now.window() is self._window:
            self.undo_group.setActiveStack(self._controller.undo_stack)

    def _update_page(self) -> None:
        self._stack.setCurrentIndex(1 if self._tabs.count() else 0)

    def connect_focus(self) -> None:
        """Start following the keyboard focus (called once by the main window)."""
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self.follow_focus)
