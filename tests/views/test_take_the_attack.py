"""Taking the attack (RULES.md T3, `cypher`) costs the taker: one extra minor wound on
the PC's real sheet and, with an amount typed, the hit's damage — one undo step; a
second take before the PC's next turn is refused and changes nothing."""

from __future__ import annotations

from pathlib import Path

from encounter_helpers import Table, act, add_from_library, npc
from pytestqt.qtbot import QtBot

from numdesk.rules.dice import Dice
from numdesk.rules.table_picks import TAKE_ATTACK
from numdesk.rules.types import Stat
from numdesk.views.encounter import EncounterWindow


def fight(qtbot: QtBot, tmp_path: Path) -> tuple[Table, EncounterWindow]:
    table = Table(tmp_path, "cypher")
    window = table.open(qtbot, dice=Dice(seed=4))
    add_from_library(window, ("Ana", "Bo"))
    add_from_library(window, ("Bandit",))
    return table, window


def test_taking_the_attack_brings_the_extra_wound_in_one_step(qtbot: QtBot, tmp_path: Path) -> None:
    table, window = fight(qtbot, tmp_path)
    stack = window.controller.undo_stack
    steps, lines = stack.count(), len(window.controller.encounter.log)

    act(window, "Ana", "pick_button", pick=TAKE_ATTACK)

    assert table.sheet("Ana").wounds.minor == 1
    assert any(c.name == "took an attack" for c in npc(window, "Ana").conditions)
    assert stack.count() == steps + 1
    log = [e.text for e in window.controller.encounter.log[lines:]]
    assert any("one extra minor wound (T3)" in line for line in log), log
    assert any(
        line.startswith("Ana takes an attack meant for an ally (1 round: ends R1") for line in log
    )

    # again before Ana's next turn: refused, nothing changes
    window.select_name("Ana")
    window.panel.pick.setCurrentIndex(window.panel.pick.findData(TAKE_ATTACK))
    window.panel.pick_button.click()
    assert "already took an attack" in window.message.text()
    assert table.sheet("Ana").wounds.minor == 1
    assert stack.count() == steps + 1

    # one undo takes back the mark and the wound together
    stack.undo()
    assert table.sheet("Ana").wounds.minor == 0
    assert not npc(window, "Ana").conditions


def test_the_hit_typed_in_the_amount_lands_on_the_taker(qtbot: QtBot, tmp_path: Path) -> None:
    table, window = fight(qtbot, tmp_path)
    steps = window.controller.undo_stack.count()

    act(window, "Bo", "pick_button", pick=TAKE_ATTACK, amount=4)

    bo = table.sheet("Bo")
    assert bo.wounds.minor == 1
    assert bo.pool(Stat.MIGHT).current == 6  # 10 less the 4 of the hit (no Armor)
    assert window.controller.undo_stack.count() == steps + 1
    assert window.panel.amount.value() == 0


def test_an_npc_cannot_take_the_attack(qtbot: QtBot, tmp_path: Path) -> None:
    _table, window = fight(qtbot, tmp_path)
    window.select_name("Bandit")
    window.panel.pick.setCurrentIndex(window.panel.pick.findData(TAKE_ATTACK))
    window.panel.pick_button.click()
    assert "not a PC" in window.message.text()
    assert not npc(window, "Bandit").conditions
