"""Files handed to numdesk from outside: `--import FILE` (the Windows and Linux file
associations) and macOS Finder open-document events, through the real import flow."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from numdesk.app import FileOpener
from numdesk.controllers.library import LibraryController
from numdesk.controllers.settings import AppSettings
from numdesk.model.character import Character
from numdesk.views.main_window import MainWindow


def make_controller(folder: Path, name: str) -> LibraryController:
    folder.mkdir(parents=True, exist_ok=True)
    settings = AppSettings(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    controller = LibraryController(settings=settings)
    controller.new_library(folder / name)
    return controller


def export_character(folder: Path, name: str) -> Path:
    """A .numdesk-json export holding one character, made by another library."""
    other = make_controller(folder / f"other-{name}", "other.numdesk")
    uid = other.create(Character(name=name))
    path = folder / f"{name}.numdesk-json"
    assert other.export(path, [uid]) == 1
    other.close()
    return path


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    controller = make_controller(tmp_path / "main", "main.numdesk")
    window = MainWindow(controller)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window
    controller.close()


@pytest.fixture
def summaries(qtbot: QtBot) -> Iterator[list[str]]:
    """Presses OK on every message box (the import summary) and keeps its text."""
    seen: list[str] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            seen.append(box.text())
            box.accept()

    timer = QTimer()
    timer.timeout.connect(answer)
    timer.start(20)
    yield seen
    timer.stop()


def test_import_option_imports_through_the_import_flow(
    window: MainWindow, summaries: list[str], tmp_path: Path
) -> None:
    export = export_character(tmp_path, "Ilsa of the Steadfast")
    FileOpener(window).open_files([export])
    characters = window.controller.library.characters
    assert characters.find_by_name("Ilsa of the Steadfast") is not None
    assert any("Imported 1" in text for text in summaries)


def test_a_finder_open_event_imports_an_export_or_opens_a_library(
    qtbot: QtBot, window: MainWindow, summaries: list[str], tmp_path: Path
) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    opener = FileOpener(window)
    app.installEventFilter(opener)
    try:
        export = export_character(tmp_path, "Corvin Ashfall")
        QApplication.sendEvent(app, QFileOpenEvent(str(export)))
        characters = window.controller.library.characters
        qtbot.waitUntil(lambda: characters.find_by_name("Corvin Ashfall") is not None)

        other = make_controller(tmp_path / "second", "second.numdesk")
        other.close()
        QApplication.sendEvent(app, QFileOpenEvent(str(tmp_path / "second" / "second.numdesk")))
        qtbot.waitUntil(lambda: window.controller.path == tmp_path / "second" / "second.numdesk")
    finally:
        app.removeEventFilter(opener)


def test_a_second_launch_hands_its_import_to_the_running_numdesk(
    qtbot: QtBot,
    window: MainWindow,
    summaries: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`numdesk --import FILE` while numdesk runs: the running app imports the file and
    the second process exits at once, without a window or a library of its own."""
    import os
    import subprocess
    import sys

    from numdesk.instance import KEY_VARIABLE, SingleInstance

    monkeypatch.setenv(KEY_VARIABLE, f"test-{tmp_path.name}")
    running = SingleInstance()
    assert running.claim()
    opener = FileOpener(window)
    running.filesReceived.connect(opener.take_over)
    export = export_character(tmp_path, "Mira Handed-Over")
    repo = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(repo), QT_QPA_PLATFORM="offscreen")
    env["HOME"] = str(tmp_path / "home")  # a default library would be made here
    try:
        second = subprocess.Popen(
            [sys.executable, "-m", "numdesk", "--import", export.name],
            cwd=export.parent,  # a relative path: resolved by the launch that got it
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        qtbot.waitUntil(lambda: second.poll() is not None, timeout=60000)
        assert second.returncode == 0, second.communicate()
        characters = window.controller.library.characters
        qtbot.waitUntil(lambda: characters.find_by_name("Mira Handed-Over") is not None)
        assert any("Imported 1" in text for text in summaries)
        assert not (tmp_path / "home").exists()  # the second launch opened nothing
    finally:
        running.release()
    # with nobody running, a launch claims the instance itself
    again = SingleInstance()
    assert again.claim()
    again.release()
