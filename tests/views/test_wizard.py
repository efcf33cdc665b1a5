"""The new character wizard makes characters from library templates, page by page."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard
from pytestqt.qtbot import QtBot

from numdesk.model.templates import TypeTemplate
from numdesk.rules.types import AbilitySource, Stat
from numdesk.store import Library
from numdesk.views.sheet.wizard import NewCharacterWizard
from tests.views.sheet_helpers import add_templates


def _next(qtbot: QtBot, wizard: NewCharacterWizard) -> None:
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)


def test_wizard_creates_a_numenera_character_from_templates(qtbot: QtBot, library: Library) -> None:
    add_templates(library)
    wizard = NewCharacterWizard(library)
    qtbot.addWidget(wizard)
    wizard.show()
    created: list[str] = []
    wizard.characterCreated.connect(created.append)

    assert wizard.profile_page.radios["numenera"].isChecked()
    _next(qtbot, wizard)
    next_button = wizard.button(QWizard.WizardButton.NextButton)
    assert not next_button.isEnabled()  # a name is required
    qtbot.keyClicks(wizard.name_page.name, "Mira")
    qtbot.keyClicks(wizard.name_page.player, "Sam")
    assert next_button.isEnabled()
    _next(qtbot, wizard)

    page = wizard.templates_page
    # only the numenera templates are offered
    types = [page.combos["type"].itemText(i) for i in range(page.combos["type"].count())]
    assert "Glaive" in types and "Warrior" not in types
    page.select("type", "Glaive")
    page.select("descriptor", "Strong")
    page.select("focus", "Bears a Halo of Fire")
    assert page.choices.isVisibleTo(wizard)  # the type offers a choice of one ability
    assert "Glaive: choose 1" in page.choices_label.text()  # how many to tick
    page.tick("Pierce")
    _next(qtbot, wizard)

    points = wizard.points_page
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    assert "6 extra points" in points.info.text()
    assert not finish.isEnabled()
    points.spins[Stat.MIGHT].setValue(2)
    points.spins[Stat.INTELLECT].setValue(4)
    assert finish.isEnabled()
    qtbot.mouseClick(finish, Qt.MouseButton.LeftButton)

    assert len(created) == 1
    with Library.open(library.path) as reopened:
        mira = reopened.characters.load(created[0])
    assert (mira.name, mira.player, mira.profile) == ("Mira", "Sam", "numenera")
    assert (mira.descriptor, mira.type, mira.focus) == ("Strong", "Glaive", "Bears a Halo of Fire")
    assert mira.pool(Stat.MIGHT).maximum == 11 + 4 + 2
    assert mira.pool(Stat.MIGHT).current == 17
    assert mira.pool(Stat.INTELLECT).maximum == 7 + 4
    assert mira.pool(Stat.SPEED).edge == 1
    assert mira.cypher_limit == 2 and mira.effort == 1 and mira.shins == 5
    assert {s.name for s in mira.skills} == {"Swords", "Jumping"}
    abilities = {a.name for a in mira.abilities}
    assert {"Fighting Moves", "Cypher Use", "Shroud of Flame", "Pierce"} <= abilities
    pierce = next(a for a in mira.abilities if a.name == "Pierce")
    assert pierce.source is AbilitySource.TYPE  # the sheet says the type gave it
    assert [e.name for e in mira.equipment] == ["Backpack"]
    assert mira.history  # how it was made is in its history


def test_wizard_cypher_profile_offers_cypher_templates(qtbot: QtBot, library: Library) -> None:
    add_templates(library)
    wizard = NewCharacterWizard(library)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.profile_page.radios["cypher"].setChecked(True)
    _next(qtbot, wizard)
    qtbot.keyClicks(wizard.name_page.name, "Jo")
    _next(qtbot, wizard)
    page = wizard.templates_page
    types = [page.combos["type"].itemText(i) for i in range(page.combos["type"].count())]
    assert "Warrior" in types and "Glaive" not in types
    page.select("type", "Warrior")
    page.select("descriptor", "Clever")
    page.select("focus", "Masters Weaponry")
    _next(qtbot, wizard)
    wizard.points_page.spins[Stat.SPEED].setValue(6)
    wizard.accept()
    assert wizard.created is not None
    jo = library.characters.load(wizard.created.uid)
    assert jo.profile == "cypher"
    assert jo.pool(Stat.SPEED).maximum == 16
    assert jo.pool(Stat.INTELLECT).maximum == 10


def test_wizard_asks_for_pools_the_starter_types_leave_open(
    qtbot: QtBot, starter_library: Library
) -> None:
    wizard = NewCharacterWizard(starter_library)
    qtbot.addWidget(wizard)
    wizard.show()
    _next(qtbot, wizard)
    qtbot.keyClicks(wizard.name_page.name, "Ora")
    _next(qtbot, wizard)
    wizard.templates_page.select("type", "Nano")
    _next(qtbot, wizard)
    points = wizard.points_page
    assert "leaves some starting Pools or Edges open" in points.info.text()
    assert points.bases[Stat.INTELLECT].isEnabled()
    points.bases[Stat.MIGHT].setValue(7)
    points.bases[Stat.SPEED].setValue(9)
    points.bases[Stat.INTELLECT].setValue(12)
    points.edges[Stat.INTELLECT].setValue(1)
    assert "Pool 12, Edge 1" in points.pool_labels[Stat.INTELLECT].text()
    wizard.accept()
    assert wizard.created is not None
    ora = starter_library.characters.load(wizard.created.uid)
    assert ora.type == "Nano"
    assert [ora.pool(s).maximum for s in Stat] == [7, 9, 12]
    assert [ora.pool(s).current for s in Stat] == [7, 9, 12]
    assert ora.pool(Stat.INTELLECT).edge == 1


def _to_templates(qtbot: QtBot, wizard: NewCharacterWizard, name: str) -> None:
    wizard.show()
    _next(qtbot, wizard)
    qtbot.keyClicks(wizard.name_page.name, name)
    _next(qtbot, wizard)


def test_wizard_asks_for_exactly_the_number_of_abilities_to_choose(
    qtbot: QtBot, library: Library
) -> None:
    add_templates(library)
    wizard = NewCharacterWizard(library)
    qtbot.addWidget(wizard)
    _to_templates(qtbot, wizard, "Mira")
    page = wizard.templates_page
    next_button = wizard.button(QWizard.WizardButton.NextButton)
    page.select("type", "Glaive")  # choose 1 of Pierce, No Need for Weapons, Thrust
    assert not next_button.isEnabled()  # none ticked yet
    assert page.error.text() == "Glaive: tick 1 (now 0)."
    page.tick("Pierce")
    page.tick("Thrust")
    assert not next_button.isEnabled()  # two is one too many
    assert page.error.text() == "Glaive: tick 1 (now 2)."
    _next(qtbot, wizard)
    assert wizard.currentPage() is page  # Next did not move on
    page.tick("Thrust", checked=False)
    assert next_button.isEnabled() and page.error.text() == ""
    _next(qtbot, wizard)
    assert wizard.currentPage() is wizard.points_page
    assert [a.name for a in page.chosen_abilities()] == ["Pierce"]


def test_wizard_tells_apart_templates_of_the_same_name(qtbot: QtBot, library: Library) -> None:
    add_templates(library)
    first = library.types.find_by_name("Glaive")
    assert first is not None
    copy = TypeTemplate(
        "Glaive",
        profile="numenera",
        pools={Stat.MIGHT: 14, Stat.SPEED: 9, Stat.INTELLECT: 5},
        edges={Stat.MIGHT: 2, Stat.SPEED: 0, Stat.INTELLECT: 0},
        effort=1,
        cypher_limit=2,
        starting_points=0,
    )
    library.types.save(copy)
    library.set_tags(copy.uid, ["homebrew"])
    wizard = NewCharacterWizard(library)
    qtbot.addWidget(wizard)
    _to_templates(qtbot, wizard, "Dax")
    combo = wizard.templates_page.combos["type"]
    labels = [combo.itemText(i) for i in range(combo.count())]
    assert "Glaive (homebrew)" in labels and "Glaive (no tags)" in labels
    assert "Glaive" not in labels  # never two identical lines
    wizard.templates_page.select("type", "Glaive (homebrew)")
    _next(qtbot, wizard)  # the homebrew Glaive offers no choice
    wizard.accept()
    assert wizard.created is not None
    dax = library.characters.load(wizard.created.uid)
    assert dax.pool(Stat.MIGHT).maximum == 14 and dax.pool(Stat.MIGHT).edge == 2
