"""Real Foundry actors in a fight (issue 24): what a follower's Foundry sheet says about it
is what the fight uses and shows."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from numdesk.io.importer import import_files
from numdesk.views.encounter.table import Column
from tests.foundry_real import real_actor
from tests.views.encounter_helpers import Table, act, add_from_library, npc


def test_an_imported_follower_fights_with_its_armor(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "cypher")
    import_files(table.library_controller.library, [real_actor("cs3-companion-synth.json")])
    window = table.open(qtbot)
    add_from_library(window, ("Unit K-7",))
    synth = npc(window, "Unit K-7")
    assert (synth.side, synth.armor, synth.health, synth.max_health) == ("follower", 2, 9, 12)

    row = window.model.row_of(synth.uid)
    assert window.model.index(row, Column.ARMOR).data() == "2"
    window.select_name("Unit K-7")
    assert "Armor\n2\n" in window.stat_block.toPlainText()

    act(window, "Unit K-7", "damage_button", amount=5)
    assert npc(window, "Unit K-7").health == 6  # 5 − Armor 2
