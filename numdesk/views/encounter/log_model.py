"""The encounter log as a Qt list model: one row per log entry, newest last.

The log only grows at its end (and undo cuts it back at its end), so a refresh
inserts or removes just the rows at the end: the view keeps the rows it already laid
out instead of redrawing the whole log after every action. Only another encounter
object (reloaded after a change elsewhere) resets the model.

It is a `QStringListModel` holding each row's text: a C++ model answers its row count
and its texts without a call into Python. The window's `LogView` draws it and never
edits it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QStringListModel
from PySide6.QtWidgets import QWidget

from numdesk.controllers.encounter import EncounterController
from numdesk.model.encounter import LogEntry


class LogModel(QStringListModel):
    """Rows "R2  20:14  Bandit 1 takes 4 Might damage…" read from the controller."""

    def __init__(self, controller: EncounterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._log: list[LogEntry] | None = None
        self._prep = QCoreApplication.translate("EncounterLog", "Prep")
        self._round = QCoreApplication.translate("EncounterLog", "R{0}")
        self.refresh()

    def refresh(self) -> None:
        """Follow the encounter's log: rows added or cut at its end, or a new log."""
        log = self._controller.encounter.log
        shown = self.rowCount()
        if log is not self._log:
            self._log = log
            self.setStringList([self._line(entry) for entry in log])
        elif len(log) > shown:
            self.insertRows(shown, len(log) - shown)
            # the new rows' texts, then one signal for them all (an area attack on 500
            # adds 500 lines: a signal per line cost the log's view 500 answers)
            self.blockSignals(True)
            try:
                for row in range(shown, len(log)):
                    self.setData(self.index(row), self._line(log[row]))
            finally:
                self.blockSignals(False)
            self.dataChanged.emit(self.index(shown), self.index(len(log) - 1))
        elif len(log) < shown:
            self.removeRows(len(log), shown - len(log))

    def _line(self, entry: LogEntry) -> str:
        clock = entry.at[11:16] if len(entry.at) >= 16 else entry.at
        prefix = self._round.format(entry.round) if entry.round else self._prep
        return f"{prefix}  {clock}  {entry.text}"
