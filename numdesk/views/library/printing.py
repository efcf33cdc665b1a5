"""File > Export PDF, Print and Print Preview for the current tab or the selection.

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

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter
from numdesk.model.errors import DomainError
from numdesk.printing import (
    Part,
    character_part,
    creatures_part,
    encounter_part,
    paint_parts,
    write_pdf,
)
from numdesk.printing import printer as print_dialogs
from numdesk.views.dialogs import show_info

if TYPE_CHECKING:
    from numdesk.controllers.library import LibraryController
    from numdesk.views.main_window import MainWindow


#: `translate("Context", "literal")`: a call lupdate extracts (a helper taking a
#: variable hides the text from it)
translate = QCoreApplication.translate


def printable_parts(controller: LibraryController, uids: Sequence[str]) -> list[Part]:
    """One part per character or encounter, one stat-block part for all creatures."""
    parts: list[Part] = []
    creatures: list[Creature] = []
    for uid in uids:
        entry = controller.load(uid)
        if isinstance(entry, Character):
            parts.append(character_part(entry))
        elif isinstance(entry, Creature):
            creatures.append(entry)
        elif isinstance(entry, Encounter):
            parts.append(_encounter_part(controller, entry))
    if creatures:
        parts.append(creatures_part(creatures))
    if not parts:
        raise DomainError(
            translate(
                "Printing",
                "Only characters, creatures and encounters can be printed; select one of them.",
            )
        )
    return parts


def _encounter_part(controller: LibraryController, encounter: Encounter) -> Part:
    creatures: dict[str, Creature] = {}
    characters: dict[str, Character] = {}
    for combatant in encounter.combatants:
        uid = combatant.source_uid
        if not uid or uid in creatures or uid in characters:
            continue
        try:
            linked = controller.load(uid)
        except DomainError:
            continue  # a deleted stat block: the encounter sheet shows the combatant alone
        if isinstance(linked, Creature):
            creatures[uid] = linked
        elif isinstance(linked, Character):
            characters[uid] = linked
    return encounter_part(encounter, creatures, characters)


class _BatchProgress:
    """A progress dialog with Cancel for painting several parts (none for a single one)."""

    def __init__(self, window: MainWindow, total: int) -> None:
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


def export_pdf(window: MainWindow, uids: Sequence[str], path: Path) -> bool:
    """Write the entries `uids` to the PDF `path`; False (no file) if the user cancelled."""
    parts = printable_parts(window.controller, uids)
    title = window.controller.load(uids[0]).name if len(uids) == 1 else path.stem
    batch = _BatchProgress(window, len(parts))
    try:
        return write_pdf(
            path, parts, title=title, progress=batch.progress, cancelled=batch.cancelled
        )
    finally:
        batch.finish()


def _painter(window: MainWindow, parts: Sequence[Part]) -> Callable[[QPagedPaintDevice], None]:
    def paint(device: QPagedPaintDevice) -> None:
        batch = _BatchProgress(window, len(parts))
        try:
            paint_parts(device, parts, batch.progress, batch.cancelled)
        finally:
            batch.finish()

    return paint


def _targets(window: MainWindow) -> list[str]:
    """The current tab's entry while a tab has the focus, else the browser's selection."""
    focus = QApplication.focusWidget()
    current = window.documents.current_uid()
    if current and focus is not None and window.tabs.isAncestorOf(focus):
        return [current]
    return [u for u in window.selected_or_current() if u]


def export_pdf_dialog(window: MainWindow) -> None:
    """File > Export PDF: ask for a file name, write it, say where it went."""
    uids = _targets(window)
    printable_parts(window.controller, uids)  # refuse early, before the file dialog
    first = (
        window.controller.load(uids[0]).name
        if len(uids) == 1
        else translate("Printing", "numdesk sheets")
    )
    name, _ = QFileDialog.getSaveFileName(
        window,
        translate("Printing", "Export PDF"),
        f"{first}.pdf",
        translate("Printing", "PDF files (*.pdf)"),
    )
    if not name:
        return
    path = Path(name) if name.lower().endswith(".pdf") else Path(name + ".pdf")
    if export_pdf(window, uids, path):
        window.statusBar().showMessage(translate("Printing", "Saved {0}").format(path), 8000)
    else:
        show_info(
            window,
            translate("Printing", "Export PDF"),
            translate("Printing", "Cancelled; no PDF was written."),
        )


def print_dialog(window: MainWindow) -> None:
    """File > Print: the system print dialog, then the pages."""
    uids = _targets(window)
    parts = printable_parts(window.controller, uids)
    print_dialogs.print_dialog(window, _painter(window, parts), _title(window, uids))


def print_preview_dialog(window: MainWindow) -> None:
    """File > Print Preview: the pages as they will print."""
    uids = _targets(window)
    parts = printable_parts(window.controller, uids)
    print_dialogs.print_preview(window, _painter(window, parts), _title(window, uids))


def _title(window: MainWindow, uids: Sequence[str]) -> str:
    return (
        window.controller.load(uids[0]).name
        if len(uids) == 1
        else translate("Printing", "numdesk sheets")
    )
