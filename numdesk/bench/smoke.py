"""`numdesk --smoke-test`: the whole app once, end to end, on a throw-away library.

Installers and CI run this against the frozen build to prove that what a user's first
minute needs made it into the bundle: Alembic migrations (found at run time), SQLite
FTS5, the Qt Designer forms, the bundled fonts, the app icon, the sheet, and PDF
printing. It uses the real pieces (LibraryController, MainWindow, CharacterController,
operations, `numdesk.printing`), never the user's library or settings, and leaves
nothing behind.

Each phase prints one line with its time to stderr; "window shown after X s" counts
from the moment `numdesk.cli` was imported, so frozen and unfrozen starts compare.
A frozen Windows app built without a console has no stderr: the lines then go to
`numdesk-smoke-test.log` in the temp folder, where CI can read them.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from PySide6.QtCore import QSettings
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QApplication

from numdesk.controllers.character import CharacterController
from numdesk.controllers.library import LibraryController
from numdesk.controllers.settings import AppSettings
from numdesk.model.character import Character
from numdesk.model.operations import SetField, TakeDamage
from numdesk.printing import render_character_pdf
from numdesk.views import theme
from numdesk.views.main_window import MainWindow

#: the character the smoke test creates (tests look for this name in the PDF)
CHARACTER_NAME = "Smoke Test Oriel"
#: a sheet PDF smaller than this is surely empty (a real one is tens of kilobytes)
MIN_PDF_BYTES = 4096
#: the font family `resources/fonts` registers; missing means resources were not found
BUNDLED_FONT = "DejaVu Sans"
LOG_NAME = "numdesk-smoke-test.log"


class SmokeFailure(Exception):
    """A check of the smoke test did not hold (the message says which)."""


def _check(condition: object, message: str) -> None:
    if not condition:
        raise SmokeFailure(message)


class _Report:
    """Writes the phase lines to stderr, or to a log file when there is no stderr."""

    def __init__(self) -> None:
        self._log: TextIO | None = None
        self.stream: TextIO | None = sys.stderr
        if self.stream is None:
            self._log = (Path(tempfile.gettempdir()) / LOG_NAME).open("w", encoding="utf-8")
            self.stream = self._log

    def say(self, line: str) -> None:
        if self.stream is not None:
            print(line, file=self.stream, flush=True)

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        yield
        self.say(f"smoke: {name:<9} ok in {time.perf_counter() - start:.3f} s")

    def close(self) -> None:
        if self._log is not None:
            self._log.close()


def run_smoke_test(app: QApplication, started: float, keep_pdf: Path | None = None) -> int:
    """Run every phase; 0 when all held, else 1 after saying what failed.

    `started` is the `time.perf_counter()` of process start (numdesk.cli's import);
    `keep_pdf`, if given, receives a copy of the exported PDF for closer checks.
    """
    report = _Report()
    try:
        # a failed run may leave the library open: Windows then refuses to delete it,
        # and that must not hide the real failure
        with tempfile.TemporaryDirectory(
            prefix="numdesk-smoke-", ignore_cleanup_errors=True
        ) as folder:
            size = _run(app, Path(folder), started, keep_pdf, report)
    except Exception as err:  # any failure at all must end in a message and exit 1
        report.say(f"numdesk smoke test FAILED: {type(err).__name__}: {err}")
        if report.stream is not None:
            traceback.print_exc(file=report.stream)
        report.close()
        return 1
    line = f"numdesk smoke test ok: window, library, sheet and a {size}-byte PDF"
    report.say(line)
    if sys.stdout is not None and sys.stdout is not report.stream:
        print(line, flush=True)
    report.close()
    return 0


def _run(
    app: QApplication, root: Path, started: float, keep_pdf: Path | None, report: _Report
) -> int:
    """The phases; returns the PDF's size in bytes."""
    report.say(f"smoke: numdesk {app.applicationVersion()}, frozen={_frozen()}")
    settings = AppSettings(QSettings(str(root / "settings.ini"), QSettings.Format.IniFormat))
    controller = LibraryController(settings=settings)
    window: MainWindow | None = None
    try:
        with report.phase("library"):  # Alembic migrations + starter content + FTS5 index
            controller.new_library(root / "smoke.numdesk")
            _check(controller.count() > 0, "the new library holds no starter content")

        with report.phase("window"):  # QUiLoader forms, theme, bundled fonts
            theme.apply_theme(app, settings.theme())
            _check(
                BUNDLED_FONT in QFontDatabase.families(),
                f"the bundled font {BUNDLED_FONT!r} was not registered (resources missing?)",
            )
            # the icon the title bar and task bar show: an SVG, so this also proves
            # the bundle carries Qt's SVG icon engine
            _check(
                not app.windowIcon().pixmap(32, 32).isNull(),
                "the app icon could not be drawn (resources or the SVG icon engine missing?)",
            )
            window = MainWindow(controller)
            window.show()
            _wait_until(app, lambda: _exposed(window))
        report.say(f"window shown after {time.perf_counter() - started:.3f} s")

        with report.phase("character"):  # the create path, a sheet tab, operations
            stored = _make_character(app, controller, window)

        with report.phase("pdf"):  # numdesk.printing through QPdfWriter
            pdf = root / "smoke.pdf"
            render_character_pdf(stored, pdf)
            _check(pdf.is_file(), "the PDF was not written")
            data = pdf.read_bytes()
            _check(data.startswith(b"%PDF-"), "the exported file is not a PDF")
            _check(len(data) >= MIN_PDF_BYTES, f"the PDF is suspiciously small ({len(data)} B)")
            if keep_pdf is not None:
                shutil.copyfile(pdf, keep_pdf)

        with report.phase("close"):
            window.close()
            app.processEvents()
            _check(not window.isVisible(), "the main window did not close")
            controller.close()
    finally:  # also after a failure, so that the temporary folder can be removed
        if window is not None:
            window.close()
        controller.close()
    return len(data)


def _make_character(
    app: QApplication, controller: LibraryController, window: MainWindow
) -> Character:
    """Create a character, edit it on its sheet, and return it as the library stored it."""
    uid = controller.create(Character(name=CHARACTER_NAME))
    sheet = window.open_entry(uid)
    app.processEvents()
    sheet_controller = window.documents.controller_for(sheet)
    if not isinstance(sheet_controller, CharacterController):
        raise SmokeFailure("opening the character did not give a character sheet")
    sheet_controller.apply(SetField("descriptor", "Tough"))
    sheet_controller.apply(TakeDamage(2, apply_armor=False))
    stored = controller.load(uid)
    if not isinstance(stored, Character):
        raise SmokeFailure("the stored entry is not a character")
    _check(stored.descriptor == "Tough", "the edit was not saved to the library")
    _check(len(stored.history) >= 2, "the sheet's history was not saved")
    found = [s.uid for s in controller.search(CHARACTER_NAME.split()[-1])]
    _check(uid in found, "full-text search (FTS5) did not find the new character")
    return stored


def _exposed(window: MainWindow) -> bool:
    handle = window.windowHandle()
    return handle is not None and handle.isExposed()


def _frozen() -> bool:
    return bool(getattr(sys, "frozen", False))


def _wait_until(app: QApplication, done: Callable[[], bool], timeout: float = 10.0) -> None:
    """Process events until `done()` (a SmokeFailure after `timeout` seconds)."""
    deadline = time.perf_counter() + timeout
    while True:
        app.processEvents()
        if done():
            return
        if time.perf_counter() > deadline:
            raise SmokeFailure(f"gave up waiting after {timeout:.0f} s")
        time.sleep(0.005)
