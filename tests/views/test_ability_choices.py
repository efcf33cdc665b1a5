"""Choices inside abilities are asked and applied: Combat Prowess's "melee or ranged"
(the task dialog's damage then counts it), Improved Edge's Edge and Practiced in Armor's
type of armor, in the wizard (CSRD Warrior) and in the tier-up dialog."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QDialogButtonBox, QWizard
from pytestqt.qtbot import QtBot

from numdesk.model.items import Weapon
from numdesk.rules.dice import Dice
from numdesk.rules.types import ArmorCategory, Stat, WeaponCategory
from numdesk.store import Library
from numdesk.views.sheet.tier_up import TierAbilitiesDialog
from tests.views.sheet_helpers import open_sheet
from tests.views.test_task_dialog_layout import _overlaps as overlaps
from tests.views.wizard_helpers import press_finish, press_next, start


def _brakka(qtbot: QtBot, library: Library, artifacts_dir: Path | None = None) -> str:
    """Warrior/Strong/Bears a Halo of Fire with Combat Prowess (melee), Improved Edge
    (Speed) and Practiced in Armor (medium); the new character's uid."""
    wizard = start(qtbot, library, "Brakka", "cypher")
    parts = {"type": "Warrior", "descriptor": "Strong", "focus": "Bears a Halo of Fire"}
    for part, name in parts.items():
        wizard.parts_page.select(part, name)
    press_next(qtbot, wizard)
    wizard.choices_page.box("Physical Nature").choose(
        "Might Edge 1, Speed Edge 0, Intellect Edge 0"
    )
    press_next(qtbot, wizard)
    for stat in Stat:
        wizard.values_page.spins[stat].setValue(2)
    press_next(qtbot, wizard)
    for name in ("Bash", "Combat Prowess", "Improved Edge", "Practiced in Armor"):
        wizard.abilities_page.tick(name)
    press_next(qtbot, wizard)
    page = wizard.skills_page
    assert [b.choice.key for b in page.boxes] == [
        "Combat Prowess",
        "Improved Edge",
        "Practiced in Armor",
    ]
    prowess = page.box("Combat Prowess")
    assert "melee weapon attacks or ranged weapon attacks" in prowess.book.text()
    assert [r.text() for r in prowess.radios] == ["Melee weapon attacks", "Ranged weapon attacks"]
    assert not any(r.isChecked() for r in prowess.radios)  # nothing chosen for the player
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    assert not finish.isEnabled()
    prowess.choose("Melee weapon attacks")
    page.box("Improved Edge").choose("Might Edge")
    assert "raises an Edge that is 0; your Might Edge is 1" in page.error.text()
    page.box("Improved Edge").choose("Speed Edge")
    page.box("Practiced in Armor").choose("Medium armor")
    summary = page.summary.toPlainText()
    assert "+1 damage on melee weapon attacks (Combat Prowess)" in summary
    assert "Medium armor (Practiced in Armor)" in summary
    if artifacts_dir is not None:
        wizard.resize(1366, 740)
        wizard.grab().save(str(artifacts_dir / "wizard-ability-choices.png"))
    press_finish(qtbot, wizard)
    assert wizard.created is not None
    return wizard.created.uid


def test_the_wizard_asks_and_applies_the_choices_inside_abilities(
    qtbot: QtBot, csrd_library: Library, artifacts_dir: Path
) -> None:
    uid = _brakka(qtbot, csrd_library, artifacts_dir)
    made = csrd_library.characters.load(uid)
    answers = {a.name: a.choice for a in made.abilities}
    assert answers["Combat Prowess"] == "Melee weapon attacks"
    assert answers["Improved Edge"] == "Speed Edge"
    assert answers["Practiced in Armor"] == "Medium armor"
    assert [made.pool(s).edge for s in Stat] == [1, 1, 0]  # Improved Edge raised Speed
    assert [(a.name, a.category) for a in made.armor] == [("Medium armor", ArmorCategory.MEDIUM)]
    assert made.armor_cost_reduction == 1  # "You reduce the Speed cost for wearing armor by 1"


def test_combat_prowess_adds_its_damage_to_melee_weapons_only(
    qtbot: QtBot, csrd_library: Library, artifacts_dir: Path
) -> None:
    uid = _brakka(qtbot, csrd_library)
    made = csrd_library.characters.load(uid)
    made.weapons = [
        Weapon("Battleaxe", WeaponCategory.MEDIUM),
        Weapon("Crossbow", WeaponCategory.MEDIUM, range="long"),
    ]
    csrd_library.characters.save(made)
    controller, sheet = open_sheet(qtbot, csrd_library, uid, dice=Dice(script=[15]))
    table = sheet.list_editors["abilities"].table
    model = table.model()
    column = next(
        c
        for c in range(model.columnCount())
        if model.headerData(c, Qt.Orientation.Horizontal) == "Your choice"
    )
    assert not table.isColumnHidden(column)  # the sheet shows (and edits) the answer
    row = next(
        r for r in range(model.rowCount()) if model.index(r, 0).data().startswith("Combat Prowess")
    )
    assert model.index(row, column).data() == "Melee weapon attacks"
    task = sheet.play_panel.open_task("weapons", made.weapons[0].uid)
    qtbot.addWidget(task)
    damage = task.values["damageValue"].text()
    assert damage == "5\nBattleaxe 4, Combat Prowess (melee) +1"  # QA: the dialog said 4
    task.select(task.weapon, "Crossbow")
    assert task.values["damageValue"].text() == "4"  # a ranged weapon: no melee bonus
    task.select(task.weapon, "Battleaxe")
    task.fit_to_screen(QRect(QPoint(0, 0), QSize(1366, 768)))
    qtbot.waitUntil(lambda: task.values["damageValue"].height() > 20)
    assert overlaps(task) == []  # the second line is laid out, not drawn over "Say:"
    task.grab().save(str(artifacts_dir / "task-combat-prowess.png"))
    task.roll()
    assert "deals 5 damage" in task.values["resultValue"].text()
    assert "deals 5 damage" in controller.character.history[-1].summary


def test_the_tier_up_dialog_asks_an_abilitys_choice(
    qtbot: QtBot, csrd_library: Library, artifacts_dir: Path
) -> None:
    """Skill With Defense at tier 2: which defense is asked, refused when already trained,
    and becomes a Skills table row; OK waits for the answer."""
    uid = _brakka(qtbot, csrd_library)
    controller, sheet = open_sheet(qtbot, csrd_library, uid)
    panel = sheet.advancement
    offered = panel.tier_abilities(2)
    dialog = TierAbilitiesDialog(2, offered, sheet, csrd_library, controller.character)
    qtbot.addWidget(dialog)
    ok = dialog.box.button(QDialogButtonBox.StandardButton.Ok)
    assert dialog.tick("Skill With Defense") and dialog.tick("Successive Attack")
    assert not ok.isEnabled()
    box = dialog.choice_box("Skill With Defense")
    assert "Might, Speed, or Intellect" in box.book.text()
    box.choose("Speed defense")
    assert ok.isEnabled(), dialog.status.text()
    dialog.show()
    dialog.grab().save(str(artifacts_dir / "tier-up-ability-choice.png"))
    panel.apply_tier_abilities(dialog)
    made = controller.character
    assert {s.name for s in made.skills} >= {"Speed defense"}
    gained = next(a for a in made.abilities if a.name == "Skill With Defense")
    assert gained.choice == "Speed defense" and gained.tier == 2
