"""The fourth advancement always shows the tier-up step, in both rules: the templates'
next-tier abilities with their "choose N", or entry by name when no template has them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QWidget
from pytestqt.qtbot import QtBot

from numdesk.model.character import Character
from numdesk.rules.types import Advancement
from numdesk.store import Library
from numdesk.views.sheet.advancement_dialogs import TierAbilitiesDialog
from tests.views.sheet_helpers import open_sheet, with_modal


def _three_bought(library: Library, profile: str, type_: str, focus: str) -> Character:
    character = Character("Tam", profile=profile, type=type_, focus=focus, xp=4)
    character.advancements = [Advancement.CAPABILITIES, Advancement.PERFECTION, Advancement.SKILL]
    library.characters.save(character)
    return character


def _buy_effort(qtbot: QtBot, library: Library, uid: str, fill: object) -> Character:
    _controller, sheet = open_sheet(qtbot, library, uid)
    button = sheet.advancement.buttons[Advancement.EFFORT]
    with_modal(lambda: qtbot.mouseClick(button, Qt.MouseButton.LeftButton), fill)  # type: ignore[arg-type]
    return library.characters.load(uid)


def test_numenera_without_templates_still_shows_the_step(qtbot: QtBot, library: Library) -> None:
    character = _three_bought(library, "numenera", "Seeker", "Wanders Far")
    seen: list[str] = []

    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, TierAbilitiesDialog)
        intro = dialog.findChild(QWidget, "tierUpIntro")
        seen.append(intro.text())  # type: ignore[union-attr]
        dialog.add_own("Second Wind")
        dialog.accept()

    made = _buy_effort(qtbot, library, character.uid, fill)
    assert made.tier == 2
    assert seen and "No type or focus template" in seen[0]
    assert [(a.name, a.tier) for a in made.abilities] == [("Second Wind", 2)]


def test_cypher_csrd_offers_next_tier_with_choose_n(qtbot: QtBot, csrd_library: Library) -> None:
    character = _three_bought(csrd_library, "cypher", "Warrior", "Bears a Halo of Fire")
    titles: list[str] = []

    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, TierAbilitiesDialog)
        titles.extend(box.title() for _offer, box, _listing in dialog.groups)
        ok = dialog.box.button(QDialogButtonBox.StandardButton.Ok)
        assert not ok.isEnabled()  # Warrior: choose 2 at tier 2
        assert dialog.tick("Crushing Blow") and dialog.tick("Reload")
        assert ok.isEnabled()
        dialog.accept()

    made = _buy_effort(qtbot, csrd_library, character.uid, fill)
    assert "Warrior: choose 2" in titles
    assert "Bears a Halo of Fire: all of these" in titles
    names = {a.name for a in made.abilities}
    assert names == {"Crushing Blow", "Reload", "Hurl Flame"}
    assert all(a.tier == 2 and a.library_uid for a in made.abilities)
