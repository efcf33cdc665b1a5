"""Help > About: the version, and the Cypher System Open License attribution when needed.

The attribution must be shown once CSRD content is in the library (the library records
that in its `csrd_imported` meta value); the text itself is the io package's.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from numdesk import __version__
from numdesk.views.plain_text import allow_rich


class AboutDialog(QDialog):
    """The About box; `license_text` is the CSRD attribution, or None without CSRD content."""

    def __init__(
        self, icon: QIcon, license_text: str | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle(self.tr("About numdesk"))
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        picture = QLabel()
        picture.setPixmap(icon.pixmap(72, 72))
        picture.setAlignment(Qt.AlignmentFlag.AlignTop)
        top.addWidget(picture)
        text = QLabel(
            self.tr(
                "<h2>numdesk {0}</h2>"
                "<p>Character sheets, a local library and encounters for the Cypher "
                "System and Numenera tabletop games.</p>"
                "<p>Everything stays in your own library file; no internet needed.</p>"
                "<p>The DejaVu fonts are included under their own license.</p>"
            ).format(__version__)
        )
        text.setObjectName("aboutText")
        allow_rich(text)  # our own words and the version only
        text.setWordWrap(True)
        text.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        top.addWidget(text, 1)
        layout.addLayout(top)
        self.license_view: QPlainTextEdit | None = None
        if license_text:
            caption = QLabel(
                self.tr("This library holds content from the Cypher System Reference Document:")
            )
            caption.setWordWrap(True)
            layout.addWidget(caption)
            view = QPlainTextEdit(license_text)
            view.setObjectName("licenseText")
            view.setReadOnly(True)
            view.setMinimumHeight(160)
            layout.addWidget(view)
            self.license_view = view
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(520, 420 if license_text else 220)
