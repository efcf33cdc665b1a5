"""Content a newer numdesk wrote into a library of the same schema (issue 23): an entry
of a kind this numdesk does not know and a field it does not know. The app starts,
lists and shows them, keeps them through edits, and `numdesk export` writes them out
unchanged. The rows are written with sqlite3, as the newer numdesk would have."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QSpinBox
from pytestqt.qtbot import QtBot

from numdesk.app import open_main_window
from numdesk.controllers.settings import ThemeChoice
from numdesk.model.creature import Creature, CreatureItem
from numdesk.store import Library
from numdesk.views.entry_editor import EntryEditor
from numdesk.views.newer_entry import NewerEntryPage
from numdesk.views.theme import apply_theme
from tests.conftest import REPO_ROOT
from tests.views.main_window_helpers import make_settings

SPELL_UID = "7c1d2f3a-0000-4000-8000-0000000005e1"
MORALE = {"base": 5, "breaks_at": "half health"}


def _compact(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@pytest.fixture
def newer_library(tmp_path: Path) -> tuple[Path, str]:
    """A library (starter content and a creature, closed cleanly) into which a newer
    numdesk wrote a spell and a morale field on the creature; its file and the
    creature's uid. Both entries were open in tabs when that numdesk closed."""
    path = tmp_path / "table.numdesk"
    margr = Creature(
        name="Margr", level=3, description="Grey and slow.", items=[CreatureItem("Bite", "attack")]
    )
    with Library.create(path) as lib:
        lib.save_many([margr])
    spell = {
        "name": "Fireball",
        "level": 3,
        "school": "evocation",
        "effect": "A bead of <b>fire</b> bursts: 6 damage to all within short range.",
        "uid": SPELL_UID,
    }
    with sqlite3.connect(path) as conn:
        (stored,) = conn.execute("SELECT data FROM entries WHERE uid = ?", (margr.uid,)).fetchone()
        data = json.loads(stored)
        data["morale"] = MORALE
        data["items"][0]["reach"] = "immediate"
        conn.execute("UPDATE entries SET data = ? WHERE uid = ?", (_compact(data), margr.uid))
        cursor = conn.execute(
            "INSERT INTO entries (uid, kind, name, name_key, profile, level, subtitle,"
            " favourite, data, created, updated) VALUES (?, 'spell', 'Fireball', 'fireball',"
            " NULL, 3, 'Level 3 spell', 1, ?, '2031-01-01', '2031-01-01')",
            (SPELL_UID, _compact(spell)),
        )
        conn.execute(
            "INSERT INTO entries_fts (rowid, name, tags, body) VALUES (?, 'Fireball', '', ?)",
            (cursor.lastrowid, "evocation fire"),
        )
        conn.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('open_documents', ?)",
            (json.dumps({"tabs": [SPELL_UID, margr.uid], "fights": []}),),
        )
    return path, margr.uid


def _stored(path: Path, uid: str) -> tuple[str, str]:
    with sqlite3.connect(path) as conn:
        kind, data = conn.execute("SELECT kind, data FROM entries WHERE uid = ?", (uid,)).fetchone()
    return kind, data


def test_the_app_starts_lists_shows_and_keeps_what_a_newer_numdesk_made(
    qtbot: QtBot, tmp_path: Path, newer_library: tuple[Path, str], artifacts_dir: Path
) -> None:
    path, margr_uid = newer_library
    spell_before = _stored(path, SPELL_UID)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    window = open_main_window(app, path, make_settings(tmp_path))
    assert window is not None
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    controller = window.controller
    qtbot.waitUntil(lambda: controller.is_fully_open, timeout=20_000)
    # listed (before and after the full open), under words a player reads
    listed = {s.name: s for s in window.browser.shown_summaries()}
    assert "Fireball" in listed and "Margr" in listed
    assert controller.search("fireball")[0].name == "Fireball"
    row = window.browser.model.row_of(SPELL_UID)
    assert window.browser.model.data(window.browser.model.index(row, 2)) == (
        "Made by a newer numdesk"
    )
    # the tabs that were open come back: the spell as a read-only page saying so
    window.resume_session()
    page = window.documents.widget_for(SPELL_UID)
    assert isinstance(page, NewerEntryPage)
    assert page.subheading.text() == "Made by a newer numdesk"
    assert "“spell”" in page.explanation.text() and "exported unchanged" in page.explanation.text()
    assert "school: evocation" in page.content.toPlainText()
    assert "<b>fire</b>" in page.content.toPlainText()  # text, never markup
    assert page.content.isReadOnly()
    apply_theme(app, ThemeChoice.LIGHT)
    window.tabs.setCurrentWidget(page)
    qtbot.wait(50)
    window.grab().save(str(artifacts_dir / "newer-entry-page.png"))
    # what cannot be done to it is refused in words, and it stays as stored
    with pytest.raises(Exception, match="made by a newer numdesk"):
        controller.rename(SPELL_UID, "Big fire")
    # the creature opens in its editor, which names the field it keeps
    editor = window.documents.widget_for(margr_uid)
    assert isinstance(editor, EntryEditor)
    assert editor.newer_note.isVisibleTo(editor) and "“morale”" in editor.newer_note.text()
    assert "“reach” in items" in editor.newer_note.text()
    editor.start_editing()
    window.tabs.setCurrentWidget(editor)
    qtbot.wait(50)
    window.grab().save(str(artifacts_dir / "newer-fields-editor.png"))
    level = editor.fields["level"].widget
    assert isinstance(level, QSpinBox)
    level.setValue(5)
    controller.undo_stack.undo()
    controller.undo_stack.redo()
    controller.rename(margr_uid, "Margr the Elder")
    _kind, data = _stored(path, margr_uid)
    stored = json.loads(data)
    assert (stored["level"], stored["name"], stored["morale"]) == (5, "Margr the Elder", MORALE)
    assert stored["items"][0]["reach"] == "immediate"
    window.close()
    controller.close()
    assert _stored(path, SPELL_UID) == spell_before


def test_cli_export_writes_newer_entries_and_fields_unchanged(
    tmp_path: Path, newer_library: tuple[Path, str]
) -> None:
    path, margr_uid = newer_library
    out = tmp_path / "all.numdesk-json"
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "numdesk", "export", "--library", str(path), "--out", str(out)],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    entries = json.loads(out.read_text(encoding="utf-8"))["entries"]
    by_uid = {e["data"].get("uid"): e for e in entries}
    spell = by_uid[SPELL_UID]
    assert spell["kind"] == "spell" and spell["favourite"] is True
    assert _compact(spell["data"]) == _stored(path, SPELL_UID)[1]  # byte for byte
    margr = by_uid[margr_uid]
    assert margr["data"] == json.loads(_stored(path, margr_uid)[1])
    assert margr["data"]["morale"] == MORALE
    assert f"Exported {len(entries)} entries" in done.stdout
    # one entry by uid, too
    one = tmp_path / "spell.numdesk-json"
    done = subprocess.run(
        [sys.executable, "-m", "numdesk", "export", "--library", str(path), "--out", str(one),
         "--uid", SPELL_UID],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (only,) = json.loads(one.read_text(encoding="utf-8"))["entries"]
    assert _compact(only["data"]) == _stored(path, SPELL_UID)[1]
