"""File > Import and Export: file dialogs, a progress dialog with Cancel, and the outcome.

An import is all-or-nothing: when the controller reports a problem (with the file, the
place in it and what was expected there) the message box says so and that nothing was
imported. Cancel stops the import the same way, leaving the library as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QFileDialog, QMessageBox

from numdesk.controllers.library import ImportCancelled
from numdesk.io.entries import ImportReport
from numdesk.io.schema import EXPORT_SUFFIX
from numdesk.model.errors import DomainError
from numdesk.views.dialogs import show_error, show_info
from numdesk.views.library.import_progress import (
    finish,
    make_dialog,
    read_in_background,
    saving_progress,
)
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
    """Import `paths` with a progress dialog; True if something was imported.

    The files are read and checked in a worker thread (Cancel works from the first
    byte); the entries are saved on the UI thread in one transaction. When one of
    several files cannot be read the user may import the rest without it.
    """
    try:
        report = _attempt(window, paths, keep_going=False)
    except _Failed as failed:
        if len(paths) < 2 or not failed.reading:
            _tell_failure(window, failed.message)
            return False
        if not _import_the_rest(window, failed.message):
            return False
        try:
            report = _attempt(window, paths, keep_going=True)
        except _Failed as again:
            _tell_failure(window, again.message)
            return False
    if report is None:
        return False
    window.statusBar().showMessage(report.summary(), 10000)
    _show_report(window, report)
    return bool(report.files)


class _Failed(Exception):
    """An import that wrote nothing: the message for the user, and whether reading failed."""

    def __init__(self, message: str, reading: bool) -> None:
        super().__init__(message)
        self.message = message
        self.reading = reading


def _attempt(window: LibraryHost, paths: Sequence[Path], keep_going: bool) -> ImportReport | None:
    """Read, then save; None if the user cancelled (and was told so)."""
    dialog = make_dialog(window, paths[0])
    window.import_progress = dialog  # tests read the dialog's last value
    controller = window.controller
    reading = True
    try:
        report = read_in_background(
            dialog, lambda step: controller.read_import(paths, step, keep_going)
        )
        reading = False
        controller.save_import(report, saving_progress(dialog))
    except ImportCancelled:
        finish(dialog)
        show_info(
            window,
            translate("Transfer", "Import"),
            translate("Transfer", "Import cancelled; nothing was imported."),
        )
        return None
    except (DomainError, OSError) as err:
        finish(dialog)
        message = err.message if isinstance(err, DomainError) else _os_message(err)
        raise _Failed(message, reading) from None
    finally:
        finish(dialog)  # also when a bug raised something else: never a stuck dialog
    return report


def _tell_failure(window: LibraryHost, message: str) -> None:
    show_error(
        window,
        translate("Transfer", "Import failed"),
        message,
        translate("Transfer", "Nothing was imported; the library is unchanged."),
    )


def _import_the_rest(window: LibraryHost, message: str) -> bool:
    """One file of several cannot be read: offer to import the others without it."""
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        translate("Transfer", "Import failed"),
        message,
        QMessageBox.StandardButton.NoButton,
        window,
    )
    box.setObjectName("importRestBox")
    box.setInformativeText(
        translate(
            "Transfer",
            "Nothing was imported; the library is unchanged. You can import the other "
            "files and leave out those that cannot be read; each file comes in whole or "
            "not at all.",
        )
    )
    rest = box.addButton(
        translate("Transfer", "Import the Rest"), QMessageBox.ButtonRole.AcceptRole
    )
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.exec()
    return box.clickedButton() is rest


#: How many report lines the summary shows before "Show Details..." holds the rest.
_SHOWN_LINES = 12


def _show_report(window: LibraryHost, report: ImportReport) -> None:
    """The import summary: what came in, what was left out, and each value that moved."""
    notes = report.notes
    details = "\n".join(notes[:_SHOWN_LINES])
    if len(notes) > _SHOWN_LINES:
        more = len(notes) - _SHOWN_LINES
        details += "\n" + translate("Transfer", "…and {0} more (Show Details).").format(more)
    show_info(
        window,
        translate("Transfer", "Import"),
        report.summary(),
        details,
        "\n".join(notes) if len(notes) > _SHOWN_LINES else "",
    )


def _os_message(err: OSError) -> str:
    """A file the system would not let numdesk read, in one sentence."""
    name = Path(str(err.filename)).name if err.filename else ""
    reason = err.strerror or str(err)
    if name:
        return translate("Transfer", "{0}: could not read the file ({1}).").format(name, reason)
    return translate("Transfer", "Could not read the file ({0}).").format(reason)


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
        str(window.settings.export_folder() / f"{file_name(suggested)}{EXPORT_SUFFIX}"),
        translate("Transfer", "numdesk exports (*.numdesk-json);;JSON (*.json)"),
    )
    if name:
        path = Path(name)
        if path.suffix.lower() not in (EXPORT_SUFFIX, ".json"):
            path = path.with_name(path.name + EXPORT_SUFFIX)
        window.settings.set_export_folder(path.parent)
        run_export(window, path, uids)


def run_export(window: LibraryHost, path: Path, uids: Sequence[str] | None) -> int:
    """Write the entries (all when `uids` is None) to `path`; returns how many."""
    count = window.controller.export(path, uids)
    window.statusBar().showMessage(
        translate("Transfer", "Exported {0} entries to {1}").format(count, path), 10000
    )
    return count
