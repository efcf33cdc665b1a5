"""Play-mode actions that were only wired, not driven: a natural 1, XP spends, refusals."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from numdesk.rules.dice import Dice
from numdesk.rules.types import Stat
from numdesk.rules.xp import XpSpendKind
from numdesk.store import Library
from tests.views.sheet_helpers import open_sheet, stored_character, type_into

LEFT = Qt.MouseButton.LeftButton


def test_a_natural_one_is_noted_as_an_intrusion_without_xp(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    _controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[1]))
    task = sheet.play_panel.open_task()
    qtbot.addWidget(task)
    task.select(task.stat, "Might")
    task.difficulty.setValue(3)
    qtbot.mouseClick(task.roll_button, LEFT)
    assert "Natural 1" in task.values["specialValue"].text()
    lines = sheet.history_panel.lines()
    assert len(lines) == 1  # said once, in the roll's own line
    assert "Rolled 1" in lines[0] and "GM intrusion (no XP)" in lines[0]
    stored = library.characters.load(character.uid)
    assert stored.xp == 0
    assert "GM intrusion (no XP)" in stored.history[-1].summary
    qtbot.mouseClick(sheet.undo_button, LEFT)
    assert sheet.history_panel.lines() == []
    assert library.characters.load(character.uid).history == []


def test_xp_spends_and_refusing_an_intrusion_from_the_play_panel(
    qtbot: QtBot, library: Library
) -> None:
    character = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, character.uid)
    play = sheet.play_panel
    # at 0 XP a refusal is impossible: the panel says so under the button, nothing changes
    qtbot.mouseClick(play.refuse_button, LEFT)
    assert "XP" in play.intrusion_message.text()
    assert controller.undo_stack.count() == 0

    type_into(qtbot, sheet.line("xpEdit"), "5")
    play.spend_combo.setCurrentIndex(play.spend_combo.findData(XpSpendKind.SHORT_TERM))
    qtbot.keyClicks(play.spend_note, "a friendly guard")
    qtbot.mouseClick(play.spend_button, LEFT)
    assert sheet.line("xpEdit").text() == "3"
    assert play.spend_note.text() == ""
    assert "a friendly guard" in sheet.history_panel.lines()[0]

    qtbot.mouseClick(play.refuse_button, LEFT)
    assert play.message.text() == ""
    stored = library.characters.load(character.uid)
    assert stored.xp == 2
    assert "intrusion" in stored.history[-1].summary.lower()
    assert stored.pool(Stat.MIGHT).current == 15  # XP only
