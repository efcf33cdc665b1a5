"""A second launch while numdesk runs: hand the files over, or, when the running numdesk
does not answer, ask the user instead of starting a second full app on its library.

The running app may be busy (a long import) or stopped (a suspended process, a debugger).
Starting a second writable app then would open the same library twice; when the first
came back it would reopen the library and close its tabs. The user chooses: wait for it,
look at the library read-only in this window, or quit.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QMessageBox


class Outcome(Enum):
    """What the second launch does after asking."""

    HANDED = "handed"  # the running numdesk took the files and comes to the front
    READ_ONLY = "read_only"  # open the library here, read-only
    QUIT = "quit"


class Reachable(Protocol):
    """What is needed of `numdesk.instance.SingleInstance`."""

    def hand_over(self, paths: list[Path]) -> bool: ...


def _t(text: str) -> str:
    return QCoreApplication.translate("SecondLaunch", text)


def reach_running(instance: Reachable, paths: list[Path]) -> Outcome:
    """Hand `paths` to the running numdesk; if it does not answer, ask what to do.

    "Wait" (the default: Enter) tries again, as often as the user likes.
    """
    while True:
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            if instance.hand_over(paths):
                return Outcome.HANDED
        finally:
            QApplication.restoreOverrideCursor()
        choice = _ask()
        if choice is not None:
            return choice


def _ask() -> Outcome | None:
    """The question; None means wait and try again."""
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        _t("numdesk is already running"),
        _t("numdesk is already running but does not answer."),
    )
    box.setObjectName("secondLaunchBox")
    box.setInformativeText(
        _t(
            "It may be busy with a long task, or stopped. A second numdesk on the same "
            "library could undo its work, so none was started.\n\n"
            "Wait for it to answer, open the library read-only here (you can look and "
            "print, but not change anything), or quit."
        )
    )
    wait = box.addButton(_t("&Wait"), QMessageBox.ButtonRole.AcceptRole)
    read_only = box.addButton(_t("Open &Read-Only"), QMessageBox.ButtonRole.ActionRole)
    box.addButton(_t("&Quit"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(wait)
    box.exec()
    clicked = box.clickedButton()
    if clicked is wait:
        return None
    if clicked is read_only:
        return Outcome.READ_ONLY
    return Outcome.QUIT
