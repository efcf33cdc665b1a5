"""The main window's standard icons: drawn once the window is painted (`views.actions`),
into blank icons of the toolbar's size that the first screen shows meanwhile."""

from __future__ import annotations

from pathlib import Path

from main_window_helpers import make_controller, make_window
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from numdesk.views.actions import ICON_SIZE, ActionId, action_specs


def _draws_nothing(action: QAction) -> bool:
    image = action.icon().pixmap(ICON_SIZE).toImage()
    middle = image.height() // 2
    return all(image.pixelColor(x, middle).alpha() == 0 for x in range(image.width()))


def test_standard_icons_come_once_the_window_is_painted(qtbot: QtBot, tmp_path: Path) -> None:
    controller = make_controller(tmp_path)
    window = make_window(qtbot, controller)
    try:
        named = [window.actions_by_id[a] for a, spec in action_specs().items() if spec.icon]
        assert len(named) == 9
        qtbot.waitUntil(lambda: not any(_draws_nothing(a) for a in named), timeout=3000)
        assert window.toolbar.iconSize() == ICON_SIZE
        assert window.actions_by_id[ActionId.QUIT].icon().isNull()  # no icon named for it
    finally:
        window.close()
        controller.close()


def test_every_icon_name_is_a_standard_pixmap() -> None:
    """The names are looked up only after the first paint: a typo must fail a test."""
    from PySide6.QtWidgets import QStyle

    for spec in action_specs().values():
        if spec.icon is not None:
            assert isinstance(getattr(QStyle.StandardPixmap, spec.icon), QStyle.StandardPixmap)
