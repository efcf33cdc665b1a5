"""The sheet on a 1366×768 screen: it fits beside the library without sideways scrolling,
reflows its paired boxes when narrow, and keeps every table column in sight."""

from __future__ import annotations

from pathlib import Path

import pytest
from main_window_helpers import make_controller, make_window
from PySide6.QtWidgets import QApplication, QBoxLayout, QGroupBox, QScrollArea
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.views.actions import ActionId
from numdesk.views.main_window import MainWindow
from numdesk.views.sheet import SheetWidget
from tests.views.sheet_helpers import stored_character


@pytest.fixture
def controller(tmp_path: Path) -> LibraryController:
    controller = make_controller(tmp_path)
    yield controller
    controller.close()


def _open(
    qtbot: QtBot, controller: LibraryController, profile: str
) -> tuple[MainWindow, SheetWidget]:
    window = make_window(qtbot, controller)
    window.resize(1366, 768)
    character = stored_character(controller.library, profile=profile)
    sheet = window.open_entry(character.uid)
    assert isinstance(sheet, SheetWidget)
    qtbot.waitUntil(lambda: sheet.scroll_area.viewport().width() > 0)
    QApplication.processEvents()
    return window, sheet


def _stacked(sheet: SheetWidget, row: str) -> bool:
    layout = sheet.form.findChild(QBoxLayout, row)
    assert layout is not None
    return layout.direction() == QBoxLayout.Direction.TopToBottom


@pytest.mark.parametrize("profile", ["numenera", "cypher"])
def test_sheet_fits_beside_the_library_at_1366(
    qtbot: QtBot, controller: LibraryController, profile: str
) -> None:
    window, sheet = _open(qtbot, controller, profile)
    assert window.splitter.widget(0).isVisible()  # the library browser is shown
    assert not sheet.scroll_area.horizontalScrollBar().isVisible()
    viewport = sheet.scroll_area.viewport()
    assert sheet.paper.width() <= viewport.width()
    for name in ("mightBox", "speedBox", "intellectBox"):
        box = sheet.form.findChild(QGroupBox, name)
        right = box.mapTo(viewport, box.rect().topRight()).x()
        assert 0 < right <= viewport.width(), name  # the Intellect column is not cut off


def test_sheet_reflows_instead_of_scrolling_sideways(
    qtbot: QtBot, controller: LibraryController
) -> None:
    window, sheet = _open(qtbot, controller, "numenera")
    window.resize(1280, 720)  # a smaller laptop screen: the three stats no longer fit a row
    qtbot.waitUntil(lambda: _stacked(sheet, "statsRow"))
    assert _stacked(sheet, "devicesRow")
    assert not sheet.scroll_area.horizontalScrollBar().isVisible()

    # with the library hidden and the whole width for the sheet, pairs sit side by side
    window.resize(1366, 768)
    window.actions_by_id[ActionId.SHOW_LIBRARY].trigger()
    qtbot.waitUntil(lambda: not _stacked(sheet, "devicesRow"))
    assert not _stacked(sheet, "statsRow")
    assert not sheet.scroll_area.horizontalScrollBar().isVisible()


def test_every_table_column_stays_in_sight(qtbot: QtBot, controller: LibraryController) -> None:
    _window, sheet = _open(qtbot, controller, "cypher")
    for name, editor in sheet.list_editors.items():
        header = editor.table.horizontalHeader()
        last = header.count() - 1
        start = header.sectionViewportPosition(last)
        assert start + 30 <= editor.table.viewport().width(), name  # the last column shows
        for section in range(last):
            if editor.table.isColumnHidden(section):
                continue  # shown only while the sheet needs it (tags)
            assert header.sectionSize(section) >= 30, (name, section)


def test_cypher_sheet_keeps_its_stats_in_a_row_and_wounds_in_sight(
    qtbot: QtBot, controller: LibraryController, artifacts_dir: Path
) -> None:
    """At 1366×768 with the library shown, the play panel no longer takes the width the
    three stats need: they sit side by side and the wounds are above the fold."""
    window, sheet = _open(qtbot, controller, "cypher")
    assert window.splitter.widget(0).isVisible()
    assert not _stacked(sheet, "statsRow")
    viewport = sheet.scroll_area.viewport()
    wounds = sheet.form.findChild(QGroupBox, "woundsBox")
    assert wounds is not None and wounds.isVisible()
    bottom = wounds.mapTo(viewport, wounds.rect().bottomLeft()).y()
    assert 0 < bottom <= viewport.height()
    assert window.grab().save(str(artifacts_dir / "sheet-cypher-library-1366.png"))


def test_an_open_sheet_lets_the_window_fit_a_768_pixel_screen(
    qtbot: QtBot, controller: LibraryController
) -> None:
    """The Play tab scrolls: its boxes made the main window at least 819 pixels tall
    (a window manager keeps a window's minimum), its status bar below the screen."""
    window, sheet = _open(qtbot, controller, "cypher")
    needed = window.centralWidget().minimumSizeHint()
    assert needed.height() <= 400 and needed.width() <= 1366 - 200
    play_area = sheet.side.widget(0)
    assert isinstance(play_area, QScrollArea) and play_area.widget() is sheet.play_panel
    # the panel keeps its whole width: nothing is cut off at the side
    assert play_area.viewport().width() >= sheet.play_panel.minimumSizeHint().width()
    assert not play_area.horizontalScrollBar().isVisible()
