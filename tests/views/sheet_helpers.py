"""Shared setup for the sheet, wizard and play-mode tests: templates and items in a real
library file, a sheet on a stored character, and a way to drive modal dialogs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from numdesk.controllers.character import CharacterController
from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character
from numdesk.model.items import Armor, Artifact, Cypher, Equipment, Weapon
from numdesk.model.templates import SentenceTemplate, TierAbilities, TypeTemplate
from numdesk.rules.dice import Dice
from numdesk.rules.types import AbilityKind, ArmorCategory, SkillLevel, Stat, WeaponCategory
from numdesk.views.sheet import SheetWidget


def _ability(name: str, cost: int = 0, pool: Stat | None = None, tier: int = 1) -> Ability:
    kind = AbilityKind.ACTION if cost else AbilityKind.ENABLER
    return Ability(name, cost=cost, pool=pool, kind=kind, tier=tier, description=f"{name}.")


def add_templates(library: Any) -> None:
    """Types, descriptors and foci for both profiles (our own test data, not game text)."""
    glaive = TypeTemplate(
        "Glaive",
        profile="numenera",
        pools={Stat.MIGHT: 11, Stat.SPEED: 10, Stat.INTELLECT: 7},
        edges={Stat.MIGHT: 1, Stat.SPEED: 1, Stat.INTELLECT: 0},
        effort=1,
        cypher_limit=2,
        starting_points=6,
        skills=[Skill("Swords")],
        equipment=[Equipment("Backpack")],
        shins=5,
        tiers=[
            TierAbilities(1, [_ability("Fighting Moves"), _ability("Cypher Use")]),
            TierAbilities(
                1,
                [
                    _ability("Pierce", 1, Stat.SPEED),
                    _ability("No Need for Weapons"),
                    _ability("Thrust", 1, Stat.MIGHT),
                ],
                choose=1,
            ),
            TierAbilities(
                2,
                [
                    _ability("Skill With Defense", tier=2),
                    _ability("Successive Attack", 2, Stat.SPEED, 2),
                ],
                choose=1,
            ),
        ],
    )
    strong = SentenceTemplate(
        "Strong",
        part="descriptor",
        profile="numenera",
        pool_bonus={Stat.MIGHT: 4},
        skills=[Skill("Jumping")],
    )
    halo = SentenceTemplate(
        "Bears a Halo of Fire",
        part="focus",
        profile="numenera",
        tiers=[
            TierAbilities(1, [_ability("Shroud of Flame", 1, Stat.INTELLECT)]),
            TierAbilities(2, [_ability("Hurl Flame", 2, Stat.INTELLECT, 2)]),
        ],
    )
    warrior = TypeTemplate(
        "Warrior",
        profile="cypher",
        pools={Stat.MIGHT: 10, Stat.SPEED: 10, Stat.INTELLECT: 8},
        edges={Stat.MIGHT: 1, Stat.SPEED: 0, Stat.INTELLECT: 0},
        effort=1,
        cypher_limit=2,
        starting_points=6,
        tiers=[TierAbilities(1, [_ability("Practiced in Armor")])],
    )
    clever = SentenceTemplate(
        "Clever", part="descriptor", profile="cypher", pool_bonus={Stat.INTELLECT: 2}
    )
    weaponry = SentenceTemplate(
        "Masters Weaponry",
        part="focus",
        profile="cypher",
        tiers=[TierAbilities(1, [_ability("Weapon Master")])],
    )
    library.save_many([glaive, strong, halo, warrior, clever, weaponry])
    library.save_many(
        [
            Cypher("Detonation", 4, "Explodes in a short range burst."),
            Cypher("Stim", 2, "Eases the next task."),
            Artifact("Lightning Rod", 5, "1 in 1d10", "Calls a bolt."),
            Skill("Stealth", SkillLevel.TRAINED),
        ]
    )


def stored_character(library: Any, profile: str = "numenera") -> Character:
    """A playable character stored in `library` (what the wizard would have made)."""
    character = Character(
        "Kalos",
        profile=profile,
        player="Ana",
        descriptor="Strong",
        type="Glaive" if profile == "numenera" else "Warrior",
        focus="Bears a Halo of Fire" if profile == "numenera" else "Masters Weaponry",
        tier=1,
        effort=1,
        cypher_limit=2,
        shins=12,
    )
    for stat, (maximum, edge) in {
        Stat.MIGHT: (15, 1),
        Stat.SPEED: (12, 1),
        Stat.INTELLECT: (9, 0),
    }.items():
        pool = character.pool(stat)
        pool.maximum = pool.current = maximum
        pool.edge = edge
    character.skills = [Skill("Swords"), Skill("Climbing", SkillLevel.SPECIALIZED)]
    character.abilities = [_ability("Fighting Moves"), _ability("Pierce", 1, Stat.SPEED)]
    character.cyphers = [Cypher("Detonation", 4, "Boom."), Cypher("Stim", 2, "Ease.")]
    character.artifacts = [Artifact("Lightning Rod", 5, "1 in 1d10", "Zap.")]
    character.weapons = [Weapon("Broadsword", WeaponCategory.MEDIUM)]
    character.armor = [Armor("Leather jerkin", ArmorCategory.LIGHT, value=1)]
    character.equipment = [Equipment("Rope", 1, "50 ft")]
    character.background = "Grew up near the ruins."
    library.characters.save(character)
    return library.characters.load(character.uid)


def open_sheet(
    qtbot: QtBot, library: Any, uid: str, dice: Dice | None = None
) -> tuple[CharacterController, SheetWidget]:
    controller = CharacterController(library, uid, dice=dice)
    sheet = SheetWidget(controller)
    qtbot.addWidget(sheet)
    sheet.resize(1366, 768)
    sheet.show()
    qtbot.waitExposed(sheet)
    sheet.raise_()
    sheet.activateWindow()
    qtbot.waitUntil(sheet.isActiveWindow)
    return controller, sheet


def type_into(qtbot: QtBot, edit: QLineEdit, text: str) -> None:
    """Select the field's text, type `text` over it and press Enter, as a user would."""
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return)


def with_modal(action: Callable[[], Any], *fills: Callable[[QWidget], None]) -> Any:
    """Run `action`, which opens modal dialogs one after another; `fills` drive them in order."""
    pending = list(fills)
    seen: list[QWidget] = []
    tries = [0]

    def drive() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or dialog in seen:
            tries[0] += 1
            if tries[0] < 300:
                QTimer.singleShot(10, drive)
            return
        seen.append(dialog)
        fill = pending.pop(0)
        if pending:
            QTimer.singleShot(0, drive)
        fill(dialog)

    QTimer.singleShot(0, drive)
    result = action()
    assert not pending, f"{len(pending)} dialog(s) never opened"
    return result
