"""Drawing in points on any paged device, so one painter code serves PDF files and printers.

A PDF writer works at 1200 dpi and a printer at its own resolution. Every layout number
in `numdesk.printing` is in points (1/72 inch); `Canvas` converts to device pixels in one
place. Fonts keep their real point size on the real device (no painter scaling), so
Qt measures text at high resolution and the measured widths match what gets drawn.

User text is only ever drawn with `QPainter.drawText` on plain strings: it is never
interpreted as markup.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QImage,
    QPagedPaintDevice,
    QPainter,
    QPen,
    QTextLayout,
    QTextOption,
)

from numdesk.gui import create_application, register_fonts
from numdesk.model.errors import DomainError

#: The bundled family (resources/fonts): the same glyphs and metrics on every machine.
FAMILY = "DejaVu Sans"


def ensure_gui() -> None:
    """Make sure a Qt GUI application exists and the bundled fonts are registered.

    The app does both when it starts; the CLI and scripts have no app yet, so printing
    creates one (offscreen works) rather than falling back to system fonts.
    """
    if QGuiApplication.instance() is None:
        create_application()
    register_fonts()


@cache
def font(size: float, bold: bool = False, italic: bool = False) -> QFont:
    """The bundled font at `size` points."""
    result = QFont(FAMILY)
    result.setPointSizeF(size)
    result.setBold(bold)
    result.setItalic(italic)
    result.setKerning(True)
    # no ligatures: "fi" must stay two letters so the PDF text can be searched as typed
    for tag in ("liga", "clig"):
        result.setFeature(QFont.Tag(tag), 0)
    return result


def tr(text: str) -> str:
    """Translate a printed label (all labels of printed sheets share one context)."""
    return QCoreApplication.translate("Printing", text)


def _utf16_slice(text: str, start: int, length: int) -> str:
    """`text[start:start+length]` in UTF-16 units, the indices QTextLayout reports."""
    data = text.encode("utf-16-le")
    return data[2 * start : 2 * (start + length)].decode("utf-16-le", errors="replace")


def clean_text(text: str) -> str:
    """User text with line ends unified and tabs/control characters made printable."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "    ")
    return "".join(ch if ch == "\n" or ch.isprintable() else " " for ch in text)


