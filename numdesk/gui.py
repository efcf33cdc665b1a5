"""The Qt application object, made one way whoever needs it first.

The app makes it at start; printing from the CLI or a script makes it on first use.
Both need the same names, icon and bundled fonts, and neither should need the other:
this module imports nothing of numdesk but paths, the version and the small filter
that keeps user text from being read as markup (`numdesk.views.plain_text`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QSize, QTimer
from PySide6.QtGui import QFontDatabase, QIcon
from PySide6.QtWidgets import QApplication, QWidget

from numdesk import __version__
from numdesk.paths import resource_path

#: Qt's own command-line option for the style every window is drawn with (Fusion:
#: `views.theme`). Made so, the style stays in C++; setting it from Python hands it
#: back to Python, and the first use of `QStyle` makes PySide build its enums (15-20
#: ms, which the first screen would wait for).
STYLE_ARGUMENTS = ("-style", "Fusion")
#: application property: the application was made with `STYLE_ARGUMENTS`
FUSION_MADE = "numdeskFusionMade"

_fonts_registered = False


def create_application(argv: list[str] | None = None) -> QApplication:
    """Return the QApplication, creating it with numdesk's names and bundled fonts."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication([*(argv if argv is not None else sys.argv[:1]), *STYLE_ARGUMENTS])
        app.setProperty(FUSION_MADE, True)
    app.setApplicationName("numdesk")
    app.setOrganizationName("numdesk")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("numdesk")
    # every window without an icon of its own shows the app's
    app.setWindowIcon(app_icon())
    register_fonts()
    from numdesk.views import plain_text

    plain_text.install()
    return app


def register_fonts() -> None:
    """Register the fonts in resources/fonts with Qt, once per process.

    Sheets and PDFs use the bundled family so that they look the same on every machine.
    """
    global _fonts_registered
    if _fonts_registered:
        return
    for font in sorted(resource_path("fonts").glob("*.ttf")):
        QFontDatabase.addApplicationFont(str(font))
    _fonts_registered = True


def app_icon() -> QIcon:
    """numdesk's own icon, in every size we ship.

    Each PNG is added with the size its name gives (numdesk-48.png is 48 × 48), so Qt
    reads it only when that size is drawn; the SVG comes last, for the sizes between.
    (Starting from the SVG made Qt's SVG icon engine load every PNG at once: 15-25 ms
    of every start.)
    """
    icon = QIcon()
    for png in sorted(resource_path("icons").glob("numdesk-*.png")):
        side = int(png.stem.rpartition("-")[2])
        icon.addFile(str(png), QSize(side, side))
    icon.addFile(str(resource_path("icons", "numdesk.svg")))
    return icon


class _FirstPaint(QObject):
    def __init__(self, widget: QWidget, then: Callable[[], object]) -> None:
        super().__init__(widget)
        self._then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._then)
        return False


def after_first_paint(widget: QWidget, then: Callable[[], object]) -> None:
    """Call `then` once, on the event loop's next turn after `widget` was first painted.

    What the first screen does not show waits for this, so the window is on screen
    before it (the store opening in full, at start-up).
    """
    _FirstPaint(widget, then)
