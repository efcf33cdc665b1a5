"""The library browser scrolling through the whole CSRD, one page fetch at a time.

Run with: QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest
tests/benchmarks/test_library_scroll_bench.py --benchmark-enable -p no:randomly -q
(results in docs/performance.md, "Library browsing"). Never asserts times.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.controllers.settings import AppSettings
from numdesk.io.importer import import_files
from numdesk.store import Library
from numdesk.views.library.model import PAGE_SIZE
from numdesk.views.main_window import MainWindow

pytestmark = pytest.mark.benchmark


@pytest.fixture(scope="module")
def csrd_file(tmp_path_factory: pytest.TempPathFactory, csrd_path: Path) -> Path:
    path = tmp_path_factory.mktemp("csrd") / "csrd.numdesk"
    with Library.create(path, starter=False) as lib:
        import_files(lib, [csrd_path])
    return path


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, csrd_file: Path) -> Iterator[MainWindow]:
    settings = AppSettings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    controller = LibraryController(settings=settings)
    controller.open_library(csrd_file)
    window = MainWindow(controller)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    yield window
    controller.close()


def test_scroll_fetch(benchmark, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """One page more as the table scrolls to its end, until all 2,524 entries are listed."""
    browser = window.browser
    total = window.controller.count()

    def setup() -> None:
        if not browser.model.canFetchMore():
            browser.refresh()

    def fetch() -> None:
        browser.model.fetchMore()
        browser.table.scrollToBottom()
        QApplication.processEvents()

    rounds = total // 100 + 1
    benchmark.pedantic(fetch, setup=setup, rounds=rounds, iterations=1)
    # all of them when benchmarking; a single round when benchmarks are disabled
    assert PAGE_SIZE < browser.model.rowCount() <= total
