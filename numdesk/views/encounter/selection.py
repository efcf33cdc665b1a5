"""Selecting rows of the fight table: one combatant, several (an area attack), every NPC
still standing, by name or uid, or one row up or down from any field.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel

from numdesk.controllers.encounter import EncounterController
from numdesk.model.encounter import Combatant
from numdesk.views.encounter.actions_panel import ActionPanel
from numdesk.views.encounter.fight_table import FightTable, selected_rows
from numdesk.views.encounter.table import Column, CombatantTableModel


class TableSelection:
    """Selection helpers of `EncounterWindow` (a mixin; keyboard users and tests use them)."""

    controller: EncounterController
    model: CombatantTableModel
    table: FightTable
    panel: ActionPanel

    def selected(self) -> Combatant | None:
        index = self.table.currentIndex()
        return self.model.combatant_at(index.row()) if index.isValid() else None

    def selected_combatants(self) -> list[Combatant]:
        """Every selected row, top to bottom (the current row when none is selected)."""
        rows = selected_rows(self.table.selectionModel(), self.model.columnCount())
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
