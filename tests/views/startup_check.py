"""Run by tests/views/test_startup.py in a fresh interpreter: the real start, then first uses.

    python startup_check.py LIBRARY SETTINGS_INI IMPORT_FILE PDF_OUT SCREENSHOT

It starts the way `python -m numdesk` does (the CLI reading the app's options, then
`numdesk.app.open_main_window`),
records which modules were loaded when the library list was first painted, waits
for the library to open in full, then uses each deferred feature once: search, a
sheet tab, a PDF and an import. It prints one JSON object with what it saw.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox

from numdesk.app import open_main_window
from numdesk.cli import app_arguments
from numdesk.controllers.settings import AppSettings
from numdesk.gui import create_application
from numdesk.views import plain_text

#: Module prefixes the first screen must not load.
DEFERRED = (
    "asyncio",  # the table link's: only once a table starts
    "platformdirs",  # the user's data folder: only for the default library
    "dataclasses",  # no dataclass is made for the first screen (1-3.5 ms each)
    "copy",  # (which `dataclasses` imports)
    "sqlalchemy",
    "alembic",
    "numdesk.store.library",
    "numdesk.printing.",
    "numdesk.io.",
    "numdesk.views.entry_editor",
    "numdesk.views.sheet",
    "numdesk.views.encounter",
    "numdesk.views.library.transfer",
    "numdesk.views.library.printing",
    "numdesk.model.",  # the model classes (dataclasses: 50-70 ms to build them all)
    "numdesk.controllers.creation",
    "numdesk.controllers.character",
    "numdesk.controllers.encounter",
    "numdesk.views.table",  # the Table menu comes after the first paint
    "numdesk.controllers.table_link",
    "numdesk.link",
    "numdesk.controllers.entry_change",  # the undo steps' records: from the first change
)
#: Qt classes the first screen does not use: PySide makes a class, enums and all, the
#: first time Python names it (QStyle: see `style_made_in_python`)
NOT_MADE = ("QDir", "QFile", "QMimeData", "QStyleFactory", "QToolTip")
#: What the first screen does use under those names: what a library list shows (a start
#: with no subcommand does not build the subcommands' parsers).
ALLOWED = {
    "copyreg",  # (Python's own, loaded before any of numdesk)
    "numdesk.model.entry_kind",
    "numdesk.model.errors",
    "numdesk.model.listing",
    "numdesk.model.summary",
}


class _AtFirstPaint(QObject):
    """Records the loaded modules during the list's first paint (before anything after)."""

    def __init__(self, window: QObject) -> None:
        super().__init__()
        self.loaded: list[str] | None = None
        self.window = window
        self.filter_installed: bool | None = None
        self.labels_not_plain: list[str] | None = None
        self.style_made_in_python: bool | None = None
        self.toolbar_height: int | None = None
        self.icons_blank: list[bool] | None = None
        self.qt_classes_made: list[str] | None = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self.loaded is None:
            self.loaded = sorted(
                m for m in sys.modules if m.startswith(DEFERRED) and m not in ALLOWED
            )
            # the plain-text filter waits for the open library; the labels are plain
            self.filter_installed = bool(plain_text._installed)
            self.labels_not_plain = [
                label.objectName() or label.text()
                for label in self.window.findChildren(QLabel)
                if label.textFormat() != Qt.TextFormat.PlainText
            ]
            # PySide makes QStyle's Python class (and its enums, 15-20 ms) on first use
            self.style_made_in_python = "QStyle" in QtWidgets.__dict__
            made = {*QtCore.__dict__, *QtWidgets.__dict__}
            self.qt_classes_made = [name for name in NOT_MADE if name in made]
            self.toolbar_height = self.window.toolbar.height()
            self.icons_blank = _toolbar_icons_blank(self.window)
        return False


