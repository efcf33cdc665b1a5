"""The yardstick for numdesk's start: a bare PySide6 window, run as its own process.

A `QMainWindow` with a 300-row table (the library browser shows up to 300 rows) and 60
labelled line edits, 1366 × 768, shown and painted; then the process ends at once.
`python -m numdesk.bench startup` runs it by path, side by side with numdesk's real
start, so it imports nothing of numdesk. Like numdesk under `NUMDESK_STARTUP_PROBE`,
it prints "painted" once the table's first paint is done, then its peak memory, and
leaves with `os._exit` (no teardown is timed on either side).
"""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QFormLayout,
    QLineEdit,
    QMainWindow,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)


class _FirstPaint(QObject):
    """Ends the process right after the watched widget's first paint."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, _done)
        return False


def _done() -> None:
    print("painted", flush=True)
    print(f"peak-kb {_peak_kb()}", flush=True)
    os._exit(0)


def _peak_kb() -> int:
    """Peak resident memory in kB, as `numdesk.bench.probe.peak_kb` reads it."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def main() -> None:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setWindowTitle("bare")
    splitter = QSplitter()
    table = QTableWidget(300, 5)
    table.setHorizontalHeaderLabels(["Name", "Kind", "Level", "Rules", "Tags"])
    for row in range(300):
        for column, text in enumerate((f"Entry {row}", "Creature", str(row % 10), "Cypher", "")):
            table.setItem(row, column, QTableWidgetItem(text))
    splitter.addWidget(table)
    form_host = QWidget()
    form = QFormLayout(form_host)
    for number in range(60):
        form.addRow(f"Field {number + 1}", QLineEdit(f"value {number + 1}"))
    scroll = QScrollArea()
    scroll.setWidget(form_host)
    splitter.addWidget(scroll)
    window.setCentralWidget(splitter)
    window.resize(1366, 768)
    probe = _FirstPaint(window)
    table.viewport().installEventFilter(probe)
    window.show()
    app.exec()


if __name__ == "__main__":
    main()
