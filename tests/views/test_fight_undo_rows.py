"""After an undo or redo in a fight, every row of the fight table shows what the file
holds, and the library's search finds the fight by what it holds, though both work out
again only what changed (issue 25: the table keeps the rows whose combatant did not
change, the save keeps the search text and the limits check of unchanged combatants).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from encounter_helpers import Table, add_from_library, npc
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from numdesk.model.encounter import Encounter
from numdesk.model.limits import LimitError
from numdesk.model.operations.encounter import AddCondition, NextTurn, SetInitiative
from numdesk.model.operations.encounter_build import RenameCombatant
from numdesk.model.operations.encounter_health import DamageCombatant
from numdesk.model.serialize import entry_data, to_data
from numdesk.rules.dice import Dice
from numdesk.store.commit import Write
from numdesk.views.encounter import EncounterWindow
from numdesk.views.encounter.table import HEALTH_ROLE, Column, CombatantTableModel

ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.BackgroundRole,
    Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.ToolTipRole,
    HEALTH_ROLE,
)


def _rows(model: CombatantTableModel) -> list[list[object]]:
    """Every cell of the table as the view reads it (text, highlight, grey, bold, bar)."""
    return [
        [model.index(row, column).data(role) for column in Column for role in ROLES]
        for row in range(model.rowCount())
    ]


def _check(table: Table, window: EncounterWindow) -> None:
    """The window's rows equal those of a table worked out afresh from the file."""
    stored = table.library_controller.library.load(table.encounter.uid)
    assert isinstance(stored, Encounter)
    assert to_data(window.controller.encounter) == to_data(stored)
    fresh = CombatantTableModel(window.controller)
    assert _rows(window.model) == _rows(fresh)


def _fight(qtbot: QtBot, tmp_path: Path) -> tuple[Table, EncounterWindow]:
    table = Table(tmp_path, "cypher")
    window = table.open(qtbot, dice=Dice(seed=3))
    add_from_library(window, ("Bandit",), count=6)
    add_from_library(window, ("Ana",))
    controller = window.controller
    ana = npc(window, "Ana")
    controller.apply(SetInitiative(ana.uid, 12))
    controller.apply(NextTurn())
    return table, window


def test_every_row_shows_the_file_after_each_undo_and_redo(qtbot: QtBot, tmp_path: Path) -> None:
    table, window = _fight(qtbot, tmp_path)
    controller, stack = window.controller, window.controller.undo_stack
    bandits = [c for c in controller.encounter.combatants if c.side == "npc"]
    first, second = bandits[0], bandits[1]
    steps = [
        DamageCombatant(first.uid, 3),
        # a condition that ends on the second bandit's turn names it in the first's row
        AddCondition(first.uid, "Dazed", rounds=1, anchor=second.uid),
        RenameCombatant(second.uid, "Scar"),
        DamageCombatant(second.uid, 9),  # felled: the order and the greyed rows change
        NextTurn(),
    ]
    for step in steps:
        controller.apply(step)
        _check(table, window)
    assert any("Scar" in str(text) for row in _rows(window.model) for text in row)
    for _ in steps:
        stack.undo()
        _check(table, window)
    assert not any("Scar" in str(text) for row in _rows(window.model) for text in row)
    for _ in steps:
        stack.redo()
        _check(table, window)


def test_the_search_finds_the_fight_by_a_name_given_then_undone(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table, window = _fight(qtbot, tmp_path)
    controller, library = window.controller, table.library_controller.library
    uid = controller.uid
    bandit = next(c for c in controller.encounter.combatants if c.side == "npc")
    name = bandit.name  # "Bandit 1"
    controller.apply(DamageCombatant(bandit.uid, 1))  # the fight's save remembers its texts

    def found(word: str) -> bool:
        return uid in [s.uid for s in library.search(word)]

    controller.apply(RenameCombatant(bandit.uid, "Quillfeather"))
    assert found("Quillfeather")
    controller.undo_stack.undo()
    assert not found("Quillfeather") and found(name)
    controller.undo_stack.redo()
    assert found("Quillfeather")
    controller.apply(DamageCombatant(bandit.uid, 1))  # an unchanged name stays found
    assert found("Quillfeather")


def test_a_changed_combatant_is_still_checked_against_the_limits(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The save skips the limits check only for combatants equal to those saved before."""
    table, window = _fight(qtbot, tmp_path)
    controller, library = window.controller, table.library_controller.library
    encounter = controller.encounter
    bandit = next(c for c in encounter.combatants if c.side == "npc")
    controller.apply(DamageCombatant(bandit.uid, 1))
    _stored, revision = library.load_revision(encounter.uid)
    bandit.health = 10**9  # as no operation would: the store must still refuse it
    with pytest.raises(LimitError):
        library.commit([Write(encounter.uid, encounter, revision, data=entry_data(encounter))])
