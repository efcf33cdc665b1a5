"""Section T table actions in a fight (RULES.md T1–T5, Ex19) and the picks' rules."""

from __future__ import annotations

import pytest

from numdesk.model.errors import DomainError
from numdesk.model.operations.encounter import NextTurn, current_slot, slot_label
from numdesk.model.operations.encounter_table import TablePick
from numdesk.model.operations.encounter_turns import (
    attack_hindrance,
    losing_turn,
    task_hindrance,
)
from numdesk.rules import table_picks as picks
from numdesk.rules.table_picks import condition_steps, effect_picks, picks_for
from tests.model.test_encounter_ops import ex10, get


def test_ex19_two_distracters_hinder_one_step() -> None:
    enc, names = ex10("cypher")
    NextTurn().apply(enc)  # round 1: Bo acts first
    TablePick(names["Goblin 1"], picks.DISTRACT).apply(enc)
    again = TablePick(names["Goblin 1"], picks.DISTRACT, actor_uid=names["Ana"])
    change = again.apply(enc)
    assert "does not add up" in change.summary
    assert attack_hindrance(get(enc, "Goblin 1")) == 1
    assert condition_steps(["distracted", "distracted"]) == (0, 1, 0, 0)


def test_help_lasts_until_the_helpers_next_turn() -> None:
    enc, names = ex10("cypher")
    NextTurn().apply(enc)  # Bo's turn: Bo helps Ana's defense (T1)
    TablePick(names["Ana"], picks.HELP_DEFENSE).apply(enc)
    assert [c.name for c in get(enc, "Ana").conditions] == ["helped"]
    NextTurn().apply(enc)
    while slot_label(enc, current_slot(enc)) != "Bo":  # round 2 comes to Bo again
        NextTurn().apply(enc)
        if slot_label(enc, current_slot(enc)) != "Bo":
            assert [c.name for c in get(enc, "Ana").conditions] == ["helped"]
    assert get(enc, "Ana").conditions == []


def test_stun_skips_the_foes_next_action_and_impair_lasts() -> None:
    enc, names = ex10("numenera")
    NextTurn().apply(enc)  # Bo (15) acts, rolls a 20: stuns Goblin 1, impairs Goblin 2
    TablePick(names["Goblin 1"], "effect:stun").apply(enc)
    TablePick(names["Goblin 2"], "effect:impair").apply(enc)
    while slot_label(enc, current_slot(enc)) != "Goblin 1":
        NextTurn().apply(enc)
    assert [c.name for c in losing_turn(enc)] == ["Goblin 1"]
    assert task_hindrance(get(enc, "Goblin 2")) == 1
    for _ in range(6):
        NextTurn().apply(enc)
    assert task_hindrance(get(enc, "Goblin 2")) == 1  # the rest of the combat


def test_guarding_is_cypher_only_and_stops() -> None:
    enc, names = ex10("numenera")
    with pytest.raises(DomainError, match="not a rule"):
        TablePick(names["Ana"], picks.GUARD).apply(enc)
    enc, names = ex10("cypher")
    TablePick(names["Ana"], picks.GUARD).apply(enc)
    assert condition_steps(c.name for c in get(enc, "Ana").conditions)[2] == 1
    TablePick(names["Ana"], picks.STOP_GUARDING).apply(enc)
    assert get(enc, "Ana").conditions == []


def test_effect_picks_come_from_the_t5_catalogue() -> None:
    minor = {r.key for r in effect_picks("19")}
    major = {r.key for r in effect_picks("20")}
    assert "effect:knock_back" in minor and "effect:stun" in major
    assert "effect:asset" not in major  # out of combat only
    assert all(not r.defense_actions for r in picks_for(False))
