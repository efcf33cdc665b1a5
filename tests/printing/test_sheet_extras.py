"""The sheet parts beyond the core form, read back from real PDFs on both papers."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from numdesk.model.abilities import Ability, Skill
from numdesk.model.extras import (
    ExtraPool,
    FormPool,
    LastingDamage,
    Money,
    PowerShift,
    Recursion,
    SecondForm,
)
from numdesk.model.items import Weapon
from numdesk.printing import render_character_pdf
from numdesk.rules.types import DamageTrackState, Rest, Stat
from tests.printing.conftest import flat, pdf_text
from tests.printing.samples import rich_character


def _with_extras(profile: str):  # type: ignore[no-untyped-def]
    ch = rich_character(profile)
    ch.shins, ch.currency = 12, "crowns"
    ch.money = [Money("bits", 40)]
    ch.stress = 3
    ch.extra_recoveries = [Rest.ONE_ACTION, Rest.ONE_ACTION, Rest.TEN_MINUTES]
    ch.extra_recoveries_used = [Rest.ONE_ACTION]
    ch.extra_pools = [ExtraPool("Luck", current=4, maximum=7, edge=1)]
    ch.power_shifts = [PowerShift("Strength", shifts=2), PowerShift("Flight", temporary=True)]
    ch.recursions = [
        Recursion("Ardeyn", active=True, focus="Slays Dragons", pool_changes={Stat.MIGHT: 2}),
        Recursion("Ruk", edge_changes={Stat.SPEED: -1}),
        Recursion("Leader", kind="tag", exclusive=True),
    ]
    ch.lasting_damage = [
        LastingDamage("Broken arm", amount=2, stat=Stat.MIGHT, effect="hindered lifting"),
        LastingDamage("Lost eye", permanent=True),
    ]
    ch.second_form = SecondForm(
        "Young Kit",
        descriptor="Impulsive",
        active=True,
        pools={Stat.MIGHT: FormPool(5, 8, 0), Stat.SPEED: FormPool(9, 11, 1)},
        damage_track=DamageTrackState.IMPAIRED,
        armor_total=1,
        skills=[Skill("Sneaking")],
        abilities=[Ability("Hide in plain sight")],
        weapons=[Weapon("Slingshot")],
        lasting_damage=[LastingDamage("Scraped knee", amount=1)],
    )
    return ch


@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_every_extra_with_a_value_is_printed(
    tmp_path: Path, save_pngs: Callable[[Path, str], list[Path]], size: str
) -> None:
    ch = _with_extras("cypher")
    out = tmp_path / "extras.pdf"
    render_character_pdf(ch, out, page_size=size)
    text = flat(pdf_text(out))
    expected = [
        "Crowns: 12",
        "Bits: 40",
        "Stress: 3",
        "Extra one-action recoveries: 1 used of 2",
        "Extra ten-minute recoveries: 0 used of 1",
        "Strength 2 shifts",
        "Flight 1 shift",
        "CROWNS",
        "Temporary",
        "● Ardeyn",
        "ACTIVE",
        "focus: Slays Dragons",
        "Might Pool +2",
        "Speed Edge −1",
        "Leader",
        "Tag · only one at a time",
        "Broken arm",
        "Heals over time · Might · hindered lifting",
        "Lost eye",
        "Permanent",
        "SECOND FORM",
        "Young Kit (Impulsive)",
        "Damage: Impaired · Armor 1",
        "Skills: Sneaking",
        "Abilities: Hide in plain sight",
        "Attacks: Slingshot",
        "Scraped knee",
    ]
    missing = [v for v in expected if flat(v) not in text]
    assert missing == []
    layout = subprocess.run(
        ["pdftotext", "-layout", "-enc", "UTF-8", str(out), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for row in (
        r"● Ardeyn\s+ACTIVE",
        r"Broken arm\s+2",
        r"Luck\s+4\s+7\s+1",
        r"Might\s+5\s+8\s+0",
        r"Speed\s+9\s+11\s+1",
    ):
        assert re.search(row, layout), row  # Pool tables: current, maximum, Edge
    assert "Shins:" not in text  # the money is named in its own currency
    assert "Ruk" in text and "● Ruk" not in text  # only the active one is marked
    assert save_pngs(out, f"sheet-extras-{size}")


def test_a_sheet_without_extras_prints_none_of_their_headings(tmp_path: Path) -> None:
    out = tmp_path / "plain.pdf"
    render_character_pdf(rich_character("cypher"), out)
    text = pdf_text(out)
    for heading in (
        "MORE POOLS",
        "POWER SHIFTS",
        "RECURSIONS",
        "LASTING DAMAGE",
        "SECOND FORM",
        "Stress",
    ):
        assert heading not in text
    # the Cypher System has no money of its own: no "Shins" unless the group names it so
    assert "Money:" in flat(text) and "Shins" not in flat(text)
    numenera = tmp_path / "plain-numenera.pdf"
    render_character_pdf(rich_character("numenera"), numenera)
    assert "Shins:" in flat(pdf_text(numenera))
