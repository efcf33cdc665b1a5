"""The fight's side of a PC's defense roll (RULES.md G6, T1–T5, T7, C13a): the attacker's
level and the steps of the fight's marks and conditions, each with its reason; and the
harm a stat block's damage line names."""

from __future__ import annotations

from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.operations.encounter import AddCombatants, AddCondition
from numdesk.model.operations.encounter_defense import (
    fight_defense,
    stat_block_damage,
    stat_block_wound,
)
from numdesk.model.operations.encounter_table import TablePick
from numdesk.rules.table_picks import DISTRACT, DRAW_ATTACK, GUARD, HELP_DEFENSE
from numdesk.rules.types import WoundSeverity


def _fight() -> tuple[Encounter, Combatant, Combatant]:
    enc = Encounter("Ford", profile="cypher")
    ana = Combatant("Ana", side="pc")
    ogre = Combatant("Ogre", level=4)
    AddCombatants([ana, ogre]).apply(enc)
    return enc, ana, ogre


def test_help_and_guarding_add_up_and_drawing_hinders() -> None:
    enc, ana, ogre = _fight()
    for pick in (HELP_DEFENSE, GUARD, DRAW_ATTACK):
        TablePick(ana.uid, pick).apply(enc)
    found = fight_defense(enc, ana.uid, ogre.uid)
    assert (found.level, found.eases, found.hindrances) == (4, 2, 2)  # T1 + T4; T3
    assert "Ana is drawing the attack: defense hindered 2 steps (T3)" in found.reasons


def test_the_attackers_troubles_ease_the_defense_and_paralysis_stops_it() -> None:
    enc, ana, ogre = _fight()
    TablePick(ogre.uid, DISTRACT).apply(enc)
    AddCondition(ogre.uid, "dazed", 1).apply(enc)
    AddCondition(ana.uid, "dazed", 1).apply(enc)
    found = fight_defense(enc, ana.uid, ogre.uid)
    assert found.eases == 2  # distracted (T2) and dazed (G18), flipped (C13a)
    assert found.hindrances == 1  # Ana dazed: every task
    assert not found.helpless
    AddCondition(ana.uid, "paralysed", None).apply(enc)
    assert fight_defense(enc, ana.uid, ogre.uid).helpless  # T7


def test_the_stat_blocks_damage_line() -> None:
    assert stat_block_damage("4 with a blade") == 4
    assert stat_block_damage("a crushing blow") is None
    assert stat_block_wound("a moderate wound") is WoundSeverity.MODERATE
    assert stat_block_wound("4 with a blade") is None
