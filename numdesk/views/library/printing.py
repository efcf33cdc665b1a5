"""File > Export PDF, Print and Print Preview for the current tab or the selection.

Export PDF asks for the paper (A4 or US Letter) with the file name; File > Blank
Sheets for Pencil Play leaves current Pools and health empty in all three. It lasts for
this run only, shows in the status bar while on, and every PDF, print and preview made
with it says "blank, for pencil play".

What gets printed: characters as sheets (several become one PDF, a progress dialog
with Cancel in between), creatures as stat blocks, an encounter as its encounter sheet.
The pages are painted by `numdesk.printing` (its `write_pdf` and print dialogs).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QPagedPaintDevice
from PySide6.QtWidgets import QApplication, QFileDialog, QProgressDialog

from numdesk.printing import Part, paint_parts, write_pdf
from numdesk.printing import printer as print_dialogs
from numdesk.views.dialogs import show_info
from numdesk.views.plain_text import file_name
from numdesk.views.printable import paper_filters, printable_parts

if TYPE_CHECKING:
    from numdesk.views.library.host import LibraryHost


#: `translate("Context", "literal")`: a call lupdate extracts (a helper taking a
#: variable hides the text from it)
translate = QCoreApplication.translate


class _BatchProgress:
    """A progress dialog with Cancel for painting several parts (none for a single one)."""

    def __init__(self, window: LibraryHost, total: int) -> None:
        self.dialog: QProgressDialog | None = None
        if total < 2:
            return
        dialog = QProgressDialog(
            translate("Printing", "Preparing the pages…"),
            translate("Printing", "Cancel"),
            0,
            total,
            window,
        )
        dialog.setObjectName("printProgress")
        dialog.setWindowTitle(translate("Printing", "Printing"))
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(0)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        self.dialog = dialog
        window.print_progress = dialog

    def progress(self, done: int, total: int) -> None:
        if self.dialog is not None:
            self.dialog.setMaximum(total)
            self.dialog.setValue(done)
            QApplication.processEvents()

    def cancelled(self) -> bool:
        return self.dialog is not None and self.dialog.wasCanceled()

    def finish(self) -> None:
        if self.dialog is not None:
            self.dialog.hide()


def export_pdf(
    window: LibraryHost,
    uids: Sequence[str],
    path: Path,
    page_size: str = "A4",
    blank: bool | None = None,
) -> bool:
    """Write the entries `uids` to the PDF `path`; False (no file) if the user cancelled.

    `blank` None follows File > Blank Sheets for Pencil Play."""
    if blank is None:
        blank = blank_sheets(window)
    parts = printable_parts(window.controller, uids, blank)
    title = window.controller.load(uids[0]).name if len(uids) == 1 else path.stem
    batch = _BatchProgress(window, len(parts))
    try:
        return write_pdf(
            path,
            parts,
            page_size=page_size,
            title=title,
            progress=batch.progress,
            cancelled=batch.cancelled,
        )
    finally:
        batch.finish()


def blank_sheets(window: LibraryHost) -> bool:
    """Whether File > Blank Sheets for Pencil Play is on (for this run only)."""
    from numdesk.views.actions import ActionId

    return window.actions_by_id[ActionId.BLANK_SHEETS].isChecked()


def _painter(window: LibraryHost, parts: Sequence[Part]) -> Callable[[QPagedPaintDevice], None]:
    def paint(device: QPagedPaintDevice) -> None:
        batch = _BatchProgress(window, len(parts))
        try:
            paint_parts(device, parts, batch.progress, batch.cancelled)
        finally:
            batch.finish()

    return paint


def _targets(window: LibraryHost) -> list[str]:
    """The current tab's entry while a tab has the focus, else the browser's selection."""
    focus = QApplication.focusWidget()
    current = window.documents.current_uid()
    if current and focus is not None and window.tabs.isAncestorOf(focus):
        return [current]
    return [u for u in window.selected_or_current() if u]


def export_pdf_dialog(window: LibraryHost) -> None:
    """File > Export PDF: ask for a file name and the paper, write it, say where it went."""
    uids = _targets(window)
    printable_parts(window.controller, uids)  # refuse early, before the file dialog
    first = (
        window.controller.load(uids[0]).name
        if len(uids) == 1
        else translate("Printing", "numdesk sheets")
    )
    filters = paper_filters()
    name, chosen = QFileDialog.getSaveFileName(
        window,
        translate("Printing", "Export PDF"),
        str(window.settings.export_folder() / f"{file_name(first)}.pdf"),
        ";;".join(filters.values()),
        filters[window.settings.pdf_page_size()],
    )
    if not name:
        return
    page_size = next((size for size, text in filters.items() if text == chosen), "A4")
    window.settings.set_pdf_page_size(page_size)
    path = Path(name) if name.lower().endswith(".pdf") else Path(name + ".pdf")
    window.settings.set_export_folder(path.parent)
    if export_pdf(window, uids, path, page_size=page_size):
        saved = (
            translate("Printing", "Saved {0} (blank, for pencil play)")
            if blank_sheets(window)
            else translate("Printing", "Saved {0}")
        )
        window.statusBar().showMessage(saved.format(path), 8000)
    else:
        show_info(
            window,
            translate("Printing", "Export PDF"),
            translate("Printing", "Cancelled; no PDF was written."),
        )


def print_dialog(window: LibraryHost) -> None:
    """File > Print: the system print dialog, then the pages."""
    uids = _targets(window)
    parts = printable_parts(window.controller, uids, blank_sheets(window))
    print_dialogs.print_dialog(window, _painter(window, parts), _title(window, uids))


def print_preview_dialog(window: LibraryHost) -> None:
    """File > Print Preview: the pages as they will print."""
    uids = _targets(window)
    parts = printable_parts(window.controller, uids, blank_sheets(window))
    print_dialogs.print_preview(window, _painter(window, parts), _title(window, uids))


def _title(window: LibraryHost, uids: Sequence[str]) -> str:
    """The print job's and preview's title, saying when the sheets print blank."""
    title = (
        window.controller.load(uids[0]).name
        if len(uids) == 1
        else translate("Printing", "numdesk sheets")
    )
    if blank_sheets(window):
        return translate("Printing", "{0} (blank, for pencil play)").format(title)
    return title
