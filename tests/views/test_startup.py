"""Start-up: the window shows the library before the store loads, and nothing is lost.

The first screen lists the library through `numdesk.store.reader`; SQLAlchemy,
Alembic, printing, import/export and the editors load after the list is painted or
on first use. These tests run the real start in a fresh interpreter (the test
process has imported everything already) and then use every deferred feature once.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from main_window_helpers import make_settings
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.store import Library

HERE = Path(__file__).resolve().parent
FOUNDRY_NPC = HERE.parent / "io" / "fixtures" / "foundry_npc.json"


@pytest.fixture
def library(tmp_path: Path) -> Path:
    """A library with starter content and two entries, closed cleanly as after a session."""
    path = tmp_path / "table.numdesk"
    with Library.create(path) as lib:
        lib.save_many([Character(name="Iona Vessel", tier=2), Creature(name="Vessel hound")])
    return path


def test_first_paint_needs_no_store_printing_or_io_and_every_feature_works_after(
    library: Path, tmp_path: Path
) -> None:
    pdf = tmp_path / "iona.pdf"
    shot = tmp_path / "startup.png"
    result = subprocess.run(
        [sys.executable, str(HERE / "startup_check.py"), str(library),
         str(tmp_path / "settings.ini"), str(FOUNDRY_NPC), str(pdf), str(shot)],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["previewed"] is True
    assert report["loaded_at_first_paint"] == []
    # no application filter in Python before the library is open (it made PySide6 build
    # every Qt class at the start); the first window's labels are plain text all the same
    assert report["filter_at_first_paint"] is False
    assert report["labels_not_plain_at_first_paint"] == []
    # the first screen is made without QStyle's Python enums: the toolbar's standard
    # icons are drawn right after it, into blank icons of their size (nothing moves)
    assert report["style_made_in_python_at_first_paint"] is False
    assert report["toolbar_icons_blank_at_first_paint"] == [True] * 8
    assert report["toolbar_height_grew_by"] == 0
    assert report["qt_classes_made_at_first_paint"] == []
    # the Table menu (and the link's modules) come right after the first paint, in
    # their place before Help
    assert "Ta&ble" not in report["menus_at_first_paint"]
    menus = report["menus_when_open"]
    assert menus[-2:] == ["Ta&ble", "&Help"] and menus[:-2] == report["menus_at_first_paint"][:-1]
    assert report["loaded_when_open"] == []  # checked and open without the store
    # the same list before and after the store opened, and it is the library's
    assert report["listed_at_first_paint"] == report["listed_when_open"]
    assert {"Iona Vessel", "Vessel hound"} <= set(report["listed_at_first_paint"])
    assert len(report["listed_at_first_paint"]) > 20  # the starter content too
    assert {"Iona Vessel", "Vessel hound"} <= set(report["search"])
    assert report["sheet_tab"] == "Iona Vessel"
    assert report["pdf_written"] is True
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "Iona Vessel" in text
    assert report["imported"] is True and report["count_grew_by"] >= 1
    assert shot.stat().st_size > 10_000
    # the session closed cleanly: the next start can preview the file again
    assert not Path(f"{library}-wal").exists()


def test_an_action_before_the_store_opened_opens_it_first(qtbot: QtBot, library: Path) -> None:
    controller = LibraryController(settings=make_settings(library.parent))
    assert controller.preview_library(library)
    assert controller.is_open and not controller.is_fully_open
    assert {s.name for s in controller.search("vessel")} == {"Vessel hound", "Iona Vessel"}
    with qtbot.waitSignal(controller.libraryOpened):
        uid = controller.create(Character(name="Dara Quell"))
    assert controller.is_fully_open
    assert controller.load(uid).name == "Dara Quell"
    assert "Dara Quell" in [s.name for s in controller.search("quell")]
    controller.close()


def test_a_library_that_cannot_be_opened_after_the_preview_says_so(
    qtbot: QtBot, library: Path
) -> None:
    controller = LibraryController(settings=make_settings(library.parent))
    assert controller.preview_library(library)
    library.chmod(stat.S_IRUSR)  # marked read-only after the list was shown
    try:
        with qtbot.waitSignal(controller.openFailed) as failed:
            controller.finish_opening_soon()
    finally:
        library.chmod(stat.S_IRUSR | stat.S_IWUSR)
    assert "read-only" in failed.args[0]
    assert not controller.is_open
    controller.close()


def test_the_library_is_open_in_full_before_the_store_and_keeps_its_undo_steps(
    qtbot: QtBot, library: Path, tmp_path: Path
) -> None:
    """The quick open: checked and open at once (not after the store's import), the
    library's undo steps restored from the file, and undo works once the store is in."""
    settings = make_settings(tmp_path)
    first = LibraryController(settings=settings)
    first.open_library(library)
    made = first.create(Creature(name="Ledge crab", level=2))
    first.close()

    controller = LibraryController(settings=settings)
    assert controller.preview_library(library)
    try:
        controller.finish_opening_soon()
        assert controller.is_fully_open  # at once: no waiting for the store's import
        assert controller.undo_stack.canUndo()
        assert "Ledge crab" in controller.undo_stack.undoText()
        assert controller.has(made) and controller.session() == ([], [])
        controller.undo_stack.undo()  # the store is needed now: taken at once
        assert not controller.has(made)
    finally:
        controller.close()
