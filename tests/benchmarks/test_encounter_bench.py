"""Encounter window speed with 50 combatants (pytest-benchmark; never asserts times).

Each measured step is the whole work of one GM action with the window open: the
operation, the save to the library file, the window refreshing from the signal and
the `processEvents()` that paints it.

Run with: QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest
tests/benchmarks/test_encounter_bench.py --benchmark-enable -q
(the results go in docs/performance.md, "Encounter").
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytest_benchmark.fixture import BenchmarkFixture
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.controllers.settings import AppSettings
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter, LogEntry
from numdesk.model.encounter_prep import creature_combatants, pc_combatant
from numdesk.model.operations.encounter import NextTurn, SetInitiative
from numdesk.model.operations.encounter_health import DamageCombatant
from numdesk.rules.types import DamageType
from numdesk.store import Library
from numdesk.views.encounter import EncounterWindow, open_encounter_window

pytestmark = pytest.mark.benchmark

PCS = 4
NPCS = 46


@pytest.fixture(params=[50, 400], ids=["log50", "log400"])
def fight(tmp_path: Path, request: pytest.FixtureRequest) -> tuple[LibraryController, str]:
    """A library holding a 50-combatant encounter in round 1, its log early in the
    fight (50 lines) or late in a long evening (400 lines)."""
    library = Library.create(tmp_path / "bench.numdesk", starter=False)
    pcs = [Character(f"Hero {i}") for i in range(PCS)]
    ogre = Creature("Ogre", level=5, armor=1, damage="6", combat="Swings wide. " * 10)
    encounter = Encounter("Big fight")
    encounter.combatants = [pc_combatant(c) for c in pcs]
    encounter.combatants += creature_combatants(ogre, NPCS)
    for number, combatant in enumerate(encounter.combatants[:PCS]):
        SetInitiative(combatant.uid, 5 + number * 4).apply(encounter)
    NextTurn().apply(encounter)
    lines = request.param - len(encounter.log)
    encounter.log += [LogEntry(1, f"Something happened ({i})") for i in range(lines)]
    library.save_many([*pcs, ogre, encounter])
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    return LibraryController(library, settings=settings), encounter.uid


def _open(qtbot: QtBot, controller: LibraryController, uid: str) -> EncounterWindow:
    window = open_encounter_window(controller, uid)
    assert isinstance(window, EncounterWindow)
    qtbot.addWidget(window)
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(1366, 768)  # a laptop screen, whatever the offscreen screen's size
    window.show()
    qtbot.waitExposed(window)
    return window


def test_apply_damage(
    benchmark: BenchmarkFixture, qtbot: QtBot, fight: tuple[LibraryController, str]
) -> None:
    window = _open(qtbot, *fight)
    ogres = itertools.cycle([c.uid for c in window.controller.encounter.combatants[PCS:]])

    def hit() -> None:  # each ogre is hit at most once, so none falls
        window.controller.apply(DamageCombatant(next(ogres), 2, DamageType.SPEED))
        QApplication.processEvents()

    benchmark.pedantic(hit, rounds=40, iterations=1)
    assert window.controller.encounter.combatants[PCS].health == 13


def test_advance_turn(
    benchmark: BenchmarkFixture, qtbot: QtBot, fight: tuple[LibraryController, str]
) -> None:
    window = _open(qtbot, *fight)

    def advance() -> None:
        window.next_action.trigger()
        QApplication.processEvents()

    benchmark.pedantic(advance, rounds=60, iterations=1)
    assert window.controller.encounter.turn > 0 or window.controller.encounter.round > 1


def test_undo(
    benchmark: BenchmarkFixture, qtbot: QtBot, fight: tuple[LibraryController, str]
) -> None:
    window = _open(qtbot, *fight)
    for _ in range(60):
        window.next_action.trigger()

    def undo() -> None:
        window.undo_action.trigger()
        QApplication.processEvents()

    stack = window.controller.undo_stack
    before = stack.index()
    benchmark.pedantic(undo, rounds=60, iterations=1)
    assert stack.index() < before  # (once only when benchmarks are disabled)


def test_open_saved_encounter(
    benchmark: BenchmarkFixture, qtbot: QtBot, fight: tuple[LibraryController, str]
) -> None:
    controller, uid = fight

    def open_and_close() -> None:
        window = open_encounter_window(controller, uid)
        window.show()
        QApplication.processEvents()
        window.close()
        window.deleteLater()

    benchmark.pedantic(open_and_close, rounds=15, iterations=1)


def test_keyboard_damage(
    benchmark: BenchmarkFixture, qtbot: QtBot, fight: tuple[LibraryController, str]
) -> None:
    """One damage action as the GM types it: a digit over the table, Enter (keys only)."""
    window = _open(qtbot, *fight)
    window.activateWindow()
    ogres = itertools.cycle([c.uid for c in window.controller.encounter.combatants[PCS:]])

    def setup() -> None:
        window.select(next(ogres))
        window.table.setFocus()

    def hit() -> None:
        qtbot.keyClick(window.table, Qt.Key.Key_2)
        qtbot.keyClick(window.panel.amount, Qt.Key.Key_Return)
        QApplication.processEvents()

    benchmark.pedantic(hit, setup=setup, rounds=40, iterations=1)
    assert window.controller.encounter.combatants[PCS].health == 14  # 2 less Armor 1


def test_area_attack_on_every_npc(
    benchmark: BenchmarkFixture, qtbot: QtBot, fight: tuple[LibraryController, str]
) -> None:
    """An area attack on all 46 NPCs from the keyboard: one undo step, 46 log lines."""
    window = _open(qtbot, *fight)

    def setup() -> None:
        window.select_npcs()
        window.table.setFocus()

    def hit() -> None:
        qtbot.keyClick(window.table, Qt.Key.Key_3)
        qtbot.keyClick(window.panel.amount, Qt.Key.Key_Return)
        QApplication.processEvents()

    benchmark.pedantic(hit, setup=setup, rounds=5, iterations=1)
    assert window.controller.encounter.combatants[PCS].health < 15
