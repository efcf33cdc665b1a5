"""Batches with progress and cancel, and the printer path (QPrinter, print preview)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtPrintSupport import QPrinter, QPrintPreviewWidget
from pytestqt.qtbot import QtBot

from numdesk.printing import paint_character, paint_encounter, render_characters_pdf
from numdesk.printing.printer import preview_dialog
from tests.printing.conftest import flat, page_count, pdf_text
from tests.printing.samples import rich_character, sample_encounter


def _party(count: int) -> list:
    party = []
    for i in range(count):
        ch = rich_character("cypher" if i % 2 else "numenera")
        ch.name = f"Hero Number {i}"
        party.append(ch)
    return party


def test_batch_puts_every_sheet_in_one_pdf_and_reports_progress(tmp_path: Path) -> None:
    party = _party(4)
    seen: list[tuple[int, int]] = []
    out = tmp_path / "party.pdf"
    assert render_characters_pdf(
        party, out, page_size="Letter", progress=lambda done, total: seen.append((done, total))
    )
    assert seen == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    text = pdf_text(out)
    assert all(ch.name in text for ch in party)
    assert page_count(out) >= 4  # every sheet starts on its own page


def test_cancelled_batch_writes_nothing_and_keeps_the_old_file(tmp_path: Path) -> None:
    out = tmp_path / "party.pdf"
    out.write_bytes(b"previous export")
    seen: list[int] = []
    finished = render_characters_pdf(
        _party(5),
        out,
        progress=lambda done, total: seen.append(done),
        cancelled=lambda: len(seen) > 2,
    )
    assert finished is False
    assert seen == [0, 1, 2]
    assert out.read_bytes() == b"previous export"
    assert [p.name for p in tmp_path.iterdir()] == ["party.pdf"]


def test_painting_on_a_qprinter_gives_the_same_sheet(qtbot: QtBot, tmp_path: Path) -> None:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    out = tmp_path / "printer.pdf"
    printer.setOutputFileName(str(out))
    ch = rich_character("cypher")
    paint_character(printer, ch)
    text = flat(pdf_text(out))
    assert ch.name in text and ch.focus in text and "Tower Shield" in text


def test_print_preview_paints_the_pages(qtbot: QtBot) -> None:
    encounter, creatures, characters = sample_encounter()
    dialog = preview_dialog(
        None,
        lambda device: paint_encounter(device, encounter, creatures, characters),
        "Ambush",
    )
    qtbot.addWidget(dialog)
    widget = dialog.findChild(QPrintPreviewWidget)
    assert widget is not None
    widget.updatePreview()
    assert widget.pageCount() >= 1


def test_written_pdf_gets_the_usual_permissions_not_the_temp_files(tmp_path: Path) -> None:
    out = tmp_path / "one.pdf"
    render_characters_pdf(_party(1), out)
    mask = os.umask(0)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~mask
