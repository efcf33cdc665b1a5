from __future__ import annotations

import pytest

from numdesk.rules.errors import RulesError
from numdesk.rules.initiative import (
    InitiativeEntry,
    Turn,
    TurnKind,
    npc_initiative,
    pc_beats,
    pc_initiative,
    turn_order,
)
from numdesk.rules.profiles import CYPHER, NUMENERA
from numdesk.rules.types import ActionTiming


def test_pc_initiative_adds_three_per_step() -> None:
    assert pc_initiative(10, 2) == 16
    with pytest.raises(RulesError):
        pc_initiative(0)


def test_tie_rule() -> None:
    assert not pc_beats(9, 9, NUMENERA)
    assert pc_beats(9, 9, CYPHER)


def test_individual_npcs_interleave() -> None:
    entries = [
        InitiativeEntry("pc", True, 10),
        InitiativeEntry("big", False, npc_initiative(4)),
        InitiativeEntry("small", False, npc_initiative(2)),
    ]
    assert turn_order(NUMENERA, entries).ids == ("big", "pc", "small")
    assert turn_order(NUMENERA, entries, group_npcs=True).ids == ("big", "small", "pc")


def test_first_follow_up_and_last_in_cypher() -> None:
    entries = [
        InitiativeEntry("a", True, 15),
        InitiativeEntry("b", True, 12, ActionTiming.LAST),
        InitiativeEntry("c", True, 3, ActionTiming.FIRST),
        InitiativeEntry("d", True, 18, ActionTiming.LAST),
        InitiativeEntry("npc", False, 9),
    ]
    order = turn_order(CYPHER, entries)
    assert order.turns == (
        Turn("c", TurnKind.FIRST),
        Turn("a", TurnKind.NORMAL),
        Turn("npc", TurnKind.NORMAL),
        Turn("c", TurnKind.FOLLOW_UP),
        Turn("d", TurnKind.LAST),
        Turn("b", TurnKind.LAST),
    )


def test_first_and_last_refused_in_numenera() -> None:
    with pytest.raises(RulesError, match="First or Last"):
        turn_order(NUMENERA, [InitiativeEntry("a", True, 5, ActionTiming.FIRST)])


def test_waiting() -> None:
    entries = [
        InitiativeEntry("fast", True, 18, ActionTiming.WAITING, wait_after="slow"),
        InitiativeEntry("slow", True, 4),
        InitiativeEntry("npc", False, 9),
        InitiativeEntry("lazy", True, 16, ActionTiming.WAITING),
    ]
    assert turn_order(NUMENERA, entries).ids == ("npc", "slow", "fast", "lazy")


def test_waiting_for_nobody_present() -> None:
    entries = [InitiativeEntry("a", True, 5, ActionTiming.WAITING, wait_after="ghost")]
    with pytest.raises(RulesError, match="wait"):
        turn_order(NUMENERA, entries)


def test_duplicate_ids_refused() -> None:
    with pytest.raises(RulesError):
        turn_order(NUMENERA, [InitiativeEntry("a", True, 5), InitiativeEntry("a", False, 6)])
