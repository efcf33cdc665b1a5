"""The main window's Table menu and status line: host, join, leave and re-join a table.

`install_table_menu` adds the menu to a main window and keeps the app's one
`TableLinkController`; the Table window follows it. Whatever the link cannot do (a
wrong code, no table at the address, a refused character) is said in a message box
next to the action, in words a player understands.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QInputDialog, QLabel, QMainWindow, QMenu, QWidget

from numdesk.controllers.table_link import TableLinkController
from numdesk.link.status import FAILED, REFUSED, UNREACHABLE, WRONG_CODE
from numdesk.model.errors import DomainError
from numdesk.views.dialogs import show_error
from numdesk.views.table.status_line import status_text


class TableMenu(QObject):
    """The Table menu of `window` (a MainWindow with `controller` and `settings`)."""

    def __init__(self, window: QMainWindow, listen: bool = True) -> None:
        super().__init__(window)
        self.window = window
        self._listen = listen
        self.library = window.controller  # type: ignore[attr-defined]
        self.settings = window.settings  # type: ignore[attr-defined]
        self.link = TableLinkController(self.library, self)
        self.table_window: Any = None
        menu = QMenu(self.tr("Ta&ble"), window)
        menu.setObjectName("tableMenu")
        bar = window.menuBar()
        help_menu = next(
            (a for a in bar.actions() if a.menu() and a.menu().objectName() == "helpMenu"), None
        )
        if help_menu is not None:
            bar.insertMenu(help_menu, menu)
        else:
            bar.addMenu(menu)
        self.host_action = self._action(menu, self.tr("&Host a Table…"), self.host)
        self.join_action = self._action(menu, self.tr("&Join a Table…"), self.join)
        menu.addSeparator()
        self.show_action = self._action(menu, self.tr("Show the Table &Window"), self.show_window)
        self.rejoin_action = self._action(menu, self.tr("&Re-join"), self.link.rejoin)
        self.leave_action = self._action(menu, self.tr("&Leave the Table"), self.link.leave)
        self.host_action.setObjectName("hostTable")
        self.join_action.setObjectName("joinTable")
        self.leave_action.setObjectName("leaveTableAction")
        self.rejoin_action.setObjectName("rejoinTableAction")
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)  # (see `plain_text.deferred`)
        self.status.setObjectName("tableStatusLine")
        window.statusBar().addPermanentWidget(self.status)
        self._restore_join()
        self.link.stateChanged.connect(self.refresh)
        self.link.stateChanged.connect(self._remember_join)
        self.link.ended.connect(self._ended)
        self.link.refusedCharacter.connect(self._refused)
        self.library.characterActed.connect(self._acted)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_moved)
        window.installEventFilter(self)
        # "last change 21:03:05" stays right; the rest follows the signals
        self._tick = QTimer(self)
        self._tick.setInterval(30_000)
        self._tick.timeout.connect(self.refresh)
        self._tick.start()
        self.refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Closing the main window (Quit) ends or leaves the table and its window."""
        if watched is self.window and event.type() == QEvent.Type.Close:
            QTimer.singleShot(0, self._close_if_closed)
        return False

    def _close_if_closed(self) -> None:
        if self.window.isVisible():
            return  # the close was refused (a question answered "keep")
        self.link.leave()
        if self.table_window is not None:
            self.table_window.deleteLater()
            self.table_window = None

    def _action(self, menu: Any, text: str, handler: Any) -> QAction:
        action = menu.addAction(text)
        action.triggered.connect(lambda _checked=False: self._guarded(handler))
        return action

    def _guarded(self, handler: Any) -> None:
        try:
            handler()
        except DomainError as err:
            show_error(self.window, self.tr("Table"), err.message)

    def refresh(self) -> None:
        """Menu items and the status line as the link stands now."""
        role = self.link.role
        self.host_action.setEnabled(not role)
        self.join_action.setEnabled(not role)
        self.leave_action.setEnabled(bool(role))
        self.leave_action.setText(
            self.tr("&End the Table") if role == "host" else self.tr("&Leave the Table")
        )
        self.rejoin_action.setEnabled(self.link.can_rejoin)
        self.status.setVisible(bool(role) or self.link.can_rejoin)
        self.status.setText(status_text(self.link, self.tr))

    # -- hosting and joining ---------------------------------------------------------------
    def host(self) -> None:
        """Ask the table's name, start hosting and show the join code."""
        name, ok = QInputDialog.getText(
            self.window,
            self.tr("Host a Table"),
            self.tr("Name of the table (players see it when they look for tables):"),
            text=self.settings.table_text("name") or self.tr("Game night"),
        )
        name = name.strip()
        if not ok or not name:
            return
        again = name == self.settings.table_text("name")
        code = self.settings.table_text("code") if again else ""
        port = _free_port(self.settings.table_text("port")) if again else 0
        self.settings.set_table_text("name", name)
        # the same table again (the GM's laptop restarted): the same code and port, so
        # the players' numdesk finds it again by itself
        self.settings.set_table_text("code", self.link.host(name[:200], code, port, self._listen))
        self.show_window()
        fights = [w for w in QApplication.topLevelWidgets() if _is_fight(w) and w.isVisible()]
        if fights:
            self._share(fights[-1])

    def join(self) -> None:
        """Ask where and with which characters, then join."""
        from numdesk.views.table.join_dialog import JoinDialog

        library = self.library.library
        characters = [(s.uid, s.name) for s in library.characters.list()]
        dialog = JoinDialog(
            characters,
            address=self.settings.table_text("address"),
            table=self.settings.table_text("joined"),
            name=self.settings.table_text("player") or _player_name(library, characters),
            listen=self._listen,
            parent=self.window,
        )
        if not dialog.exec():
            return
        choice = dialog.choice()
        self.settings.set_table_text("address", choice.address)
        self.settings.set_table_text("player", choice.name)
        self.link.join(choice.address, choice.code, choice.uids, choice.name)
        self._remember_join()
        self.show_window()

    def _remember_join(self) -> None:
        """Keep the last join (Re-join works after a restart too) and the table's port."""
        last = self.link.last_join
        if last is not None:
            address, code, uids, name = last
            self.settings.set_table_text(
                "last-join",
                json.dumps({"address": address, "code": code, "uids": uids, "name": name}),
            )
        if self.link.role == "player" and self.link.table_name:
            self.settings.set_table_text("joined", self.link.table_name)
        hosted = self.link.last_hosted
        if self.link.role == "host" and self.link.port:
            self.settings.set_table_text("port", str(self.link.port))
        elif hosted is not None and hosted[0] == self.settings.table_text("name"):
            self.settings.set_table_text("port", str(hosted[2]))

    def _restore_join(self) -> None:
        try:
            last = json.loads(self.settings.table_text("last-join") or "null")
            self.link.remember_join(
                str(last["address"]),
                str(last["code"]),
                list(last["uids"]),
                str(last["name"]),
                self.settings.table_text("joined"),
            )
        except (ValueError, TypeError, KeyError):
            return

    def show_window(self) -> None:
        if self.table_window is None:
            from numdesk.views.table.table_window import TableWindow

            names = {s.uid: s.name for s in self.library.library.characters.list()}
            self.table_window = TableWindow(self.link, names)
        self.table_window.refresh()
        self.table_window.show()
        self.table_window.raise_()
        self.table_window.activateWindow()

    # -- the fight and the rolls ---------------------------------------------------------------
    def _focus_moved(self, _old: QWidget | None, new: QWidget | None) -> None:
        """The fight the GM works in is the one the players see."""
        if self.link.role != "host" or new is None:
            return
        window = new.window()
        if _is_fight(window):
            self._share(window)

    def _share(self, window: QWidget) -> None:
        from numdesk.views.table.fight_link import attach

        if self.link.shared_fight != window.controller.uid:  # type: ignore[attr-defined]
            attach(window, self.link)

    def _acted(self, uid: str, operation: object, change: Any) -> None:
        """A joined player's task, defense or recovery roll goes to the GM's fight log."""
        if self.link.role != "player" or uid not in self.link.brought():
            return
        from numdesk.model.operations.defense_roll import DefendAndTakeHit
        from numdesk.model.operations.recovery import Recover
        from numdesk.model.operations.task import PerformTask
        from numdesk.model.operations.xp import XpReroll

        if isinstance(operation, PerformTask | XpReroll | DefendAndTakeHit | Recover):
            name = self.library.library.characters.load(uid).name
            self.link.send_roll(uid, f"{name}: {change.summary}")

    # -- what went wrong ---------------------------------------------------------------------
    def _ended(self, status: int, line: str) -> None:
        words = {
            WRONG_CODE: self.tr(
                "The table refused the join code. Check the code on the GM's screen and join again."
            ),
            UNREACHABLE: self.tr(
                "No table answered at that address. Check that the GM is hosting and that "
                "both laptops are on the same network, then join again."
            ),
            REFUSED: self.tr("The table took none of the characters you brought."),
            FAILED: self.tr("The table link stopped."),
        }
        if status in words:
            show_error(self.window, self.tr("Table"), words[status], line)

    def _refused(self, uid: str, why: str) -> None:
        name = next((s.name for s in self.library.library.characters.list() if s.uid == uid), uid)
        show_error(
            self.window,
            self.tr("Table"),
            self.tr("The table did not take {0}: {1}").format(name, why),
        )


def _free_port(text: str) -> int:
    """The port last hosted on, if it can be had again now (0: any free port)."""
    if not text.isdigit():
        return 0
    import socket  # here, not at the top: the main window's start never needs it

    with socket.socket() as probe:
        # as the server will (asyncio does): a port left in TIME_WAIT by the last
        # table's connections can be listened on again
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("0.0.0.0", int(text)))
        except OSError:
            return 0
    return int(text)


def _is_fight(window: object) -> bool:
    """Whether `window` is an open fight (asked only while hosting: the fight's module is
    not loaded at start)."""
    from numdesk.views.encounter.window import EncounterWindow

    return isinstance(window, EncounterWindow)


def _player_name(library: Any, characters: list[tuple[str, str]]) -> str:
    for uid, _name in characters:
        player = getattr(library.characters.load(uid), "player", "")
        if player:
            return str(player)
    return ""


def install_table_menu(window: QMainWindow, listen: bool = True) -> TableMenu:
    """Add the Table menu to `window` (`listen`: look for tables on the network)."""
    return TableMenu(window, listen)
