"""One application event filter for the keys of every open fight window.

A fight window must see the keys pressed in any of its fields, also in fields made
after it opened (the initiative cell's editor, a renamed title), so its filter sits on
the application, where every event passes: paints and timers too. With one filter per
window each of those events went through Python once per open fight, and with five
fights open that was a fifth of the time of an undo. The router is a single filter,
installed with the first fight window; it hands a key event to the window it belongs
to and lets every other event pass after one comparison.
"""

from __future__ import annotations

from functools import partial
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QWidget

_KEY_EVENTS = (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress)


class KeyHandler(Protocol):
    def handle_key(self, watched: QWidget, event: QKeyEvent, kind: QEvent.Type) -> bool:
        """True if the key event was used (nobody else gets it)."""


class _Router(QObject):
    def __init__(self) -> None:
        super().__init__()
        #: id of a window's Python object -> the handler of its keys (removed with it)
        self.handlers: dict[int, KeyHandler] = {}

    def forget(self, window_id: int) -> None:
        self.handlers.pop(window_id, None)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in _KEY_EVENTS or not isinstance(watched, QWidget):
            return False
        handler = self.handlers.get(id(watched.window()))
        if handler is None or not isinstance(event, QKeyEvent):
            return False
        return handler.handle_key(watched, event, kind)


_router: _Router | None = None


def route_keys(window: QWidget, handler: KeyHandler) -> None:
    """Give `handler` the key events of `window`'s widgets until the window is destroyed."""
    global _router
    app = QCoreApplication.instance()
    if app is None:
        return
    if _router is None:
        _router = _Router()
        app.installEventFilter(_router)
    _router.handlers[id(window)] = handler
    window.destroyed.connect(partial(_router.forget, id(window)))
