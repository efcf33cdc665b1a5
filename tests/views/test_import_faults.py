"""The app on hostile files, a full disk and a failed upgrade: a clear box, nothing stuck.

Screenshots of the boxes are left in test-artifacts/ (issue12-*.png) to look at.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from main_window_helpers import (
    answer_next_dialog,
    make_controller,
    make_settings,
    make_window,
    press,
)
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressBar, QProgressDialog, QWidget
from pytestqt.qtbot import QtBot

from numdesk.app import open_first_library
from numdesk.controllers.library import LibraryController
from numdesk.model.creature import Creature
from numdesk.store import Library
from numdesk.store.migrate import downgrade
from numdesk.store.revisions import FIRST
from numdesk.views.entry_editor import EntryEditor
from numdesk.views.library.transfer import run_import
from numdesk.views.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    folder = tmp_path / "main"
    folder.mkdir()
    controller = make_controller(folder)
    yield make_window(qtbot, controller)
    controller.close()


def _grab(widget: QWidget, artifacts_dir: Path, name: str) -> None:
    assert widget.grab().save(str(artifacts_dir / f"issue12-{name}.png"))


def _surrogate_file(tmp_path: Path) -> Path:
    path = tmp_path / "broken.json"
    path.write_text(
        '{"format": "numdesk", "version": 1, "entries": '
        '[{"kind": "creature", "data": {"name": "Imp\\ud800", "level": 2}}]}',
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize("kind", ["surrogate", "bad value"])
def test_the_progress_dialog_never_comes_back_over_the_error_box(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, artifacts_dir: Path, kind: str
) -> None:
    if kind == "surrogate":
        path = _surrogate_file(tmp_path)
    else:
        path = tmp_path / "level.json"
        doc = {"format": "numdesk", "version": 1, "entries": [{"kind": "creature", "data": {}}]}
        doc["entries"][0]["data"] = {"name": "Imp", "level": 2**31}
        path.write_text(json.dumps(doc), encoding="utf-8")
    before = window.controller.count()
    seen: dict[str, object] = {}

    def look_later(box: QWidget) -> None:
        def look() -> None:  # well after the progress dialog's own show-timer
            progress = window.import_progress
            seen["progress visible"] = progress is not None and progress.isVisible()
            seen["box on top"] = box.isVisible()
            _grab(box, artifacts_dir, f"import-refused-{kind.replace(' ', '-')}")
            assert isinstance(box, QMessageBox)
            box.accept()

        QTimer.singleShot(600, look)

    told = answer_next_dialog(qtbot, look_later, QMessageBox)
    assert not run_import(window, [path])
    assert seen == {"progress visible": False, "box on top": True}
    assert told.seen[0].startswith(path.name)
    assert "\n" not in told.seen[0]
    assert window.controller.count() == before
    qtbot.wait(100)
    assert window.import_progress is not None and not window.import_progress.isVisible()


def test_reading_shows_the_bytes_read(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, artifacts_dir: Path
) -> None:
    path = tmp_path / "numbers.json"
    path.write_text("[" + "0," * (3 * 1024 * 1024) + "0]", encoding="utf-8")
    values: list[int] = []

    def follow(dialog: QWidget) -> None:
        assert isinstance(dialog, QProgressDialog)
        values.append(dialog.value())
        dialog.findChild(QProgressBar).valueChanged.connect(values.append)
        QTimer.singleShot(20, lambda: _grab(dialog, artifacts_dir, "import-reading"))

    answer_next_dialog(qtbot, follow, QProgressDialog)
    told = answer_next_dialog(qtbot, lambda box: box.accept(), QMessageBox)  # type: ignore[attr-defined]
    assert not run_import(window, [path])
    assert "expected at most 20,000 entries in one import" in told.seen[0]
    assert max(values) == path.stat().st_size
    assert len(set(values)) >= 3  # the bar moved while the file was read


def test_cancel_answers_while_a_big_file_is_still_read(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "big.json"
    path.write_text("[" + "0," * (20 * 1024 * 1024) + "0]", encoding="utf-8")
    before = window.controller.count()
    answer_next_dialog(qtbot, lambda d: d.cancel(), QProgressDialog)  # type: ignore[attr-defined]
    told = answer_next_dialog(qtbot, lambda box: box.accept(), QMessageBox)  # type: ignore[attr-defined]
    assert not run_import(window, [path])
    assert told.seen[0] == "Import cancelled; nothing was imported."
    assert window.controller.count() == before


def test_the_status_bar_says_why_no_backup_was_made(
    qtbot: QtBot, tmp_path: Path, artifacts_dir: Path
) -> None:
    path = tmp_path / "lib.numdesk"
    Library.create(path, starter=False).close()
    (tmp_path / "backups").write_text("not a folder")
    from numdesk.controllers.settings import ThemeChoice
    from numdesk.views.theme import apply_theme

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, ThemeChoice.LIGHT)  # the app's colours, as a user sees them
    controller = LibraryController(settings=make_settings(tmp_path))
    controller.open_library(path)
    window = make_window(qtbot, controller)
    try:
        label = window.backup_label
        assert label.isVisible()
        assert label.text() == (
            "No backup was made today: the backups folder could not be written (File exists). "
            "numdesk will try again next time."
        )
        _grab(window, artifacts_dir, "no-backup-status")
    finally:
        controller.close()


def test_a_failed_upgrade_explains_itself_in_a_box(
    qtbot: QtBot, tmp_path: Path, artifacts_dir: Path
) -> None:
    path = tmp_path / "old.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.creatures.save(Creature("Yovok", level=5))
    downgrade(path, FIRST)
    con = sqlite3.connect(path)
    con.execute("CREATE INDEX ix_entries_kind_name_key ON entries (kind)")  # 0002 will fail
    con.commit()
    con.close()
    before = path.read_bytes()
    controller = LibraryController(settings=make_settings(tmp_path))
    shown: list[str] = []

    def look_and_quit(box: QWidget) -> None:
        assert isinstance(box, QMessageBox)
        shown.append(box.informativeText())
        _grab(box, artifacts_dir, "upgrade-failed")
        press("Quit")(box)

    answer_next_dialog(qtbot, look_and_quit, QMessageBox)
    assert open_first_library(controller, path) is False
    assert shown and "could not upgrade the library" in shown[0]
    assert "it is unchanged; a copy is at" in shown[0]
    assert path.read_bytes() == before


def test_the_editor_offers_only_values_the_importer_accepts(
    qtbot: QtBot, window: MainWindow
) -> None:
    from numdesk.model.limits import MAX_NAME, range_of

    uid = window.controller.create(Creature("Latos", level=4))
    editor = window.documents.open(uid)
    assert isinstance(editor, EntryEditor)
    level = editor.fields["level"].spin  # type: ignore[attr-defined]
    bounds = range_of("Creature", "level")
    assert (level.minimum(), level.maximum()) == (bounds.low, bounds.high)
    armor = editor.fields["armor"].spin  # type: ignore[attr-defined]
    assert armor.maximum() == range_of("Creature", "armor").high
    assert editor.fields["name"].edit.maxLength() == MAX_NAME  # type: ignore[attr-defined]
    window.documents.close_all()