class Canvas:
    """A painter on a paged device, measured and drawn in points."""

    def __init__(self, device: QPagedPaintDevice) -> None:
        ensure_gui()
        self.device = device
        self.k = device.logicalDpiY() / 72.0
        #: the area the sheet may use, in points (the device's margins already applied)
        self.width = device.width() / self.k
        self.height = device.height() / self.k
        self.painter = QPainter()
        self._metrics: dict[tuple[float, bool, bool], QFontMetricsF] = {}

    # -- lifetime ---------------------------------------------------------------

    def begin(self) -> None:
        """Start painting; a device that cannot be written (bad path, no printer) fails here."""
        if not self.painter.begin(self.device):
            raise DomainError(tr("The document could not be written (is the folder writable?)."))
        self.painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)

    def new_page(self) -> None:
        """Finish the current page and start the next one."""
        if not self.device.newPage():
            raise DomainError(tr("The document could not be written (no room for a new page)."))

    def end(self) -> None:
        """Finish the document (the PDF file is written now)."""
        if self.painter.isActive():
            self.painter.end()

    # -- measuring --------------------------------------------------------------

    def metrics(self, f: QFont) -> QFontMetricsF:
        """Font metrics on this device (device pixels; divide by `k` for points)."""
        key = (f.pointSizeF(), f.bold(), f.italic())
        found = self._metrics.get(key)
        if found is None:
            found = self._metrics[key] = QFontMetricsF(f, self.device)
        return found

    def line_height(self, f: QFont) -> float:
        """Distance between two baselines, in points."""
        return self.metrics(f).lineSpacing() / self.k

    def ascent(self, f: QFont) -> float:
        """Height above the baseline, in points."""
        return self.metrics(f).ascent() / self.k

    def text_width(self, text: str, f: QFont) -> float:
        """Advance width of one line of text, in points."""
        return self.metrics(f).horizontalAdvance(text) / self.k

    def wrap(self, text: str, f: QFont, width: float) -> list[str]:
        """The lines `text` breaks into at `width` points: every character kept.

        Explicit line breaks are kept; a word longer than the line is broken inside.
        """
        lines: list[str] = []
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        for para in clean_text(text).split("\n"):
            if not para.strip():
                lines.append("")
                continue
            layout = QTextLayout(para, f, self.device)
            layout.setTextOption(option)
            layout.beginLayout()
            while True:
                line = layout.createLine()
                if not line.isValid():
                    break
                line.setLineWidth(max(width, 1.0) * self.k)
                lines.append(_utf16_slice(para, line.textStart(), line.textLength()).rstrip())
            layout.endLayout()
        return lines

    def fit_size(self, text: str, width: float, size: float, least: float, bold: bool) -> float:
        """The largest size from `size` down to `least` at which `text` fits on one line."""
        while size > least and self.text_width(text, font(size, bold)) > width:
            size -= 0.5
        return size

    # -- drawing ----------------------------------------------------------------

    def _pen(self, weight: float, gray: int = 0, dashed: bool = False) -> QPen:
        pen = QPen(QColor(gray, gray, gray))
        pen.setWidthF(weight * self.k)
        if dashed:
            pen.setStyle(Qt.PenStyle.DotLine)
        return pen

    def _rect(self, x: float, y: float, w: float, h: float) -> QRectF:
        return QRectF(x * self.k, y * self.k, w * self.k, h * self.k)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        f: QFont,
        width: float | None = None,
        align: str = "left",
        gray: int = 0,
    ) -> None:
        """Draw one line with its top at `y`; `align` left/center/right within `width`."""
        if not text:
            return
        if width is not None and align != "left":
            spare = width - self.text_width(text, f)
            x += spare / 2 if align == "center" else spare
        self.painter.setPen(QColor(gray, gray, gray))
        self.painter.setFont(f)
        self.painter.drawText(QPointF(x * self.k, (y + self.ascent(f)) * self.k), text)

    def box(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        weight: float = 0.7,
        radius: float = 0.0,
        fill: int | None = None,
    ) -> None:
        """An outlined (optionally light-filled) rectangle."""
        painter = self.painter
        painter.setPen(self._pen(weight) if weight > 0 else Qt.PenStyle.NoPen)
        painter.setBrush(
            QBrush(QColor(fill, fill, fill)) if fill is not None else Qt.BrushStyle.NoBrush
        )
        rect = self._rect(x, y, w, h)
        if radius > 0:
            painter.drawRoundedRect(rect, radius * self.k, radius * self.k)
        else:
            painter.drawRect(rect)
        painter.setBrush(Qt.BrushStyle.NoBrush)

    def hline(self, x1: float, x2: float, y: float, weight: float = 0.5, gray: int = 0) -> None:
        """A horizontal rule."""
        self.painter.setPen(self._pen(weight, gray))
        self.painter.drawLine(QPointF(x1 * self.k, y * self.k), QPointF(x2 * self.k, y * self.k))

    def vline(self, x: float, y1: float, y2: float, weight: float = 0.5, gray: int = 0) -> None:
        """A vertical rule."""
        self.painter.setPen(self._pen(weight, gray))
        self.painter.drawLine(QPointF(x * self.k, y1 * self.k), QPointF(x * self.k, y2 * self.k))

    def dotted(self, x1: float, x2: float, y: float) -> None:
        """A dotted writing line for pencil entries."""
        self.painter.setPen(self._pen(0.6, 90, dashed=True))
        self.painter.drawLine(QPointF(x1 * self.k, y * self.k), QPointF(x2 * self.k, y * self.k))

    def checkbox(self, x: float, y: float, size: float, checked: bool) -> None:
        """A square to tick; a ticked one carries a bold cross."""
        self.box(x, y, size, size, weight=0.7)
        if checked:
            inset = size * 0.2
            self.painter.setPen(self._pen(size * 0.14))
            k = self.k
            a, b = x + inset, x + size - inset
            c, d = y + inset, y + size - inset
            self.painter.drawLine(QPointF(a * k, c * k), QPointF(b * k, d * k))
            self.painter.drawLine(QPointF(a * k, d * k), QPointF(b * k, c * k))

    def circle(self, x: float, y: float, size: float, filled: bool) -> None:
        """A round mark: empty to fill in by pencil, or filled when current."""
        painter = self.painter
        painter.setPen(self._pen(0.8))
        painter.setBrush(QBrush(QColor(0, 0, 0)) if filled else Qt.BrushStyle.NoBrush)
        painter.drawEllipse(self._rect(x, y, size, size))
        painter.setBrush(Qt.BrushStyle.NoBrush)

    def image(self, x: float, y: float, w: float, h: float, img: QImage) -> None:
        """Draw `img` fitted into the box, keeping its proportions, centred."""
        scale = min(w / img.width(), h / img.height())
        dw, dh = img.width() * scale, img.height() * scale
        target = self._rect(x + (w - dw) / 2, y + (h - dh) / 2, dw, dh)
        self.painter.drawImage(target, img)
