"""Smaller creation fixes, each as a player meets it: a descriptor in the player's own
words has a Pool bonus to type; the starter Numenera types say only what they know; an
ability added by name keeps an unknown cost and kind; the tier-up step counts per group."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from numdesk.model.abilities import Ability
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.operations.task import TaskInput, preview_task
from numdesk.printing.labels import ability_cost, ability_meta
from numdesk.rules.types import Stat
from numdesk.store import Library
from numdesk.views.sheet.tier_up import TierAbilitiesDialog, TierOffer
from tests.views.sheet_helpers import open_sheet
from tests.views.wizard_helpers import press_finish, press_next, start


def _values(wizard, pools=(10, 10, 8)) -> None:  # type: ignore[no-untyped-def]
    values = wizard.values_page
    for stat, value in zip(Stat, pools, strict=True):
        values.bases[stat].setValue(value)
    values.effort.setValue(1)
    values.cypher_limit.setValue(2)
    values.free_points.setValue(0)


def test_a_descriptor_in_own_words_has_a_pool_bonus_to_type(qtbot: QtBot, library: Library) -> None:
    wizard = start(qtbot, library, "Vel", "cypher")
    wizard.parts_page.select("type", "Warrior")
    press_next(qtbot, wizard)
    values = wizard.values_page
    assert not any(values.own_bonus[s].isVisibleTo(wizard) for s in Stat)  # no descriptor
    wizard.back()
    wizard.parts_page.select("descriptor", "Tough")
    press_next(qtbot, wizard)
    assert all(values.own_bonus[s].isVisibleTo(wizard) for s in Stat)
    _values(wizard)
    values.own_bonus[Stat.MIGHT].setValue(2)
    assert values.pool_labels[Stat.MIGHT].text() == "<b>12</b>"
    press_next(qtbot, wizard)
    press_finish(qtbot, wizard)
    made = library.characters.load(wizard.created.uid)
    assert made.pool(Stat.MIGHT).maximum == 12
    assert "+2 Might from Tough" in made.history[-1].details


def test_starter_numenera_types_say_only_what_they_know(
    qtbot: QtBot, starter_library: Library
) -> None:
    wizard = start(qtbot, starter_library, "Ora")
    hint = wizard.parts_page.hints["descriptor"].text()
    assert "has none for Numenera" in hint and "Cypher System" not in hint
    wizard.parts_page.select("type", "Glaive")
    press_next(qtbot, wizard)
    info = wizard.values_page.info.text()
    assert "lets you choose" not in info  # nothing says the Glaive's Edges are a choice
    assert "Glaive does not give its Edges: type them from your rulebook." in info
    assert all(wizard.values_page.edges[s].isEnabled() for s in Stat)


def test_cypher_players_are_pointed_to_the_reference_document(
    qtbot: QtBot, library: Library
) -> None:
    wizard = start(qtbot, library, "Ash", "cypher")
    assert "Cypher System Reference Document" in wizard.parts_page.hints["focus"].text()


def test_an_ability_added_by_name_keeps_an_unknown_cost_and_kind(
    qtbot: QtBot, library: Library
) -> None:
    wizard = start(qtbot, library, "Vel")
    wizard.parts_page.select("type", "Glaive")
    press_next(qtbot, wizard)
    _values(wizard)
    press_next(qtbot, wizard)
    page = wizard.abilities_page
    page.add_own("Fleet of Foot")
    assert "cost and kind unknown" in page.own_list.item(0).text()
    press_finish(qtbot, wizard)
    made = library.characters.load(wizard.created.uid)
    fleet = made.abilities[0]
    assert (fleet.name, fleet.cost, fleet.kind) == ("Fleet of Foot", None, None)
    assert ability_cost(fleet) == "cost unknown"
    assert ability_meta(fleet).startswith("Kind unknown")
    _controller, sheet = open_sheet(qtbot, library, made.uid)
    model = sheet.list_editors["abilities"].table.model()
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    row = [model.index(0, c).data() for c in range(model.columnCount())]
    assert row[headers.index("Cost")] == "unknown" and row[headers.index("Kind")] == "unknown"


def test_an_unknown_cost_is_never_rolled_as_zero() -> None:
    hero = Character("Vel", abilities=[Ability("Fleet of Foot", cost=None, kind=None)])
    with pytest.raises(DomainError, match="cost is not known yet"):
        preview_task(hero, TaskInput(Stat.SPEED, 2, ability=hero.abilities[0].uid))


def test_the_tier_up_hint_counts_each_group(qtbot: QtBot, library: Library) -> None:
    from numdesk.rules.types import AbilitySource

    type_offer = TierOffer("type", "Warrior", [Ability(n) for n in "ABCD"], 3, AbilitySource.TYPE)
    focus = TierOffer(
        "focus", "Bears a Halo of Fire", [Ability("E"), Ability("F")], 1, AbilitySource.FOCUS
    )
    dialog = TierAbilitiesDialog(3, [type_offer, focus], library=library)
    qtbot.addWidget(dialog)
    dialog.tick("A")
    assert dialog.status.text() == (
        "Warrior: tick 3 (1 ticked); Bears a Halo of Fire: tick 1 (0 ticked)"
    )
    for name in ("B", "C", "E"):
        dialog.tick(name)
    assert dialog.status.text() == ""
    assert isinstance(dialog, QWidget)
