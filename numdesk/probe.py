"""The start-up benchmark's probe: end the process when the start reaches a point.

`python -m numdesk.bench startup` sets `NUMDESK_STARTUP_PROBE` to "painted" (the
main window with the library list has been painted) or "ready" (the library is fully
open as well). The app then prints "painted" and leaves at once with `os._exit`, like
the bare window it is compared with, so no teardown is timed. Without the variable
nothing here runs.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

PROBE_ENV = "NUMDESK_STARTUP_PROBE"


def wanted() -> str | None:
    """The point the benchmark waits for, or None on a normal start."""
    return os.environ.get(PROBE_ENV) or None


class FirstPaint(QObject):
    """Calls `then` (once, on the next turn of the event loop) after `widget` painted."""

    def __init__(self, widget: QWidget, then: object) -> None:
        super().__init__(widget)
        self._then = then
        self._seen = False
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self._seen:
            self._seen = True
            QTimer.singleShot(0, self._then)  # type: ignore[call-overload]
        return False


def finish() -> None:
    """Say the point was reached and end the process without any teardown."""
    print("painted", flush=True)
    os._exit(0)
