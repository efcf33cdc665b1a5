"""The library browser on a real library: search as you type, filters, favourites, sorting,
and dragging entries out with the numdesk entry MIME type."""

from __future__ import annotations

from pathlib import Path

import pytest
from main_window_helpers import add, creature, make_controller, make_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.model.character import Character
from numdesk.model.items import Cypher
from numdesk.model.kinds import EntryKind
from numdesk.views.actions import ActionId
from numdesk.views.library.model import ENTRY_MIME_TYPE, Column, decode_entry_mime
from numdesk.views.main_window import MainWindow


@pytest.fixture
def controller(tmp_path: Path) -> LibraryController:
    controller = make_controller(tmp_path)
    add(
        controller.library,
        creature("Zorblax the Unlikely", 2, profile="numenera"),
        creature("Zorblax hatchling", 7, profile="cypher"),
        creature("Quiet moth", 5, profile="cypher"),
        Cypher(name="Zorblax lure", level=3),
        Character(name="Ilsa Varn", tier=3, profile="cypher"),
    )
    yield controller
    controller.close()


@pytest.fixture
def window(qtbot: QtBot, controller: LibraryController) -> MainWindow:
    return make_window(qtbot, controller)


def names(window: MainWindow) -> list[str]:
    return [s.name for s in window.browser.shown_summaries()]


def test_typing_in_the_search_box_filters_the_table(qtbot: QtBot, window: MainWindow) -> None:
    browser = window.browser
    total = len(names(window))
    with qtbot.waitSignal(browser.resultsChanged, timeout=3000):
        qtbot.keyClicks(browser.search_edit, "zorbl")
    assert sorted(names(window)) == ["Zorblax hatchling", "Zorblax lure", "Zorblax the Unlikely"]
    with qtbot.waitSignal(browser.resultsChanged, timeout=3000):
        qtbot.keyClicks(browser.search_edit, "ax hatch")
    assert names(window) == ["Zorblax hatchling"]
    with qtbot.waitSignal(browser.resultsChanged, timeout=3000):
        browser.search_edit.clear()
    assert len(names(window)) == total
    assert browser.count_label.text() == f"{total:,} entries"


def test_kind_profile_and_tag_filters(
    qtbot: QtBot, window: MainWindow, controller: LibraryController
) -> None:
    browser = window.browser
    browser.search_edit.setText("zorblax")
    browser.refresh()
    browser.set_kind_filter((EntryKind.CREATURE,))
    assert sorted(names(window)) == ["Zorblax hatchling", "Zorblax the Unlikely"]
    browser.profile_combo.setCurrentIndex(browser.profile_combo.findData("cypher"))
    assert names(window) == ["Zorblax hatchling"]

    browser.profile_combo.setCurrentIndex(0)
    browser.set_kind_filter(None)
    moth = controller.library.creatures.find_by_name("Quiet moth")
    assert moth is not None
    controller.set_tags(moth.uid, ["night", "swarm"])
    browser.search_edit.setText("")
    browser.refresh()
    browser.tag_combo.setCurrentIndex(browser.tag_combo.findData("night"))
    assert names(window) == ["Quiet moth"]
    row = window.browser.shown_summaries()[0]
    assert row.tags == ("night", "swarm")


def test_favourites_toggle_and_filter(qtbot: QtBot, window: MainWindow) -> None:
    browser = window.browser
    browser.search_edit.setText("zorblax")
    browser.refresh()
    uid = next(s.uid for s in browser.shown_summaries() if s.name == "Zorblax lure")
    browser.select_uids([uid])
    window.actions_by_id[ActionId.FAVOURITE].trigger()
    assert window.controller.library.summary(uid).favourite
    browser.search_edit.setText("")
    browser.favourites_button.click()
    assert names(window) == ["Zorblax lure"]
    fav_index = browser.model.index(0, Column.FAVOURITE)
    assert browser.model.data(fav_index) == "★"
    browser.select_uids([uid])
    window.actions_by_id[ActionId.FAVOURITE].trigger()
    assert names(window) == []


