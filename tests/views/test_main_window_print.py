"""File > Export PDF from the window: several characters in one PDF with a progress dialog,
Cancel writing nothing, and entries that cannot be printed refused with a message."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from main_window_helpers import add, answer_next_dialog, creature, make_controller, make_window
from PySide6.QtPrintSupport import QPrintDialog, QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import QComboBox, QFileDialog, QLineEdit, QProgressDialog, QWidget
from pytestqt.qtbot import QtBot

from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.items import Oddity
from numdesk.views.actions import ActionId
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


def test_print_preview_from_the_menu_paints_the_open_sheet(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    hero = Character(name="Previewed Hero", background="A long walk. " * 400)
    add(window.controller.library, hero)
    window.controller.entriesChanged.emit()
    window.documents.open(hero.uid)
    window.tabs.currentWidget().setFocus()  # a tab has the focus: its entry is printed
    pages: list[int] = []
    titles: list[str] = []

    def look(dialog: QWidget) -> None:
        preview = dialog.findChild(QPrintPreviewWidget)
        assert preview is not None
        pages.append(preview.pageCount())
        titles.append(dialog.windowTitle())
        dialog.reject()

    action = window.actions_by_id[ActionId.PRINT_PREVIEW]
    assert action.isEnabled()
    answer = answer_next_dialog(qtbot, look, QPrintPreviewDialog)
    action.trigger()
    assert answer.done
    assert titles == ["Print preview: Previewed Hero"]  # says what it previews
    # the long background flows onto a second page, just as in the exported PDF
    exported = tmp_path / "hero.pdf"
    assert export_pdf(window, [hero.uid], exported)
    info = subprocess.run(["pdfinfo", str(exported)], capture_output=True, text=True).stdout
    assert f"Pages:           {pages[0]}" in info
    assert pages[0] >= 2


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt's own print dialog")
def test_print_from_the_menu_goes_through_the_print_dialog(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    hero = Character(name="Printed Pat", notes="Bring snacks.")
    add(window.controller.library, hero)
    window.browser.refresh()
    window.browser.select_uids([hero.uid])
    window.browser.table.setFocus()  # the browser's selection is printed
    out = tmp_path / "printed.pdf"

    def to_file(dialog: QWidget) -> None:
        printers = dialog.findChild(QComboBox, "printers")
        assert printers is not None
        # never a real printer: Qt's "print to file" entry, into tmp_path
        printers.setCurrentIndex(printers.findText("Print to File (PDF)"))
        name = dialog.findChild(QLineEdit, "filename")
        assert name is not None
        name.setText(str(out))
        dialog.accept()

    answer = answer_next_dialog(qtbot, to_file, QPrintDialog)
    window.actions_by_id[ActionId.PRINT].trigger()
    assert answer.done
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
    assert "Printed Pat" in text and "Bring snacks." in text


def test_export_pdf_asks_the_paper_and_prints_blank_sheets_when_asked(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    from numdesk.model.character import StatPool
    from numdesk.rules.types import Stat

    hero = Character(name="Pencil Pat")
    hero.pools = {
        Stat.MIGHT: StatPool(37, 41, 1),
        Stat.SPEED: StatPool(38, 42, 1),
        Stat.INTELLECT: StatPool(39, 43, 0),
    }
    add(window.controller.library, hero)
    window.browser.refresh()
    window.browser.select_uids([hero.uid])
    window.browser.table.setFocus()
    blank = window.actions_by_id[ActionId.BLANK_SHEETS]
    assert blank.isCheckable() and not blank.isChecked()
    assert not window.blank_label.isVisibleTo(window)
    blank.trigger()  # File > Blank Sheets for Pencil Play
    assert window.blank_label.isVisibleTo(window)  # said in the status bar while it is on
    assert window.blank_label.text() == "Printing blank sheets for pencil play"
    offered: list[list[str]] = []

    def save_as(name: str, paper: str) -> Callable[[QWidget], None]:
        def act(dialog: QWidget) -> None:
            assert isinstance(dialog, QFileDialog)
            offered.append([*dialog.nameFilters(), dialog.selectedNameFilter()])
            dialog.selectNameFilter(next(f for f in dialog.nameFilters() if paper in f))
            dialog.selectFile(str(tmp_path / name))
            dialog.accept()

        return act

    answer_next_dialog(qtbot, save_as("pat-letter", "US Letter"), QFileDialog)
    window.actions_by_id[ActionId.EXPORT_PDF].trigger()
    out = tmp_path / "pat-letter.pdf"
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    assert "612 x 792 pts (letter)" in info
    words = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
    assert "41" in words.split() and "37" not in words.split()  # maximum, no current
    assert "(blank, for pencil play)" in window.statusBar().currentMessage()

    # the paper is remembered; blank sheets switched off print the current Pools again
    blank.trigger()
    answer_next_dialog(qtbot, save_as("pat-a4", "A4"), QFileDialog)
    window.actions_by_id[ActionId.EXPORT_PDF].trigger()
    assert "US Letter" in offered[1][-1]
    out = tmp_path / "pat-a4.pdf"
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    assert "595 x 842 pts (A4)" in info
    words = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
    assert "37" in words.split()
    assert not window.blank_label.isVisibleTo(window)


def test_blank_sheets_are_not_remembered_by_the_next_run(qtbot: QtBot, window: MainWindow) -> None:
    window.actions_by_id[ActionId.BLANK_SHEETS].trigger()
    window.settings.qsettings.sync()
    again = MainWindow(window.controller)  # the next start, with the same settings
    qtbot.addWidget(again)
    assert not again.actions_by_id[ActionId.BLANK_SHEETS].isChecked()
    assert not again.blank_label.isVisibleTo(again)
