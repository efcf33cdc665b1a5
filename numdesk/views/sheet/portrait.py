"""The portrait: shows the picture stored on the sheet; accepts a dropped image file."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, Qt, Signal
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
        self.show_portrait(None)

    def show_portrait(self, data: bytes | None) -> None:
        pixmap = QPixmap()
        if data and pixmap.loadFromData(data):
            self.setPixmap(
                pixmap.scaled(
                    self.size(),
                    Qt.AspectRatioMode.KeepAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
            )
        else:
            self.setPixmap(QPixmap())
            self.setText(self.tr("Drop a portrait image here"))

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
