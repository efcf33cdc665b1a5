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
from pathlib import Path
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QSize, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QKeySequence,
    QShortcut,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListView,
    QMainWindow,
    QSplitter,
    QTableView,
    QTextBrowser,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.encounter import EncounterController
from numdesk.model.encounter import Combatant
from numdesk.model.errors import DomainError
from numdesk.model.operations.encounter import (
    NextTurn,
    PreviousTurn,
    SetGroupInitiative,
    current_slot,
    losing_turn,
    slot_label,
    slot_uids,
)
from numdesk.model.operations.encounter_build import new_initiative_problem
from numdesk.rules.dice import Dice
from numdesk.rules.profiles import PROFILES
from numdesk.views.encounter.actions_panel import ActionPanel
from numdesk.views.encounter.builder import BuilderPanel
from numdesk.views.encounter.drops import EntryDrops
from numdesk.views.encounter.initiative_dialog import InitiativeDialog
from numdesk.views.encounter.keys import FightKeyboard, KeysDialog
from numdesk.views.encounter.log_model import LogModel
from numdesk.views.encounter.statblock import stat_block_html
from numdesk.views.encounter.table import Column, CombatantTableModel, HealthBarDelegate
from numdesk.views.encounter.turn_header import TurnHeader, set_text


class EncounterWindow(QMainWindow):
    """One open encounter (a top-level window)."""

    def __init__(self, controller: EncounterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self._fit_screen(QSize(1400, 820))
        self._shown_html = ""
        self._panel_key: tuple[object, ...] | str | None = "unset"
        self.initiative_dialog: InitiativeDialog | None = None
        self.keys_dialog: KeysDialog | None = None

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
        self.panel.failed.connect(self.show_message)
        # weakly: the panel is the window's child, a strong link back would keep the
        # window's Python side alive after Qt deleted it
        targets = weakref.WeakMethod(self.selected_combatants)
        self.panel.targets = lambda: (targets() or (lambda: []))()
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_selected())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self.panel.show_targets())
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

    # -- construction ---------------------------------------------------------------------
    def _build_actions(self) -> None:
        stack = self.controller.undo_stack
        self.undo_action = QAction(self.tr("Undo"), self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(stack.undo)
        self.redo_action = QAction(self.tr("Redo"), self)
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.triggered.connect(stack.redo)
        stack.canUndoChanged.connect(self.undo_action.setEnabled)
        stack.canRedoChanged.connect(self.redo_action.setEnabled)
        stack.undoTextChanged.connect(self._undo_text)
        stack.redoTextChanged.connect(self._redo_text)
        self.undo_action.setEnabled(stack.canUndo())
        self.redo_action.setEnabled(stack.canRedo())
        self.next_action = QAction(self.tr("Next turn"), self)
        self.next_action.setShortcut(QKeySequence("Ctrl+Right"))
        self.next_action.triggered.connect(lambda: self._do(self._next_turn))
        self.previous_action = QAction(self.tr("Previous turn"), self)
        self.previous_action.setShortcut(QKeySequence("Ctrl+Left"))
        self.previous_action.triggered.connect(
            lambda: self._do(lambda: self.controller.apply(PreviousTurn()))
        )
        self.reroll_action = QAction(self.tr("New initiative…"), self)
        self.reroll_action.setShortcut(QKeySequence("Ctrl+I"))
        self.reroll_action.setToolTip(
            self.tr(
                "Initiative for every PC at the start of a round: type each player's d20 "
                "or let the app roll"
            )
        )
        self.reroll_action.triggered.connect(self.new_initiative)
        self.keys_action = QAction(self.tr("Keys"), self)
        self.keys_action.setShortcut(QKeySequence("F1"))
        self.keys_action.setToolTip(self.tr("Every key of the fight"))
        self.keys_action.triggered.connect(self.show_keys)
        self.group_action = QAction(self.tr("NPCs act together"), self)
        self.group_action.setCheckable(True)
        self.group_action.setShortcut(QKeySequence("Ctrl+G"))
        self.group_action.toggled.connect(self._toggle_group)
        self.export_action = QAction(self.tr("Export log…"), self)
        self.export_action.setShortcut(QKeySequence("Ctrl+E"))
        self.export_action.triggered.connect(lambda: self.export_log())
        self.new_fight_action = QAction(self.tr("New fight from this"), self)
        self.new_fight_action.setShortcut(QKeySequence("Ctrl+Shift+N"))
        self.new_fight_action.setToolTip(
            self.tr(
                "Save a copy of this encounter as it was before the fight (round 0, full "
                "health, empty log) and open it; this one stays as the record"
            )
        )
        self.new_fight_action.triggered.connect(lambda: self._do(self.new_fight))
        # the builder matters while preparing; mid-fight its room is better given to the
        # table, so it folds away when the fight starts, and a fight already under way
        # opens without it
        self.builder_action = QAction(self.tr("Builder"), self)
        self.builder_action.setCheckable(True)
        self.builder_action.setShortcut(QKeySequence("Ctrl+B"))
        self.builder_action.setToolTip(self.tr("Show the panel that adds combatants"))
        self.builder_action.setChecked(self.controller.encounter.round < 1)
        self.builder_action.toggled.connect(lambda on: self.builder.setVisible(on))
        toolbar = QToolBar(self.tr("Encounter"), self)
        toolbar.setObjectName("encounterToolbar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for action in (
            self.undo_action,
            self.redo_action,
            None,
            self.previous_action,
            self.next_action,
            self.reroll_action,
            self.group_action,
            None,
            self.export_action,
            self.new_fight_action,
            self.builder_action,
            self.keys_action,
        ):
            if action is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(action)
                self.addAction(action)
                keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
                if keys:
                    action.setToolTip(f"{action.toolTip()} ({keys})")
        self.next_action.setToolTip(
            self.tr("Next turn; starts the fight in preparation (Ctrl+→, or Space in the table)")
        )
        self.previous_action.setToolTip(
            self.tr(
                "Back one turn within this round (Ctrl+←, or Backspace in the table). "
                "To go back into the previous round, use Undo (Ctrl+Z): it restores that "
                "round's order and the conditions that ended exactly."
            )
        )
        self.addToolBar(toolbar)

    def _undo_text(self, text: str) -> None:
        self.undo_action.setToolTip(self.tr("Undo: {0} (Ctrl+Z)").format(text))

    def _redo_text(self, text: str) -> None:
        self.redo_action.setToolTip(self.tr("Redo: {0} (Ctrl+Y)").format(text))

    def _build_layout(self) -> None:
        self.title = QLabel()
        self.title.setObjectName("encounterTitle")
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.header = TurnHeader(self.previous_action, self.next_action)
        self.round_label = self.header.round_label
        self.previous_button = self.header.previous_button
        self.next_button = self.header.next_button
        self.stunned_banner = self.header.stunned_banner
        self.stunned_text = self.header.stunned_text
        self.skip_button = self.header.skip_button

        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setItemDelegateForColumn(Column.HEALTH, HealthBarDelegate(self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # Shift/Ctrl select several rows (an area attack); a digit typed over the table
        # starts the damage amount, so initiative cells are edited with F2 or a double-click
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        self.table.verticalHeader().setVisible(False)
        self.table.setAlternatingRowColors(False)
        header_view = self.table.horizontalHeader()
        # fixed widths: measuring every cell after each action would cost a frame
        header_view.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header_view.setSectionResizeMode(Column.HEALTH, QHeaderView.ResizeMode.Stretch)
        header_view.setSectionResizeMode(Column.CONDITIONS, QHeaderView.ResizeMode.Stretch)
        header_view.setMinimumSectionSize(40)
        for column, width in (
            (Column.TURN, 44),
            (Column.NAME, 200),
            (Column.INITIATIVE, 44),
            (Column.ARMOR, 50),
            (Column.STATUS, 120),
        ):
            self.table.setColumnWidth(column, width)
        self.table.verticalHeader().setDefaultSectionSize(28)
        # turn keys while the table has the focus (an initiative being typed in a cell
        # has its own editor with the focus, so Space and Backspace still edit there)
        self.next_key = QShortcut(QKeySequence(Qt.Key.Key_Space), self.table)
        self.next_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        self.next_key.activated.connect(self.next_action.trigger)
        self.previous_key = QShortcut(QKeySequence(Qt.Key.Key_Backspace), self.table)
        self.previous_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        self.previous_key.activated.connect(self.previous_action.trigger)

        self.log_model = LogModel(self.controller, self)
        self.log = QListView()
        self.log.setModel(self.log_model)
        self.log.setObjectName("encounterLog")
        self.log.setAlternatingRowColors(True)
        self.log.setUniformItemSizes(True)
        self.log.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)

        middle = QWidget()
        mid_layout = QVBoxLayout(middle)
        mid_layout.setContentsMargins(0, 0, 0, 0)
        self.profile_combo = QComboBox()
        self.profile_combo.setObjectName("profileCombo")
        for profile in PROFILES.values():
            self.profile_combo.addItem(self.tr(profile.label), profile.name)
        self.profile_combo.activated.connect(self._choose_profile)
        rules_label = QLabel(self.tr("&Rules:"))
        rules_label.setBuddy(self.profile_combo)
        title_row = QHBoxLayout()
        title_row.addWidget(self.title, 1)
        title_row.addWidget(rules_label)
        title_row.addWidget(self.profile_combo)
        mid_layout.addLayout(title_row)
        mid_layout.addWidget(self.summary)
        mid_layout.addWidget(self.header)
        vsplit = QSplitter(Qt.Orientation.Vertical)
        vsplit.addWidget(self.table)
        log_box = QWidget()
        log_layout = QVBoxLayout(log_box)
        log_layout.setContentsMargins(0, 0, 0, 0)
        log_layout.addWidget(QLabel(self.tr("Log")))
        log_layout.addWidget(self.log)
        vsplit.addWidget(log_box)
        vsplit.setStretchFactor(0, 3)
        vsplit.setStretchFactor(1, 1)
        mid_layout.addWidget(vsplit, 1)

        self.stat_block = QTextBrowser()
        self.stat_block.setObjectName("statBlock")
        self.message = QLabel()
        self.message.setObjectName("encounterMessage")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b3261e; font-weight: bold;")
        # two lines reserved: a message never pushes the buttons around
        line = self.message.fontMetrics().lineSpacing()
        self.message.setFixedHeight(2 * line + 4)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.stat_block)
        right_bottom = QWidget()
        rb_layout = QVBoxLayout(right_bottom)
        rb_layout.setContentsMargins(0, 0, 0, 0)
        rb_layout.addWidget(self.message)
        rb_layout.addWidget(self.panel, 1)
        right.addWidget(right_bottom)
        right.setCollapsible(1, False)
        # the actions all show at 1366 × 768 (no scrolling); the stat block takes the rest
        # and scrolls itself
        right.setStretchFactor(0, 1)
        right.setStretchFactor(1, 0)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.builder)
        self.builder.setVisible(self.builder_action.isChecked())
        split.addWidget(middle)
        split.addWidget(right)
        split.setSizes([230, 766, 370])
        split.setStretchFactor(1, 1)
        central = QWidget()
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(6, 2, 6, 6)
        central_layout.addWidget(split)
        self.setCentralWidget(central)

    # -- refreshing ---------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the controller's encounter, keeping the selection.

        Labels are set only when their text changes, the table and the log update only
        the rows that changed: most actions touch two or three rows of a long fight.
        """
        enc = self.controller.encounter
        selected = self.selected_uid()
        self.model.refresh()
        if selected and self.selected_uid() != selected:
            self.select(selected)
        title = self.tr("{0} — encounter").format(enc.name)
        if self.windowTitle() != title:
            self.setWindowTitle(title)
        set_text(self.title, self.tr("<b>{0}</b>").format(enc.name))
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
        rows = self.log_model.rowCount()
        self.log_model.refresh()
        if self.log_model.rowCount() != rows:
            self.log.scrollToBottom()
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
            self.tr("The rules this fight runs by (tie rule, action timing, objects)")
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

    # -- selection helpers (keyboard users and tests) -----------------------------------
    def selected(self) -> Combatant | None:
        index = self.table.currentIndex()
        return self.model.combatant_at(index.row()) if index.isValid() else None

    def selected_combatants(self) -> list[Combatant]:
        """Every selected row, top to bottom (the current row when none is selected)."""
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        found = [self.model.combatant_at(r) for r in rows]
        chosen = [c for c in found if c is not None]
        if not chosen:
            current = self.selected()
            return [current] if current is not None else []
        return chosen

    def select_many(self, uids: list[str]) -> None:
        """Select the rows of `uids` (the first becomes the current row)."""
        selection = self.table.selectionModel()
        selection.clearSelection()
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        for number, uid in enumerate(uids):
            row = self.model.row_of(uid)
            if row < 0:
                continue
            index = self.model.index(row, Column.NAME)
            if number == 0:
                selection.setCurrentIndex(index, flags)
            else:
                selection.select(index, flags)
        self.panel.show_targets()

    def select_npcs(self) -> None:
        """Select every NPC still standing (an area attack on all of them)."""
        uids = [
            c.uid
            for c in self.controller.encounter.combatants
            if c.side == "npc" and not c.defeated
        ]
        self.select_many(uids)

    def step_selection(self, delta: int) -> None:
        """Move the current row up or down (Ctrl+Up / Ctrl+Down, from any field)."""
        count = self.model.rowCount()
        if not count:
            return
        row = self.table.currentIndex().row()
        row = 0 if row < 0 else (row + delta) % count
        self.table.selectionModel().setCurrentIndex(
            self.model.index(row, Column.NAME),
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )

    def selected_uid(self) -> str:
        combatant = self.selected()
        return combatant.uid if combatant else ""

    def select(self, uid: str) -> None:
        row = self.model.row_of(uid)
        if row >= 0:
            self.table.selectionModel().setCurrentIndex(
                self.model.index(row, Column.NAME),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )

    def select_name(self, name: str) -> None:
        for c in self.controller.encounter.combatants:
            if c.name == name:
                self.select(c.uid)
                return
        raise KeyError(name)

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
        dialog.exec()
        self.initiative_dialog = None

    def show_keys(self) -> None:
        """F1: the list of keys."""
        dialog = KeysDialog(self)
        self.keys_dialog = dialog
        dialog.exec()
        self.keys_dialog = None

    def _press(self, button: Any) -> None:
        """A key for a panel button: press it, or say why it does not apply here."""
        if button.isEnabled() and button.isVisible():
            button.click()
        else:
            self.show_message(button.toolTip() or self.tr("That does not apply here."))

    def _focus_amount(self) -> None:
        amount = self.panel.amount
        amount.setFocus(Qt.FocusReason.ShortcutFocusReason)
        amount.selectAll()

    def _install_keys(self) -> FightKeyboard:
        panel = self.panel
        handlers: dict[str, Any] = {
            "next_turn": self.next_action,
            "previous_turn": self.previous_action,
            "next_combatant": lambda: self.step_selection(1),
            "previous_combatant": lambda: self.step_selection(-1),
            "select_npcs": self.select_npcs,
            "amount": self._focus_amount,
            "heal": lambda: self._press(panel.heal_button),
            "wound": lambda: self._press(panel.wound_button),
            "condition": lambda: self._press(panel.add_condition_button),
            "pick": lambda: self._press(panel.pick_button),
            "intrusion": lambda: self._press(panel.intrude_button),
            "first": lambda: self._press(panel.first_button),
            "last": lambda: self._press(panel.last_button),
            "wait": lambda: self._press(panel.wait_button),
            "initiative": self.reroll_action,
            "undo": self.undo_action,
            "redo": self.redo_action,
            "focus_table": lambda: self.table.setFocus(Qt.FocusReason.ShortcutFocusReason),
            "keys": self.keys_action,
        }
        keyboard = FightKeyboard(self, handlers, self.table, panel.amount, self._damage_from_keys)
        return keyboard

    def _damage_from_keys(self) -> None:
        """Enter in the amount: damage the selection, then back to the table for the next."""
        self.panel.damage_selected()
        self.table.setFocus(Qt.FocusReason.ShortcutFocusReason)

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
            name, _ = QFileDialog.getSaveFileName(
                self,
                self.tr("Export the log"),
                f"{self.controller.encounter.name}.md",
                self.tr("Markdown (*.md)"),
            )
            if not name:
                return None
            path = Path(name)
        self._do(lambda: self.controller.export_log(path))
        return path

    def new_fight(self) -> QWidget:
        """Make a prepared copy of this encounter in the library and open it.

        Opened through the main window when there is one (so it is tracked like any
        encounter opened from the library), else in a window of its own.
        """
        uid = self.controller.new_fight()
        opener = getattr(self.parentWidget(), "open_entry", None)
        if callable(opener):
            opened = opener(uid)
            assert isinstance(opened, QWidget)
            return opened
        window = open_encounter_window(
            self.controller.library_controller, uid, self.parentWidget(), self.controller.dice
        )
        window.show()
        return window

    def _entry_deleted(self, uid: str) -> None:
        # the encounter left the library (deleted from the browser): saving again would
        # bring it back, so the window closes; its undo history goes with it
        if uid == self.controller.uid:
            self.close()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # the log's size is known only once shown: then bring the latest lines into view
        QTimer.singleShot(0, self.log.scrollToBottom)

    def closeEvent(self, event: QCloseEvent) -> None:
        # every action was saved when it happened; nothing is left to write
        event.accept()


def open_encounter_window(
    library_controller: Any, uid: str, parent: QWidget | None = None, dice: Dice | None = None
) -> QWidget:
    """Open the encounter `uid` of the library in its own window (shown by the caller)."""
    controller = EncounterController(library_controller, uid, dice=dice)
    window = EncounterWindow(controller, parent)
    if parent is not None:
        window.setWindowFlag(Qt.WindowType.Window, True)
    controller.setParent(window)
    return window
