"""Light and dark themes: the Fusion style with our own palettes, following the system.

Fusion looks the same on every desktop and honours a QPalette fully, so one palette per
scheme is enough, and no application-wide style sheet is used (a style sheet on the
application makes Qt re-style every widget through QStyleSheetStyle, which made opening
a sheet tab several times slower). Emphasis is set with fonts (`heading_font`) and
error text with the palette's `BrightText` colour. With the SYSTEM choice the scheme
follows `QStyleHints.colorScheme` and changes live when the desktop switches;
Preferences can force light or dark.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from numdesk.controllers.settings import ThemeChoice
from numdesk.gui import FUSION_MADE

_LIGHT = {
    QPalette.ColorRole.Window: "#f3f1ec",
    QPalette.ColorRole.WindowText: "#1f2328",
    QPalette.ColorRole.Base: "#ffffff",
    QPalette.ColorRole.AlternateBase: "#f7f5f0",
    QPalette.ColorRole.ToolTipBase: "#fffbe6",
    QPalette.ColorRole.ToolTipText: "#1f2328",
    QPalette.ColorRole.PlaceholderText: "#7a7f87",
    QPalette.ColorRole.Text: "#1f2328",
    QPalette.ColorRole.Button: "#e9e6df",
    QPalette.ColorRole.ButtonText: "#1f2328",
    QPalette.ColorRole.BrightText: "#b42318",
    QPalette.ColorRole.Highlight: "#2f6f7e",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#1d5c8c",
    QPalette.ColorRole.Mid: "#c9c4ba",
    QPalette.ColorRole.Dark: "#a39e94",
    QPalette.ColorRole.Light: "#ffffff",
}

#: Fusion outlines frames and check boxes in the window colour darkened by 40%; fields
#: (Base) are lighter than the window here so those dark outlines show around them.
_DARK = {
    QPalette.ColorRole.Window: "#2a2d31",
    QPalette.ColorRole.WindowText: "#e6e6e3",
    QPalette.ColorRole.Base: "#363a3f",
    QPalette.ColorRole.AlternateBase: "#3c4046",
    QPalette.ColorRole.ToolTipBase: "#33373c",
    QPalette.ColorRole.ToolTipText: "#e6e6e3",
    QPalette.ColorRole.PlaceholderText: "#8b9097",
    QPalette.ColorRole.Text: "#e6e6e3",
    QPalette.ColorRole.Button: "#41454c",
    QPalette.ColorRole.ButtonText: "#e6e6e3",
    QPalette.ColorRole.BrightText: "#ff8a7a",
    QPalette.ColorRole.Highlight: "#3f8ea0",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#7fb8e6",
    QPalette.ColorRole.Mid: "#4a4f56",
    QPalette.ColorRole.Dark: "#1a1c1f",
    QPalette.ColorRole.Light: "#5a6068",
}


def build_palette(dark: bool) -> QPalette:
    """The palette of one scheme (disabled text is dimmed in both)."""
    palette = QPalette()
    for role, color in (_DARK if dark else _LIGHT).items():
        palette.setColor(role, QColor(color))
    dim = QColor("#868c93" if dark else "#9a9a96")
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, dim)
    return palette


def heading_font(base: QFont, scale: float, bold: bool = True) -> QFont:
    """`base` enlarged by `scale` (titles and headings)."""
    font = QFont(base)
    font.setPointSizeF(base.pointSizeF() * scale)
    font.setBold(bold)
    return font


def mark_error(label: QWidget) -> None:
    """Draw `label`'s text in the theme's error colour (it follows theme changes)."""
    label.setForegroundRole(QPalette.ColorRole.BrightText)


def dim(label: QWidget) -> None:
    """Draw `label`'s text in the theme's secondary colour."""
    label.setForegroundRole(QPalette.ColorRole.PlaceholderText)


def show_focus(pane: QWidget) -> None:
    """Frame a read-only text pane in the highlight colour while it has the keyboard.

    Such panes take Tab so keyboard users can scroll them, but the style draws no focus
    for them: the keyboard seemed to vanish for a press or two."""
    name = type(pane).__name__
    pane.setStyleSheet(f"{name}:focus {{ border: 2px solid palette(highlight); }}")


def system_prefers_dark() -> bool:
    """Whether the desktop asks for a dark scheme."""
    hints = QGuiApplication.styleHints()
    return hints.colorScheme() == Qt.ColorScheme.Dark


def is_dark(choice: ThemeChoice) -> bool:
    """Whether `choice` currently means the dark scheme."""
    if choice is ThemeChoice.SYSTEM:
        return system_prefers_dark()
    return choice is ThemeChoice.DARK


def apply_theme(app: QApplication, choice: ThemeChoice) -> bool:
    """Style `app` for `choice`; returns True when the dark scheme is in use."""
    dark = is_dark(choice)
    if not app.property(FUSION_MADE):
        from PySide6.QtWidgets import QStyleFactory  # (only where Qt did not make it)

        app.setStyle(QStyleFactory.create("Fusion"))
        app.setProperty(FUSION_MADE, True)
    app.setPalette(build_palette(dark))
    app.setProperty("numdeskDark", dark)
    return dark


def follow_system(app: QApplication, current_choice: Callable[[], ThemeChoice]) -> None:
    """Re-apply the theme when the desktop's scheme changes and the user chose SYSTEM."""

    def on_change(_scheme: Qt.ColorScheme) -> None:
        if current_choice() is ThemeChoice.SYSTEM:
            apply_theme(app, ThemeChoice.SYSTEM)

    QGuiApplication.styleHints().colorSchemeChanged.connect(on_change)
