"""Tier advancement from the sheet: four buys through their pickers reach tier 2."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from numdesk.rules.types import Advancement, OtherAdvancement, SkillLevel, Stat
from numdesk.store import Library
from numdesk.views.sheet.advancement_dialogs import (
    CapabilitiesDialog,
    PerfectionDialog,
    SkillOrOtherDialog,
    TierAbilitiesDialog,
)
from tests.views.sheet_helpers import (
    add_templates,
    open_sheet,
    stored_character,
    type_into,
    with_modal,
)


def test_four_advancements_reach_tier_two_and_undo(qtbot: QtBot, library: Library) -> None:
    add_templates(library)
    character = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, character.uid)
    panel = sheet.advancement
    buttons = panel.buttons

    # with no XP every buy is disabled, and the sheet says why
    assert not buttons[Advancement.EFFORT].isEnabled()
    assert "only 0 XP" in panel.reasons[Advancement.EFFORT].text()
    assert "only 0 XP" in buttons[Advancement.EFFORT].toolTip()

    type_into(qtbot, sheet.line("xpEdit"), "18")
    assert all(button.isEnabled() for button in buttons.values())

    def split(dialog: QWidget) -> None:
        assert isinstance(dialog, CapabilitiesDialog)
        dialog.spins[Stat.MIGHT].setValue(3)
        dialog.spins[Stat.INTELLECT].setValue(1)
        dialog.accept()

    with_modal(
        lambda: qtbot.mouseClick(buttons[Advancement.CAPABILITIES], Qt.MouseButton.LeftButton),
        split,
    )
    assert controller.character.pool(Stat.MIGHT).maximum == 18
    assert controller.character.pool(Stat.MIGHT).current == 18
    assert panel.checks[Advancement.CAPABILITIES].isChecked()
    assert not buttons[Advancement.CAPABILITIES].isEnabled()
    assert "already bought" in panel.reasons[Advancement.CAPABILITIES].text()

    def edge(dialog: QWidget) -> None:
        assert isinstance(dialog, PerfectionDialog)
        dialog.radios[Stat.SPEED].setChecked(True)
        dialog.accept()

    with_modal(
        lambda: qtbot.mouseClick(buttons[Advancement.PERFECTION], Qt.MouseButton.LeftButton), edge
    )
    assert controller.character.pool(Stat.SPEED).edge == 2

    qtbot.mouseClick(buttons[Advancement.EFFORT], Qt.MouseButton.LeftButton)
    assert controller.character.effort == 2
    assert sheet.line("effortEdit").text() == "2"

    def skill(dialog: QWidget) -> None:
        assert isinstance(dialog, SkillOrOtherDialog)
        dialog.skill_combo.setCurrentText("")
        qtbot.keyClicks(dialog.skill_combo.lineEdit(), "Swords")
        dialog.accept()

    def new_abilities(dialog: QWidget) -> None:
        assert isinstance(dialog, TierAbilitiesDialog)
        assert not dialog.box.button(dialog.box.StandardButton.Ok).isEnabled()  # choose 1
        assert dialog.tick("Skill With Defense")
        dialog.accept()

    with_modal(
        lambda: qtbot.mouseClick(buttons[Advancement.SKILL], Qt.MouseButton.LeftButton),
        skill,
        new_abilities,
    )
    stored = library.characters.load(character.uid)
    assert stored.tier == 2
    assert stored.xp == 2
    assert stored.advancements == []
    assert next(s for s in stored.skills if s.name == "Swords").level is SkillLevel.SPECIALIZED
    names = {a.name for a in stored.abilities}
    assert {"Skill With Defense", "Hurl Flame"} <= names
    assert "Successive Attack" not in names
    assert "tier 2" in panel.title()
    assert not buttons[Advancement.EFFORT].isEnabled()  # 2 XP left

    # one undo takes back the whole tier-up (the buy and the abilities chosen after it)
    controller.undo_stack.undo()
    stored = library.characters.load(character.uid)
    assert stored.tier == 1 and stored.xp == 6
    assert "Hurl Flame" not in {a.name for a in stored.abilities}
    assert set(stored.advancements) == {
        Advancement.CAPABILITIES,
        Advancement.PERFECTION,
        Advancement.EFFORT,
    }


def test_other_option_replaces_the_skill_advancement(qtbot: QtBot, library: Library) -> None:
    add_templates(library)
    character = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, character.uid)
    type_into(qtbot, sheet.line("xpEdit"), "8")
    panel = sheet.advancement

    def other(dialog: QWidget) -> None:
        assert isinstance(dialog, SkillOrOtherDialog)
        index = dialog.other_combo.findData(OtherAdvancement.RECOVERY_BONUS)
        dialog.other_combo.setCurrentIndex(index)
        assert dialog.other_radio.isChecked()
        dialog.accept()

    with_modal(
        lambda: qtbot.mouseClick(panel.buttons[Advancement.SKILL], Qt.MouseButton.LeftButton),
        other,
    )
    stored = library.characters.load(character.uid)
    assert stored.recovery_bonus == 2
    assert stored.advancements == [Advancement.OTHER]
    assert "1d6 + 3" in sheet.form.findChild(QLabel, "recoveryInfo").text()
    assert panel.checks[Advancement.SKILL].text() == "Other (instead of Skill)"
    assert not panel.buttons[Advancement.SKILL].isEnabled()

    # a new ability of the character's tier from its type template, as the Other option
    controller.undo_stack.undo()

    def ability(dialog: QWidget) -> None:
        assert isinstance(dialog, SkillOrOtherDialog)
        dialog.other_combo.setCurrentIndex(dialog.other_combo.findData(OtherAdvancement.ABILITY))
        names = [dialog.ability_list.item(r).text() for r in range(dialog.ability_list.count())]
        assert "Thrust (tier 1)" in names
        assert not any("tier 2" in name for name in names)
        dialog.ability_list.setCurrentRow(names.index("Thrust (tier 1)"))
        dialog.accept()

    with_modal(
        lambda: qtbot.mouseClick(panel.buttons[Advancement.SKILL], Qt.MouseButton.LeftButton),
        ability,
    )
    stored = library.characters.load(character.uid)
    thrust = next(a for a in stored.abilities if a.name == "Thrust")
    assert thrust.source.value == "type"
    assert stored.xp == 4
