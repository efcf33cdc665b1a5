"""The application starts and its main window opens and closes cleanly offscreen."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from numdesk.views.main_window import MainWindow


def test_main_window_opens_and_closes(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.isVisible()
    assert window.windowTitle() == "numdesk"
    window.close()
    assert not window.isVisible()
