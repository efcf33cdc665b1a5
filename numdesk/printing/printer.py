"""Printing straight to a printer: the system print dialog and a print preview.

The main window passes a `paint` callable (e.g. `lambda device: paint_character(device,
character)`); the same painter code that writes PDF files draws on the `QPrinter` the
dialog set up, so what is previewed is exactly what prints.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QMarginsF
from PySide6.QtGui import QPagedPaintDevice, QPageLayout
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from numdesk.model.errors import DomainError
from numdesk.printing.pdf import MARGIN_MM

#: Draws a whole document on the device it is given.
Paint = Callable[[QPagedPaintDevice], object]


def _tr(text: str) -> str:
    return QCoreApplication.translate("Printing", text)


def new_printer() -> QPrinter:
    """A printer at full resolution (the sheets are vector drawings), with the margins
    of numdesk's PDFs so the preview and the paper match File > Export PDF."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setPageMargins(
        QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter
    )
    return printer


def _paint_reporting(parent: QWidget | None, paint: Paint, printer: QPrinter) -> bool:
    """Run `paint`, showing a user error in a message box rather than losing it."""
    try:
        paint(printer)
    except DomainError as err:
        QMessageBox.warning(parent, _tr("Printing failed"), err.message)
        return False
    return True


def print_dialog(parent: QWidget | None, paint: Paint, title: str = "") -> bool:
    """Ask for a printer and print; False when the user cancelled or printing failed."""
    printer = new_printer()
    if title:
        printer.setDocName(title)
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(_tr("Print"))
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    return _paint_reporting(parent, paint, printer)


class PreviewDialog(QPrintPreviewDialog):
    """A print preview that owns its printer and repaints with `paint` on every change."""

    def __init__(self, parent: QWidget | None, paint: Paint, title: str = "") -> None:
        printer = new_printer()
        if title:
            printer.setDocName(title)
        super().__init__(printer, parent)
        # the dialog only points at the printer: keep it alive as long as the dialog
        self._printer = printer
        # the title says what is previewed, and "blank, for pencil play" when it is
        self.setWindowTitle(
            _tr("Print preview: {0}").format(title) if title else _tr("Print preview")
        )
        self.paintRequested.connect(lambda device: _paint_reporting(self, paint, device))


def preview_dialog(parent: QWidget | None, paint: Paint, title: str = "") -> PreviewDialog:
    """A print preview dialog (not shown yet) for `paint`."""
    return PreviewDialog(parent, paint, title)


def print_preview(parent: QWidget | None, paint: Paint, title: str = "") -> int:
    """Show the print preview modally (its Print button prints); returns the dialog result."""
    return preview_dialog(parent, paint, title).exec()
