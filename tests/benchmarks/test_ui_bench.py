"""Main window speed on a library of 2,000 characters (pytest-benchmark; never asserts times).

Run with: QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest tests/benchmarks/test_ui_bench.py
--benchmark-enable -p no:randomly -q   (the results go in docs/performance.md, "Main window").
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.controllers.settings import AppSettings
from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character
from numdesk.model.items import Cypher, Equipment, Weapon
from numdesk.model.kinds import EntryKind
from numdesk.store import Library
from numdesk.views.library.model import PAGE_SIZE
from numdesk.views.main_window import MainWindow

pytestmark = pytest.mark.benchmark

CHARACTERS = 2000
DESCRIPTORS = ("Clever", "Strong", "Swift", "Tough", "Graceful", "Mystical")
TYPES = ("Glaive", "Nano", "Jack", "Arkus", "Delve", "Wright")


def _character(number: int) -> Character:
    """A filled-in sheet, about the size of a real one."""
    return Character(
        name=f"Character {number:04d} {DESCRIPTORS[number % 6]}",
        descriptor=DESCRIPTORS[number % 6],
        type=TYPES[number % 6],
        focus="Bears a Halo of Fire",
        tier=1 + number % 6,
        xp=number % 9,
        skills=[Skill(f"Skill {i}") for i in range(6)],
        abilities=[
            Ability(f"Ability {i}", cost=i % 4, description="Does a thing. " * 8) for i in range(8)
        ],
        cyphers=[Cypher(f"Cypher {i}", level=3, effect="An effect. " * 6) for i in range(2)],
        equipment=[Equipment(f"Gear {i}") for i in range(10)],
        weapons=[Weapon("Broadsword"), Weapon("Crossbow", range="long")],
        background="Grew up somewhere. " * 20,
    )


@pytest.fixture(scope="module")
def big_library(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("ui-bench")
    path = folder / "big.numdesk"
    library = Library.create(path, starter=True)
    library.save_many(_character(n) for n in range(CHARACTERS))
    library.close()
    yield path


@pytest.fixture
def window(qtbot: QtBot, big_library: Path, tmp_path: Path) -> Iterator[MainWindow]:
    settings = AppSettings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    controller = LibraryController(settings=settings)
    controller.open_library(big_library)
    assert controller.count(EntryKind.CHARACTER) == CHARACTERS
    window = MainWindow(controller)
    qtbot.addWidget(window)
    window.show()
    yield window
    window.documents.close_all()
    controller.close()


def test_open_sheet_tab(benchmark, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Double-click a character: controller, sheet widget and tab (then painted once)."""
    uids = itertools.cycle(
        s.uid for s in window.controller.search(kinds=[EntryKind.CHARACTER], limit=50)
    )

    def setup() -> tuple[tuple[str], dict[str, object]]:
        window.documents.close_all()
        QApplication.processEvents()
        return (next(uids),), {}

    def open_tab(uid: str) -> None:
        window.open_entry(uid)
        QApplication.processEvents()

    benchmark.pedantic(open_tab, setup=setup, rounds=15, iterations=1)
    assert window.documents.open_uids()


def test_search_keystroke(benchmark, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """One more letter in the search box: the store search and the table refill."""
    texts = itertools.cycle(["Ch", "Cha", "Char", "Character 01", "Clever", "Sw"])
    browser = window.browser

    def keystroke() -> None:
        browser.search_edit.blockSignals(True)
        browser.search_edit.setText(next(texts))
        browser.search_edit.blockSignals(False)
        browser.refresh()
        QApplication.processEvents()

    benchmark.pedantic(keystroke, rounds=30, iterations=1)
    assert browser.shown_summaries()


def test_empty_search_lists_the_first_page(benchmark, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Clearing the search box: the first page of the whole library."""
    browser = window.browser

    def clear() -> None:
        browser.search_edit.blockSignals(True)
        browser.search_edit.setText("")
        browser.search_edit.blockSignals(False)
        browser.refresh()
        QApplication.processEvents()

    benchmark.pedantic(clear, rounds=15, iterations=1)
    assert len(browser.shown_summaries()) == PAGE_SIZE