def _toolbar_icons_blank(window: QObject) -> list[bool]:
    """Per toolbar action with an icon: whether the icon draws nothing (the blank one
    that holds the place of a standard icon until the first paint)."""
    blank = []
    for action in window.toolbar.actions():  # type: ignore[attr-defined]
        if action.isSeparator():
            continue
        image = action.icon().pixmap(24, 24).toImage()
        blank.append(all(image.pixelColor(x, y).alpha() == 0 for x in range(24) for y in range(24)))
    return blank


def _menus(window: QtWidgets.QMainWindow) -> list[str]:
    """The menu bar's menus as shown, mnemonics and all."""
    return [action.text() for action in window.menuBar().actions()]


def _wait(app: QApplication, done: object, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not done():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise SystemExit("timed out")
        app.processEvents()
        time.sleep(0.005)


def _accept_message_boxes() -> None:
    """Close the import summary the way a user would (it is modal)."""
    box = QApplication.activeModalWidget()
    if isinstance(box, QMessageBox):
        box.accept()
    QTimer.singleShot(20, _accept_message_boxes)


def main(library: str, ini: str, import_file: str, pdf: str, screenshot: str) -> None:
    assert app_arguments(["--library", library]) is not None  # as `python -m numdesk` reads it
    with plain_text.deferred():  # as `numdesk.app.run_app` makes it
        app = create_application()
    settings = AppSettings(QSettings(ini, QSettings.Format.IniFormat))
    window = open_main_window(app, Path(library), settings)
    assert window is not None
    controller = window.controller
    report: dict[str, object] = {"previewed": not controller.is_fully_open}
    # what the library needed to open in full: the store is imported after that
    controller.libraryOpened.connect(
        lambda _path: report.setdefault(
            "loaded_when_open", sorted(m for m in ("sqlalchemy", "alembic") if m in sys.modules)
        )
    )
    probe = _AtFirstPaint(window)
    window.browser.table.viewport().installEventFilter(probe)
    window.resize(1366, 768)
    window.show()
    _wait(app, lambda: probe.loaded is not None)
    report["loaded_at_first_paint"] = probe.loaded
    report["filter_at_first_paint"] = probe.filter_installed
    report["labels_not_plain_at_first_paint"] = probe.labels_not_plain
    report["listed_at_first_paint"] = [s.name for s in window.browser.shown_summaries()]
    report["style_made_in_python_at_first_paint"] = probe.style_made_in_python
    report["toolbar_icons_blank_at_first_paint"] = probe.icons_blank
    report["qt_classes_made_at_first_paint"] = probe.qt_classes_made
    report["menus_at_first_paint"] = _menus(window)
    window.grab().save(screenshot)
    _wait(app, lambda: controller.is_fully_open)
    _wait(app, lambda: bool(plain_text._installed))  # the filter follows the open library
    report["listed_when_open"] = [s.name for s in window.browser.shown_summaries()]
    _wait(app, lambda: not any(_toolbar_icons_blank(window)))
    report["toolbar_height_grew_by"] = window.toolbar.height() - (probe.toolbar_height or 0)
    report["menus_when_open"] = _menus(window)

    window.browser.search_edit.setText("vessel")
    window.browser.refresh()
    found = window.browser.shown_summaries()
    report["search"] = [s.name for s in found]

    hero = next(s.uid for s in found if s.kind.value == "character")
    sheet = window.open_entry(hero)
    app.processEvents()
    report["sheet_tab"] = window.tabs.tabText(window.tabs.indexOf(sheet))

    from numdesk.views.library.printing import export_pdf

    report["pdf_written"] = export_pdf(window, [hero], Path(pdf))

    from numdesk.views.library.transfer import run_import

    before = controller.count()
    QTimer.singleShot(0, _accept_message_boxes)
    report["imported"] = run_import(window, [Path(import_file)])
    report["count_grew_by"] = controller.count() - before
    print(json.dumps(report))
    window.close()
    controller.close()


if __name__ == "__main__":
    main(*sys.argv[1:6])
