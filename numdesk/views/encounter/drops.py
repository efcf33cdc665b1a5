"""Library entries dragged from the browser onto the encounter window join the fight.

One event filter sits on the window and on its text fields. The window is where the
drop lands anywhere else (Qt passes a drag up from a child that takes no drops, such as
the combatant table). Text fields take any drop with text in it, and a dragged entry
carries its name as text: without the filter, an entry dropped on the builder's search
box would be typed in there instead of joining the fight. Drags of anything else (plain
text into a field) go on as usual.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QLineEdit, QWidget

from numdesk.views.library.model import ENTRY_MIME_TYPE, decode_entry_mime

_DRAG_EVENTS = (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop)


class EntryDrops(QObject):
    """Accepts drags of library entries on `window` and hands dropped uids to `add`."""

    def __init__(self, window: QWidget, add: Callable[[list[str]], None]) -> None:
        super().__init__(window)
        self._add = add
        window.setAcceptDrops(True)
        window.installEventFilter(self)
        for field in window.findChildren(QLineEdit):
            field.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in _DRAG_EVENTS or not isinstance(event, QDropEvent):
            return super().eventFilter(watched, event)
        if not event.mimeData().hasFormat(ENTRY_MIME_TYPE):
            return super().eventFilter(watched, event)
        if kind == QEvent.Type.Drop:
            uids = [e["uid"] for e in decode_entry_mime(event.mimeData()) if e.get("uid")]
            if not uids:
                return True
            self._add(uids)
        event.acceptProposedAction()
        return True
