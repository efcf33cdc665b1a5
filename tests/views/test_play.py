"""Play mode at the table, through the real dialogs: tasks, damage, rests, cyphers,
artifacts, XP; then everything undone back to the start, and persistence checked."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from numdesk.model.character import Character
from numdesk.model.serialize import to_data
from numdesk.rules.defense import DefenseKind
from numdesk.rules.dice import Dice
from numdesk.rules.types import DamageTrackState, Stat, WoundSeverity
from numdesk.store import Library
from tests.views.sheet_helpers import open_sheet, stored_character

LEFT = Qt.MouseButton.LeftButton


def test_a_fight_then_undo_everything_and_reopen(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    friend = Character("Vesh", profile="numenera")
    library.characters.save(friend)
    original = to_data(library.characters.load(character.uid))
    friend_original = to_data(library.characters.load(friend.uid))
    # d20 task 15; recovery d6 4; artifact depletion d10 1; task 3 then XP reroll 18
    dice = Dice(script=[15, 4, 1, 3, 18])
    controller, sheet = open_sheet(qtbot, library, character.uid, dice=dice)
    play = sheet.play_panel

    # -- a Speed task with one level of Effort: 3 points less Speed Edge 1 = 2
    task = play.open_task()
    qtbot.addWidget(task)
    task.select(task.stat, "Speed")
    task.difficulty.setValue(4)
    task.select(task.skill, "Climbing")
    task.effort_ease.setValue(1)
    assert task.values["finalValue"].text().startswith("1 ")  # 4 - 2 (specialized) - 1
    assert task.values["targetValue"].text() == "3"
    assert task.values["chanceValue"].text() == "90%"
    assert "2 Speed points" in task.values["costValue"].text()
    assert "eased by three steps" in task.values["sayValue"].text()
    qtbot.mouseClick(task.roll_button, LEFT)
    assert "Success" in task.values["resultValue"].text()
    assert controller.character.pool(Stat.SPEED).current == 10
    assert library.characters.load(character.uid).pool(Stat.SPEED).current == 10
    assert play.roll_log.rowCount() == 1

    # -- 16 Might damage less 1 Armor empties Might: impaired
    damage = play.open_damage()
    qtbot.addWidget(damage)
    damage.amount.setValue(16)
    assert "Hale → Impaired" in damage.pool_preview.text()
    assert controller.character.pool(Stat.MIGHT).current == 15  # only a preview so far
    qtbot.mouseClick(damage.apply_pool, LEFT)
    assert controller.character.pool(Stat.MIGHT).current == 0
    assert controller.character.damage_track is DamageTrackState.IMPAIRED
    assert sheet.form.findChild(type(sheet.form), "trackBox") is not None

    # -- impaired: the same Effort level now costs one more point
    task.update_preview()
    assert "3 Speed points" in task.values["costValue"].text()
    assert "impaired" in task.values["costValue"].text()

    # -- recover: the first rest is one action, 1d6 (4) + tier 1 = 5, all to Might
    recover = play.open_recover()
    qtbot.addWidget(recover)
    assert recover.rest.currentText() == "One action"
    qtbot.mouseClick(recover.roll_button, LEFT)
    assert recover.roll is not None and recover.roll.total == 5
    assert not recover.apply_button.isEnabled()  # points left to share
    recover.split[Stat.MIGHT].setValue(5)
    qtbot.mouseClick(recover.apply_button, LEFT)
    assert controller.character.pool(Stat.MIGHT).current == 5
    assert controller.character.damage_track is DamageTrackState.HALE
    assert recover.rest.currentText() == "Ten minutes"

    # -- use a cypher and an artifact (depletion 1 in 1d10 rolls a 1)
    play.cypher_combo.setCurrentIndex(play.cypher_combo.findText("Detonation (level 4)"))
    qtbot.mouseClick(play.use_cypher_button, LEFT)
    assert [c.name for c in controller.character.cyphers] == ["Stim"]
    qtbot.mouseClick(play.use_artifact_button, LEFT)
    assert controller.character.artifacts[0].depleted
    assert "depleted" in sheet.history_panel.lines()[0]

    # -- a GM intrusion: +2 XP, one given to Vesh (saved on Vesh's sheet too)
    play.recipient_combo.showPopup()  # the other characters are listed when it opens
    play.recipient_combo.setCurrentIndex(play.recipient_combo.findText("Vesh"))
    play.recipient_combo.hidePopup()
    qtbot.keyClicks(play.intrusion_reason, "saved my life")
    qtbot.mouseClick(play.intrusion_button, LEFT)
    assert controller.character.xp == 1
    assert library.characters.load(friend.uid).xp == 1

    # -- a failed roll rerolled for 1 XP
    task.select(task.stat, "Might")
    task.effort_ease.setValue(0)
    task.select(task.skill, "(no")
    task.difficulty.setValue(3)
    qtbot.mouseClick(task.roll_button, LEFT)
    assert "Failure" in task.values["resultValue"].text()
    assert task.reroll_button.isEnabled()
    qtbot.mouseClick(task.reroll_button, LEFT)
    assert "Success" in task.values["resultValue"].text()
    assert controller.character.xp == 0

    # -- everything is in the library for a new Library object on the same file
    with Library.open(library.path) as reopened:
        again = reopened.characters.load(character.uid)
        assert again.pool(Stat.SPEED).current == 10
        assert again.pool(Stat.MIGHT).current == 5
        assert [c.name for c in again.cyphers] == ["Stim"]
        assert again.artifacts[0].depleted
        assert again.recoveries_used and again.xp == 0
        assert len(again.history) == len(controller.character.history) >= 7
        assert reopened.characters.load(friend.uid).xp == 1

    # -- undo every action: the stored characters are exactly as they were
    while controller.undo_stack.canUndo():
        qtbot.mouseClick(sheet.undo_button, LEFT)
    assert to_data(library.characters.load(character.uid)) == original
    assert to_data(library.characters.load(friend.uid)) == friend_original
    assert sheet.line("mightCurrent").text() == "15"
    assert sheet.history_panel.lines() == []
    # and redo brings the same results back (same dice faces)
    while controller.undo_stack.canRedo():
        qtbot.mouseClick(sheet.redo_button, LEFT)
    assert controller.character.pool(Stat.MIGHT).current == 5
    assert library.characters.load(friend.uid).xp == 1


def test_cypher_profile_wounds_rally_and_rest(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library, profile="cypher")
    controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[2]))
    assert sheet.form.findChild(type(sheet.form), "woundsBox").isVisible()
    play = sheet.play_panel
    damage = play.open_damage()
    qtbot.addWidget(damage)
    assert damage.wound_box.isVisible()

    # a moderate wound, blocked in light armor: lowered to minor
    damage.severity.setCurrentIndex(damage.severity.findData(WoundSeverity.MODERATE))
    damage.select_defense(DefenseKind.BLOCK)
    assert "eased" in damage.defense.currentText()
    damage.level.setValue(3)
    damage.face.setValue(15)  # the player's block roll, typed from a real die
    assert "succeeds" in damage.defense_preview.text()
    assert "Defense succeeds: The block lowers the wound to minor" in damage.wound_preview.text()
    qtbot.mouseClick(damage.apply_wound, LEFT)
    assert controller.character.wounds.minor == 1
    assert not damage.apply_wound.isEnabled()  # the same hit is not applied twice
    assert "Applied to Kalos" in damage.confirm.text()

    # Intellect 9 takes 12 with no defense: 3 past 0 become a minor wound
    damage.select_defense(None)
    damage.damage_type.setCurrentIndex(damage.damage_type.findText("Intellect"))
    damage.amount.setValue(12)
    qtbot.mouseClick(damage.apply_pool, LEFT)
    assert controller.character.pool(Stat.INTELLECT).current == 0
    assert controller.character.wounds.minor == 2

    # rally off a minor wound for 2 Might; then a ten-minute rest heals the other
    recover = play.open_recover()
    qtbot.addWidget(recover)
    qtbot.mouseClick(recover.rally_button, LEFT)
    assert controller.character.wounds.minor == 1
    assert controller.character.pool(Stat.MIGHT).current == 13
    recover.rest.setCurrentIndex(recover.rest.findText("Ten minutes"))
    qtbot.mouseClick(recover.roll_button, LEFT)
    recover.split[Stat.INTELLECT].setValue(3)
    qtbot.mouseClick(recover.apply_button, LEFT)
    stored = library.characters.load(character.uid)
    assert stored.wounds.minor == 0
    assert stored.pool(Stat.INTELLECT).current == 3
