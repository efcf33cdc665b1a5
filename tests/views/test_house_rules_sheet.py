"""A sheet under a house rules set: the switches show in its dialogs, and damage kinds
and hazards are offered when taking damage."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from numdesk.model.rules_set import RulesSet
from numdesk.rules.dice import Dice
from numdesk.rules.types import DamageTrackState, Stat
from numdesk.store import Library
from tests.views.sheet_helpers import open_sheet, stored_character

LEFT = Qt.MouseButton.LeftButton


def test_cypher_on_the_damage_track_takes_fire_through_the_dialog(
    qtbot: QtBot, library: Library, artifacts_dir: Path
) -> None:
    rules = RulesSet(
        name="Cypher System (damage track)",
        base="cypher",
        changes={"uses_damage_track": True, "armor_subtracts": True},
    )
    library.rules_sets.save(rules)
    character = stored_character(library, profile="cypher")
    character.profile = rules.uid
    character.armor[0].against = {"fire": 2}
    library.characters.save(character)
    controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[12]))
    damage = sheet.play_panel.open_damage()
    qtbot.addWidget(damage)
    assert damage.use_armor.isVisible()  # Armor subtracted, unlike the built-in Cypher System
    assert not damage.wound_box.isVisible()  # and the damage track instead of wounds
    damage.hazard.setCurrentIndex(damage.hazard.findData("major_fire"))
    damage.hazard.activated.emit(damage.hazard.currentIndex())
    assert damage.amount.value() == 6 and damage.kind.currentText() == "fire"
    # ambient fire: the jerkin names fire, so its 1 Armor and 2 against fire both count
    assert "Took 3 Ambient fire damage (3 absorbed by Armor)" in damage.pool_preview.text()
    damage.kind.setEditText("necrotic")
    assert "Took 6 Ambient necrotic damage" in damage.pool_preview.text()
    damage.hazard.setCurrentIndex(damage.hazard.findData("huge_crush"))
    damage.hazard.activated.emit(damage.hazard.currentIndex())
    assert "Took 5 Might damage (1 absorbed by Armor)" in damage.pool_preview.text()
    damage.grab().save(str(artifacts_dir / "house-rules-damage-dialog.png"))
    damage.amount.setValue(16)
    qtbot.mouseClick(damage.apply_pool, LEFT)
    assert controller.profile.label == "Cypher System (damage track)"
    stored = library.characters.load(character.uid)
    assert stored.pool(Stat.MIGHT).current == 0
    assert stored.damage_track is DamageTrackState.IMPAIRED
    assert "Hale → Impaired" in stored.history[-1].summary


def test_a_twenty_lists_the_effects_and_an_empty_pool_refuses_effort(
    qtbot: QtBot, library: Library
) -> None:
    character = stored_character(library)
    character.pool(Stat.INTELLECT).current = 0
    library.characters.save(character)
    _controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[20]))
    task = sheet.play_panel.open_task()
    qtbot.addWidget(task)
    task.select(task.stat, "Intellect")
    task.difficulty.setValue(3)
    task.effort_ease.setValue(1)
    assert "Intellect Pool is at 0" in task.values["problemValue"].text()
    assert not task.roll_button.isEnabled()
    task.effort_ease.setValue(0)
    qtbot.mouseClick(task.roll_button, LEFT)
    special = task.values["specialValue"].text()
    assert "a major effect (or a minor one), picked below" in special
    offered = [task.effect_pick.itemText(row) for row in range(task.effect_pick.count())]
    # not an attack: no blow to the foe, but an asset or an extra action (T5), and the
    # task done with grace, since a major effect may be taken as a minor one
    assert "A one-time asset on a similar task" in offered
    assert "Done with grace: you go a bit further (the GM says how)" in offered
    assert "Stun: it loses its next action" not in offered
