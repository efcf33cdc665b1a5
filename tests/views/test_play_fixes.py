"""What a player met at the table (issue 22, "Play"): the cost breakdown names the
ability's own cost, the reroll button follows XP gained while the task dialog is open, a
natural 19 reads as bonus damage *or* an effect, the GM-intrusion message sits by its
button, the same hit can be applied twice, recovery points past a maximum are said, and
the depletion die's tooltip names the artifact's die."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from numdesk.model.items import Artifact
from numdesk.rules.dice import Dice
from numdesk.rules.types import Stat, WoundSeverity
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


def test_the_gm_intrusion_refusal_is_said_under_its_button(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, character.uid)
    play = sheet.play_panel
    sheet.side.setCurrentIndex(0)  # the Play tab
    qtbot.mouseClick(play.intrusion_button, LEFT)  # nobody chosen to receive 1 XP
    shown = [
        label
        for label in play.findChildren(QLabel)
        if label.isVisible() and label.text() == "Type or choose who receives 1 XP."
    ]
    assert len(shown) == 1
    label = shown[0]
    assert label.parentWidget() is play.intrusion_button.parentWidget()
    button = play.intrusion_button.geometry()
    gap = label.geometry().top() - button.bottom()
    assert 0 < gap <= play.refuse_button.height() + 20  # right under the buttons
    qtbot.keyClicks(play.recipient_combo.lineEdit(), "Vesh")
    qtbot.mouseClick(play.intrusion_button, LEFT)
    assert label.isVisible() and "reason" in label.text()  # the rules' refusal, same place
    qtbot.keyClicks(play.intrusion_reason, "took the blow for me")
    qtbot.mouseClick(play.intrusion_button, LEFT)
    assert not label.isVisible()  # accepted: the message goes
    assert controller.character.xp == 1


def test_the_same_hit_applies_twice_without_a_dummy_change(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library, "cypher")
    controller, sheet = open_sheet(qtbot, library, character.uid)
    damage = sheet.play_panel.open_damage()
    qtbot.addWidget(damage)
    damage.severity.setCurrentIndex(damage.severity.findData(WoundSeverity.MINOR))
    assert not damage.again_button.isVisible()
    qtbot.mouseClick(damage.apply_wound, LEFT)
    assert controller.character.wounds.minor == 1
    assert not damage.apply_wound.isEnabled()  # a double-click never applies twice
    assert damage.again_button.isVisible() and damage.again_button.isEnabled()
    qtbot.mouseClick(damage.again_button, LEFT)  # a second goblin, the same blow
    assert controller.character.wounds.minor == 2
    # a Pool hit: the amount is cleared, the same hit is still one press away
    damage.damage_type.setCurrentIndex(damage.damage_type.findText("Intellect"))
    assert not damage.again_button.isVisible()  # changed inputs: another hit
    damage.amount.setValue(2)
    qtbot.mouseClick(damage.apply_pool, LEFT)
    qtbot.mouseClick(damage.again_button, LEFT)
    assert controller.character.pool(Stat.INTELLECT).current == 9 - 4


def test_recovery_points_past_a_maximum_are_said(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    character.pool(Stat.MIGHT).current = 13  # room for 2
    library.characters.save(character)
    controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[4]))
    recover = sheet.play_panel.open_recover()
    qtbot.addWidget(recover)
    recover.show()
    qtbot.mouseClick(recover.roll_button, LEFT)  # 4 + tier 1 = 5
    recover.split[Stat.MIGHT].setValue(1)
    QApplication.processEvents()
    button_at = recover.apply_button.mapTo(recover, recover.apply_button.rect().topLeft())
    assert not recover.lost.isVisible()
    recover.split[Stat.MIGHT].setValue(5)
    QApplication.processEvents()
    assert "Might has room for 2 more (maximum 15): 3 would be lost." in recover.lost.text()
    assert recover.lost.isVisible() and recover.left.text() == "0 points left to share"
    # the warning appears below the buttons: Take this rest stays under the pointer
    assert recover.apply_button.mapTo(recover, recover.apply_button.rect().topLeft()) == button_at
    qtbot.mouseClick(recover.apply_button, LEFT)
    assert controller.character.pool(Stat.MIGHT).current == 15
    assert "3 lost above the maximums" in recover.done_label.text()


def test_the_depletion_die_tooltip_names_the_artifacts_die(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    character.artifacts.append(Artifact("Spinning Top", 3, "1 in 1d6", "Spins."))
    library.characters.save(character)
    _controller, sheet = open_sheet(qtbot, library, character.uid)
    play = sheet.play_panel
    play.artifact_combo.setCurrentIndex(1)
    assert "d6" in play.depletion_face.toolTip() and "d20" not in play.depletion_face.toolTip()
    assert play.depletion_face.maximum() == 6
    play.artifact_combo.setCurrentIndex(0)
    assert "real d10?" in play.depletion_face.toolTip()
