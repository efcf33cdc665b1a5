"""Table display speed with 30 combatants on a 1920 × 1080 screen (pytest-benchmark;
never asserts times).

Each measured step is what the display does after one fight action: the players' view
worked out again (`project`), handed over (`show_view`) and painted (`processEvents`).

Run with: QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest
tests/benchmarks/test_table_display_bench.py --benchmark-enable -q
(the results go in docs/performance.md, "Table display").
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QApplication
from pytest_benchmark.fixture import BenchmarkFixture
from pytestqt.qtbot import QtBot

from numdesk.gui import register_fonts
from numdesk.model.character import Character
from numdesk.model.encounter import Combatant, Condition, Encounter
from numdesk.model.encounter_prep import pc_combatant
from numdesk.model.operations.encounter import DamageCombatant, NextTurn
from numdesk.model.table_view import project
from numdesk.rules.types import DamageType
from numdesk.views.table_display import TableDisplay

pytestmark = pytest.mark.benchmark

PCS = 4
NPCS = 26


def _fight() -> tuple[Encounter, dict[str, Character]]:
    pcs = [Character(f"Hero {i}", profile="cypher") for i in range(PCS)]
    encounter = Encounter("Big fight", profile="cypher")
    encounter.combatants = [pc_combatant(c) for c in pcs]
    for number, combatant in enumerate(encounter.combatants):
        combatant.initiative = 4 + 3 * number
    encounter.combatants += [
        Combatant(f"Ogre {n + 1}", level=1 + n % 6, health=30, max_health=30) for n in range(NPCS)
    ]
    for combatant in encounter.combatants[PCS::5]:
        combatant.conditions.append(Condition("dazed", None))
    NextTurn().apply(encounter)
    return encounter, {c.uid: c for c in pcs}


def _open(qtbot: QtBot) -> TableDisplay:
    register_fonts()
    display = TableDisplay()
    qtbot.addWidget(display)
    display.resize(1920, 1080)
    display.show()
    qtbot.waitExposed(display)
    return display


def _step(
    display: TableDisplay, act: Callable[[], object], enc: Encounter, sheets: dict[str, Character]
) -> None:
    act()
    display.show_view(project(enc, sheets))
    QApplication.processEvents()


def test_first_paint(benchmark: BenchmarkFixture, qtbot: QtBot) -> None:
    """Everything painted anew (the window opened, resized, or the look switched)."""
    enc, sheets = _fight()
    display = _open(qtbot)
    view = project(enc, sheets)
    looks = itertools.cycle([True, False])

    display.show_view(view)

    def paint() -> None:
        display.set_dark(next(looks))
        QApplication.processEvents()

    benchmark.pedantic(paint, rounds=30, iterations=1)
    assert len(display.painted_texts) > 100


def test_next_turn(benchmark: BenchmarkFixture, qtbot: QtBot) -> None:
    enc, sheets = _fight()
    display = _open(qtbot)
    _step(display, lambda: None, enc, sheets)
    benchmark.pedantic(
        lambda: _step(display, lambda: NextTurn().apply(enc), enc, sheets), rounds=60, iterations=1
    )
    assert display.view is not None and display.view.turn_label


def test_damage(benchmark: BenchmarkFixture, qtbot: QtBot) -> None:
    enc, sheets = _fight()
    display = _open(qtbot)
    _step(display, lambda: None, enc, sheets)
    ogres = itertools.cycle([c.uid for c in enc.combatants[PCS:]])

    def hit() -> None:  # two points each time: nobody falls
        DamageCombatant(next(ogres), 2, DamageType.MIGHT).apply(enc)

    benchmark.pedantic(lambda: _step(display, hit, enc, sheets), rounds=60, iterations=1)
    assert "hurt" in display.painted_texts
