"""An entry whose rules set cannot be used (missing, damaged, from a newer numdesk) is
refused with a message naming the entry, the set and what to do, and nothing changes."""

from __future__ import annotations

import json
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


def test_a_sheet_whose_rules_set_is_damaged_names_the_set_and_why(
    qtbot: QtBot, controller: LibraryController, tmp_path: Path
) -> None:
    import sqlite3

    from numdesk.model.rules_set import RulesSet

    library = controller.library
    rules = RulesSet(name="Gritty", base="cypher")
    add(library, rules)
    entry = stored_character(library, profile="cypher")
    entry.profile = rules.uid
    add(library, entry)
    path = library.path
    with sqlite3.connect(path) as conn:  # as a newer numdesk would have written it
        data = json.loads(
            conn.execute("SELECT data FROM entries WHERE uid=?", (rules.uid,)).fetchone()[0]
        )
        data["changes"] = {"no_such_switch_from_the_future": 3}
        conn.execute("UPDATE entries SET data=? WHERE uid=?", (json.dumps(data), rules.uid))
    controller.open_library(path)
    before = controller.library.load(entry.uid)
    window = make_window(qtbot, controller)
    answer = answer_next_dialog(
        qtbot, lambda d: (d.grab().save(str(tmp_path / "refused.png")), press("OK")(d))
    )
    window.browser.openRequested.emit(entry.uid)
    qtbot.waitUntil(lambda: answer.done)
    text = " ".join(answer.seen)
    assert f"“{entry.name}”" in text and "“Gritty”" in text and "cannot use" in text
    assert "no_such_switch_from_the_future" in text and "does not have" not in text
    assert window.tabs.count() == 0
    assert controller.library.load(entry.uid) == before


def test_the_damaged_rules_set_itself_opens_in_its_editor_to_be_fixed(
    qtbot: QtBot, controller: LibraryController, tmp_path: Path
) -> None:
    import sqlite3

    from numdesk.model.rules_set import RulesSet

    rules = RulesSet(name="Gritty", base="cypher")
    add(controller.library, rules)
    path = controller.library.path
    with sqlite3.connect(path) as conn:
        row = conn.execute("SELECT data FROM entries WHERE uid=?", (rules.uid,)).fetchone()
        data = json.loads(row[0])
        data["changes"] = {"no_such_switch_from_the_future": 3}
        conn.execute("UPDATE entries SET data=? WHERE uid=?", (json.dumps(data), rules.uid))
    controller.open_library(path)
    window = make_window(qtbot, controller)
    window.browser.openRequested.emit(rules.uid)
    assert window.tabs.count() == 1
    window.resize(1366, 768)
    window.grab().save(str(tmp_path / "damaged-set-editor.png"))


def test_a_damaged_set_keeps_the_settings_its_editor_cannot_show(
    qtbot: QtBot, controller: LibraryController, artifacts_dir: Path
) -> None:
    """Editing a set holding a setting this numdesk does not know never drops it: the
    editor names it, refuses other changes while it is there, and removes it only when
    the user asks (issue 23)."""
    import sqlite3

    from PySide6.QtWidgets import QCheckBox, QSpinBox

    from numdesk.model.rules_set import RulesSet
    from numdesk.views.entry_editor import EntryEditor
    from numdesk.views.entry_editor.rules_fields import RulesSwitchesField

    rules = RulesSet(name="Gritty", base="cypher")
    add(controller.library, rules)
    path = controller.library.path
    damaged = {"max_effort": 4, "no_such_switch_from_the_future": 3}
    with sqlite3.connect(path) as conn:
        row = conn.execute("SELECT data FROM entries WHERE uid=?", (rules.uid,)).fetchone()
        data = json.loads(row[0])
        data["changes"] = damaged
        conn.execute("UPDATE entries SET data=? WHERE uid=?", (json.dumps(data), rules.uid))
    controller.open_library(path)
    window = make_window(qtbot, controller)
    editor = window.open_entry(rules.uid)
    assert isinstance(editor, EntryEditor)
    editor.start_editing()
    field = editor.fields["changes"]
    assert isinstance(field, RulesSwitchesField)
    effort = field.inputs["max_effort"]
    assert isinstance(effort, QSpinBox) and effort.value() == 4  # what it can show, it shows
    assert field.kept_note.isVisibleTo(editor)
    assert "no_such_switch_from_the_future" in field.kept_note.text()
    reroll = field.inputs["xp_reroll"]
    assert isinstance(reroll, QCheckBox)
    reroll.setChecked(not reroll.isChecked())
    assert "no_such_switch_from_the_future" in editor.error_text("changes")
    window.resize(1366, 768)
    window.grab().save(str(artifacts_dir / "rules-set-kept-settings.png"))
    stored = controller.library.load(rules.uid)
    assert isinstance(stored, RulesSet) and stored.changes == damaged
    # the user chooses to drop it: only then is it gone, in one undoable step
    field.remove_kept.click()
    stored = controller.library.load(rules.uid)
    assert isinstance(stored, RulesSet)
    # what the switches show is stored: the toggle refused before goes in with it
    assert stored.changes == {"max_effort": 4, "xp_reroll": reroll.isChecked()}
    assert not field.kept_note.isVisibleTo(editor)
    assert editor.error_text("changes") == ""
    told: list[str] = []
    controller.notice.connect(told.append)
    controller.undo_stack.undo()  # a set that cannot be used is never stored again
    qtbot.waitUntil(lambda: bool(told))
    assert "no_such_switch_from_the_future" in told[0] and "not done" in told[0]
