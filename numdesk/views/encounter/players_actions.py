"""What the players see of the fight, from the GM's fight window: the Players menu on the
toolbar opens the table display (full screen on a chosen screen), hides the selected
combatants from the players or shows them again, and switches NPC health between words
and numbers.

Hiding and the numbers are fight operations (logged, one Undo step each); the display
only ever draws `EncounterController.table_view()`, so a hidden combatant never reaches
it. Each action names its key in its tooltip; the keys are in the fight's F1 list too.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QScreen
from PySide6.QtWidgets import QMenu, QToolBar, QToolButton, QWidget

from numdesk.controllers.encounter import EncounterController
from numdesk.model.encounter import Combatant
from numdesk.model.errors import DomainError
from numdesk.model.operations.encounter import RevealNumbers, SetHidden
from numdesk.views.encounter.keys import KEYS_BY_ID, key_text
from numdesk.views.table_display.window import TableDisplayWindow, other_screen, screen_label


class PlayersActions:
    """The Players menu of `EncounterWindow` (a mixin: it builds, the window uses)."""

    controller: EncounterController
    table_display_window: TableDisplayWindow | None
    #: from TableSelection and EncounterWindow
    selected_combatants: Callable[[], list[Combatant]]
    show_message: Callable[[str], None]

    def _build_players_actions(self, toolbar: QToolBar) -> None:
        self.table_display_window = None
        #: the screen the GM picked for the display (None: the one beside the fight)
        self.display_screen: QScreen | None = None
        self.table_display_action = self._players_action(
            self.tr("Table display"),
            "table_display",
            self.tr(
                "A window for the players on a TV, projector or second screen: round, whose "
                "turn, the order, health in words"
            ),
        )
        self.table_display_action.toggled.connect(self._show_table_display)
        self.hide_action = self._players_action(
            self.tr("Hide from players"),
            "hide",
            self.tr(
                "Hide the selected combatants from the table display and the players' "
                "laptops, or show them again"
            ),
        )
        self.hide_action.triggered.connect(self._toggle_hidden)
        self.reveal_action = self._players_action(
            self.tr("Show health as numbers"),
            "reveal_numbers",
            self.tr(
                "The players see NPC health as numbers instead of hale / hurt / badly hurt / down"
            ),
        )
        self.reveal_action.triggered.connect(self._reveal_numbers)
        self.dark_display_action = QAction(self.tr("Dark table display"), self)
        self.dark_display_action.setCheckable(True)
        self.dark_display_action.setChecked(True)
        self.dark_display_action.setToolTip(
            self.tr("The dark look suits a TV in a dim room; the light one a bright room")
        )
        self.dark_display_action.toggled.connect(self._display_look)
        self.screens_menu = QMenu(self.tr("Table display on"), self)
        self.screens_menu.aboutToShow.connect(self._list_screens)
        menu = QMenu(self.tr("Players"), self)
        menu.setToolTipsVisible(True)
        menu.addAction(self.table_display_action)
        menu.addMenu(self.screens_menu)
        menu.addAction(self.dark_display_action)
        menu.addSeparator()
        menu.addAction(self.hide_action)
        menu.addAction(self.reveal_action)
        button = QToolButton()
        button.setObjectName("playersButton")
        button.setText(self.tr("Players"))
        button.setToolTip(self.tr("What the players see: the table display, hidden combatants"))
        button.setMenu(menu)
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        toolbar.addWidget(button)
        self.players_menu = menu

    def _players_action(self, text: str, key_id: str, tip: str) -> QAction:
        action = QAction(text, self)
        action.setCheckable(True)
        action.setShortcut(QKeySequence(KEYS_BY_ID[key_id].keys))
        action.setToolTip(f"{tip} ({key_text(key_id)})")
        self.addAction(action)
        return action

    # -- keeping the switches true ---------------------------------------------------------
    def _show_players_state(self) -> None:
        """Check the switches as the fight and the selection are now."""
        selected = self.selected_combatants()
        hidden = bool(selected) and all(c.hidden for c in selected)
        for action, on in (
            (self.hide_action, hidden),
            (self.reveal_action, self.controller.encounter.reveal_numbers),
            (self.table_display_action, self.table_display_window is not None),
        ):
            if action.isChecked() != on:
                action.blockSignals(True)
                action.setChecked(on)
                action.blockSignals(False)
        self.hide_action.setEnabled(bool(selected))

    # -- the fight operations ---------------------------------------------------------------
    def _toggle_hidden(self) -> None:
        """Hide the selection, or show it again when all of it is hidden already."""
        selected = self.selected_combatants()
        hide = not (selected and all(c.hidden for c in selected))
        self._players_do(SetHidden([c.uid for c in selected], hide))

    def _reveal_numbers(self, on: bool) -> None:
        self._players_do(RevealNumbers(on))

    def _players_do(self, operation: SetHidden | RevealNumbers) -> None:
        try:
            self.controller.apply(operation)
        except DomainError as err:
            self.show_message(err.message)
        else:
            self.show_message("")
        self._show_players_state()

    # -- the display window -----------------------------------------------------------------
    def _show_table_display(self, on: bool) -> None:
        window = self.table_display_window
        if not on:
            if window is not None:
                window.close()
            return
        if window is None:
            window = TableDisplayWindow(
                self.controller.table_view,
                self.controller.changed,
                dark=self.dark_display_action.isChecked(),
            )
            me = weakref.ref(self)  # the display must not keep a closed fight alive
            window.closed.connect(lambda: (fight := me()) is not None and fight._display_gone())
            window.dark_action.toggled.connect(self.dark_display_action.setChecked)
            self.table_display_window = window
        assert isinstance(self, QWidget)
        window.show_on(self._display_screen(), keyboard_with=self)
        window.raise_()

    def _display_screen(self) -> QScreen | None:
        """Where the display goes: the picked screen, else the one beside the fight;
        None (an ordinary window) when there is only one screen."""
        screens = QGuiApplication.screens()
        if len(screens) < 2:
            return None
        if self.display_screen in screens:
            return self.display_screen
        assert isinstance(self, QWidget)
        return other_screen(self)

    def _display_gone(self) -> None:
        self.table_display_window = None
        self._show_players_state()

    def _display_look(self, dark: bool) -> None:
        if self.table_display_window is not None:
            self.table_display_window.dark_action.setChecked(dark)

    def _list_screens(self) -> None:
        """Fill the screens menu: one entry per screen, the display's own checked."""
        self.screens_menu.clear()
        current = self._display_screen()
        for number, screen in enumerate(QGuiApplication.screens(), start=1):
            action = self.screens_menu.addAction(screen_label(screen, number))
            action.setCheckable(True)
            action.setChecked(screen is current)
            action.triggered.connect(lambda _=False, s=screen: self.show_display_on(s))

    def show_display_on(self, screen: QScreen) -> None:
        """Open (or move) the table display on `screen`."""
        self.display_screen = screen
        if self.table_display_window is not None:
            self.table_display_window.show_on(self._display_screen())
        self.table_display_action.setChecked(True)

    def _close_table_display(self) -> None:
        if self.table_display_window is not None:
            self.table_display_window.close()