def test_clicking_a_header_sorts(qtbot: QtBot, window: MainWindow) -> None:
    browser = window.browser
    browser.set_kind_filter((EntryKind.CREATURE,))
    header = browser.table.horizontalHeader()
    x = header.sectionViewportPosition(Column.LEVEL) + header.sectionSize(Column.LEVEL) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    levels = [s.level for s in browser.shown_summaries()]
    assert levels == sorted(levels) and len(levels) > 3
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    levels = [s.level for s in browser.shown_summaries()]
    assert levels == sorted(levels, reverse=True)

    x = header.sectionViewportPosition(Column.NAME) + 20
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))
    shown = names(window)
    assert shown == sorted(shown, key=str.casefold) or shown == sorted(
        shown, key=str.casefold, reverse=True
    )


def test_character_rows_show_their_tier(window: MainWindow) -> None:
    browser = window.browser
    browser.search_edit.setText("Ilsa")
    browser.refresh()
    index = browser.model.index(0, Column.LEVEL)
    assert browser.model.data(index) == "Tier 3"


def test_dragging_creatures_and_characters_carries_their_uids(window: MainWindow) -> None:
    browser = window.browser
    browser.search_edit.setText("")
    browser.refresh()
    rows = {s.name: s for s in browser.shown_summaries()}
    wanted = [rows["Quiet moth"].uid, rows["Ilsa Varn"].uid, rows["Zorblax lure"].uid]
    browser.select_uids(wanted)
    indexes = browser.table.selectionModel().selectedIndexes()
    source = list(indexes)
    assert all(
        browser.model.flags(i) & Qt.ItemFlag.ItemIsDragEnabled
        for i in source
        if browser.model.summary(i.row()).kind is not EntryKind.CYPHER
    )
    mime = browser.model.mimeData(source)
    assert mime.hasFormat(ENTRY_MIME_TYPE)
    dragged = decode_entry_mime(mime)
    assert {d["uid"] for d in dragged} == set(wanted[:2])  # cyphers do not join encounters
    assert {d["kind"] for d in dragged} == {"creature", "character"}


def test_a_big_search_is_counted_as_a_floor_until_scrolled_through(
    qtbot: QtBot, window: MainWindow, controller: LibraryController
) -> None:
    from numdesk.store.browse import CAP

    add(controller.library, *(creature(f"Swarmling {i:04}", 1 + i % 9) for i in range(CAP + 50)))
    browser = window.browser
    with qtbot.waitSignal(browser.resultsChanged, timeout=5000):
        browser.search_edit.setText("swarmling")
    assert browser.count_label.text() == "1,000+ entries"
    assert "More than 1,000 entries match" in browser.count_label.toolTip()
    with qtbot.waitSignal(browser.resultsChanged, timeout=5000):
        browser.search_edit.setText("swarmling 000")  # Swarmling 0000 … 0009: ten
    assert browser.count_label.text() == "10 entries"
    assert browser.count_label.toolTip() == ""
    with qtbot.waitSignal(browser.resultsChanged, timeout=5000):
        browser.search_edit.setText("swarmling")
    while browser.model.canFetchMore():
        browser.model.fetchMore()
    # every match loaded: now the count is the exact number, and every row is there once
    assert browser.count_label.text() == f"{CAP + 50:,} entries" == "1,050 entries"
    assert len({s.uid for s in browser.shown_summaries()}) == CAP + 50


