"""Shared set-up for the main-window tests: a real library file, settings in tmp_path,
and a way to answer the modal dialogs the window opens (as a user would)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QInputDialog,
    QMessageBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.controllers.settings import AppSettings
from numdesk.model.creature import Creature
from numdesk.model.kinds import ModelObject
from numdesk.store import Library
from numdesk.views.main_window import MainWindow


def make_settings(folder: Path) -> AppSettings:
    """Settings in an INI file below `folder` (never the user's own)."""
    return AppSettings(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))


def make_controller(folder: Path, name: str = "library.numdesk") -> LibraryController:
    """A controller on a new library (with starter content) in `folder`."""
    controller = LibraryController(settings=make_settings(folder))
    controller.new_library(folder / name)
    return controller


def make_window(qtbot: QtBot, controller: LibraryController) -> MainWindow:
    window = MainWindow(controller)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def add(library: Library, *objs: ModelObject) -> None:
    library.save_many(objs)


def creature(name: str, level: int = 3, **kw: object) -> Creature:
    return Creature(name=name, level=level, **kw)  # type: ignore[arg-type]


@dataclass
class Answer:
    """What to do with the next modal dialog, and what it said."""

    act: Callable[[QWidget], None]
    seen: list[str] = field(default_factory=list)
    done: bool = False


def answer_next_dialog(
    qtbot: QtBot, act: Callable[[QWidget], None], cls: type[QDialog] = QDialog
) -> Answer:
    """Wait (in the dialog's own event loop) for a modal `cls` dialog, record its text, act.

    The wait lasts as long as the test that asked for it, never into a later test's
    dialogs. A fixed time limit did not hold: on a busy machine a Cancel could take
    longer than it to reach its message box (the import's reader thread holds the
    interpreter while it parses), and that box then waited for a click that never came.
    """
    answer = Answer(act)
    asking = _current_test()
    deadline = time.monotonic() + 240  # a backstop below the suite's per-test timeout

    def poll() -> None:
        if _current_test() != asking or time.monotonic() > deadline:
            return
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, cls) and dialog.isVisible():
            if isinstance(dialog, QMessageBox):
                answer.seen.append(dialog.text())
                answer.seen.append(dialog.informativeText())
            answer.done = True
            act(dialog)
        else:
            QTimer.singleShot(10, poll)

    QTimer.singleShot(0, poll)
    return answer


def _current_test() -> str:
    """The running test's id (pytest sets it for every phase: "id (call)")."""
    return os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]


def press(button_text: str) -> Callable[[QWidget], None]:
    """An action pressing the message-box button whose text (without '&') is `button_text`."""

    def act(dialog: QWidget) -> None:
        assert isinstance(dialog, QMessageBox)
        for button in dialog.buttons():
            if button.text().replace("&", "") == button_text:
                button.click()
                return
        raise AssertionError(f"no button {button_text!r} in {[b.text() for b in dialog.buttons()]}")

    return act


def type_and_accept(text: str) -> Callable[[QWidget], None]:
    """An action filling a QInputDialog with `text` and pressing OK."""

    def act(dialog: QWidget) -> None:
        assert isinstance(dialog, QInputDialog)
        dialog.setTextValue(text)
        dialog.accept()

    return act
