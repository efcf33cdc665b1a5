"""Tier advancement from the sheet: four buys through their pickers reach tier 2."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from numdesk.model.abilities import Ability
from numdesk.model.templates import SentenceTemplate, TierAbilities, TypeTemplate
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


def test_tier_up_picker_asks_which_of_two_same_named_templates(
    qtbot: QtBot, library: Library
) -> None:
    add_templates(library)
    homebrew = TypeTemplate(
        "Glaive",
        profile="numenera",
        tiers=[TierAbilities(2, [Ability("Crushing Blow", tier=2), Ability("Bash", tier=2)], 1)],
    )
    other_rules = SentenceTemplate(
        "Bears a Halo of Fire",
        part="focus",
        profile="cypher",
        tiers=[TierAbilities(2, [Ability("Cypher-only Flame", tier=2)])],
    )
    library.save_many([homebrew, other_rules])
    library.set_tags(homebrew.uid, ["homebrew"])
    character = stored_character(library)
    _controller, sheet = open_sheet(qtbot, library, character.uid)

    offered = sheet.advancement.tier_abilities(2)
    labels = {offer.label for offer in offered}
    # both Glaives, told apart; the cypher focus of the same name is not offered
    assert labels == {"Glaive (homebrew)", "Glaive (no tags)", "Bears a Halo of Fire"}
    dialog = TierAbilitiesDialog(2, offered, sheet)
    qtbot.addWidget(dialog)
    which = dialog.which["type"]
    assert "focus" not in dialog.which  # one focus of that name: nothing to ask
    ok = dialog.box.button(dialog.box.StandardButton.Ok)
    which.setCurrentIndex(which.findText("Glaive (homebrew)"))
    assert not ok.isEnabled()  # the homebrew Glaive asks for 1 of 2
    assert not dialog.tick("Skill With Defense")  # the other Glaive's group is not in use
    assert dialog.tick("Bash")
    assert ok.isEnabled()
    assert [(a.name, a.tier) for a in dialog.chosen()] == [("Bash", 2), ("Hurl Flame", 2)]


def test_a_refused_buy_says_why_and_leaves_no_empty_undo_step(
    qtbot: QtBot, library: Library
) -> None:
    character = stored_character(library)  # Climbing is already specialized
    controller, sheet = open_sheet(qtbot, library, character.uid)
    type_into(qtbot, sheet.line("xpEdit"), "8")
    steps = controller.undo_stack.count()

    def specialize_again(dialog: QWidget) -> None:
        assert isinstance(dialog, SkillOrOtherDialog)
        dialog.skill_combo.setCurrentText("Climbing")
        dialog.accept()

    with_modal(
        lambda: qtbot.mouseClick(
            sheet.advancement.buttons[Advancement.SKILL], Qt.MouseButton.LeftButton
        ),
        specialize_again,
    )
    assert "already specialized" in sheet.advancement.message.text()
    assert controller.undo_stack.count() == steps  # Undo still undoes the XP edit
    assert controller.undo_stack.undoText().startswith("XP")
    assert library.characters.load(character.uid).xp == 8


def test_the_armor_cost_option_shows_under_the_armor(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, character.uid)
    type_into(qtbot, sheet.line("xpEdit"), "4")
    armor = sheet.list_editors["armor"]
    # the Armor total the damage maths uses is always under the list (leather jerkin: 1)
    assert armor.note_label.text() == "Armor 1 in all: taken off each hit of Might damage."

    picked: list[bool] = []

    def lighter_armor(dialog: QWidget) -> None:
        assert isinstance(dialog, SkillOrOtherDialog)
        combo = dialog.other_combo
        # the player picks the option already shown (the first) from the list: no index
        # changes, Qt reports the pick as `activated` (the popup cannot be driven offscreen)
        combo.activated.emit(combo.findData(OtherAdvancement.ARMOR_COST))
        picked.append(dialog.other_radio.isChecked())
        dialog.accept()  # asserts come after: a failing one here would leave it open

    with_modal(
        lambda: qtbot.mouseClick(
            sheet.advancement.buttons[Advancement.SKILL], Qt.MouseButton.LeftButton
        ),
        lighter_armor,
    )
    assert picked == [True]  # choosing an Other option selects "Other option instead"
    assert sheet.advancement.message.text() == ""
    assert library.characters.load(character.uid).armor_cost_reduction == 1
    assert "reduced by 1" in armor.note_label.text()
    controller.undo_stack.undo()
    assert "reduced" not in armor.note_label.text()
