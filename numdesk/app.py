"""QApplication bootstrap: one place that creates the app, its fonts and its main window."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QApplication

from numdesk import __version__
from numdesk.paths import resource_path


def create_application(argv: list[str] | None = None) -> QApplication:
    """Return the QApplication, creating it with numdesk's names and bundled fonts."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("numdesk")
    app.setOrganizationName("numdesk")
    app.setApplicationVersion(__version__)
    for font in sorted(resource_path("fonts").glob("*.ttf")):
        QFontDatabase.addApplicationFont(str(font))
    return app


def run_app(library: Path | None = None, smoke_test: bool = False) -> int:
    """Start the GUI on `library` (default: the embedded one) and run the event loop."""
    app = create_application()
    from numdesk.views.main_window import MainWindow

    window = MainWindow()
    window.show()
    return app.exec()
