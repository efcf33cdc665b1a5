"""The task dialog says what happened after the roll (QA, issue 22): a reroll that did
not beat the first face says it kept that face, a taken effect is named in the result,
and the roll log names what was rolled, not just "Might task"."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from numdesk.rules.dice import Dice
from numdesk.store import Library
from numdesk.views.sheet.task_dialog import TaskDialog
from tests.views.sheet_helpers import open_sheet, stored_character
from tests.views.test_task_dialog_layout import _overlaps as overlaps


def _picture(task: TaskDialog, path: Path) -> None:
    """At 1366×768, laid out, nothing drawn over anything: saved to look at."""
    task.fit_to_screen(QRect(QPoint(0, 0), QSize(1366, 768)))
    for _ in range(3):
        QApplication.processEvents()
    assert overlaps(task) == []
    task.grab().save(str(path))


LEFT = Qt.MouseButton.LeftButton


def test_a_reroll_that_does_not_beat_the_first_face_says_so(
    qtbot: QtBot, library: Library, artifacts_dir: Path
) -> None:
    character = stored_character(library)  # numenera: the XP reroll exists
    character.xp = 2
    library.characters.save(character)
    controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[4, 3, 6, 15]))
    task = sheet.play_panel.open_task()
    qtbot.addWidget(task)
    qtbot.mouseClick(task.roll_button, LEFT)  # 4 against 9
    before = task.values["resultValue"].text()
    qtbot.mouseClick(task.reroll_button, LEFT)  # a 3 does not beat the 4
    after = task.values["resultValue"].text()
    assert after != before  # QA: the result read exactly as before
    assert "kept your 4; the reroll was 3" in after
    assert "Rolled 4 against 9: failure" in after
    assert controller.character.xp == 1
    _picture(task, artifacts_dir / "task-reroll-kept.png")
    qtbot.mouseClick(task.roll_button, LEFT)  # 6, then a better reroll
    qtbot.mouseClick(task.reroll_button, LEFT)
    assert "the reroll of 15 replaces your 6" in task.values["resultValue"].text()
    assert controller.dice.log[-1].purpose == "reroll: Might task"


def test_taking_an_effect_names_it_in_the_result(
    qtbot: QtBot, library: Library, artifacts_dir: Path
) -> None:
    character = stored_character(library, "cypher")
    controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[20]))
    task = sheet.play_panel.open_task()
    qtbot.addWidget(task)
    task.select(task.weapon, "Broadsword")
    qtbot.mouseClick(task.roll_button, LEFT)
    label = task.effect_pick.currentText()
    assert label
    qtbot.mouseClick(task.effect_button, LEFT)
    special = task.values["specialValue"].text()
    assert f"Effect taken instead of the bonus damage: {label}; the hit deals 4." in special
    assert controller.character.history[-1].summary.startswith("Took the minor effect: Strike")
    _picture(task, artifacts_dir / "task-effect-taken.png")


def test_the_roll_log_names_what_was_rolled(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library, "cypher")
    controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[14, 8, 5, 7]))
    task = sheet.play_panel.open_task()
    qtbot.addWidget(task)
    task.select(task.weapon, "Broadsword")
    task.roll()
    task.select(task.weapon, "(not")
    task.select(task.ability, "Pierce")
    task.roll()
    task.select(task.ability, "(no")
    task.select(task.skill, "Climbing")
    task.roll()
    task.select(task.skill, "(no")
    task.roll()
    purposes = [record.purpose for record in controller.dice.log[-4:]]
    assert purposes == [
        "Broadsword (Might)",
        "Pierce (Speed)",
        "Climbing (Speed)",
        "Speed task",
    ]
    log = sheet.play_panel.roll_log  # newest first, as the sheet shows it
    assert str(log.data(log.index(3, 0))).endswith("d20: 14 — Broadsword (Might)")
