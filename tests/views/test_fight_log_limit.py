"""A fight whose log reaches its limit keeps every line: the next action is refused in
words and nothing changes, and what was saved comes back from an export."""

from __future__ import annotations

from pathlib import Path

import pytest
from main_window_helpers import make_controller
from pytestqt.qtbot import QtBot

from numdesk.controllers.encounter import EncounterController
from numdesk.io.export import export_entries
from numdesk.io.importer import import_files
from numdesk.model.encounter import Combatant, Encounter, LogEntry
from numdesk.model.errors import DomainError
from numdesk.model.limits import MAX_LOG
from numdesk.model.operations.encounter_health import SetHealth
from numdesk.store import Library


def test_a_full_fight_log_refuses_the_next_action_and_keeps_everything(
    qtbot: QtBot, tmp_path: Path
) -> None:
    controller = make_controller(tmp_path)
    raider = Combatant("Raider", health=10, max_health=10)
    lines = [LogEntry(1, f"Line {i}", at="2026-01-01T10:00:00+00:00") for i in range(MAX_LOG - 1)]
    uid = controller.create(Encounter("Long siege", combatants=[raider], round=1, log=lines))
    fight = EncounterController(controller, uid)
    fight.apply(SetHealth(raider.uid, 9))  # the last line there is room for
    assert len(fight.encounter.log) == MAX_LOG
    with pytest.raises(DomainError, match=r"log is full \(10,000 lines") as refused:
        fight.apply(SetHealth(raider.uid, 8))
    assert "nothing changed" in refused.value.message
    assert fight.encounter.combatants[0].health == 9
    stored = controller.library.encounters.load(uid)
    assert len(stored.log) == MAX_LOG and stored.combatants[0].health == 9
    out = tmp_path / "siege.numdesk-json"
    export_entries(controller.library, out, uids=[uid])
    with Library.create(tmp_path / "restored.numdesk", starter=False) as other:
        import_files(other, [out])
        assert other.encounters.load(uid).log == stored.log
    controller.close()
