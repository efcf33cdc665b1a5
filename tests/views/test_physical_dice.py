"""A player with real dice: every roll of the sheet takes a typed face and is computed as
the app's own roll would be; defense rolls where the hit lands in both rules; a player
alone accepts an intrusion and records the session award."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from numdesk.model.items import Armor
from numdesk.rules.defense import DefenseKind
from numdesk.rules.dice import Dice
from numdesk.rules.types import ArmorCategory, Rest, Stat, WoundSeverity
from numdesk.store import Library
from tests.views.sheet_helpers import open_sheet, stored_character

LEFT = Qt.MouseButton.LeftButton


def test_task_takes_the_players_d20(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[2]))
    task = sheet.play_panel.open_task()
    qtbot.addWidget(task)
    task.difficulty.setValue(4)  # target 12
    task.face.setValue(20)
    result = task.roll()
    assert result is not None and result.natural == 20 and result.success
    assert controller.dice.log[-1].entered
    assert task.face.face() is None  # back to "app rolls" for the next task
    result = task.roll()
    assert result is not None and result.natural == 2 and not result.success
    assert not controller.dice.log[-1].entered


def test_a_typed_20_offers_its_effects_as_picks(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, character.uid)
    task = sheet.play_panel.open_task()
    qtbot.addWidget(task)
    task.difficulty.setValue(3)
    task.face.setValue(20)
    assert task.roll() is not None
    # a task that is not an attack: an asset, an extra action, or (as a minor one) grace
    assert task.effect_button.isEnabled() and task.effect_pick.count() == 3
    task.effect_pick.setCurrentIndex(task.effect_pick.findData("asset"))
    assert task.take_effect()
    assert "Took the major effect: A one-time asset" in controller.character.history[-1].summary
    assert not task.effect_button.isEnabled()  # one effect per roll


def test_recovery_roll_typed_and_the_last_action_box(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library, "cypher")
    character.pool(Stat.MIGHT).current = 5
    library.characters.save(character)
    controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[1]))
    recover = sheet.play_panel.open_recover()
    qtbot.addWidget(recover)
    recover.rest.setCurrentIndex(recover.rest.findData(Rest.ONE_ACTION))
    recover.last_action.setChecked(True)
    recover.face.setValue(5)
    roll = recover.roll_dice()
    assert roll is not None and roll.die == 5 and roll.total == 5 + 1 + 2
    recover.split[Stat.MIGHT].setValue(8)
    assert recover.take_rest()
    assert controller.character.pool(Stat.MIGHT).current == 13
    # the next rest is not a one-action rest: the Last-action tick is gone, not stuck
    assert recover.rest.currentData() != Rest.ONE_ACTION
    assert not recover.last_action.isChecked()
    roll = recover.roll_dice()
    assert roll is not None and roll.die == 1 and not recover.message.text()
    recover.split[Stat.MIGHT].setValue(2)
    assert recover.take_rest()


def test_depletion_roll_typed(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)  # Lightning Rod: 1 in 1d10
    controller, sheet = open_sheet(qtbot, library, character.uid)
    play = sheet.play_panel
    assert play.depletion_face.maximum() == 10
    play.depletion_face.setValue(1)
    assert play.use_artifact()
    assert controller.character.artifacts[0].depleted
    assert controller.dice.log[-1].entered and controller.dice.log[-1].sides == 10


def test_numenera_speed_defense_in_the_damage_dialog(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[3]))
    damage = sheet.play_panel.open_damage()
    qtbot.addWidget(damage)
    damage.amount.setValue(5)
    damage.select_defense(Stat.SPEED)
    assert not damage.apply_pool.isEnabled()  # no attacker level yet: nothing is guessed
    assert "attacker's level" in damage.defense_preview.text()
    damage.level.setValue(3)
    assert "target 9: 60% chance" in damage.defense_preview.text()
    damage.face.setValue(14)  # the player's real d20
    qtbot.mouseClick(damage.apply_pool, LEFT)
    assert controller.character.pool(Stat.MIGHT).current == 15  # dodged: no damage
    assert "Speed defense: Rolled 14 against 9" in damage.confirm.text()
    assert controller.undo_stack.count() == 1
    # the app rolls 3: the defense fails, 5 - 1 Armor = 4 Might damage
    damage.amount.setValue(5)
    qtbot.mouseClick(damage.apply_pool, LEFT)
    assert controller.character.pool(Stat.MIGHT).current == 11
    assert controller.undo_stack.count() == 2  # one step per hit
    history = controller.character.history[-1].summary
    assert "Rolled 3 against 9" in history and "Took 4 Might damage" in history


def test_cypher_block_and_dodge_with_armor_wounds_and_helpless(
    qtbot: QtBot, library: Library
) -> None:
    character = stored_character(library, "cypher")
    character.armor = [Armor("Chain shirt", ArmorCategory.MEDIUM)]
    character.wounds.moderate = 3  # all moderate slots full: every task hindered 1 (C3)
    library.characters.save(character)
    controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[11]))
    damage = sheet.play_panel.open_damage()
    qtbot.addWidget(damage)
    damage.level.setValue(4)
    # dodge: 4 + 2 (medium armor) + 1 (wounds) + 1 (area) = 8: impossible
    damage.select_defense(DefenseKind.DODGE)
    damage.area.setChecked(True)
    assert "Difficulty 8" in damage.defense_preview.text()
    assert "0% chance" in damage.defense_preview.text()
    # block: 4 - 2 (armor) + 1 (wounds) = 3, target 9
    damage.area.setChecked(False)
    damage.select_defense(DefenseKind.BLOCK)
    assert "Difficulty 3" in damage.defense_preview.text()
    damage.severity.setCurrentIndex(damage.severity.findData(WoundSeverity.MINOR))
    qtbot.mouseClick(damage.apply_wound, LEFT)  # the app rolls 11: the block lowers it away
    assert controller.character.wounds.minor == 0
    assert "Block: Rolled 11 against 9" in damage.confirm.text()
    # helpless: no roll at all (T7), the minor wound lands
    damage.helpless.setChecked(True)
    assert not damage.defense.isEnabled() and not damage.face.isEnabled()
    rolls = len(controller.dice.log)
    qtbot.mouseClick(damage.apply_wound, LEFT)
    assert controller.character.wounds.minor == 1
    assert len(controller.dice.log) == rolls
    assert "Helpless" in controller.character.history[-1].summary


def test_a_player_alone_accepts_an_intrusion_and_records_the_award(
    qtbot: QtBot, library: Library
) -> None:
    character = stored_character(library)  # the only character in the library
    controller, sheet = open_sheet(qtbot, library, character.uid)
    play = sheet.play_panel
    play.recipient_combo.setFocus()
    qtbot.keyClicks(play.recipient_combo, "Mira")
    qtbot.keyClicks(play.intrusion_reason, "her plan saved us")
    qtbot.mouseClick(play.intrusion_button, LEFT)
    assert controller.character.xp == 1
    assert "gave 1 to Mira (her plan saved us)" in controller.character.history[-1].summary
    play.award_spin.setValue(3)
    play.award_reason.setText("found the hidden vault")
    qtbot.mouseClick(play.award_button, LEFT)
    assert controller.character.xp == 4
    stored = library.characters.load(character.uid)
    assert stored.xp == 4
    assert "Gained 3 XP for found the hidden vault" in stored.history[-1].summary
