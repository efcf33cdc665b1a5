"""Every CSRD descriptor, type, flavor and focus read by the creation parser: each of
their characteristics, basic abilities and special abilities either becomes structure
(Pools, Edges, Armor, Skills table rows, a choice to ask, equipment, a contact) or is
kept as an ability's text with a reason. Nothing is dropped; the counts are printed
(run with -s) and written to test-artifacts/csrd-reading.txt with every kept reason."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from numdesk.io.csrd import read_csrd
from numdesk.model.ability_gains import read_ability
from numdesk.model.characteristics import Characteristic
from numdesk.model.creation import build_character, prefill
from numdesk.model.creation_choices import CreationChoices, PartChoice
from numdesk.model.creation_effects import descriptor_effects, type_effects
from numdesk.model.templates import SentenceTemplate, TypeTemplate
from numdesk.rules.types import SkillLevel, Stat

EXPECTED = {"descriptor": 75, "type": 4, "flavor": 5, "focus": 110}


@pytest.fixture(scope="module")
def templates(csrd_path: Path) -> dict[str, list[TypeTemplate | SentenceTemplate]]:
    doc = json.loads(csrd_path.read_text(encoding="utf-8"))
    found: dict[str, list[TypeTemplate | SentenceTemplate]] = {k: [] for k in EXPECTED}
    for entry in read_csrd(doc, csrd_path).entries:
        obj = entry.obj
        if isinstance(obj, TypeTemplate):
            found["type"].append(obj)
        elif isinstance(obj, SentenceTemplate):
            found[obj.part].append(obj)
    return found


def _readings(template: TypeTemplate | SentenceTemplate) -> list[tuple[str, Characteristic]]:
    """(what it is, its reading) for every item the template gives."""
    items: list[tuple[str, Characteristic]] = []
    if isinstance(template, TypeTemplate):
        items += [("basic ability", c) for c in type_effects(template)]
    else:
        items += [("characteristic", c) for c in descriptor_effects(template)]
    for tier in template.tiers:
        items += [("special ability", read_ability(a, template.name)) for a in tier.abilities]
    return items


def _what(reading: Characteristic) -> list[str]:
    kinds = []
    for kind, present in (
        ("Pool", reading.pool_bonus or reading.extra_points),
        ("Edge", reading.edge_bonus or reading.edges),
        ("Armor", reading.armor or reading.armor_against),
        ("recovery", reading.recovery_bonus),
        ("extra Pool", reading.extra_pools),
        ("skills", reading.skills),
        ("choice", reading.choice),
        ("equipment", reading.equipment),
        ("contact", reading.connection),
        ("Effort/cypher limit", reading.effort is not None or reading.cypher_limit is not None),
    ):
        if present:
            kinds.append(kind)
    return kinds


def test_every_csrd_template_maps_to_structure_or_keeps_its_text_with_a_reason(
    templates: dict[str, list[TypeTemplate | SentenceTemplate]], artifacts_dir: Path
) -> None:
    assert {k: len(v) for k, v in templates.items()} == EXPECTED
    report = ["What the creation parser makes of the CSRD (numdesk test_csrd_reading)", ""]
    summary = []
    for part, found in templates.items():
        items = structured = kept = 0
        kinds: Counter[str] = Counter()
        reasons: Counter[str] = Counter()
        for template in found:
            report.append(f"== {part} {template.name}")
            for what, reading in _readings(template):
                items += 1
                made = _what(reading)
                if what == "special ability":
                    # the ability always stays on the sheet with its text; structure is extra
                    reason = reading.reason or "a special ability: its own text is the rule"
                else:
                    reason = reading.reason
                    assert made or (reading.ability is not None and reason), (
                        f"{template.name}: {reading.name} dropped: {reading.text}"
                    )
                if made:
                    structured += 1
                    kinds.update(made)
                if not made or reading.ability is not None:
                    kept += 1
                    reasons[reason] += 1
                shown = ", ".join(made) if made else f"kept: {reason}"
                report.append(f"  {what} {reading.name}: {shown}")
        line = (
            f"{part}: {len(found)} templates, {items} items, {structured} mapped to structure "
            f"({', '.join(f'{k} {n}' for k, n in kinds.most_common())}), {kept} kept as text "
            f"({'; '.join(f'{r} {n}' for r, n in reasons.most_common())})"
        )
        summary.append(line)
        print(line)
    (artifacts_dir / "csrd-reading.txt").write_text(
        "\n".join([*summary, "", *report]) + "\n", encoding="utf-8"
    )


Template = TypeTemplate | SentenceTemplate


def _named(found: list[Template], name: str) -> Template:
    return next(t for t in found if t.name.casefold() == name.casefold())


def test_rusted_asks_each_of_its_choices(
    templates: dict[str, list[TypeTemplate | SentenceTemplate]],
) -> None:
    rusted = _named(templates["descriptor"], "Rusted")
    assert isinstance(rusted, SentenceTemplate)
    readings = descriptor_effects(rusted)
    choices = [r.choice for r in readings if r.choice is not None]
    assert [(c.key, c.count, c.own) for c in choices] == [
        ("Resilient", 1, False),
        ("Skill", 1, False),
        ("Skill", 1, True),
        ("Inability", 1, False),
    ]
    pools, defense, creative, inability = choices
    assert [o.pool_bonus for o in pools.options] == [
        {Stat.MIGHT: 2},
        {Stat.INTELLECT: 2},
        dict.fromkeys(Stat, 1),
    ]
    assert defense.labels() == ["Might defense", "Intellect defense"]
    assert "Singing" in creative.labels() and "Public speaking" in creative.labels()
    assert len(inability.options) == 3
    assert all(o.skills[0].level is SkillLevel.INABILITY for o in inability.options)
    gear = [e for r in readings for e in r.equipment]
    assert len(gear) == 1 and "prosthetic" in gear[0].description
    assert all(r.ability is None for r in readings)  # nothing left as an ability "Skill"


def test_edges_luck_armor_and_weapons_are_structure(
    templates: dict[str, list[TypeTemplate | SentenceTemplate]],
) -> None:
    roach = descriptor_effects(_named(templates["descriptor"], "Roach"))  # type: ignore[arg-type]
    assert {Stat.SPEED: 1} in [r.edge_bonus for r in roach]
    assert 1 in [r.armor for r in roach]
    lucky = descriptor_effects(_named(templates["descriptor"], "Lucky"))  # type: ignore[arg-type]
    luck = [p for r in lucky for p in r.extra_pools]
    assert [(p.name, p.current, p.maximum) for p in luck] == [("Luck", 3, 3)]
    warrior = type_effects(_named(templates["type"], "Warrior"))  # type: ignore[arg-type]
    nature = next(r.choice for r in warrior if r.choice is not None)
    assert [o.edges for o in nature.options] == [
        {Stat.MIGHT: 1, Stat.SPEED: 0, Stat.INTELLECT: 0},
        {Stat.MIGHT: 0, Stat.SPEED: 1, Stat.INTELLECT: 0},
    ]
    weapons = next(r for r in warrior if r.name == "Weapons")
    assert weapons.ability is not None and "practiced" in weapons.ability.description
    explorer = type_effects(_named(templates["type"], "Explorer"))  # type: ignore[arg-type]
    assert {Stat.MIGHT: 1, Stat.SPEED: 0, Stat.INTELLECT: 0} in [r.edges for r in explorer]
    assert ["Heavy weapons"] in [[s.name for s in r.skills] for r in explorer]
    charming = descriptor_effects(_named(templates["descriptor"], "Charming"))  # type: ignore[arg-type]
    assert any(r.connection for r in charming)
    assert not any(r.ability and r.name in ("Contact", "Additional Equipment") for r in charming)


def _choices(templates: dict[str, list[Template]], descriptor: str) -> CreationChoices:
    choices = CreationChoices("Kit", "cypher")
    choices.parts["type"] = PartChoice("Warrior", _named(templates["type"], "Warrior"))
    choices.parts["descriptor"] = PartChoice(
        descriptor, _named(templates["descriptor"], descriptor)
    )
    prefill(choices)
    choices.extra = {Stat.MIGHT: 2, Stat.SPEED: 2, Stat.INTELLECT: 2}
    choices.picked = ["Bash", "Swipe", "Control the Field", "No Need for Weapons"]
    choices.answers = {"Physical Nature": ["Might Edge 1"]}
    return choices


def test_roachs_edge_and_armor_and_luckys_pool_are_applied_and_said(
    templates: dict[str, list[Template]],
) -> None:
    roach = build_character(_choices(templates, "Roach"))
    assert [roach.character.pool(s).edge for s in Stat] == [1, 1, 0]  # Scuttler: +1 Speed
    assert "+1 Speed Edge from Scuttler" in roach.applied
    assert [(a.name, a.value) for a in roach.character.armor] == [("Carapace", 1)]
    assert "+1 Armor from Carapace" in roach.applied
    lucky = build_character(_choices(templates, "Lucky"))
    luck = lucky.character.extra_pools
    assert [(p.name, p.current, p.maximum) for p in luck] == [("Luck", 3, 3)]
    assert "Luck Pool 3 (maximum 3) from Luck Pool" in lucky.applied
    rules = next(a for a in lucky.character.abilities if a.name == "Luck Pool")
    assert "refreshed" in rules.description  # how Luck is spent and refreshed: its text
