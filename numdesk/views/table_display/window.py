"""The table display's own window: full screen on the TV, projector or second monitor the
GM picks, or an ordinary window when there is only one screen.

It follows a fight through two things only: a function giving the players' view now and
a signal saying it may have changed (the EncounterController's `changed`), so it costs
the GM nothing — the view is worked out only while the window is open, and only the
rows that changed are painted again. A right-click (or the menu key) offers the look,
full screen and closing; F11, L and Esc do the same from the keyboard.

Opening it never takes the keyboard from the fight: it is shown without activation
(`WA_ShowWithoutActivating`), and where a window manager activates it anyway, the
activation is handed straight back (`KeyboardStays`) — the GM's next Ctrl+→ turns the
fight, not the TV's window.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QObject,
    QRect,
    Qt,
    QTimer,
    Signal,
    SignalInstance,
)
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QContextMenuEvent,
    QGuiApplication,
    QKeySequence,
    QScreen,
)
from PySide6.QtWidgets import QMenu, QVBoxLayout, QWidget

from numdesk.model.table_view import TableView
from numdesk.views.table_display.widget import TableDisplay


def screen_label(screen: QScreen, number: int) -> str:
    """ "Screen 2: HDMI-1, 1920 × 1080" — how the GM picks a screen."""
    size = screen.geometry().size()
    name = screen.name() or screen.model()
    return QGuiApplication.translate("TableDisplayWindow", "Screen {0}: {1}, {2} × {3}").format(
        number, name, size.width(), size.height()
    )


def other_screen(beside: QWidget) -> QScreen | None:
    """The first screen that does not show `beside` (the fight), if there is one."""
    mine = beside.screen()
    for screen in QGuiApplication.screens():
        if screen is not mine:
            return screen
    return None


class KeyboardStays(QObject):
    """Keeps the keyboard with `keeper` while `shown` appears: if the window system
    activates `shown` before the user does anything, `keeper` is activated again.

    It lasts only until that one hand-back, the first key or mouse press anywhere in
    the app, or `LASTS_MS` (a window manager activates a new window as it maps it, or
    never), so a GM who later clicks or Alt+Tabs into the display keeps it there.
    """

    LASTS_MS = 1500

    def __init__(self, shown: QWidget, keeper: QWidget) -> None:
        super().__init__(shown)
        self._shown = shown
        self._keeper = keeper
        self._stopped = False
        app = QCoreApplication.instance()
        if app is not None:
            app.installEventFilter(self)
        QTimer.singleShot(self.LASTS_MS, self, self.stop)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.WindowActivate and watched is self._shown:
            if self._keeper.isVisible():
                self._keeper.activateWindow()
            self.stop()
        elif kind in (QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress):
            self.stop()
        return False

    def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        app = QCoreApplication.instance()
        if app is not None:
            app.removeEventFilter(self)
        self.deleteLater()


class TableDisplayWindow(QWidget):
    """A top-level window showing `view()` in a TableDisplay, redrawn on `changed`."""

    #: the window was closed (it is deleted a moment later)
    closed = Signal()

    def __init__(
        self,
        view: Callable[[], TableView],
        changed: SignalInstance,
        *,
        dark: bool = True,
    ) -> None:
        super().__init__(None, Qt.WindowType.Window)
        self.setObjectName("tableDisplayWindow")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        # a screen for the players: showing it must not take the GM's keyboard
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
        self._view = view
        self._changed = changed
        self.display = TableDisplay(self, dark=dark)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.display)
        self._build_actions()
        changed.connect(self.refresh)
        self.refresh()

    def _build_actions(self) -> None:
        self.dark_action = QAction(self.tr("Dark look"), self)
        self.dark_action.setCheckable(True)
        self.dark_action.setChecked(self.display.dark)
        self.dark_action.setShortcut(QKeySequence("L"))
        self.dark_action.toggled.connect(self.display.set_dark)
        self.full_screen_action = QAction(self.tr("Full screen"), self)
        self.full_screen_action.setCheckable(True)
        self.full_screen_action.setShortcut(QKeySequence("F11"))
        self.full_screen_action.toggled.connect(self._full_screen)
        self.leave_action = QAction(self.tr("Leave full screen"), self)
        self.leave_action.setShortcut(QKeySequence("Esc"))
        self.leave_action.triggered.connect(lambda: self.full_screen_action.setChecked(False))
        self.close_action = QAction(self.tr("Close the table display"), self)
        self.close_action.setShortcuts(QKeySequence.StandardKey.Close)
        self.close_action.triggered.connect(self.close)
        for action in (
            self.dark_action,
            self.full_screen_action,
            self.leave_action,
            self.close_action,
        ):
            self.addAction(action)

    # -- following the fight -------------------------------------------------------------
    def refresh(self) -> None:
        """Show the players' view as it is now (only while the window is open)."""
        view = self._view()
        title = self.tr("{0} — table display").format(view.name)
        if self.windowTitle() != title:
            self.setWindowTitle(title)
        self.display.show_view(view)

    # -- where it shows ---------------------------------------------------------------------
    def show_on(self, screen: QScreen | None, keyboard_with: QWidget | None = None) -> None:
        """Show full screen on `screen`; without one (a single screen), as an ordinary
        window at most 1280 × 720 on the screen it opens on. The keyboard stays with
        `keyboard_with` (the fight) when that is the active window."""
        if keyboard_with is not None and keyboard_with.isActiveWindow() and not self.isVisible():
            KeyboardStays(self, keyboard_with)
        if screen is None:
            self.full_screen_action.setChecked(False)
            self._normal_size(self.screen())
            self.show()
            return
        # out of full screen first: a full-screen window keeps its screen
        self.full_screen_action.setChecked(False)
        self.setScreen(screen)
        self.setGeometry(screen.geometry())
        self.full_screen_action.setChecked(True)
        self.show()

    def _normal_size(self, screen: QScreen | None) -> None:
        free = screen.availableGeometry() if screen is not None else QRect(0, 0, 1280, 720)
        rect = QRect(0, 0, min(1280, free.width()), min(720, free.height()))
        rect.moveCenter(free.center())
        self.setGeometry(rect)

    def _full_screen(self, on: bool) -> None:
        if on:
            self.setWindowState(self.windowState() | Qt.WindowState.WindowFullScreen)
        else:
            self.setWindowState(self.windowState() & ~Qt.WindowState.WindowFullScreen)

    # -- Qt --------------------------------------------------------------------------------
    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = QMenu(self)
        for action in (self.dark_action, self.full_screen_action, None, self.close_action):
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        menu.exec(event.globalPos())

    def closeEvent(self, event: QCloseEvent) -> None:
        # stop following the fight now (the window is deleted a moment later); the
        # connection is already gone if the fight closed first
        with suppress(RuntimeError, TypeError):
            self._changed.disconnect(self.refresh)
        super().closeEvent(event)
        self.closed.emit()
