"""File > Import and Export: file dialogs, a progress dialog with Cancel, and the outcome.

An import is all-or-nothing: when the controller reports a problem (with the file, the
place in it and what was expected there) the message box says so and that nothing was
imported. Cancel stops the import the same way, leaving the library as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QProgressDialog

from numdesk.controllers.library import ImportCancelled
from numdesk.io.schema import EXPORT_SUFFIX
from numdesk.model.errors import DomainError
from numdesk.views.dialogs import show_error, show_info
from numdesk.views.library.printing import (
    export_pdf_dialog,
    print_dialog,
    print_preview_dialog,
)
from numdesk.views.plain_text import file_name

if TYPE_CHECKING:
    from numdesk.views.library.host import LibraryHost

__all__ = [
    "export_dialog",
    "export_pdf_dialog",
    "import_dialog",
    "print_dialog",
    "print_preview_dialog",
    "run_export",
    "run_import",
]

IMPORT_FILTER = QT_TRANSLATE_NOOP(
    "Transfer",
    "Importable files (*.numdesk-json *.json *.csv);;numdesk exports (*.numdesk-json);;"
    "JSON (*.json);;CSV (*.csv);;All files (*)",
)


#: lupdate extracts `translate("Context", "literal")` calls; `_t` is for texts
#: marked elsewhere with QT_TRANSLATE_NOOP in the same context
translate = QCoreApplication.translate


def _t(text: str) -> str:
    return QCoreApplication.translate("Transfer", text)


def import_dialog(window: LibraryHost) -> None:
    """File > Import: choose files, then import them."""
    names, _ = QFileDialog.getOpenFileNames(
        window, translate("Transfer", "Import"), "", _t(IMPORT_FILTER)
    )
    if names:
        run_import(window, [Path(n) for n in names])


def run_import(window: LibraryHost, paths: Sequence[Path]) -> bool:
    """Import `paths` with a progress dialog; True if everything was imported."""
    dialog = QProgressDialog(
        translate("Transfer", "Reading {0}…").format(paths[0].name),
        translate("Transfer", "Cancel"),
        0,
        0,
        window,
    )
    dialog.setObjectName("importProgress")
    dialog.setWindowTitle(translate("Transfer", "Import"))
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(0)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.setValue(0)
    window.import_progress = dialog  # tests read the dialog's last value

    def progress(done: int, total: int) -> None:
        if dialog.wasCanceled():
            raise ImportCancelled
        dialog.setLabelText(translate("Transfer", "Saving entries… {0} of {1}").format(done, total))
        dialog.setMaximum(max(total, 1))
        dialog.setValue(min(done, max(total, 1)))
        QApplication.processEvents()
        if dialog.wasCanceled():
            raise ImportCancelled

    try:
        report = window.controller.import_files(list(paths), progress)
    except ImportCancelled:
        dialog.hide()
        show_info(
            window,
            translate("Transfer", "Import"),
            translate("Transfer", "Import cancelled; nothing was imported."),
        )
        return False
    except DomainError as err:
        dialog.hide()
        show_error(
            window,
            translate("Transfer", "Import failed"),
            err.message,
            translate("Transfer", "Nothing was imported; the library is unchanged."),
        )
        return False
    dialog.hide()
    window.statusBar().showMessage(report.summary(), 10000)
    show_info(window, translate("Transfer", "Import"), report.summary())
    return True


def export_dialog(window: LibraryHost, uids: Sequence[str] | None) -> None:
    """File > Export Library (uids None) or Export Selection: choose a file, write it."""
    if uids is not None and not uids:
        raise DomainError(translate("Transfer", "Select the entries to export first."))
    if uids is not None and len(uids) == 1:
        suggested = window.controller.load(uids[0]).name
    else:
        suggested = window.controller.path.stem if window.controller.path else "library"
    name, _ = QFileDialog.getSaveFileName(
        window,
        translate("Transfer", "Export"),
        f"{file_name(suggested)}{EXPORT_SUFFIX}",
        translate("Transfer", "numdesk exports (*.numdesk-json);;JSON (*.json)"),
    )
    if name:
        path = Path(name)
        if path.suffix.lower() not in (EXPORT_SUFFIX, ".json"):
            path = path.with_name(path.name + EXPORT_SUFFIX)
        run_export(window, path, uids)


def run_export(window: LibraryHost, path: Path, uids: Sequence[str] | None) -> int:
    """Write the entries (all when `uids` is None) to `path`; returns how many."""
    count = window.controller.export(path, uids)
    window.statusBar().showMessage(
        translate("Transfer", "Exported {0} entries to {1}").format(count, path), 10000
    )
    return count
