"""The import's reader thread and its progress dialog: after Cancel the reader may go on
for a while (a big file being parsed) while the dialog is deleted (the window closes);
from then on the reader must never reach the dialog or anything it owns."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import ImportCancelled
from numdesk.io.entries import ImportReport
from numdesk.views.library.import_progress import make_dialog, read_in_background


def test_a_reader_still_at_work_after_cancel_never_reaches_the_deleted_dialog(
    qtbot: QtBot, tmp_path: Path
) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    dialog = make_dialog(parent, tmp_path / "big.json")
    release = threading.Event()

    def read(progress: Callable[[int, int], None]) -> ImportReport:
        progress(1, 10)
        release.wait(30)  # the user cancels and the dialog goes meanwhile
        progress(2, 10)
        return ImportReport()

    errors: list[BaseException | None] = []
    hook = threading.excepthook
    threading.excepthook = lambda args: errors.append(args.exc_value)
    try:
        QTimer.singleShot(100, dialog.cancel)
        with pytest.raises(ImportCancelled):
            read_in_background(dialog, read)
        shiboken6.delete(dialog)  # with its children: the relay the reader reports to
        release.set()
        for reader in [t for t in threading.enumerate() if t.name == "numdesk-import-read"]:
            reader.join(30)
    finally:
        threading.excepthook = hook
    assert errors == []
