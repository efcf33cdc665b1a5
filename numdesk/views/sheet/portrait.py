"""The portrait: shows the picture stored on the sheet; accepts a dropped image file."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QMimeData, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QPixmap
from PySide6.QtWidgets import QFrame, QLabel, QWidget

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".bmp")


def image_path_of(mime: QMimeData) -> Path | None:
    """The first local image file in a drag's data, if any."""
    for url in mime.urls():
        if url.isLocalFile() and url.toLocalFile().lower().endswith(IMAGE_SUFFIXES):
            return Path(url.toLocalFile())
    return None


class PortraitLabel(QLabel):
    """A framed picture; dropping an image file emits `imageDropped(path)`.

    The sheet turns the file into a SetField("portrait") operation, so the picture is
    stored in the library with the character and the change can be undone.
    """

    imageDropped = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.setFixedSize(110, 128)
        self.setFrameShape(QFrame.Shape.Box)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self._data: bytes | None = None
        self.show_portrait(None)

    def show_portrait(self, data: bytes | None) -> None:
        """Show the picture `data` (or the drop hint), sharp at the screen's pixel ratio."""
        self._data = data
        pixmap = QPixmap()
        if data and pixmap.loadFromData(data):
            ratio = self.devicePixelRatioF()
            scaled = pixmap.scaled(
                self.size() * ratio,
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
            scaled.setDevicePixelRatio(ratio)
            self.setPixmap(scaled)
        else:
            self.setPixmap(QPixmap())
            self.setText(self.tr("Drop a portrait image here"))

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.DevicePixelRatioChange:  # moved to another screen
            self.show_portrait(self._data)
        return super().event(event)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if image_path_of(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        path = image_path_of(event.mimeData())
        if path is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.imageDropped.emit(str(path))
