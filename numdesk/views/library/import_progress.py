"""The import progress dialog: files are read and checked off the UI thread.

Reading and checking a file (up to 50 MB, or a hostile one) runs in a worker thread
while the dialog shows the bytes read; Cancel answers at once, from the first byte: the
window stops waiting and the worker's result is thrown away when it arrives (the
worker itself stops at its next progress report). Only saving, which is short and
touches the library, runs on the UI thread.

`QProgressDialog` starts a timer that shows the dialog a moment after it is created;
`finish` stops it, so a dialog hidden after a quick failure never reappears over the
error box that follows.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

from numdesk.controllers.library import ImportCancelled
from numdesk.io.entries import ImportReport

translate = QCoreApplication.translate

#: how often the window looks at the Cancel button while the worker reads
POLL_MS = 25


class _Relay(QObject):
    """Carries the worker's reports to the UI thread (queued signals)."""

    progressed = Signal(int, int)
    done = Signal(object)


def make_dialog(parent: QWidget, first: Path) -> QProgressDialog:
    """The progress dialog of an import, shown at once."""
    dialog = QProgressDialog(
        translate("Transfer", "Reading {0}…").format(first.name),
        translate("Transfer", "Cancel"),
        0,
        0,
        parent,
    )
    dialog.setObjectName("importProgress")
    dialog.setWindowTitle(translate("Transfer", "Import"))
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(0)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.setValue(0)
    dialog.show()
    return dialog


def finish(dialog: QProgressDialog) -> None:
    """Hide `dialog` for good, keeping its last value (tests and screenshots read it).

    `hide()` alone leaves the dialog's pending show-timer running, and the timer
    showed it again over the message box that came next.
    """
    for timer in dialog.findChildren(QTimer):
        timer.stop()
    dialog.hide()


def read_in_background(
    dialog: QProgressDialog,
    read: Callable[[Callable[[int, int], None]], ImportReport],
) -> ImportReport:
    """Run `read(progress)` in a worker thread while `dialog` shows its progress.

    Returns the report; re-raises what `read` raised; raises `ImportCancelled` as
    soon as the user presses Cancel (without waiting for the worker).
    """
    relay = _Relay(dialog)  # owned by the dialog: deleted on the UI thread, never the worker
    stop = threading.Event()
    # The worker goes on reading after a Cancel; once `stop` is set (under this lock) it
    # never touches the relay again, which may be deleted with its dialog by then.
    gate = threading.Lock()
    outcome: list[Any] = []
    loop = QEventLoop()

    def emit(signal: Any, *args: Any) -> bool:
        with gate:
            if stop.is_set():
                return False
            signal.emit(*args)
            return True

    def progress(done: int, total: int) -> None:
        if not emit(relay.progressed, done, total):
            raise ImportCancelled

    def work() -> None:
        try:
            result: Any = read(progress)
        except BaseException as err:  # handed to the UI thread, which re-raises it
            result = err
        emit(relay.done, result)

    def show(done: int, total: int) -> None:
        if stop.is_set():
            # a step the reader sent just before Cancel, delivered after it: Cancel has
            # reset the dialog, and a reset QProgressDialog shows itself again on
            # setValue, over the message box that follows (which then could not be
            # answered: the dialog is modal)
            return
        dialog.setMaximum(max(total, 1))
        dialog.setValue(min(done, max(total, 1)))
        if done >= total:  # read; parsing and checking the entries follow
            dialog.setLabelText(translate("Transfer", "Checking the entries…"))

    def arrived(result: object) -> None:
        outcome.append(result)
        loop.quit()

    def watch_cancel() -> None:
        if dialog.wasCanceled():
            loop.quit()

    relay.progressed.connect(show)
    relay.done.connect(arrived)
    poll = QTimer()
    poll.setInterval(POLL_MS)
    poll.timeout.connect(watch_cancel)
    poll.start()
    dialog.canceled.connect(watch_cancel)
    threading.Thread(target=work, name="numdesk-import-read", daemon=True).start()
    if not outcome and not dialog.wasCanceled():
        loop.exec()
    poll.stop()
    dialog.canceled.disconnect(watch_cancel)
    with gate:
        cancelled = not outcome or dialog.wasCanceled()  # Cancel wins over a late result
        stop.set()
    if cancelled:
        relay.progressed.disconnect(show)
        relay.done.disconnect(arrived)
        raise ImportCancelled
    result = outcome[0]
    if isinstance(result, BaseException):
        raise result
    assert isinstance(result, ImportReport)
    return result


def saving_progress(dialog: QProgressDialog) -> Callable[[int, int], None]:
    """A progress callback for the save on the UI thread; raises on Cancel."""

    def progress(done: int, total: int) -> None:
        if dialog.wasCanceled():
            raise ImportCancelled
        dialog.setLabelText(translate("Transfer", "Saving entries… {0} of {1}").format(done, total))
        dialog.setMaximum(max(total, 1))
        dialog.setValue(min(done, max(total, 1)))
        QApplication.processEvents()
        if dialog.wasCanceled():
            raise ImportCancelled

    return progress
