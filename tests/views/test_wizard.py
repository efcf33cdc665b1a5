"""The New Character wizard, page by page, as a player drives it: an empty library in
both rules, the starter types, hand-made templates, and the imported CSRD."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard
from pytestqt.qtbot import QtBot

from numdesk.model.templates import TypeTemplate
from numdesk.rules.types import AbilitySource, SkillLevel, Stat
from numdesk.store import Library
from numdesk.views.sheet.wizard import NewCharacterWizard
from tests.views.sheet_helpers import add_templates


def _next(qtbot: QtBot, wizard: NewCharacterWizard) -> None:
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)


def _finish(qtbot: QtBot, wizard: NewCharacterWizard) -> None:
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    assert finish.isEnabled(), getattr(wizard.currentPage(), "error", finish).text()
    qtbot.mouseClick(finish, Qt.MouseButton.LeftButton)


def _start(qtbot: QtBot, library: Library, name: str, profile: str = "numenera") -> Any:
    wizard = NewCharacterWizard(library)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.profile_page.radios[profile].setChecked(True)
    _next(qtbot, wizard)
    qtbot.keyClicks(wizard.name_page.name, name)
    _next(qtbot, wizard)
    return wizard


def _next_enabled(wizard: NewCharacterWizard) -> bool:
    return wizard.button(QWizard.WizardButton.NextButton).isEnabled()


@pytest.mark.parametrize("profile", ["numenera", "cypher"])
def test_empty_library_makes_a_complete_character_from_typed_values(
    qtbot: QtBot, library: Library, profile: str
) -> None:
    wizard = _start(qtbot, library, "Vel", profile)
    parts = wizard.parts_page
    assert not _next_enabled(wizard)  # a type is needed
    assert "needs a type" in parts.hints["type"].text()
    assert "has none for" in parts.hints["descriptor"].text()  # said, not silent
    qtbot.keyClicks(parts.combos["type"].lineEdit(), "Warrior")
    qtbot.keyClicks(parts.combos["descriptor"].lineEdit(), "Tough")
    qtbot.keyClicks(parts.combos["focus"].lineEdit(), "Fights With Panache")
    assert "Your own words" in parts.hints["type"].text()
    _next(qtbot, wizard)

    values = wizard.values_page
    assert not _next_enabled(wizard)
    problems = values.error.text()
    for name in ("Starting Might Pool", "Effort", "Cypher limit", "Extra points to divide"):
        assert name in problems  # each empty value is named
    assert "type it from your rulebook" in problems
    for stat, value in zip(Stat, (10, 10, 8), strict=True):
        values.bases[stat].setValue(value)
    values.edges[Stat.MIGHT].setValue(1)
    values.effort.setValue(1)
    values.cypher_limit.setValue(2)
    values.shins.setValue(12)
    values.free_points.setValue(6)
    assert "6 to divide, 6 left" in values.points_left.text()
    assert not _next_enabled(wizard)  # the points are not spent yet
    values.spins[Stat.MIGHT].setValue(4)
    values.spins[Stat.SPEED].setValue(2)
    assert "0 left" in values.points_left.text()
    assert values.pool_labels[Stat.MIGHT].text() == "<b>14</b>"
    assert _next_enabled(wizard)
    _next(qtbot, wizard)

    abilities = wizard.abilities_page
    assert abilities.none_label.isVisibleTo(wizard)  # no template: add by name
    abilities.own_name.setText("Bash")
    abilities.add_own()
    _finish(qtbot, wizard)
    assert wizard.created is not None
    vel = library.characters.load(wizard.created.uid)
    assert (vel.type, vel.descriptor, vel.focus, vel.profile) == (
        "Warrior",
        "Tough",
        "Fights With Panache",
        profile,
    )
    assert [vel.pool(s).maximum for s in Stat] == [14, 12, 8]
    assert [vel.pool(s).current for s in Stat] == [14, 12, 8]
    assert [vel.pool(s).edge for s in Stat] == [1, 0, 0]
    assert (vel.effort, vel.cypher_limit, vel.shins) == (1, 2, 12)
    assert [a.name for a in vel.abilities] == ["Bash"]
    assert vel.history and "Made the character" in vel.history[-1].summary


def test_starter_glaive_names_the_values_it_leaves_empty(
    qtbot: QtBot, starter_library: Library
) -> None:
    wizard = _start(qtbot, starter_library, "Ora")
    wizard.parts_page.select("type", "glaive")  # any case picks the template
    assert "From the library" in wizard.parts_page.hints["type"].text()
    _next(qtbot, wizard)
    values = wizard.values_page
    assert values.bases[Stat.MIGHT].text() == "—"  # empty, not a made-up 10
    assert "Starting Might Pool: Glaive leaves it empty" in values.error.text()
    assert "Extra points to divide: Glaive leaves it empty" in values.error.text()
    for stat, value in zip(Stat, (11, 10, 7), strict=True):
        values.bases[stat].setValue(value)
    values.effort.setValue(1)
    values.cypher_limit.setValue(2)
    values.free_points.setValue(6)
    for stat, value in zip(Stat, (3, 2, 1), strict=True):
        values.spins[stat].setValue(value)
    assert values.error.text() == ""
    _next(qtbot, wizard)
    _finish(qtbot, wizard)
    ora = starter_library.characters.load(wizard.created.uid)
    assert [ora.pool(s).maximum for s in Stat] == [14, 12, 8]


def test_templates_prefill_and_choose_n_is_enforced(qtbot: QtBot, library: Library) -> None:
    add_templates(library)
    wizard = _start(qtbot, library, "Mira")
    parts = wizard.parts_page
    types = [parts.combos["type"].itemText(i) for i in range(parts.combos["type"].count())]
    assert "Glaive" in types and "Warrior" not in types  # only this profile's templates
    parts.select("type", "Glaive")
    parts.select("descriptor", "Strong")
    parts.select("focus", "Bears a Halo of Fire")
    _next(qtbot, wizard)
    values = wizard.values_page
    assert [values.bases[s].value() for s in Stat] == [11, 10, 7]
    assert values.bonus_labels[Stat.MIGHT].text() == "+4 (Strong)"
    values.spins[Stat.MIGHT].setValue(2)
    values.spins[Stat.INTELLECT].setValue(4)
    _next(qtbot, wizard)
    page = wizard.abilities_page
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    assert not finish.isEnabled()
    assert "Glaive needs 1 tier-1 special ability; 0 given." in page.error.text()
    page.tick("Pierce")
    page.tick("Thrust")
    assert "Glaive needs 1 tier-1 special ability; 2 given: Pierce, Thrust." in page.error.text()
    page.tick("Thrust", checked=False)
    assert "+4 Might from Strong" in page.summary.toPlainText()
    _finish(qtbot, wizard)
    mira = library.characters.load(wizard.created.uid)
    assert mira.pool(Stat.MIGHT).maximum == 11 + 4 + 2
    assert mira.pool(Stat.INTELLECT).maximum == 7 + 4
    assert mira.pool(Stat.SPEED).edge == 1 and mira.shins == 5
    assert {s.name for s in mira.skills} == {"Swords", "Jumping"}
    names = {a.name for a in mira.abilities}
    assert {"Fighting Moves", "Cypher Use", "Shroud of Flame", "Pierce"} == names
    pierce = next(a for a in mira.abilities if a.name == "Pierce")
    assert pierce.source is AbilitySource.TYPE
    assert [e.name for e in mira.equipment] == ["Backpack"]


def test_same_named_templates_are_told_apart(qtbot: QtBot, library: Library) -> None:
    add_templates(library)
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
    wizard = _start(qtbot, library, "Dax")
    combo = wizard.parts_page.combos["type"]
    labels = [combo.itemText(i) for i in range(combo.count())]
    assert "Glaive (homebrew)" in labels and "Glaive (no tags)" in labels
    wizard.parts_page.select("type", "Glaive (homebrew)")
    _next(qtbot, wizard)
    _next(qtbot, wizard)
    _finish(qtbot, wizard)
    dax = library.characters.load(wizard.created.uid)
    assert dax.pool(Stat.MIGHT).maximum == 14 and dax.pool(Stat.MIGHT).edge == 2


# -- the imported CSRD ------------------------------------------------------------------


def _csrd(csrd_path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(csrd_path.read_text(encoding="utf-8"))
    return data


def _named(items: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return next(x for x in items if x["name"].casefold() == name.casefold())


COMBOS = [
    # type, descriptor, focus, flavor, extra (M, S, I), expected bonus (M, S, I)
    ("Warrior", "Strong", "Bears a Halo of Fire", "", (2, 2, 2), (4, 0, 0)),
    ("Adept", "Clever", "Abides in Stone", "", (0, 0, 6), (5, 0, 2)),  # Golem Body: +5 Might
    ("Explorer", "Amazing", "Fights With Panache", "Stealth Flavor", (2, 2, 4), (0, 2, 0)),
    ("Speaker", "Resilient", "Works Miracles", "", (3, 3, 0), (2, 0, 2)),
]


@pytest.mark.parametrize(("type_", "descriptor", "focus", "flavor", "extra", "bonus"), COMBOS)
def test_csrd_characters_match_the_book(
    qtbot: QtBot,
    csrd_library: Library,
    csrd_path: Path,
    type_: str,
    descriptor: str,
    focus: str,
    flavor: str,
    extra: tuple[int, int, int],
    bonus: tuple[int, int, int],
) -> None:
    doc = _csrd(csrd_path)
    raw_type = _named(doc["types"], type_)
    choose = next(a["special_abilities"] for a in raw_type["special_abilities_per_tier"])
    tier1 = [a["name"] for a in raw_type["special_abilities"] if a["tier"] == 1]
    raw_focus = _named(doc["foci"], focus)
    granted = [a["name"] for a in raw_focus["abilities"] if a["tier"] == 1 and a["preselected"]]

    wizard = _start(qtbot, csrd_library, f"{type_} hero", "cypher")
    parts = wizard.parts_page
    for part, name in (("type", type_), ("descriptor", descriptor), ("focus", focus)):
        parts.select(part, name.upper())  # any case
    parts.select("flavor", flavor)
    _next(qtbot, wizard)
    if wizard.currentPage() is wizard.choices_page:  # the book's choices: the first of each
        for box in wizard.choices_page.boxes:
            box.choose(box.choice.labels()[0])
        _next(qtbot, wizard)
    values = wizard.values_page
    base = [raw_type["stat_pool"][s.value.capitalize()] for s in Stat]
    assert [values.bases[s].value() for s in Stat] == base
    assert not any(values.edges[s].isEnabled() for s in Stat)  # the type gives them
    total = 6 + (2 if descriptor == "Amazing" else 0)
    assert f"{total} to divide" in values.points_left.text()
    for stat, amount in zip(Stat, extra, strict=True):
        values.spins[stat].setValue(amount)
    if sum(extra) != total:
        assert not _next_enabled(wizard)
        return
    _next(qtbot, wizard)
    page = wizard.abilities_page
    offer = next(o for o, _b, _l in page.groups if not o.grants_all)
    assert offer.choose == choose
    offered = {a.name.casefold() for a in offer.abilities}
    assert {n.casefold() for n in tier1} <= offered
    if flavor:
        raw_flavor = _named(doc["flavors"], flavor)
        flavor1 = [a["name"] for a in raw_flavor["abilities"] if a["tier"] == 1]
        assert {n.casefold() for n in flavor1} <= offered  # picked in place of type ones
    picks = [a.name for a in offer.abilities][:choose]
    for name in picks[:-1]:
        page.tick(name)
    assert not wizard.button(QWizard.WizardButton.FinishButton).isEnabled()
    page.tick(picks[-1])
    if wizard.button(QWizard.WizardButton.NextButton).isVisible():  # skills to choose
        _next(qtbot, wizard)

        def refused() -> bool:  # the book's conditions on a choice
            error = wizard.skills_page.error.text()
            return "raises an Edge" in error or "already trained" in error

        for box in wizard.skills_page.boxes:
            for label in box.choice.labels():
                if len(box.answers()) == box.choice.count and not refused():
                    break
                box.choose(label)  # a radio button moves on to the next label
                if refused() and not box.radios:
                    box.choose(label, checked=False)
            for index in range(box.choice.count - len(box.answers())):
                box.add_own(f"Own skill {index}")
    _finish(qtbot, wizard)

    made = csrd_library.characters.load(wizard.created.uid)
    expected = [b + x + p for b, x, p in zip(base, extra, bonus, strict=True)]
    assert [made.pool(s).maximum for s in Stat] == expected
    names = [a.name.casefold() for a in made.abilities]
    for name in picks + granted:
        assert name.casefold() in names
    offered = {n.casefold() for n in picks + granted}
    linked = [a for a in made.abilities if a.name.casefold() in offered]
    assert linked and all(a.library_uid and a.description for a in linked)
    for ability in linked:  # linked to the library's own entry, whose text it shows
        assert csrd_library.load(ability.library_uid).name.casefold() == ability.name.casefold()
    raw_descriptor = _named(doc["descriptors"], descriptor)
    kept = [a for a in made.abilities if a.source is AbilitySource.DESCRIPTOR]
    for characteristic in raw_descriptor["characteristics"]:
        text = characteristic["description"]
        in_skills = any(s.description == text for s in made.skills)
        in_abilities = any(a.description == text for a in kept)
        in_gear = any(e.description == text for e in made.equipment)
        is_pool = "Pool" in text and not in_abilities
        kept_elsewhere = in_gear or text in made.connections or text in made.history[-1].details
        assert in_skills or in_abilities or is_pool or kept_elsewhere, f"dropped: {text}"
    if descriptor == "Strong":
        trained = {s.name for s in made.skills if s.level is SkillLevel.TRAINED}
        assert trained == {"Breaking inanimate objects", "Jumping"}
        assert "Shroud of Flame" in [a.name for a in made.abilities]
