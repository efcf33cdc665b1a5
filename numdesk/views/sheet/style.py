"""The look of the paper sheet: big Pool numbers, bold section titles, red messages.

Done with fonts and palettes, not style sheets: a style sheet on a widget this large
made opening a sheet several times slower (Qt re-resolves styles for every child), and
fonts and palette roles also follow the light/dark theme the main window sets.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QFontMetrics, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QGroupBox,
    QLabel,
    QLineEdit,
    QStyle,
    QStyleOptionGroupBox,
    QStylePainter,
    QWidget,
)

ERROR_COLOR = QColor("#b00020")


def set_role(widget: QWidget, role: str) -> None:
    """Give a label a look: "error" (small red), "warning" (bold red), "reason" (muted), ""."""
    palette = widget.palette()
    parent = widget.parentWidget()
    base = parent.palette() if parent is not None else QPalette()
    font = QFont(widget.font())
    font.setBold(role == "warning")
    if role in ("error", "warning"):
        palette.setColor(QPalette.ColorRole.WindowText, ERROR_COLOR)
    elif role == "reason":
        palette.setColor(
            QPalette.ColorRole.WindowText,
            base.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText),
        )
    else:
        palette.setColor(QPalette.ColorRole.WindowText, base.color(QPalette.ColorRole.WindowText))
    widget.setPalette(palette)
    widget.setFont(font)


def sized(widget: QWidget, points: float, bold: bool = False, italic: bool = False) -> None:
    """Set the widget's font size and weight (children that set no font follow it)."""
    font = QFont(widget.font())
    font.setPointSizeF(points)
    font.setBold(bold)
    font.setItalic(italic)
    widget.setFont(font)


class BoldTitleBox(QGroupBox):
    """A group box that paints its title bold and leaves its contents' fonts alone.

    Setting a bold font on a box and a normal one back on each of its children (what
    `bold_titles` does for the form's plain boxes) cost ~8 ms per sheet for the ten list
    tables alone, as every font change spreads through a table's header and viewport.
    """

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionGroupBox()
        self.initStyleOption(option)
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        option.fontMetrics = QFontMetrics(font)
        painter.drawComplexControl(QStyle.ComplexControl.CC_GroupBox, option)


def bold_titles(root: QWidget) -> None:
    """Bold group box titles like the headings of a printed sheet, contents left normal."""
    for box in root.findChildren(QGroupBox):
        if isinstance(box, BoldTitleBox):
            continue
        title_font = QFont(box.font())
        title_font.setBold(True)
        box.setFont(title_font)
        for child in box.findChildren(QWidget):
            if child.parentWidget() is box and not isinstance(child, QGroupBox):
                normal = QFont(child.font())
                normal.setBold(False)
                child.setFont(normal)


def style_paper(form: QWidget) -> None:
    """Fonts of the sheet form: the name and sentence large, the Pools largest."""
    bold_titles(form)
    for name, points, bold, italic in (
        ("nameEdit", 18, True, False),
        ("descriptorEdit", 13, False, True),
        ("typeEdit", 13, False, True),
        ("focusEdit", 13, False, True),
        ("tierEdit", 14, True, False),
        ("effortEdit", 14, True, False),
        ("xpEdit", 14, True, False),
    ):
        widget = form.findChild(QLineEdit, name)
        if widget is not None:
            sized(widget, points, bold, italic)
    for name in ("iAmLabel", "whoLabel"):
        label = form.findChild(QLabel, name)
        if label is not None:
            sized(label, 13)
    for stat in ("might", "speed", "intellect"):
        box = form.findChild(QGroupBox, f"{stat}Box")
        if box is not None:
            sized(box, 12, bold=True)
            for child in box.findChildren(QLabel):
                sized(child, 10)
        for part, points, bold in (
            ("Current", 22, True),
            ("Maximum", 13, False),
            ("Edge", 13, True),
        ):
            edit = form.findChild(QLineEdit, f"{stat}{part}")
            if edit is not None:
                sized(edit, points, bold)
                if part == "Current":
                    edit.setMinimumHeight(44)
