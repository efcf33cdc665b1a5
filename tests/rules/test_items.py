from __future__ import annotations

import json
from pathlib import Path

import pytest

from numdesk.rules.dice import Dice
from numdesk.rules.errors import RulesError
from numdesk.rules.items import (
    check_depletion,
    check_shins,
    cypher_limit_exceeded,
    cyphers_over_limit,
    parse_depletion,
)


def test_parse_simple_texts() -> None:
    d = parse_depletion("1 in 1d10")
    assert (d.low, d.high, d.sides) == (1, 1, 10)
    d = parse_depletion("1-2 in 1d20")
    assert (d.low, d.high, d.sides, d.label) == (1, 2, 20, "1-2 in 1d20")
    assert parse_depletion("—").never
    assert parse_depletion("-").label == "—"
    assert parse_depletion("Automatic").automatic


def test_parse_trailing_notes() -> None:
    d = parse_depletion("1 in 1d20 (check each day)")
    assert d.sides == 20 and d.note == "check each day"
    d = parse_depletion("1 in 1d6. When the effect depletes, it can still be used as a bag.")
    assert d.sides == 6 and d.note.startswith("When the effect")
    assert parse_depletion("- (the GM may rule otherwise)").never


def test_parse_scaled() -> None:
    d = parse_depletion("1 x task difficulty in 1d20")
    assert d.scaled_by == "task difficulty" and d.sides == 20
    assert check_depletion(d, Dice(script=[4]), multiplier=4).depleted
    assert not check_depletion(d, Dice(script=[5]), multiplier=4).depleted


def test_parse_rejects_junk() -> None:
    with pytest.raises(RulesError, match="Cannot read"):
        parse_depletion("sometimes")
    with pytest.raises(RulesError):
        parse_depletion("3-2 in 1d6")


def test_every_csrd_depletion_parses(csrd_path: Path) -> None:
    data = json.loads(csrd_path.read_text(encoding="utf-8"))
    texts = [a["depletion"] for a in data["artifacts"] if a.get("depletion")]
    assert texts
    for text in texts:
        parse_depletion(text)


def test_depletion_checks() -> None:
    d = parse_depletion("1-2 in 1d20")
    assert check_depletion(d, Dice(script=[2])).depleted
    miss = check_depletion(d, Dice(script=[3]))
    assert not miss.depleted and miss.roll == 3
    assert check_depletion(parse_depletion("automatic"), Dice()).depleted
    assert check_depletion(parse_depletion("—"), Dice()).roll is None


def test_cypher_limit_and_shins() -> None:
    assert not cypher_limit_exceeded(2, 2)
    assert cypher_limit_exceeded(3, 2) and cyphers_over_limit(4, 2) == 2
    check_shins(0)
    with pytest.raises(RulesError):
        check_shins(-1)
