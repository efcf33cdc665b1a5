"""The main window."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow


class MainWindow(QMainWindow):
    """The top-level window: library browser, sheet tabs, menus."""

    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle(self.tr("numdesk"))
        self.resize(1280, 760)
