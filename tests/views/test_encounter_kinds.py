"""Damage kinds in a fight: the panel's Kind meets a creature's Armor against kinds (T8)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from numdesk.model.creature import Creature
from tests.views.encounter_helpers import Table, act, add_from_library, npc


def test_cold_damage_on_an_ice_drake(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "numenera")
    drake = Creature("Ice drake", level=4, armor=1, armor_against={"cold": 3})
    table.library_controller.library.creatures.save(drake)
    window = table.open(qtbot)
    add_from_library(window, ("Ice drake",))
    window.select_name("Ice drake")
    assert "cold +3" in window.stat_block.toPlainText()
    act(window, "Ice drake", "damage_button", amount=6, damage_kind="cold")
    assert npc(window, "Ice drake").health == 10  # 6 − (1 + 3)
    act(window, "Ice drake", "damage_button", amount=6, damage_kind="fire")
    assert npc(window, "Ice drake").health == 5  # only the plain 1
    log = [e.text for e in window.controller.encounter.log]
    assert any("takes 2 Might cold damage (4 stopped by Armor)" in line for line in log)
