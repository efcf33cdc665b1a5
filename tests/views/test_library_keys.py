"""The main window's keys the GM reaches for mid-fight: Down from the search enters the
results, Ctrl+End reaches the very last match in one press, and Alt+E on an entry's
page opens its Edit form (not the Edit menu)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from numdesk.model.creature import Creature
from numdesk.views.entry_editor import EntryEditor
from numdesk.views.library.model import PAGE_SIZE
from tests.views.fight_keys import ALT, CTRL, Keys
from tests.views.main_window_helpers import add, make_controller, make_window


def test_down_from_search_and_ctrl_end_in_one_press(qtbot: QtBot, tmp_path: Path) -> None:
    controller = make_controller(tmp_path)
    wolves = [Creature(f"Wolf {n:03d}", level=2) for n in range(2 * PAGE_SIZE + 30)]
    add(controller.library, *wolves)
    window = make_window(qtbot, controller)
    browser = window.browser
    with qtbot.waitSignal(browser.resultsChanged, timeout=3000):
        browser.search_edit.setText("Wolf")
    assert browser.model.rowCount() == PAGE_SIZE
    browser.search_edit.setFocus()
    keys = Keys(qtbot)
    keys.press(Qt.Key.Key_Down)
    assert browser.table.hasFocus()
    assert browser.table.currentIndex().row() == 0
    keys.press(Qt.Key.Key_End, CTRL)
    QApplication.processEvents()
    current = browser.table.currentIndex()
    assert current.row() == len(wolves) - 1
    assert browser.shown_summaries()[current.row()].name == "Wolf 229"
    controller.close()


def test_alt_e_on_a_page_opens_its_edit_form(qtbot: QtBot, tmp_path: Path) -> None:
    controller = make_controller(tmp_path)
    ogre = Creature("Ogre", level=4, combat="Hits hard")
    add(controller.library, ogre)
    window = make_window(qtbot, controller)
    editor = window.open_entry(ogre.uid)
    assert isinstance(editor, EntryEditor) and editor.reading
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    assert editor.reader is not None
    editor.reader.browser.setFocus()
    Keys(qtbot).press(Qt.Key.Key_E, ALT)
    assert not editor.reading  # the form is open
    assert QApplication.activePopupWidget() is None  # and no Edit menu
    controller.close()


def test_tab_goes_through_the_filters_in_screen_order_and_shows_a_row(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The level boxes came after the list, and tabbing into the list showed no cursor."""
    controller = make_controller(tmp_path)
    window = make_window(qtbot, controller)
    browser = window.browser
    window.activateWindow()
    browser.search_edit.setFocus()
    qtbot.waitUntil(browser.search_edit.hasFocus, timeout=3000)
    keys = Keys(qtbot)
    reached = []
    for _ in range(7):
        keys.press(Qt.Key.Key_Tab)
        reached.append(QApplication.focusWidget())
    assert reached == [
        browser.kind_combo,
        browser.profile_combo,
        browser.tag_combo,
        browser.favourites_button,
        browser.level_min_spin,
        browser.level_max_spin,
        browser.table,
    ]
    selected = browser.table.selectionModel().selectedRows()
    assert [index.row() for index in selected] == [0]
    controller.close()
