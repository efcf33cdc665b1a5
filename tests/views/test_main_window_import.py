"""File > Import through the window: progress dialog, all-or-nothing errors, Cancel; export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from main_window_helpers import (
    add,
    answer_next_dialog,
    creature,
    make_controller,
    make_window,
    press,
)
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QWidget
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.views.library.transfer import run_export, run_import
from numdesk.views.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    folder = tmp_path / "main"
    folder.mkdir()
    controller = make_controller(folder)
    yield make_window(qtbot, controller)
    controller.close()


@pytest.fixture
def export_file(tmp_path: Path) -> Path:
    """A small numdesk JSON export made by another library."""
    folder = tmp_path / "other"
    folder.mkdir()
    other = make_controller(folder)
    pup, hound = creature("Seskii pup", 2), creature("Broken hound", 4, armor=2)
    add(other.library, pup, hound)
    uids = [pup.uid, hound.uid]
    other.set_tags(uids[0], ["imported"])
    path = folder / "two.json"
    assert other.export(path, uids) == len(uids)
    other.close()
    return path


def ok(dialog: object) -> None:
    assert isinstance(dialog, QMessageBox)
    dialog.accept()


def test_import_shows_progress_and_adds_the_entries(
    qtbot: QtBot, window: MainWindow, export_file: Path
) -> None:
    controller: LibraryController = window.controller
    before = controller.count()
    told = answer_next_dialog(qtbot, ok, QMessageBox)
    assert run_import(window, [export_file])
    assert "Imported 2 entries" in told.seen[0]
    assert controller.count() == before + 2
    hound = controller.library.creatures.find_by_name("Broken hound")
    assert hound is not None and hound.armor == 2
    progress = window.import_progress
    assert isinstance(progress, QProgressDialog)
    assert progress.value() == progress.maximum() == 2
    assert "Broken hound" in [s.name for s in window.browser.shown_summaries()]


def test_a_bad_file_is_reported_and_changes_nothing(
    qtbot: QtBot, window: MainWindow, export_file: Path, tmp_path: Path
) -> None:
    doc = json.loads(export_file.read_text(encoding="utf-8"))
    doc["entries"][1]["data"]["level"] = "high"
    bad = tmp_path / "broken-export.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    controller = window.controller
    before = controller.count()
    told = answer_next_dialog(qtbot, ok, QMessageBox)
    assert not run_import(window, [export_file, bad])
    message = told.seen[0]
    assert "broken-export.json" in message and "$.entries[1].data.level" in message
    assert "whole number" in message
    assert "unchanged" in told.seen[1]
    assert controller.count() == before
    assert controller.library.creatures.find_by_name("Seskii pup") is None


def test_cancel_stops_the_import(qtbot: QtBot, window: MainWindow, export_file: Path) -> None:
    controller = window.controller
    before = controller.count()
    answer_next_dialog(qtbot, lambda d: d.cancel(), QProgressDialog)  # type: ignore[attr-defined]
    told = answer_next_dialog(qtbot, ok, QMessageBox)
    assert not run_import(window, [export_file])
    assert "cancelled" in told.seen[0]
    assert controller.count() == before


def test_export_selection_round_trips(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    controller = window.controller
    add(controller.library, creature("Vapor eel", 6, armor=3))
    uid = controller.library.creatures.find_by_name("Vapor eel").uid  # type: ignore[union-attr]
    out = tmp_path / "eel.json"
    assert run_export(window, out, [uid]) == 1
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert [e["data"]["name"] for e in doc["entries"]] == ["Vapor eel"]
    assert "Exported 1 entries" in window.statusBar().currentMessage()


def test_export_dialog_writes_the_extension_the_installers_associate(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Export suggests `<name>.numdesk-json`, adds the ending to a bare name, and the
    file it writes imports back (File > Import lists the ending)."""
    from PySide6.QtWidgets import QFileDialog

    from numdesk.views.library.transfer import IMPORT_FILTER, export_dialog

    controller = window.controller
    add(controller.library, creature("Vapor eel", 6, armor=3))
    uid = controller.library.creatures.find_by_name("Vapor eel").uid  # type: ignore[union-attr]
    suggested: list[str] = []

    def choose(dialog: QWidget) -> None:
        assert isinstance(dialog, QFileDialog)
        suggested.extend(dialog.selectedFiles())
        dialog.selectFile(str(tmp_path / "eels"))
        dialog.accept()

    answer_next_dialog(qtbot, choose, QFileDialog)
    export_dialog(window, [uid])
    assert suggested and suggested[0].endswith("Vapor eel.numdesk-json")
    written = tmp_path / "eels.numdesk-json"
    assert json.loads(written.read_text(encoding="utf-8"))["format"] == "numdesk"
    assert "*.numdesk-json" in IMPORT_FILTER


FOUNDRY = Path(__file__).parents[1] / "io" / "fixtures"


def test_import_the_rest_skips_a_bad_file_and_shows_the_report(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, artifacts_dir: Path
) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"name": "X", "type": "pc", "system": {}, "items": 5}', encoding="utf-8")
    files = [FOUNDRY / "cypher_v3_pc_unmasked.json", bad, FOUNDRY / "cypher_v3_marker.json"]
    controller = window.controller
    before = controller.count()
    summary: list[object] = []

    def look(dialog: QWidget) -> None:
        assert isinstance(dialog, QMessageBox)
        dialog.grab().save(str(artifacts_dir / "import-report.png"))
        summary.extend([dialog.text(), dialog.informativeText()])
        dialog.accept()

    def import_the_rest(dialog: QWidget) -> None:
        summary.append(answer_next_dialog(qtbot, look, QMessageBox))
        press("Import the Rest")(dialog)

    asked = answer_next_dialog(qtbot, import_the_rest, QMessageBox)
    assert run_import(window, files)
    assert "broken.json: $.items: expected a list" in asked.seen[0]
    assert "unchanged" in asked.seen[1]
    text, details = summary[1], summary[2]
    assert isinstance(text, str) and isinstance(details, str)
    assert "Imported 1 entry from cypher_v3_pc_unmasked.json (1 character)." in text
    assert "Not imported: broken.json" in text
    assert "Loot: Crates: a marker actor holds nothing" in details
    assert controller.count() == before + 2  # Maya and her damage-track rules set
    maya = controller.library.characters.find_by_name("Maya Quill")
    assert maya is not None and maya.second_form is not None
