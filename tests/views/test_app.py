"""The application starts on a library, and a library it cannot open is explained, not fatal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from main_window_helpers import answer_next_dialog, make_settings, press
from pytestqt.qtbot import QtBot

from numdesk.app import open_first_library
from numdesk.controllers.library import LibraryController
from numdesk.views.main_window import MainWindow


def test_main_window_opens_and_closes(qtbot: QtBot, tmp_path: Path) -> None:
    controller = LibraryController(settings=make_settings(tmp_path))
    assert open_first_library(controller, tmp_path / "first-run.numdesk")
    assert (tmp_path / "first-run.numdesk").exists()
    assert controller.count() > 0  # starter content on first run
    window = MainWindow(controller)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.isVisible()
    assert window.windowTitle() == "first-run — numdesk"
    window.close()
    assert not window.isVisible()
    controller.close()


def test_a_library_that_cannot_be_opened_offers_a_way_out(qtbot: QtBot, tmp_path: Path) -> None:
    bad = tmp_path / "notes.numdesk"
    bad.write_bytes(b"this is a text file, not a library")
    controller = LibraryController(settings=make_settings(tmp_path))
    told = answer_next_dialog(qtbot, press("Quit"))
    assert open_first_library(controller, bad) is False
    assert told.done and str(bad) in told.seen[0] and told.seen[1]
    assert bad.read_bytes() == b"this is a text file, not a library"
    assert not controller.is_open


def test_smoke_test_command(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "numdesk", "--smoke-test"],
        capture_output=True,
        text=True,
        timeout=120,
        env={"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr
    assert "smoke test ok" in result.stdout
