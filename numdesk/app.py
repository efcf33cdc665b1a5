"""Starting the GUI: the first library, the main window, and files handed in from outside.

The app opens the library given with `--library`, else the embedded default one (made
on first run with starter content). A library that cannot be opened is explained in a
message box offering to make a new library, open another one, or quit; numdesk never
starts with a traceback.
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from numdesk.bench import probe
from numdesk.gui import after_first_paint, create_application
from numdesk.paths import default_library_path

if TYPE_CHECKING:
    from numdesk.controllers.library import LibraryController
    from numdesk.controllers.settings import AppSettings
    from numdesk.instance import SingleInstance
    from numdesk.views.main_window import MainWindow


#: the garbage collector waits at most this long after the start (`run_app`)
START_COLLECTOR_PAUSE_MS = 10_000
#: later launches are answered from the main window's first paint, or at the latest this
#: long after it is made (a window not painted yet: minimised, hidden)
SERVE_AT_THE_LATEST_MS = 1_000
#: window property: the user quit because the library could not be opened
_QUIT_AFTER_FAILURE = "numdeskQuitAfterOpenFailure"


def _t(text: str) -> str:
    return QCoreApplication.translate("App", text)


def open_first_library(controller: object, path: Path) -> bool:
    """Open `path` (created if missing); on failure ask: New, Open another, or Quit.

    Returns False when the user chose Quit.
    """
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from numdesk.controllers.library import LibraryController
    from numdesk.model.errors import DomainError
    from numdesk.views.main_window import LIBRARY_FILTER

    assert isinstance(controller, LibraryController)
    while True:
        try:
            controller.open_library(path, create=True)
            return True
        except DomainError as err:
            problem = err.message
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            _t("numdesk"),
            _t("numdesk could not open the library\n{0}").format(path),
        )
        box.setObjectName("startupErrorBox")
        box.setInformativeText(problem)
        new = box.addButton(_t("&New Library…"), QMessageBox.ButtonRole.AcceptRole)
        other = box.addButton(_t("&Open Another…"), QMessageBox.ButtonRole.ActionRole)
        box.addButton(_t("&Quit"), QMessageBox.ButtonRole.RejectRole)
        box.exec()
        clicked = box.clickedButton()
        if clicked is new:
            name, _ = QFileDialog.getSaveFileName(
                None, _t("New Library"), str(path.parent), _t(LIBRARY_FILTER)
            )
            if name:
                try:
                    controller.new_library(Path(name))
                    return True
                except DomainError as err:
                    path = Path(name)
                    problem = err.message
        elif clicked is other:
            name, _ = QFileDialog.getOpenFileName(
                None, _t("Open Library"), str(path.parent), _t(LIBRARY_FILTER)
            )
            if name:
                path = Path(name)
        else:
            return False


def open_read_only_window(path: Path, settings: AppSettings) -> MainWindow | None:
    """The main window on `path` opened read-only; None (after saying why) if it cannot."""
    from PySide6.QtWidgets import QMessageBox

    from numdesk.controllers.library import LibraryController
    from numdesk.model.errors import DomainError
    from numdesk.views.main_window import MainWindow

    controller = LibraryController(settings=settings)
    try:
        controller.open_library_read_only(path)
    except DomainError as err:
        QMessageBox.warning(None, _t("numdesk"), err.message)
        return None
    return MainWindow(controller)


def open_main_window(app: QApplication, path: Path, settings: AppSettings) -> MainWindow | None:
    """The main window on the library at `path`, ready to show; None if the user quit.

    The first screen lists the file directly (`LibraryController.preview_library`);
    the store (SQLAlchemy, the checks and the daily backup) opens once the library
    list is painted, or as soon as an action needs it. A file that cannot be listed
    that way (new, older, in use, damaged) is opened in full first, as before.
    """
    from numdesk.controllers.library import LibraryController
    from numdesk.views import plain_text, theme
    from numdesk.views.main_window import MainWindow

    theme.apply_theme(app, settings.theme())
    controller = LibraryController(settings=settings)
    previewed = controller.preview_library(path)
    if not previewed:
        plain_text.install()  # (its message boxes show the path as typed)
        if not open_first_library(controller, path):
            return None
        return MainWindow(controller)
    # the plain-text filter waits until the library is open (`plain_text.deferred`)
    with plain_text.deferred():
        window = MainWindow(controller)  # (its labels are plain text themselves)
    controller.openFailed.connect(partial(_open_failed, window, controller, path))
    after_first_paint(window.browser.table.viewport(), partial(_open_in_full, controller))
    return window


def _open_in_full(controller: LibraryController) -> None:
    """After the first paint: open the previewed library, then (on the event loop's next
    turn, once what the opening shows is done) install the plain-text filter the first
    window was built without."""
    from numdesk.views import plain_text

    try:
        controller.finish_opening_soon()
    finally:
        QTimer.singleShot(0, plain_text.install)


def freeze_start_objects() -> None:
    """Keep what the start made out of the garbage collector's way, once.

    Some 80,000 objects (modules, classes, Qt's wrappers, the first screen) live as
    long as the app. Each full collection walked them all again: a 75–85 ms pause,
    now and then, while a big library scrolls. After one collection (so no garbage is
    frozen with them) they are frozen (`gc.freeze`): later collections skip them, and
    reference counting still frees any that go. Only a cycle among them that turns
    to garbage later stays until the app ends, as most of them do anyway.
    """
    if gc.get_freeze_count():
        gc.enable()
        return  # another library opened later: the start's objects are already frozen
    gc.collect()
    gc.freeze()
    gc.enable()  # (paused for the start: `run_app`)


def run_app(
    library: Path | None = None,
    smoke_test: bool = False,
    imports: Sequence[Path] = (),
    smoke_pdf: Path | None = None,
    started: float | None = None,
) -> int:
    """Start the GUI on `library` (default: the embedded one) and run the event loop.

    `imports` are files to import once the window is up (`--import`, used by the
    installers' file associations); `smoke_test` runs `numdesk.bench.smoke` instead, timing
    its phases from `started` (a `time.perf_counter()`; default: now).

    The garbage collector is paused until the library is open in full and the start's
    objects are frozen (`freeze_start_objects`), or at the latest
    `START_COLLECTOR_PAUSE_MS` after the event loop starts: the start makes some 80,000
    objects that live as long as the app and leaves little garbage, and the collections
    that walked them again and again while they were made cost 10-30 ms of it.
    """
    gc.disable()
    try:
        return _run_app(library, smoke_test, imports, smoke_pdf, started)
    finally:
        gc.enable()


def _run_app(
    library: Path | None,
    smoke_test: bool,
    imports: Sequence[Path],
    smoke_pdf: Path | None,
    started: float | None,
) -> int:
    from numdesk.views import plain_text

    # the plain-text filter is installed once the first window is up (`open_main_window`)
    with plain_text.deferred():
        app = create_application()
    if smoke_test:
        gc.enable()
        plain_text.install()
        from numdesk.bench.smoke import run_smoke_test

        return run_smoke_test(
            app, time.perf_counter() if started is None else started, keep_pdf=smoke_pdf
        )
    from numdesk.instance import SingleInstance

    instance = SingleInstance()
    if not instance.claim(serve=False):
        from numdesk.views.second_launch import Outcome, reach_running

        plain_text.install()
        handed = [*imports, *([Path(library)] if library else [])]
        outcome = reach_running(instance, handed)
        if outcome is Outcome.HANDED:
            return 0  # the running numdesk opens them and comes to the front
        if outcome is Outcome.QUIT:
            return 1
        if imports:
            from PySide6.QtWidgets import QMessageBox

            names = ", ".join(Path(p).name for p in imports)
            QMessageBox.information(
                None,
                _t("numdesk"),
                _t("{0} was not imported: the library opens read-only here. Import it "
                   "once the running numdesk answers again.").format(names),
            )  # fmt: skip
        return _run_window(app, library, (), None)  # read-only: no second writer
    try:
        return _run_window(app, library, imports, instance)
    finally:
        instance.release()


def _run_window(
    app: QApplication,
    library: Path | None,
    imports: Sequence[Path],
    instance: SingleInstance | None,
) -> int:
    """The main window on the first library, taking files from later launches; without
    `instance` (another numdesk runs and did not answer) the library opens read-only."""
    from numdesk.controllers.settings import AppSettings
    from numdesk.views import theme

    settings = AppSettings()
    theme.follow_system(app, settings.theme)
    path = Path(library) if library else default_library_path()
    if instance is None:
        from numdesk.views import plain_text

        plain_text.install()
        window = open_read_only_window(path, settings)
    else:
        window = open_main_window(app, path, settings)
    if window is None:
        return 1
    controller = window.controller
    opener = FileOpener(window)
    if instance is not None:
        instance.filesReceived.connect(opener.take_over)
        # later launches are answered once the window is painted (a launch meanwhile
        # waits in the socket: `SingleInstance.claim`), never before it is made: while
        # the library cannot be opened, their files would be taken and dropped
        after_first_paint(window.browser.table.viewport(), instance.serve)
        QTimer.singleShot(SERVE_AT_THE_LATEST_MS, instance.serve)
    if probe.wanted():
        # the library closed cleanly (WAL folded back), or the next start could not
        # preview it
        done = partial(probe.finish, controller.close)
        if probe.wanted() == "ready" and not controller.is_fully_open:
            controller.libraryOpened.connect(lambda _path: QTimer.singleShot(0, done))
        else:
            after_first_paint(window.browser.table.viewport(), done)
    window.show()
    if sys.platform == "darwin":
        # only macOS sends open-document events; elsewhere an application filter in
        # Python would cost the start 20-40 ms for nothing (see `plain_text.deferred`)
        app.installEventFilter(opener)
    # the tabs and the fight that were open come back, once the library is open in full;
    # then what the start made is set aside from the garbage collector
    resume = partial(QTimer.singleShot, 0, partial(window.guard, window.resume_session))
    controller.libraryOpened.connect(lambda _path: resume())
    controller.libraryOpened.connect(lambda _path: QTimer.singleShot(0, freeze_start_objects))
    if controller.is_fully_open:
        resume()
        QTimer.singleShot(0, freeze_start_objects)
    if imports:
        QTimer.singleShot(0, lambda: opener.open_files(list(imports)))
    # the collector's pause ends here at the latest (a library not opened in full: the
    # window never painted, an open that failed and was left)
    QTimer.singleShot(START_COLLECTOR_PAUSE_MS, gc.enable)
    try:
        code = app.exec()
        return 1 if window.property(_QUIT_AFTER_FAILURE) else code
    finally:
        controller.close()


def _open_failed(window: QWidget, controller: object, path: Path, _message: str) -> None:
    """The library shown at start could not be opened in full (found damaged, say):
    the same choices as when it cannot be opened at all, or quit."""
    if not open_first_library(controller, path):
        window.setProperty(_QUIT_AFTER_FAILURE, True)  # the run ends with exit code 1
        window.close()


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or a.samefile(b)
    except OSError:
        return False


class FileOpener(QObject):
    """Opens files handed to numdesk from outside: `--import FILE` and, on macOS, the
    Finder's open-document events (which arrive as QFileOpenEvent, never in argv).

    Export files go through the same import flow as File > Import (progress, summary,
    all-or-nothing); a library file (`.numdesk`) is opened in place of the current one.
    """

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window

    def open_files(self, paths: list[Path]) -> None:
        """Open the libraries among `paths`, then import the rest in one go."""
        from numdesk.views.library import transfer
        from numdesk.views.main_window import MainWindow

        window = self._window
        assert isinstance(window, MainWindow)
        libraries = [p for p in paths if p.suffix.lower() == ".numdesk"]
        others = [p for p in paths if p not in libraries]
        for path in libraries:
            if self._switch_wanted(window, path):
                window.guard(partial(window.open_library, path))
        if others:
            transfer.run_import(window, others)

    @staticmethod
    def _switch_wanted(window: MainWindow, path: Path) -> bool:
        """Whether to open the library `path` in place of the open one: not when it is
        the open one (the window just came to the front; its tabs and fights stay), and
        only after asking while a fight is open."""
        from numdesk.views.dialogs import confirm

        current = window.controller.path
        if current is not None and _same_file(current, path):
            return False
        if not window.documents.encounter_windows:
            return True
        question = _t(
            "Open the library “{0}” in place of “{1}”? The open fight closes (everything "
            "in it is saved) and can be resumed when this library is opened again."
        ).format(path.name, current.name if current is not None else "")
        return confirm(
            window, _t("Open Library"), question, _t("&Open Library"), _t("&Keep This One")
        )

    def take_over(self, names: list[str]) -> None:
        """Files a second launch handed over: the window comes to the front and opens them."""
        window = self._window
        window.setWindowState(window.windowState() & ~Qt.WindowState.WindowMinimized)
        window.show()
        window.raise_()
        window.activateWindow()
        if names:
            QTimer.singleShot(0, lambda: self.open_files([Path(n) for n in names]))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Catch open-document events; the import runs once the event is delivered."""
        if event.type() == QEvent.Type.FileOpen:
            from PySide6.QtGui import QFileOpenEvent  # (only macOS sends these)

            if isinstance(event, QFileOpenEvent):
                path = Path(event.file())
                QTimer.singleShot(0, lambda: self.open_files([path]))
                return True
        return super().eventFilter(watched, event)
