"""The encounter window's actions and toolbar: undo/redo, turns, initiative, the keys list,
NPCs acting together, the log export, a new fight and the builder's panel.

Each action names its key in its tooltip, so a GM learns the keys by pointing.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QToolBar

from numdesk.controllers.encounter import EncounterController
from numdesk.model.operations.encounter import PreviousTurn
from numdesk.views.encounter.builder import BuilderPanel


class FightActions:
    """The toolbar actions of `EncounterWindow` (a mixin: it builds, the window uses)."""

    controller: EncounterController
    builder: BuilderPanel
    _build_print_actions: Callable[[], list[QAction]]

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
        print_action, pdf_action = self._build_print_actions()
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
            print_action,
            pdf_action,
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
        self._build_players_actions(toolbar)
        self.addToolBar(toolbar)

    def _undo_text(self, text: str) -> None:
        self.undo_action.setToolTip(self.tr("Undo: {0} (Ctrl+Z)").format(text))

    def _redo_text(self, text: str) -> None:
        self.redo_action.setToolTip(self.tr("Redo: {0} (Ctrl+Y)").format(text))
