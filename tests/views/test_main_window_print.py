"""File > Export PDF from the window: several characters in one PDF with a progress dialog,
Cancel writing nothing, and entries that cannot be printed refused with a message."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from main_window_helpers import add, answer_next_dialog, creature, make_controller, make_window
from PySide6.QtWidgets import QProgressDialog
from pytestqt.qtbot import QtBot

from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.items import Oddity
from numdesk.views.library.printing import export_pdf
from numdesk.views.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    controller = make_controller(tmp_path)
    yield make_window(qtbot, controller)
    controller.close()


def test_batch_pdf_of_characters_and_a_creature(window: MainWindow, tmp_path: Path) -> None:
    people = [Character(name=f"Traveller {n}", tier=n) for n in (1, 2, 3)]
    beast = creature("Callerail", 4, profile="numenera")
    add(window.controller.library, *people, beast)
    out = tmp_path / "party.pdf"
    assert export_pdf(window, [p.uid for p in people] + [beast.uid], out)
    progress = window.print_progress
    assert isinstance(progress, QProgressDialog) and progress.value() == 4
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
    for name in ("Traveller 1", "Traveller 2", "Traveller 3", "Callerail"):
        assert name in text


def test_cancel_writes_no_pdf(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    people = [Character(name=f"Wanderer {n}") for n in range(4)]
    add(window.controller.library, *people)
    out = tmp_path / "cancelled.pdf"
    answer_next_dialog(qtbot, lambda d: d.cancel(), QProgressDialog)  # type: ignore[attr-defined]
    assert not export_pdf(window, [p.uid for p in people], out)
    assert not out.exists()


def test_things_without_a_printed_form_are_refused(window: MainWindow, tmp_path: Path) -> None:
    odd = Oddity(name="Humming pebble")
    add(window.controller.library, odd)
    with pytest.raises(DomainError, match="can be printed"):
        export_pdf(window, [odd.uid], tmp_path / "odd.pdf")
