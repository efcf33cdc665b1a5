"""The main window's standard icons, drawn once its first screen is painted and again
when the palette changes (see `views.actions` for why they wait).

Fusion's arrows (Import, Export, Undo, Redo) are black shapes: on the dark theme's
toolbar they could hardly be seen. They are drawn in the palette's button text colour
instead, so they follow the theme like the text beside them.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QColor, QIcon, QPalette
from PySide6.QtWidgets import QWidget

from numdesk.gui import after_first_paint
from numdesk.views.actions import ICON_SIZE, ActionId, action_specs

#: the standard icons that are one colour, drawn in the palette's button text colour
ONE_COLOUR = frozenset({"SP_ArrowDown", "SP_ArrowUp", "SP_ArrowBack", "SP_ArrowForward"})


class StandardIcons(QObject):
    """Gives `window`'s actions their icons after `first_screen`'s first paint, and again
    in the new colours whenever the window's palette changes (a theme switched)."""

    def __init__(
        self, actions: dict[ActionId, QAction], window: QWidget, first_screen: QWidget
    ) -> None:
        super().__init__(window)
        self._actions = actions
        self._window = window
        self._drawn = False
        after_first_paint(first_screen, self.draw)

    def draw(self) -> None:
        """Set every action's icon from the window's style and palette."""
        add_icons(self._actions, self._window)
        if not self._drawn:
            self._drawn = True
            # (only now: before the first paint a Python filter would see every event)
            self._window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.PaletteChange:
            self.draw()
        return False


def add_icons(actions: dict[ActionId, QAction], widget: QWidget) -> None:
    """Give each action its standard icon from `widget`'s style, the one-colour ones
    in `widget`'s button text colour."""
    from PySide6.QtWidgets import QStyle

    style = widget.style()
    ink = widget.palette().color(QPalette.ColorRole.ButtonText)
    for action_id, spec in action_specs().items():
        if spec.icon is None:
            continue
        icon = style.standardIcon(getattr(QStyle.StandardPixmap, spec.icon), None, widget)
        actions[action_id].setIcon(_inked(icon, ink) if spec.icon in ONE_COLOUR else icon)


def _inked(icon: QIcon, ink: QColor) -> QIcon:
    """`icon`'s shape, in every size it has, filled with `ink`."""
    from PySide6.QtGui import QPainter  # (here: its enums need not wait for the window)

    inked = QIcon()
    for size in icon.availableSizes() or [ICON_SIZE]:
        pixmap = icon.pixmap(size)
        painter = QPainter(pixmap)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        painter.fillRect(pixmap.rect(), ink)
        painter.end()
        inked.addPixmap(pixmap)
    return inked
