"""User text is never markup: names like `<b>Kael</b>` show exactly as typed.

Qt guesses whether a label's, a message box's or a tooltip's text is HTML
(`Qt.mightBeRichText`), so a creature called "<i>Boss</i>" would turn italic and
"<font size=40>" would blow a window apart. Rather than remembering this at each of
the hundreds of places a name is shown, one application event filter makes every
QLabel and QMessageBox plain text when it is first polished, and shows any tooltip
(a widget's, or an item's in a list or table) that looks like HTML literally. The
few widgets that really show formatted text opt in with `allow_rich` and escape
what they insert (`html.escape`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6 import QtGui
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QLabel,
    QMessageBox,
    QWidget,
)

#: dynamic property of a widget (and its children) that shows its own rich text
RICH_PROPERTY = "numdeskRichText"
_installed: list[QObject] = []
#: `deferred` is building the first window: `install` waits
_deferring: list[bool] = []
#: characters no file system accepts in a name, or that shells and dialogs misread
_UNSAFE = re.compile(r'[<>:"/\\|?*\x00-\x1f]+')
#: Unicode's direction marks, embeddings, overrides and isolates (never part of a name)
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: names Windows reserves for devices, whatever follows a dot
_DEVICE_NAMES = frozenset(
    ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
    + [f"{port}{n}" for port in ("COM", "LPT") for n in [*"123456789", "¹", "²", "³"]]
)


def _might_be_rich(text: str) -> bool:
    """Qt's own guess (QtGui's `Qt.mightBeRichText`), which labels and tooltips use."""
    return bool(QtGui.Qt.mightBeRichText(text))  # type: ignore[attr-defined]


def allow_rich(widget: QWidget) -> None:
    """Let `widget` (and its children) show rich text: it escapes user text itself."""
    widget.setProperty(RICH_PROPERTY, True)
    if isinstance(widget, QLabel | QMessageBox):
        widget.setTextFormat(Qt.TextFormat.RichText)


def literal_tip(text: str) -> str:
    """A tooltip that shows `text` exactly (item models return this for ToolTipRole)."""
    if not text or not _might_be_rich(text):
        return text
    import html  # (here: with its table of entities it is 4-5 ms of the start)

    return "<qt>" + html.escape(text).replace("\n", "<br>") + "</qt>"


def file_name(name: str, fallback: str = "numdesk") -> str:
    """A file name suggested from an entry's name: unsafe characters become spaces,
    runs of spaces one, no leading or trailing dots (`<i>Kael</i>` -> `i Kael i`).

    Direction controls go (a right-to-left override makes `Kael‮gpj.exe` read as
    `Kaelexe.jpg` in a file dialog), and a name Windows keeps for a device (CON, NUL,
    COM1…, even with an ending: `con.pdf`) gets a `_` so saving it writes a file.
    """
    cleaned = " ".join(_UNSAFE.sub(" ", _BIDI.sub("", name)).split()).strip(". ")[:120]
    cleaned = cleaned.strip(". ")
    stem, dot, rest = cleaned.partition(".")
    if stem.rstrip(" ").upper() in _DEVICE_NAMES:
        cleaned = f"{stem.rstrip(' ')}_{dot}{rest}"
    return cleaned or fallback


def _rich(widget: QObject | None) -> bool:
    while isinstance(widget, QWidget):
        if widget.property(RICH_PROPERTY):
            return True
        widget = widget.parentWidget()
    return False


class PlainTextFilter(QObject):
    """The application event filter described in the module docstring."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Polish and isinstance(watched, QLabel | QMessageBox):
            if not _rich(watched):
                watched.setTextFormat(Qt.TextFormat.PlainText)
        elif kind == QEvent.Type.ToolTip and isinstance(watched, QWidget):
            assert isinstance(event, QHelpEvent)
            tip = _tip_of(watched, event)
            if isinstance(tip, str) and tip and _might_be_rich(tip) and not _rich(watched):
                from PySide6.QtWidgets import QToolTip  # (not made for the first screen)

                QToolTip.showText(event.globalPos(), literal_tip(tip), watched)
                return True
        return False


def _tip_of(widget: QWidget, event: QHelpEvent) -> object:
    """The tooltip a widget would show: its own, or its item's in a list or table."""
    view = widget.parentWidget()
    if isinstance(view, QAbstractItemView) and widget is view.viewport():
        index = view.indexAt(event.pos())
        return index.data(Qt.ItemDataRole.ToolTipRole) if index.isValid() else None
    return widget.toolTip()


def install() -> None:
    """Install the filter on the application once (every window calls this).

    Inside `deferred()` it waits: the start's first window is made plain by hand.
    """
    app = QApplication.instance()
    if _installed or _deferring or app is None:
        return
    plain = PlainTextFilter(app)
    app.installEventFilter(plain)
    _installed.append(plain)


@contextmanager
def deferred() -> Iterator[None]:
    """Build the start's first window without the application filter (`install` waits).

    An application filter written in Python makes PySide6 convert every object an event
    goes to; the first one of a class it does not know (a private one of Qt's, say the
    gesture manager a table view makes) has it build every class of QtCore, QtGui,
    QtWidgets and QtNetwork it has not built yet, with their enums: 30-60 ms of the
    start. The labels of the window built here set plain text themselves, as the
    filter would at their Polish (finding them afterwards with `findChildren` cost 4-5
    ms: it makes a Python object for every child); the start-up test checks them. The
    caller installs the filter once the window is shown and the library opened
    (`install`), and any other window or dialog opened before that installs it itself.
    """
    _deferring.append(True)
    try:
        yield
    finally:
        _deferring.pop()
