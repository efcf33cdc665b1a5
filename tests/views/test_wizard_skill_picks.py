"""A skill picked in two "choose N" lists, or one the character is already trained in,
is refused with the book's rule in words: it is never silently merged into one row
(QA: Speaker/Charming/Works the Back Alleys with the Stealth flavor made 6 picks into
4 skills)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QWizard
from pytestqt.qtbot import QtBot

from numdesk.rules.types import SkillLevel, Stat
from numdesk.store import Library
from numdesk.views.sheet.wizard import NewCharacterWizard
from tests.views.wizard_helpers import press_finish, press_next, start


def _speaker(qtbot: QtBot, library: Library) -> NewCharacterWizard:
    """On the Skills page with Interaction Skills, the focus's Stealth Skills and the
    flavor's Stealth Skills to choose."""
    wizard = start(qtbot, library, "Vell", "cypher")
    for part, name in (
        ("type", "Speaker"),
        ("descriptor", "Charming"),
        ("focus", "Works the Back Alleys"),
        ("flavor", "Stealth Flavor"),
    ):
        wizard.parts_page.select(part, name)
    press_next(qtbot, wizard)
    for stat in Stat:
        wizard.values_page.spins[stat].setValue(2)
    press_next(qtbot, wizard)
    for name in ("Enthrall", "Fast Talk", "Interaction Skills", "Stealth Skills"):
        wizard.abilities_page.tick(name)
    press_next(qtbot, wizard)
    return wizard


def _finish_enabled(wizard: NewCharacterWizard) -> bool:
    return wizard.button(QWizard.WizardButton.FinishButton).isEnabled()


def test_a_skill_picked_in_two_lists_is_refused_with_the_books_rule(
    qtbot: QtBot, csrd_library: Library, artifacts_dir: Path
) -> None:
    wizard = _speaker(qtbot, csrd_library)
    skills = wizard.skills_page
    assert [b.choice.title for b in skills.boxes] == [
        "Interaction Skills",
        "Stealth Skills",
        "Stealth Skills (taken a second time)",  # as the book words it, not "… 2"
    ]
    interaction, stealth, stealth_again = skills.boxes
    interaction.choose("Persuading")
    interaction.choose("Seeing through deception")
    stealth.choose("Seeing through deception")
    stealth.choose("Stealth")
    stealth_again.choose("Lockpicking")
    stealth_again.choose("Stealth")
    error = skills.error.text()
    # Interaction Skills' rule is "not already trained"; Stealth Skills' "different each time"
    assert "Seeing through deception" in error and "Interaction Skills" in error
    assert "not already trained" in error
    assert "Stealth" in error and "different skills each time" in error
    assert not _finish_enabled(wizard)
    wizard.resize(1366, 740)
    wizard.grab().save(str(artifacts_dir / "wizard-skill-picked-twice.png"))

    stealth.choose("Seeing through deception", checked=False)
    stealth.choose("Disguise")
    assert "Seeing through deception" not in skills.error.text()
    assert not _finish_enabled(wizard)  # Stealth is still picked twice
    stealth_again.choose("Stealth", checked=False)
    stealth_again.choose("Pickpocketing")
    assert skills.error.text() == ""
    press_finish(qtbot, wizard)

    made = csrd_library.characters.load(wizard.created.uid)
    picked = {"Persuading", "Seeing through deception", "Disguise", "Stealth"}
    picked |= {"Lockpicking", "Pickpocketing"}
    trained = {s.name for s in made.skills if s.level is SkillLevel.TRAINED}
    assert picked <= trained  # six picks, six skills


def test_a_skill_of_your_own_the_character_already_has_is_refused(
    qtbot: QtBot, csrd_library: Library
) -> None:
    """Rusted's "one creative skill … or something similar" named as Climbing, which
    Superb Explorer already trains: refused, naming where the training comes from."""
    wizard = start(qtbot, csrd_library, "Ines", "cypher")
    parts = {"type": "Explorer", "descriptor": "Rusted", "focus": "Explores Dark Places"}
    for part, name in parts.items():
        wizard.parts_page.select(part, name)
    press_next(qtbot, wizard)
    page = wizard.choices_page
    page.box("Resilient").choose("+2 to your Might Pool")
    page.box("Inability").choose(page.box("Inability").choice.labels()[0])
    press_next(qtbot, wizard)
    for stat in Stat:
        wizard.values_page.spins[stat].setValue(2)
    press_next(qtbot, wizard)
    for name in ("Block", "Danger Sense", "Decipher", "Endurance"):
        wizard.abilities_page.tick(name)
    press_next(qtbot, wizard)
    skills = wizard.skills_page
    skills.boxes[0].choose("Might defense")
    skills.boxes[1].add_own("climbing")
    error = skills.error.text()
    assert "already trained in Climbing (Superb Explorer)" in error
    assert "a second training in the same skill would add nothing" in error
    assert not _finish_enabled(wizard)
    skills.boxes[1].choose("Climbing", checked=False)
    skills.boxes[1].choose("Singing")
    assert skills.error.text() == ""
    assert "Still to do" not in skills.summary.toPlainText()
