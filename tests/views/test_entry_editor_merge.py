"""The entry editor stores only what was changed in it, onto the entry as stored now
(issue 23): a second numdesk process (a CLI re-import, a script through the store)
that changed another field keeps its change; one that changed the same field makes
the editor refuse, say so under the field, and show the stored value."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QPlainTextEdit, QSpinBox
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.controllers.settings import ThemeChoice
from numdesk.model.creature import Creature
from numdesk.views.entry_editor import EntryEditor
from numdesk.views.main_window import MainWindow
from numdesk.views.theme import apply_theme
from tests.conftest import REPO_ROOT
from tests.views.main_window_helpers import creature, make_controller, make_window

#: a second process changing one field of a creature through the store, as any
#: script (or another numdesk) can
_SCRIPT = """
import sys
from numdesk.store import Library
path, uid, field, value = sys.argv[1:5]
with Library.open(path, create=False) as lib:
    entry = lib.creatures.load(uid)
    setattr(entry, field, int(value) if value.isdigit() else value)
    lib.creatures.save(entry)
print("saved")
"""


def _run(*args: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT))
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _script_sets(path: Path, uid: str, field: str, value: object) -> None:
    assert "saved" in _run("-c", _SCRIPT, str(path), uid, field, str(value))


@pytest.fixture
def controller(tmp_path: Path) -> LibraryController:
    hub = make_controller(tmp_path)
    yield hub
    hub.close()


def _open(qtbot: QtBot, controller: LibraryController) -> tuple[MainWindow, EntryEditor, str]:
    margr = creature("Margr", level=3, description="Grey and slow.")
    controller.create(margr)
    window = make_window(qtbot, controller)
    editor = window.open_entry(margr.uid)
    assert isinstance(editor, EntryEditor)
    editor.start_editing()
    return window, editor, margr.uid


def _level(editor: EntryEditor) -> QSpinBox:
    spin = editor.fields["level"].widget
    assert isinstance(spin, QSpinBox)
    return spin


def _description(editor: EntryEditor) -> QPlainTextEdit:
    edit = editor.fields["description"].widget
    assert isinstance(edit, QPlainTextEdit)
    return edit


def test_a_cli_reimport_of_another_field_survives_the_editors_save(
    qtbot: QtBot, controller: LibraryController, tmp_path: Path
) -> None:
    window, editor, uid = _open(qtbot, controller)
    path = controller.library.path
    exported = tmp_path / "margr.numdesk-json"
    _run("-m", "numdesk", "export", "--library", str(path), "--out", str(exported), "--uid", uid)
    data = json.loads(exported.read_text(encoding="utf-8"))
    data["entries"][0]["data"]["description"] = "Red since the last session."
    exported.write_text(json.dumps(data), encoding="utf-8")
    _run("-m", "numdesk", "import", "--library", str(path), str(exported))
    # the editor still shows what it loaded; the user changes the level
    assert _description(editor).toPlainText() == "Grey and slow."
    _level(editor).setValue(5)
    stored = controller.library.load(uid)
    assert isinstance(stored, Creature)
    assert (stored.level, stored.description) == (5, "Red since the last session.")
    # and the editor now shows the imported description, with no error anywhere
    assert _description(editor).toPlainText() == "Red since the last session."
    assert not any(editor.error_text(name) for name in editor.fields)
    # undo takes back the level only
    controller.undo_stack.undo()
    stored = controller.library.load(uid)
    assert isinstance(stored, Creature)
    assert (stored.level, stored.description) == (3, "Red since the last session.")
    window.close()


def test_the_same_field_changed_by_another_process_is_refused_and_nothing_is_lost(
    qtbot: QtBot, controller: LibraryController, artifacts_dir: Path
) -> None:
    window, editor, uid = _open(qtbot, controller)
    path = controller.library.path
    _script_sets(path, uid, "level", 4)
    steps = controller.undo_stack.count()
    _level(editor).setValue(6)
    stored = controller.library.load(uid)
    assert isinstance(stored, Creature)
    assert stored.level == 4  # the other process's value stays
    message = editor.error_text("level")
    assert message.startswith("Level was changed in another window or another numdesk")
    assert "nothing was overwritten" in message and "(Yours was: 6)" in message
    assert _level(editor).value() == 4  # the form shows what is stored
    assert controller.undo_stack.count() == steps  # no step for a refused save
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, ThemeChoice.LIGHT)  # the app's colours, as a user sees them
    qtbot.wait(50)
    window.resize(1366, 768)
    window.grab().save(str(artifacts_dir / "entry-editor-refused.png"))
    # made again, it is stored (the editor now starts from the stored entry)
    _level(editor).setValue(6)
    stored = controller.library.load(uid)
    assert isinstance(stored, Creature)
    assert stored.level == 6 and editor.error_text("level") == ""
    window.close()


def test_a_name_changed_elsewhere_survives_a_description_typed_here(
    qtbot: QtBot, controller: LibraryController
) -> None:
    window, editor, uid = _open(qtbot, controller)
    _script_sets(controller.library.path, uid, "name", "Margr Elder")
    _description(editor).setPlainText("Older than the village.")
    editor.commit_all()
    stored = controller.library.load(uid)
    assert (stored.name, getattr(stored, "description", None)) == (
        "Margr Elder",
        "Older than the village.",
    )
    assert editor.heading.text() == "Margr Elder"
    tab = window.tabs.indexOf(editor)
    assert window.tabs.tabText(tab).startswith("Margr Elder")
    window.close()
