"""An entry whose rules set cannot be used (missing, damaged, from a newer numdesk) is
refused with a message naming the entry, the set and what to do, and nothing changes."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.model.encounter import Encounter
from tests.views.main_window_helpers import (
    add,
    answer_next_dialog,
    creature,
    make_controller,
    make_window,
    press,
)
from tests.views.sheet_helpers import stored_character

MISSING = "0b7e5f0e-0000-4000-8000-00000000dead"


@pytest.fixture
def controller(tmp_path: Path) -> LibraryController:
    return make_controller(tmp_path)


@pytest.mark.parametrize("kind", ["character", "creature", "encounter"])
def test_an_entry_of_a_missing_rules_set_is_refused_with_a_clear_message(
    qtbot: QtBot, controller: LibraryController, kind: str
) -> None:
    library = controller.library
    if kind == "character":
        entry = stored_character(library, profile="cypher")
    elif kind == "creature":
        entry = creature("Margr", profile="cypher")
    else:
        entry = Encounter(name="Ambush", profile="cypher")
    entry.profile = MISSING
    add(library, entry)
    before = library.load(entry.uid)
    window = make_window(qtbot, controller)
    tabs = window.tabs.count()
    answer = answer_next_dialog(qtbot, press("OK"))
    window.browser.openRequested.emit(entry.uid)
    qtbot.waitUntil(lambda: answer.done)
    text = " ".join(answer.seen)
    assert entry.name in text and "rules set" in text and "import" in text.lower()
    assert window.tabs.count() == tabs and entry.uid not in window.documents.encounter_windows
    assert library.load(entry.uid) == before
