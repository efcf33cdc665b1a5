"""The roll log of a sheet comes back after a restart, with the sheet that was open;
a full log drops its oldest roll; a damaged kept roll is named, not hidden."""

from __future__ import annotations

from pathlib import Path

from main_window_helpers import make_controller, make_settings, make_window
from pytestqt.qtbot import QtBot
from sheet_helpers import open_sheet, stored_character

from numdesk.controllers.library import LibraryController
from numdesk.controllers.roll_log import ROLL_LIMIT
from numdesk.rules.dice import Dice
from numdesk.store import Library
from numdesk.views.sheet import SheetWidget


def roll_lines(sheet: SheetWidget) -> list[str]:
    model = sheet.play_panel.roll_log
    return [str(model.index(row, 0).data()) for row in range(model.rowCount())]


def test_the_rolls_come_back_with_the_sheet(qtbot: QtBot, tmp_path: Path) -> None:
    controller = make_controller(tmp_path)
    path = controller.path
    assert path is not None
    window = make_window(qtbot, controller)
    hero = stored_character(controller.library)
    sheet = window.open_entry(hero.uid)
    assert isinstance(sheet, SheetWidget)
    sheet_controller = window.documents.controller_for(sheet)
    assert sheet_controller is not None
    sheet_controller.dice.d20("Climbing the wall")
    sheet_controller.dice.d6("Recovery")
    before = roll_lines(sheet)
    assert len(before) == 2 and "Recovery" in before[0] and "Climbing the wall" in before[1]
    window.close()
    controller.close()

    again = LibraryController(Library.open(path), settings=make_settings(tmp_path))
    second = make_window(qtbot, again)
    second.resume_session()
    assert second.documents.open_uids() == [hero.uid]
    tab = second.documents.widget_for(hero.uid)
    assert isinstance(tab, SheetWidget)
    assert roll_lines(tab) == before
    second.close()
    again.close()


def test_a_full_log_drops_its_oldest_roll(qtbot: QtBot, library: Library) -> None:
    hero = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, hero.uid, dice=Dice(seed=2))
    for number in range(ROLL_LIMIT + 1):
        controller.dice.d20(f"roll {number}")
    lines = roll_lines(sheet)
    assert len(lines) == ROLL_LIMIT
    assert lines[0].endswith(f"roll {ROLL_LIMIT}") and lines[-1].endswith("roll 1")


def test_a_damaged_kept_roll_is_named(qtbot: QtBot, library: Library) -> None:
    hero = stored_character(library)
    library.meta_set(
        f"rolls:{hero.uid}", [[20, 14, "Sneaking", False, "2026-11-24T01:00:00"], ["junk"]]
    )
    _controller, sheet = open_sheet(qtbot, library, hero.uid)
    assert len(roll_lines(sheet)) == 1 and "Sneaking" in roll_lines(sheet)[0]
    assert "1 kept roll(s) were damaged" in sheet.play_panel.roll_log_label.text()
