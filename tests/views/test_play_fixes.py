"""What a player met at the table (issue 22, "Play"): the cost breakdown names the
ability's own cost, the reroll button follows XP gained while the task dialog is open, a
natural 19 reads as bonus damage *or* an effect, the GM-intrusion message sits by its
button, the same hit can be applied twice, recovery points past a maximum are said, and
the depletion die's tooltip names the artifact's die."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from numdesk.rules.dice import Dice
from numdesk.store import Library
from tests.views.sheet_helpers import open_sheet, stored_character

LEFT = Qt.MouseButton.LeftButton


def test_cost_breakdown_names_the_abilitys_own_cost(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    _controller, sheet = open_sheet(qtbot, library, character.uid)
    task = sheet.play_panel.open_task()
    qtbot.addWidget(task)
    task.select(task.ability, "Pierce")
    task.effort_ease.setValue(1)
    lines = task.values["costValue"].text().split("\n")
    # Pierce 1 + one level of Effort 3 − Speed Edge 1 = 3
    assert lines[:4] == ["3 Speed points", "Pierce: 1", "Effort 1 level(s) = 3", "Edge −1"]


def test_reroll_button_sees_xp_gained_while_the_dialog_is_open(
    qtbot: QtBot, library: Library
) -> None:
    character = stored_character(library)  # numenera, 0 XP
    controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[3, 17]))
    task = sheet.play_panel.open_task()
    qtbot.addWidget(task)
    task.difficulty.setValue(5)
    qtbot.mouseClick(task.roll_button, LEFT)
    assert "Failure" in task.values["resultValue"].text()
    assert not task.reroll_button.isEnabled()  # no XP to spend
    qtbot.mouseClick(sheet.play_panel.award_button, LEFT)  # the GM's award: 1 XP
    assert controller.character.xp == 1
    assert task.reroll_button.isEnabled()
    qtbot.mouseClick(task.reroll_button, LEFT)
    assert "Success" in task.values["resultValue"].text()
    assert not task.reroll_button.isEnabled()  # the XP is spent again


def test_a_natural_19_reads_as_damage_or_an_effect(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library, "cypher")
    _controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[19]))
    task = sheet.play_panel.open_task()
    qtbot.addWidget(task)
    task.select(task.weapon, "Broadsword")
    qtbot.mouseClick(task.roll_button, LEFT)
    result = task.values["resultValue"].text()
    assert "+3 damage or a minor effect instead of it" in result
    assert "deals 7 damage with the bonus, 4 with the effect" in result
    assert task.values["specialValue"].text() == (
        "Natural 19: +3 damage (7 in all), or instead a minor effect picked below (4 damage then)."
    )
    assert task.effect_pick.isEnabled()