@pytest.mark.parametrize("level_sorted", [False, True])
def test_a_list_of_whole_pages_read_to_its_end_is_counted_exactly(
    qtbot: QtBot, window: MainWindow, controller: LibraryController, level_sorted: bool
) -> None:
    """With a full last page the end is only known from a read that finds nothing more,
    and no row comes in then: the label still said "1,000+ entries" at the end."""
    from numdesk.store.browse import CAP
    from numdesk.views.library.model import PAGE_SIZE

    matches = CAP + 2 * PAGE_SIZE
    add(controller.library, *(creature(f"Swarmling {i:04}", 1 + i % 9) for i in range(matches)))
    browser = window.browser
    if level_sorted:
        browser.model.sort(Column.LEVEL, Qt.SortOrder.DescendingOrder)
    with qtbot.waitSignal(browser.resultsChanged, timeout=5000):
        browser.search_edit.setText("swarmling")
    assert browser.count_label.text() == "1,000+ entries"
    cursors: list[Qt.CursorShape | None] = []

    def cursor_now(*_: object) -> None:
        shown = QApplication.overrideCursor()
        cursors.append(shown.shape() if shown is not None else None)

    browser.model.rowsInserted.connect(cursor_now)
    browser.table.setFocus()
    qtbot.keyClick(browser.table, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert not browser.model.canFetchMore()
    # read all at once behind a wait cursor, put back after
    assert cursors and set(cursors) == {Qt.CursorShape.WaitCursor}
    assert QApplication.overrideCursor() is None
    assert len({s.uid for s in browser.shown_summaries()}) == matches
    assert browser.count_label.text() == "1,200 entries"
    assert browser.count_label.toolTip() == ""


def test_a_save_elsewhere_shows_the_new_name_without_listing_again(
    qtbot: QtBot, window: MainWindow, controller: LibraryController
) -> None:
    from numdesk.controllers.character import CharacterController
    from numdesk.model.operations import SetField

    browser = window.browser
    browser.refresh()
    ilsa = next(s for s in browser.shown_summaries() if s.name == "Ilsa Varn")
    sheet = CharacterController(controller.library, ilsa.uid, library_controller=controller)
    with qtbot.assertNotEmitted(browser.resultsChanged, wait=100):
        sheet.apply(SetField("name", "Ilsa the Bold"))
        qtbot.waitUntil(lambda: "Ilsa the Bold" in names(window))
    row = browser.model.row_of(ilsa.uid)
    assert row is not None
    assert browser.model.data(browser.model.index(row, Column.NAME)) == "Ilsa the Bold"
    assert "Ilsa Varn" not in names(window)


def test_marking_a_selection_as_favourites_lists_the_library_once(
    window: MainWindow, controller: LibraryController
) -> None:
    browser = window.browser
    browser.search_edit.setText("zorblax")
    browser.refresh()
    listings: list[None] = []
    browser.resultsChanged.connect(lambda: listings.append(None))
    announced: list[None] = []
    controller.entriesChanged.connect(lambda: announced.append(None))
    browser.select_uids([s.uid for s in browser.shown_summaries()])
    window.actions_by_id[ActionId.FAVOURITE].trigger()
    assert len(announced) == 1 and len(listings) == 1
    assert all(s.favourite for s in browser.shown_summaries())
    assert len(browser.shown_summaries()) == 3


def test_the_column_the_list_is_sorted_by_stays_when_the_browser_narrows(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Narrow, the browser drops its Tags and Rules columns; sorted by Tags, the Tags
    column and its arrow stay (hidden, the order looked random), and go once unsorted."""
    browser = window.browser
    browser.resize(1200, 600)
    qtbot.waitUntil(lambda: not browser.table.isColumnHidden(Column.TAGS))
    browser.table.horizontalHeader().setSortIndicator(Column.TAGS, Qt.SortOrder.AscendingOrder)
    browser.resize(420, 600)
    qtbot.waitUntil(lambda: browser.table.isColumnHidden(Column.PROFILE))
    assert not browser.table.isColumnHidden(Column.TAGS)
    assert browser.table.horizontalHeader().sortIndicatorSection() == Column.TAGS
    browser.model.sort(-1, Qt.SortOrder.AscendingOrder)
    assert browser.table.isColumnHidden(Column.TAGS)
