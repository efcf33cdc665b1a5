"""The book's choices asked, never made for the player: three CSRD characters made in the
wizard end with the book's Pools, Edges, Skills table and abilities (Rusted with each of
its three Pool choices)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QWizard
from pytestqt.qtbot import QtBot

from numdesk.model.character import Character
from numdesk.rules.types import SkillLevel, Stat
from numdesk.store import Library
from numdesk.views.sheet.wizard import NewCharacterWizard
from tests.views.wizard_helpers import next_enabled, press_finish, press_next, start

TRAINED, INABILITY = SkillLevel.TRAINED, SkillLevel.INABILITY


def _parts(
    wizard: NewCharacterWizard, type_: str, descriptor: str, focus: str, flavor: str = ""
) -> None:
    for part, name in (("type", type_), ("descriptor", descriptor), ("focus", focus)):
        wizard.parts_page.select(part, name)
    wizard.parts_page.select("flavor", flavor)


def _spend(wizard: NewCharacterWizard, might: int, speed: int, intellect: int) -> None:
    for stat, amount in zip(Stat, (might, speed, intellect), strict=True):
        wizard.values_page.spins[stat].setValue(amount)


def _pick(wizard: NewCharacterWizard, *names: str) -> None:
    for name in names:
        wizard.abilities_page.tick(name)


def _skills(made: Character) -> dict[str, SkillLevel]:
    return {s.name: s.level for s in made.skills}


def _no_invented_abilities(made: Character) -> None:
    names = {a.name for a in made.abilities}
    assert not names & {"Skill", "Skills", "Inability", "Additional Equipment", "Contact"}


def test_warrior_strong_bears_a_halo_of_fire(qtbot: QtBot, csrd_library: Library) -> None:
    wizard = start(qtbot, csrd_library, "Brakka", "cypher")
    _parts(wizard, "Warrior", "Strong", "Bears a Halo of Fire")
    press_next(qtbot, wizard)
    page = wizard.choices_page
    assert wizard.currentPage() is page
    nature = page.box("Physical Nature")
    assert "Might Edge of 1 and a Speed Edge of 0" in nature.book.text()  # the book's words
    assert nature.answers() == [] and not next_enabled(wizard)  # nothing chosen for you
    nature.choose("Might Edge 0, Speed Edge 1, Intellect Edge 0")
    press_next(qtbot, wizard)
    values = wizard.values_page
    assert [values.edges[s].value() for s in Stat] == [0, 1, 0]
    assert not any(values.edges[s].isEnabled() for s in Stat)  # the type decides them
    assert values.bonus_labels[Stat.MIGHT].text() == "+4 (Very Powerful)"
    _spend(wizard, 2, 2, 2)
    press_next(qtbot, wizard)
    _pick(wizard, "Bash", "Swipe", "Control the Field", "Physical Skills")
    assert wizard.button(QWizard.WizardButton.NextButton).isVisible()  # skills still to choose
    press_next(qtbot, wizard)
    skills = wizard.skills_page
    box = skills.box("Physical Skills")
    assert "Choose two of the following" in box.book.text()
    box.choose("Jumping")
    box.choose("Climbing")
    assert "already trained in Jumping" in skills.error.text()  # Strong gives it
    box.choose("Jumping", checked=False)
    box.choose("Swimming")
    assert "Trained in Swimming" in skills.summary.toPlainText()
    press_finish(qtbot, wizard)

    made = csrd_library.characters.load(wizard.created.uid)
    assert [made.pool(s).maximum for s in Stat] == [16, 12, 10]
    assert [made.pool(s).edge for s in Stat] == [0, 1, 0]
    assert _skills(made) == {
        "Breaking inanimate objects": TRAINED,
        "Jumping": TRAINED,
        "Climbing": TRAINED,
        "Swimming": TRAINED,
    }
    names = {a.name for a in made.abilities}
    assert {"Shroud of Flame", "Bash", "Swipe", "Control the Field", "Physical Skills"} <= names
    weapons = next(a for a in made.abilities if a.name == "Weapons")  # the Warrior's practice
    assert "light, medium, and heavy weapons" in weapons.description
    _no_invented_abilities(made)
    gear = [e.name for e in made.equipment]
    assert "An extra medium weapon or heavy weapon" in gear and "Starting equipment" in gear
    assert "Physical Nature: Might Edge 0, Speed Edge 1, Intellect Edge 0 (your choice)" in (
        made.history[-1].details
    )


RUSTED = [
    ("+2 to your Might Pool", (2, 0, 0)),
    ("+2 to your Intellect Pool", (0, 0, 2)),
    ("+1 to all three Pools", (1, 1, 1)),
]


@pytest.mark.parametrize(("option", "bonus"), RUSTED)
def test_explorer_rusted_explores_dark_places(
    qtbot: QtBot, csrd_library: Library, option: str, bonus: tuple[int, int, int]
) -> None:
    wizard = start(qtbot, csrd_library, "Ines", "cypher")
    _parts(wizard, "Explorer", "Rusted", "Explores Dark Places")
    press_next(qtbot, wizard)
    page = wizard.choices_page
    assert [b.choice.key for b in page.boxes] == ["Resilient", "Inability"]
    resilient = page.box("Resilient")
    assert [r.text() for r in resilient.radios] == [o for o, _b in RUSTED]
    assert not any(r.isChecked() for r in resilient.radios)
    resilient.choose(option)
    assert not next_enabled(wizard)  # the inability is the player's choice too
    page.box("Inability").choose(page.box("Inability").choice.labels()[1])
    press_next(qtbot, wizard)
    values = wizard.values_page
    assert [values.edges[s].value() for s in Stat] == [1, 0, 0]
    _spend(wizard, 2, 2, 2)
    press_next(qtbot, wizard)
    _pick(wizard, "Block", "Danger Sense", "Decipher", "Endurance")
    press_next(qtbot, wizard)
    skills = wizard.skills_page
    assert [b.choice.title for b in skills.boxes] == ["Rusted: Skill", "Rusted: Skill (second)"]
    skills.boxes[0].choose("Intellect defense")
    creative = skills.boxes[1]
    assert "Singing" in creative.choice.labels() and creative.own_name is not None
    creative.add_own("juggling")  # "or something similar": a skill of the player's own
    press_finish(qtbot, wizard)

    made = csrd_library.characters.load(wizard.created.uid)
    expected = [10 + bonus[0] + 2, 9 + bonus[1] + 2, 9 + bonus[2] + 2]
    assert [made.pool(s).maximum for s in Stat] == expected
    assert [made.pool(s).edge for s in Stat] == [1, 0, 0]
    assert _skills(made) == {
        "Heavy weapons": INABILITY,
        "Searching": TRAINED,
        "Listening": TRAINED,
        "Climbing": TRAINED,
        "Balancing": TRAINED,
        "Jumping": TRAINED,
        "Tasks requiring movement": INABILITY,  # as the book words it
        "Intellect defense": TRAINED,
        "Juggling": TRAINED,
    }
    assert {"Superb Explorer", "Block", "Danger Sense", "Decipher", "Endurance"} <= {
        a.name for a in made.abilities
    }
    _no_invented_abilities(made)
    assert f"Rusted: Resilient: {option} (your choice)" in made.history[-1].details


def test_speaker_charming_works_the_back_alleys_with_the_stealth_flavor(
    qtbot: QtBot, csrd_library: Library
) -> None:
    wizard = start(qtbot, csrd_library, "Sefa", "cypher")
    _parts(wizard, "Speaker", "Charming", "Works the Back Alleys", "Stealth Flavor")
    press_next(qtbot, wizard)
    assert wizard.currentPage() is wizard.values_page  # nothing to choose before the Pools
    _spend(wizard, 2, 2, 2)
    press_next(qtbot, wizard)
    _pick(wizard, "Enthrall", "Fast Talk", "Babel", "Interaction Skills")
    press_next(qtbot, wizard)
    skills = wizard.skills_page
    assert [b.choice.key for b in skills.boxes] == ["Interaction Skills", "Stealth Skills"]
    interaction, stealth = skills.boxes
    stealth.choose("Stealth")
    assert "choose 2 (1 chosen)" in stealth.title()
    assert not wizard.button(QWizard.WizardButton.FinishButton).isEnabled()
    stealth.choose("Lockpicking")
    interaction.choose("Persuading")
    interaction.choose("Deceiving")
    press_finish(qtbot, wizard)

    made = csrd_library.characters.load(wizard.created.uid)
    assert [made.pool(s).maximum for s in Stat] == [10, 11, 15]
    assert [made.pool(s).edge for s in Stat] == [0, 0, 1]
    assert _skills(made) == {
        "Medium weapons": INABILITY,
        "Heavy weapons": INABILITY,
        "Positive or pleasant social interaction": TRAINED,
        "Special abilities that influence the minds of others": TRAINED,
        "Lore, knowledge, or understanding": INABILITY,
        "Defense actions to resist mental attacks": INABILITY,
        "Stealth": TRAINED,
        "Lockpicking": TRAINED,
        "Persuading": TRAINED,
        "Deceiving": TRAINED,
    }
    names = {a.name for a in made.abilities}
    assert {"Stealth Skills", "Interaction Skills", "Enthrall", "Fast Talk", "Babel"} <= names
    _no_invented_abilities(made)
    assert "important contact" in made.connections
    assert any("moderately priced item" in e.description for e in made.equipment)


def test_choice_and_skill_pages_screenshots(
    qtbot: QtBot, csrd_library: Library, artifacts_dir: Path
) -> None:
    """The pages as a player sees them (copies are in docs/screenshots/)."""
    wizard = start(qtbot, csrd_library, "Ines", "cypher")
    assert wizard.width() <= 1366 and wizard.height() <= 768  # fits a small laptop screen
    _parts(wizard, "Explorer", "Rusted", "Explores Dark Places")
    press_next(qtbot, wizard)
    wizard.choices_page.box("Resilient").choose("+1 to all three Pools")
    wizard.grab().save(str(artifacts_dir / "wizard-book-choices.png"))
    wizard.choices_page.box("Inability").choose(
        wizard.choices_page.box("Inability").choice.labels()[0]
    )
    press_next(qtbot, wizard)
    _spend(wizard, 2, 2, 2)
    press_next(qtbot, wizard)
    _pick(wizard, "Block", "Danger Sense", "Decipher", "Physical Skills")
    press_next(qtbot, wizard)
    skills = wizard.skills_page
    skills.box("Physical Skills").choose("Swimming")
    skills.boxes[0].choose("Intellect defense")
    skills.boxes[1].add_own("Juggling")
    wizard.grab().save(str(artifacts_dir / "wizard-skill-choices.png"))
    assert "choose 2 (1 chosen)" in skills.box("Physical Skills").title()
