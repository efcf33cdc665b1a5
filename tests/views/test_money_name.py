"""The money box is named for the group's currency: the character's own (an imported
Foundry sheet's crowns), else the rules' (Numenera's shins, a house rules set's), and a
plain "Money" in the Cypher System, which has no currency of its own. Stored sheets keep
their `shins` amount and `currency` name as before."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from numdesk.model.rules_set import RulesSet
from numdesk.store import Library
from numdesk.views.forms import child
from tests.views.sheet_helpers import open_sheet, stored_character, type_into
from tests.views.wizard_helpers import press_finish, press_next, start


def _label(sheet) -> str:  # type: ignore[no-untyped-def]
    return child(sheet.form, QLabel, "shinsLabel").text().replace("&", "")


def test_cypher_money_is_the_groups_to_name(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library, profile="cypher")
    _controller, sheet = open_sheet(qtbot, library, character.uid)
    assert _label(sheet) == "Money"  # not "Shins": the Cypher System names no currency
    assert sheet.line("currencyEdit").placeholderText() == "your group's currency"
    type_into(qtbot, sheet.line("currencyEdit"), "crowns")
    assert _label(sheet) == "Crowns"
    stored = library.characters.load(character.uid)
    assert (stored.currency, stored.shins) == ("crowns", 12)  # the same fields as before


def test_numenera_money_is_shins_and_a_house_rules_set_can_name_its_own(
    qtbot: QtBot, library: Library
) -> None:
    numenera = stored_character(library)
    _controller, sheet = open_sheet(qtbot, library, numenera.uid)
    assert _label(sheet) == "Shins"
    rules = RulesSet(name="Our table", base="cypher", changes={"currency": "credits"})
    library.rules_sets.save(rules)
    ours = stored_character(library, profile="cypher")
    ours.profile = rules.uid
    library.characters.save(ours)
    _controller, sheet = open_sheet(qtbot, library, ours.uid)
    assert _label(sheet) == "Credits"


def test_the_wizard_asks_a_cypher_characters_currency(qtbot: QtBot, library: Library) -> None:
    wizard = start(qtbot, library, "Ash", "cypher")
    wizard.parts_page.select("type", "Warrior")
    press_next(qtbot, wizard)
    values = wizard.values_page
    assert values.money_label.text().replace("&", "") == "Money"
    assert values.currency.isVisibleTo(wizard)
    for stat, pool in zip(values.bases, (10, 10, 8), strict=True):
        values.bases[stat].setValue(pool)
    values.effort.setValue(1)
    values.cypher_limit.setValue(2)
    values.free_points.setValue(0)
    values.shins.setValue(20)
    values.currency.setText("Crowns")
    press_next(qtbot, wizard)
    press_finish(qtbot, wizard)
    made = library.characters.load(wizard.created.uid)
    assert (made.shins, made.currency) == (20, "Crowns")


def test_the_wizard_names_numenera_money_shins(qtbot: QtBot, library: Library) -> None:
    wizard = start(qtbot, library, "Ora")
    wizard.parts_page.select("type", "Glaive")
    press_next(qtbot, wizard)
    assert wizard.values_page.money_label.text().replace("&", "") == "Shins (money)"
    assert not wizard.values_page.currency.isVisibleTo(wizard)
