"""The main window's standard icons: drawn once the window is painted (`views.actions`),
into blank icons of the toolbar's size that the first screen shows meanwhile."""

from __future__ import annotations

from pathlib import Path

from main_window_helpers import make_controller, make_window
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from numdesk.controllers.settings import ThemeChoice
from numdesk.views.actions import ICON_SIZE, ActionId, action_specs
from numdesk.views.theme import apply_theme


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


def _ink_lightness(action: QAction) -> int:
    """The mean lightness of the icon's drawn pixels."""
    image = action.icon().pixmap(ICON_SIZE).toImage()
    shown = [
        image.pixelColor(x, y)
        for x in range(image.width())
        for y in range(image.height())
        if image.pixelColor(x, y).alpha() > 200
    ]
    assert shown, action.text()
    return sum(colour.lightness() for colour in shown) // len(shown)


def test_the_arrows_follow_the_theme_and_show_on_a_dark_toolbar(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Fusion's arrows are black: on the dark toolbar they could hardly be seen."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    controller = make_controller(tmp_path)
    window = make_window(qtbot, controller)
    arrows = [window.actions_by_id[a] for a in (ActionId.IMPORT, ActionId.UNDO)]
    try:
        qtbot.waitUntil(lambda: not _draws_nothing(arrows[0]), timeout=3000)
        assert all(_ink_lightness(a) < 80 for a in arrows)  # dark on the light toolbar
        apply_theme(app, ThemeChoice.DARK)
        qtbot.waitUntil(lambda: all(_ink_lightness(a) > 170 for a in arrows), timeout=3000)
        # the coloured icons stay as the style draws them
        folder = window.actions_by_id[ActionId.OPEN_LIBRARY].icon().pixmap(ICON_SIZE).toImage()
        pixels = [folder.pixelColor(x, y) for x in range(24) for y in range(24)]
        assert any(p.alpha() > 200 and p.saturation() > 60 for p in pixels)  # still blue
    finally:
        apply_theme(app, ThemeChoice.LIGHT)
        window.close()
        controller.close()
