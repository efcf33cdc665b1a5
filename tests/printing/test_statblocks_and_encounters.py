"""Stat blocks and encounter sheets read back from real PDFs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from numdesk.model.encounter import Combatant
from numdesk.printing import render_creatures_pdf, render_encounter_pdf
from numdesk.printing.encounter_sheet import initiative_order
from tests.printing.conftest import flat, page_count, pdf_text
from tests.printing.samples import MARKUP_NAME, sample_creature, sample_encounter


def test_stat_block_shows_every_field(
    tmp_path: Path, save_pngs: Callable[[Path, str], list[Path]]
) -> None:
    creature = sample_creature()
    creature.armor_against = {"cold": 3, "mental": 1}
    out = tmp_path / "creature.pdf"
    render_creatures_pdf([creature], out)
    text = flat(pdf_text(out))
    values = [
        creature.name,
        "Armor against: cold +3, mental +1",
        "Level 4",
        "12",
        "15",
        creature.damage,
        creature.movement,
        creature.combat,
        creature.interaction,
        creature.use,
        creature.loot,
        creature.description,
        creature.motive,
        creature.environment,
        *creature.modifications,
        *creature.intrusions,
    ]
    assert [v for v in values if flat(v) not in text] == []
    assert page_count(out) == 1
    save_pngs(out, "statblock-one")


def test_many_stat_blocks_fill_two_columns_and_further_pages(
    tmp_path: Path, save_pngs: Callable[[Path, str], list[Path]]
) -> None:
    creatures = [sample_creature(f"Beast {i:02d}", 1 + i % 10) for i in range(24)]
    creatures[3].name = MARKUP_NAME
    creatures[5].combat = "Very long tactics. " * 200
    out = tmp_path / "creatures.pdf"
    render_creatures_pdf(creatures, out, page_size="Letter")
    text = flat(pdf_text(out))
    assert all(c.name in text for c in creatures)
    assert text.count("Very long tactics.") == 200
    assert page_count(out) >= 4
    save_pngs(out, "statblock-many")


def test_encounter_sheet_lists_combatants_in_order_with_stat_blocks(
    tmp_path: Path, save_pngs: Callable[[Path, str], list[Path]]
) -> None:
    encounter, creatures, characters = sample_encounter()
    encounter.combatants.append(Combatant("Lost Golem", "npc", "no-such-uid", 5, 15, 15))
    out = tmp_path / "encounter.pdf"
    render_encounter_pdf(encounter, creatures, characters, out)
    text = flat(pdf_text(out))
    order = [c.name for c in initiative_order(encounter)]
    # the PC rolled 14 and beats the level-4 raiders (12); the level-5 golem (15) goes first
    assert order == ["Lost Golem", "Kaelen Vry", "Raider One", "Raider Two", "Old Hermit"]
    positions = [text.index(name) for name in order]
    assert positions == sorted(positions)
    for value in (
        "Ambush at Hollow Ford",
        "round 2",
        "conditions: dazed",
        "limping",
        "The ford is slippery",
        "Might 13/17",
        "Stat blocks",
        "Margr Raider",
        "Goat-headed raiders",
        "No stat block in the library for: Lost Golem",
    ):
        assert value in text, value
    assert text.count("Margr Raider") == 1  # one stat block for two raiders
    assert page_count(out) == 1
    save_pngs(out, "encounter")


def test_blank_encounter_sheet_leaves_health_and_rounds_to_fill(tmp_path: Path) -> None:
    encounter, creatures, characters = sample_encounter()
    out = tmp_path / "blank.pdf"
    render_encounter_pdf(encounter, creatures, characters, out, blank=True)
    text = flat(pdf_text(out))
    assert "Might __/17" in text
    assert "round 2" not in text


def test_cypher_pcs_show_their_wounds_on_the_encounter_sheet(tmp_path: Path) -> None:
    encounter, creatures, characters = sample_encounter()
    encounter.profile = "cypher"
    for character in characters.values():
        character.profile = "cypher"
    out = tmp_path / "cypher.pdf"
    render_encounter_pdf(encounter, creatures, characters, out)
    assert "wounds 2 minor, 1 moderate, 0 major" in flat(pdf_text(out))


def test_a_blank_sheet_is_blank_and_cypher_pcs_get_wound_boxes(
    tmp_path: Path, save_pngs: Callable[[Path, str], list[Path]]
) -> None:
    encounter, creatures, characters = sample_encounter()
    encounter.profile = "cypher"
    for character in characters.values():
        character.profile = "cypher"
    encounter.combatants[2].defeated = "dead"
    out = tmp_path / "blank-cypher.pdf"
    render_encounter_pdf(encounter, creatures, characters, out, blank=True)
    text = flat(pdf_text(out))
    # nothing of the fight as it stands: no conditions, nobody defeated, no wounds taken
    assert "conditions:" not in text and "dazed" not in text
    assert "defeated" not in text
    assert "wounds 2 minor" not in text
    # but the PC's wound slots to tick, one row per severity
    for label in ("minor wounds", "moderate wounds", "major wounds"):
        assert label in text, label
    save_pngs(out, "encounter-blank-cypher")
