"""A GM browsing a real library: every CSRD entry reachable by scrolling (no cap), level
ranges in the browser and the encounter builder, every import warning on screen, and a
library cypher's level rolled or typed when it goes on a sheet."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from main_window_helpers import answer_next_dialog, make_settings, make_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot
from sheet_helpers import open_sheet, stored_character, with_modal

from numdesk.controllers.library import LibraryController
from numdesk.model.items import Cypher
from numdesk.model.kinds import EntryKind
from numdesk.rules.dice import Dice
from numdesk.store import Library
from numdesk.views.library.model import PAGE_SIZE
from numdesk.views.library.transfer import run_import
from numdesk.views.main_window import MainWindow
from numdesk.views.sheet.device_level import DeviceLevelDialog
from numdesk.views.sheet.picker import LibraryPickDialog


@pytest.fixture(scope="module")
def csrd_file(tmp_path_factory: pytest.TempPathFactory, csrd_path: Path) -> Path:
    """A library holding the whole CSRD (imported once per module; tests copy it)."""
    from numdesk.io.importer import import_files

    path = tmp_path_factory.mktemp("csrd") / "csrd.numdesk"
    with Library.create(path, starter=False) as lib:
        import_files(lib, [csrd_path])
    return path


@pytest.fixture
def controller(tmp_path: Path, csrd_file: Path) -> Iterator[LibraryController]:
    copy = tmp_path / "csrd.numdesk"
    copy.write_bytes(csrd_file.read_bytes())
    controller = LibraryController(settings=make_settings(tmp_path))
    controller.open_library(copy)
    yield controller
    controller.close()


@pytest.fixture
def window(qtbot: QtBot, controller: LibraryController) -> MainWindow:
    return make_window(qtbot, controller)


def scroll_to_end(qtbot: QtBot, window: MainWindow) -> None:
    """Press Ctrl+End in the table until nothing more loads (a user scrolling down)."""
    table = window.browser.table
    table.setFocus()
    loaded = -1
    while loaded != window.browser.model.rowCount():
        loaded = window.browser.model.rowCount()
        qtbot.keyClick(table, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
        QApplication.processEvents()


def test_every_cypher_is_reachable_by_scrolling(qtbot: QtBot, window: MainWindow) -> None:
    browser = window.browser
    total = window.controller.count(EntryKind.CYPHER)
    assert total > 300  # the old cap
    with qtbot.waitSignal(browser.resultsChanged, timeout=3000):
        browser.set_kind_filter((EntryKind.CYPHER,))
    assert browser.model.rowCount() == PAGE_SIZE  # only the first page is loaded
    assert browser.count_label.text() == f"{total:,} entries"
    scroll_to_end(qtbot, window)
    shown = browser.shown_summaries()
    assert len(shown) == total
    assert len({s.uid for s in shown}) == total
    assert [s.name.casefold() for s in shown] == sorted(s.name.casefold() for s in shown)


def test_the_whole_csrd_lists_by_scrolling(qtbot: QtBot, window: MainWindow) -> None:
    browser = window.browser
    total = window.controller.count()
    assert total >= 2500
    scroll_to_end(qtbot, window)
    assert len(browser.shown_summaries()) == total


def test_scrolled_rows_cost_the_garbage_collector_nothing(qtbot: QtBot, window: MainWindow) -> None:
    """Every row of a long scroll stays shown exactly, yet adds nothing for Python's
    cycle collector to walk (rows held as objects made every full collection, and the
    page that started it, grow with the rows loaded)."""
    import gc

    browser = window.browser
    gc.collect()
    before = len(gc.get_objects())
    scroll_to_end(qtbot, window)
    gc.collect()
    loaded = browser.model.rowCount()
    assert loaded >= 2500
    assert len(gc.get_objects()) - before < loaded // 10
    shown = browser.shown_summaries()
    stored = {s.uid: s for s in window.controller.search(limit=None)}
    assert shown == [stored[s.uid] for s in shown]  # every field as the library has it
    assert browser.model.summary(loaded - 1) == shown[-1]


def test_sorting_a_column_sorts_every_match(qtbot: QtBot, window: MainWindow) -> None:
    browser = window.browser
    with qtbot.waitSignal(browser.resultsChanged, timeout=3000):
        browser.set_kind_filter((EntryKind.CREATURE,))
    browser.table.sortByColumn(3, Qt.SortOrder.DescendingOrder)
    # the library sorts: the first page holds the highest levels before any scrolling
    assert browser.shown_summaries()[0].level == max(
        s.level or 0 for s in window.controller.search(kinds=[EntryKind.CREATURE], limit=None)
    )
    scroll_to_end(qtbot, window)
    shown = browser.shown_summaries()
    assert len({s.uid for s in shown}) == len(shown) == window.controller.count(EntryKind.CREATURE)
    levels = [s.level or 0 for s in shown]
    assert levels == sorted(levels, reverse=True)


def test_level_range_filter(qtbot: QtBot, window: MainWindow) -> None:
    browser = window.browser
    with qtbot.waitSignal(browser.resultsChanged, timeout=3000):
        browser.set_kind_filter((EntryKind.CREATURE,))
    browser.set_level_range(4, 5)
    scroll_to_end(qtbot, window)
    shown = browser.shown_summaries()
    assert shown and all(s.level in (4, 5) for s in shown)
    expected = window.controller.count_matches(kinds=[EntryKind.CREATURE], level_min=4, level_max=5)
    assert len(shown) == expected
    assert "level 4–5" in browser.count_label.text()
    # typed through the keyboard: the spin boxes run the search after a short pause
    browser.level_min_spin.setFocus()
    browser.level_min_spin.selectAll()
    with qtbot.waitSignal(browser.resultsChanged, timeout=3000):
        qtbot.keyClicks(browser.level_min_spin, "7")
    assert all((s.level or 0) >= 5 for s in browser.shown_summaries())  # 7..5 read as 5..7


def test_encounter_builder_level_range(qtbot: QtBot, controller: LibraryController) -> None:
    from numdesk.model.encounter import Encounter
    from numdesk.views.encounter.window import open_encounter_window

    encounter = Encounter(name="Ambush", profile="cypher")
    controller.library.save_many([encounter])
    window = open_encounter_window(controller, encounter.uid)
    qtbot.addWidget(window)
    builder = window.builder
    builder.level_min.setValue(6)
    builder.level_max.setValue(6)
    model = builder.model
    while model.canFetchMore():
        model.fetchMore()
    assert model.entries and all(e.level == 6 for e in model.entries)
    assert len(model.entries) == controller.count_matches(
        kinds=[EntryKind.CHARACTER, EntryKind.CREATURE, EntryKind.FOLLOWER],
        level_min=6,
        level_max=6,
    )


def test_import_summary_lists_every_warning(qtbot: QtBot, tmp_path: Path, csrd_path: Path) -> None:
    controller = LibraryController(settings=make_settings(tmp_path))
    controller.new_library(tmp_path / "fresh.numdesk")
    window = make_window(qtbot, controller)
    shown: list[str] = []

    def read_and_close(dialog: QWidget) -> None:
        assert isinstance(dialog, QMessageBox)
        shown.append(dialog.informativeText() + "\n" + dialog.detailedText())
        dialog.accept()

    answer_next_dialog(qtbot, read_and_close, QMessageBox)
    assert run_import(window, [csrd_path])
    # the very lines the command line prints, each one on screen (Snow Queen: no level)
    from numdesk.io.importer import read_files

    notes = read_files([csrd_path]).notes
    assert any("Snow Queen" in line and "no level" in line for line in notes)
    assert all(line in shown[0] for line in notes)
    controller.close()


def test_cypher_from_the_library_rolls_its_level(qtbot: QtBot, library: Library) -> None:
    library.save_many([Cypher("Flash bulb", level_dice="1d6+2", effect="Light.")])
    character = stored_character(library, "cypher")
    controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[3]))
    cyphers = sheet.list_editors["cyphers"]

    def pick(dialog: QWidget) -> None:
        assert isinstance(dialog, LibraryPickDialog)
        assert dialog.select_name("Flash bulb")
        dialog.accept()

    def let_the_app_roll(dialog: QWidget) -> None:
        assert isinstance(dialog, DeviceLevelDialog)
        assert "1d6+2" in dialog.intro.text()
        dialog.accept()

    with_modal(cyphers.pick_from_library, pick, let_the_app_roll)
    assert controller.character.cyphers[-1].level == 5  # 3 + 2
    assert controller.dice.log[-1].purpose == "device level"

    def typed(dialog: QWidget) -> None:
        assert isinstance(dialog, DeviceLevelDialog)
        dialog.faces[0].setFocus()
        dialog.faces[0].selectAll()
        qtbot.keyClicks(dialog.faces[0], "6")
        previews.append(dialog.preview.text())
        dialog.accept()

    previews: list[str] = []
    with_modal(cyphers.pick_from_library, pick, typed)
    assert previews == ["Level 8"]
    assert controller.character.cyphers[-1].level == 8
    assert controller.dice.log[-1].entered


def test_cypher_level_that_is_not_dice_is_asked(qtbot: QtBot, library: Library) -> None:
    library.save_many([Cypher("Odd rod", level_dice="as the GM likes")])
    character = stored_character(library, "cypher")
    controller, sheet = open_sheet(qtbot, library, character.uid)
    cyphers = sheet.list_editors["cyphers"]

    def pick(dialog: QWidget) -> None:
        assert isinstance(dialog, LibraryPickDialog)
        assert dialog.select_name("Odd rod")
        dialog.accept()

    def type_level(dialog: QWidget) -> None:
        assert isinstance(dialog, DeviceLevelDialog)
        assert dialog.level_spin is not None and "not dice" in dialog.intro.text()
        dialog.level_spin.setValue(4)
        dialog.accept()

    with_modal(cyphers.pick_from_library, pick, type_level)
    assert controller.character.cyphers[-1].level == 4
