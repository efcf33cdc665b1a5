"""The encounter window the GM keeps open all evening: builder, turn table, log, and
the stat block and actions of the selected row.

Layout: the builder on the left; in the middle the name and the Rules box (the
profile, changeable until the fight starts), the round header, the combatant table
(turn order, health bars) and the log; on the right the stat block over the actions.
"New fight from this" stores a prepared copy of the encounter to run it again.
The fight runs from the keyboard: one shortcut map (`keys.FIGHT_KEYS`, listed by F1)
works wherever the focus is — turns, combatants, damage (type a number, Enter), heal,
wound, condition, table actions, intrusion, First/Last/Wait, undo; Space / Backspace
also turn while the table has the focus. Shift/Ctrl select several rows (Ctrl+Shift+A:
every NPC standing) for an area attack: one undo step, one log line per target. When the turn
comes to a stunned combatant a banner over the table says so and offers to skip it
(RULES.md G18). Every change goes through the EncounterController, which saves it at
once, so there is nothing to save on close.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QFileDialog, QMainWindow, QWidget

from numdesk.controllers.encounter import EncounterController
from numdesk.model.errors import DomainError
from numdesk.model.operations.encounter import (
    NextTurn,
    SetGroupInitiative,
    current_slot,
    losing_turn,
    slot_label,
    slot_uids,
)
from numdesk.model.operations.encounter_build import RenameEncounter, new_initiative_problem
from numdesk.rules.dice import Dice
from numdesk.views.encounter.actions_panel import ActionPanel
from numdesk.views.encounter.builder import BuilderPanel
from numdesk.views.encounter.defense_step import DefenseStep
from numdesk.views.encounter.drops import EntryDrops
from numdesk.views.encounter.fight_actions import FightActions
from numdesk.views.encounter.fight_keys_wiring import FightKeyWiring
from numdesk.views.encounter.fight_layout import FightLayout
from numdesk.views.encounter.fight_print import FightPrinting
from numdesk.views.encounter.initiative_dialog import InitiativeDialog
from numdesk.views.encounter.keys import KeysDialog, key_text
from numdesk.views.encounter.players_actions import PlayersActions
from numdesk.views.encounter.selection import TableSelection
from numdesk.views.encounter.statblock import stat_block_html
from numdesk.views.encounter.table import CombatantTableModel
from numdesk.views.encounter.turn_header import set_text
from numdesk.views.plain_text import file_name


class EncounterWindow(
    FightActions,
    FightLayout,
    FightKeyWiring,
    FightPrinting,
    PlayersActions,
    TableSelection,
    QMainWindow,
):
    """One open encounter (a top-level window)."""

    #: New initiative opened its dialog (the table link asks the players for their dice)
    initiativeOpened = Signal(object)

    def __init__(
        self,
        controller: EncounterController,
        parent: QWidget | None = None,
        opener: Callable[[str], QWidget] | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        #: opens a library entry where the main window shows it (None: in a new window)
        self._opener = opener
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self._fit_screen(QSize(1400, 820))
        self._shown_html = ""
        self._panel_key: tuple[object, ...] | str | None = "unset"
        self.initiative_dialog: InitiativeDialog | None = None
        self.keys_dialog: KeysDialog | None = None
        self.defense_step: DefenseStep | None = None
        #: (round, turn, uid) last shown: a new turn moves the selection to its combatant
        self._turn_shown: tuple[int, int, str | None] | None = None

        self.model = CombatantTableModel(controller, self)
        self.builder = BuilderPanel(controller)
        self.panel = ActionPanel(controller)
        self._build_actions()
        self._build_layout()
        self.drops = EntryDrops(self, self.builder.add_uids)

        controller.changed.connect(self.refresh)
        controller.notice.connect(self.show_message)
        deleted = getattr(controller.library_controller, "entryDeleted", None)
        if deleted is not None:
            deleted.connect(self._entry_deleted)
        self.builder.failed.connect(self.show_message)
        self.panel.hit_button.clicked.connect(self.defend)
        self.title.renamed.connect(
            lambda name: self._do(lambda: self.controller.apply(RenameEncounter(name)))
        )
        self.title.done.connect(lambda: self.table.setFocus(Qt.FocusReason.OtherFocusReason))
        self.panel.failed.connect(self.show_message)
        # weakly: the panel is the window's child, a strong link back would keep the
        # window's Python side alive after Qt deleted it
        targets = weakref.WeakMethod(self.selected_combatants)
        self.panel.targets = lambda: (targets() or (lambda: []))()
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_selected())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self.panel.show_targets())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._show_players_state())
        self._install_keys()  # owned by the window (Qt parent); no Python link back
        self.refresh()
        # open on the turn in progress, with the latest log lines in view
        slot = current_slot(controller.encounter)
        uids = slot_uids(controller.encounter, slot) if slot is not None else []
        if uids:
            self.select(uids[0])

    def _fit_screen(self, wanted: QSize) -> None:
        """Open at `wanted` size, but never larger than the screen's free area (a
        1366 × 768 laptop must show every control without moving the window)."""
        screen = self.screen()
        free = screen.availableGeometry().size() if screen is not None else wanted
        if wanted.width() <= free.width() and wanted.height() <= free.height():
            self.resize(wanted)
            return
        # a small screen: take all of it (maximized leaves room for the title bar)
        self.resize(wanted.boundedTo(free))
        self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)

    # -- refreshing ---------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the controller's encounter, keeping the selection.

        Labels are set only when their text changes, the table and the log update only
        the rows that changed: most actions touch two or three rows of a long fight.
        """
        enc = self.controller.encounter
        selected = self.selected_uid()
        self.model.refresh()
        slot = current_slot(enc)
        turn = (enc.round, enc.turn, slot.uid if slot is not None else None)
        if turn != self._turn_shown:
            # the selection follows the turn: the one acting now is the one acted for
            uids = slot_uids(enc, slot) if slot is not None and enc.round >= 1 else []
            if uids and self._turn_shown is not None:
                selected = uids[0]
            self._turn_shown = turn
        if selected and self.selected_uid() != selected:
            self.select(selected)
        title = self.tr("{0} — encounter").format(enc.name)
        if self.windowTitle() != title:
            self.setWindowTitle(title)
        self.title.show_name(enc.name)
        self._show_profile()
        set_text(self.summary, self.controller.summary())
        slot = current_slot(enc)
        if enc.round < 1:
            round_text = self.tr("Preparing: enter initiative, then start the fight")
            self.next_action.setText(self.tr("Start fight"))
        else:
            who = slot_label(enc, slot) if slot is not None else self.tr("nobody")
            round_text = self.tr("Round {0} · now: {1}").format(enc.round, who)
            self.next_action.setText(self.tr("Next turn"))
        stunned = [c.name for c in losing_turn(enc)]
        acting = slot_uids(enc, slot) if slot is not None else []
        self.header.show_turn(round_text, stunned, whole_turn=len(stunned) == len(acting))
        self.group_action.blockSignals(True)
        self.group_action.setChecked(enc.group_npc_initiative)
        self.group_action.blockSignals(False)
        self._show_players_state()
        self.log_model.refresh()  # the log view follows, at its end if it was there
        self._show_selected()

    def _show_profile(self) -> None:
        """The Rules box: the encounter's profile, changeable until the fight starts."""
        profile = self.controller.encounter.profile
        combo = self.profile_combo
        index = combo.findData(profile)
        if index != combo.currentIndex():
            combo.setCurrentIndex(index)
        if profile != self.builder.model.profile:
            self.builder.refresh()  # the rows of the other rules are marked anew
        preparing = self.controller.encounter.round < 1
        combo.setEnabled(preparing)
        combo.setToolTip(
            self.tr("The rules this fight runs by (tie rule, action timing, objects) ({0})").format(
                key_text("focus_rules")
            )
            if preparing
            else self.tr("The rules are fixed once the fight has started")
        )

    def _choose_profile(self, index: int) -> None:
        profile = self.profile_combo.itemData(index)
        if profile != self.controller.encounter.profile:
            self._do(lambda: self.controller.set_profile(profile))
        self._show_profile()  # back to the encounter's rules if the change was refused

    def _show_selected(self) -> None:
        # only touch what changed: re-laying out the stat block and the panel after
        # every click would cost a good part of a frame
        combatant = self.selected()
        html = stat_block_html(self.controller, combatant)
        if html != self._shown_html:
            self._shown_html = html
            self.stat_block.setHtml(html)
        key = (
            (
                combatant.uid,
                combatant.side,
                combatant.defeated,
                combatant.initiative,
                len(self.controller.encounter.combatants),
                self.controller.encounter.profile,
            )
            if combatant
            else None
        )
        if key != self._panel_key:
            self._panel_key = key
            self.panel.show_combatant(combatant)

    # -- actions --------------------------------------------------------------------------
    def show_message(self, text: str) -> None:
        self.message.setText(text)

    def _do(self, action: Any) -> None:
        try:
            action()
        except DomainError as err:
            self.show_message(err.message)
            return
        self.show_message("")

    def new_initiative(self) -> None:
        """Ctrl+I: each PC's d20 typed from the player's die or rolled by the app."""
        problem = new_initiative_problem(self.controller.encounter)
        if problem is not None:
            self.show_message(self.tr(problem))
            return
        dialog = InitiativeDialog(self.controller, self)
        self.initiative_dialog = dialog  # tests fill it in
        self.initiativeOpened.emit(dialog)
        dialog.exec()
        self.initiative_dialog = None

    def defend(self) -> None:
        """Ctrl+H: the selected PC is hit; its defense step opens over the fight."""
        target = self.selected()
        if target is None or target.side != "pc":
            self.show_message(self.tr("Select the PC who is hit."))
            return
        try:
            dialog = DefenseStep(self.controller, target, self)
        except DomainError as err:
            self.show_message(err.message)
            return
        self.defense_step = dialog  # tests and screenshots reach it
        if dialog.exec():
            self.show_message("")
        self.defense_step = None
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_keys(self) -> None:
        """F1: the list of keys."""
        dialog = KeysDialog(self)
        self.keys_dialog = dialog
        dialog.exec()
        self.keys_dialog = None

    def _next_turn(self) -> None:
        starting = self.controller.encounter.round < 1
        self.controller.apply(NextTurn())
        if starting:
            # the fight is on: the table gets the builder's room (Ctrl+B brings it back)
            self.builder_action.setChecked(False)

    def _toggle_group(self, on: bool) -> None:
        self._do(lambda: self.controller.apply(SetGroupInitiative(on)))
        self.group_action.blockSignals(True)
        self.group_action.setChecked(self.controller.encounter.group_npc_initiative)
        self.group_action.blockSignals(False)

    def export_log(self, path: Path | None = None) -> Path | None:
        """Write the log as Markdown (asking where when no `path` is given)."""
        if path is None:
            settings = self.controller.library_controller.settings
            name, _ = QFileDialog.getSaveFileName(
                self,
                self.tr("Export the log"),
                str(settings.export_folder() / f"{file_name(self.controller.encounter.name)}.md"),
                self.tr("Markdown (*.md)"),
            )
            if not name:
                return None
            path = Path(name)
            settings.set_export_folder(path.parent)
        self._do(lambda: self.controller.export_log(path))
        return path

    def new_fight(self) -> QWidget:
        """Make a prepared copy of this encounter in the library and open it.

        Opened through the main window when there is one (so it is tracked like any
        encounter opened from the library), else in a window of its own.
        """
        uid = self.controller.new_fight()
        if self._opener is not None:
            return self._opener(uid)
        window = open_encounter_window(
            self.controller.library_controller, uid, dice=self.controller.dice
        )
        window.show()
        return window

    def _entry_deleted(self, uid: str) -> None:
        # the encounter left the library (deleted from the browser): saving again would
        # bring it back, so the window closes; its undo history goes with it
        if uid == self.controller.uid:
            self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        # every action was saved when it happened; nothing is left to write. The table
        # display follows this fight only: it goes with it
        self._close_table_display()
        event.accept()


def open_encounter_window(
    library_controller: Any,
    uid: str,
    dice: Dice | None = None,
    opener: Callable[[str], QWidget] | None = None,
) -> QWidget:
    """Open the encounter `uid` of the library in its own window (shown by the caller).

    The window is top-level and owned by nobody: the window manager treats it like
    the main window (its own Alt+Tab entry, never kept above the main window or a
    sheet), so the GM moves between the fight and the sheets freely. Whoever opens it
    keeps it alive and closes it (the main window's documents). `opener` opens the
    entry "New fight from this" makes, where the caller shows entries.
    """
    controller = EncounterController(library_controller, uid, dice=dice)
    window = EncounterWindow(controller, None, opener)
    controller.setParent(window)
    return window
