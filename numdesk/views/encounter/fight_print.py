"""Print and Export PDF from the fight window: the encounter sheet as it stands (who acts
in which order, health to tick off, the stat blocks), on the printer or as a PDF.

The pages are the library's own (`views.printable.printable_parts`, painted by
`numdesk.printing`), so a sheet printed from the fight and one printed from the main
window are the same.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtGui import QAction, QKeySequence, QPagedPaintDevice
from PySide6.QtWidgets import QFileDialog, QStatusBar

from numdesk.controllers.encounter import EncounterController
from numdesk.model.errors import DomainError
from numdesk.printing import Part, paint_parts, write_pdf
from numdesk.printing import printer as print_dialogs
from numdesk.views.encounter.keys import KEYS_BY_ID
from numdesk.views.plain_text import file_name
from numdesk.views.printable import paper_filters, printable_parts


class FightPrinting:
    """The Print and Export PDF actions of `EncounterWindow` (a mixin)."""

    controller: EncounterController
    show_message: Callable[[str], None]
    tr: Callable[[str], str]
    statusBar: Callable[[], QStatusBar]

    def _build_print_actions(self) -> list[QAction]:
        self.print_action = QAction(self.tr("Print…"), self)
        self.print_action.triggered.connect(lambda: self._guard(self.print_sheet))
        self.pdf_action = QAction(self.tr("Export PDF…"), self)
        self.pdf_action.triggered.connect(lambda: self._guard(self.export_pdf))
        for action, key_id, what in (
            (self.print_action, "print", self.tr("Print the encounter sheet")),
            (self.pdf_action, "pdf", self.tr("The encounter sheet as a PDF")),
        ):
            action.setShortcut(QKeySequence(KEYS_BY_ID[key_id].keys))
            action.setToolTip(what)  # the toolbar adds the key
        return [self.print_action, self.pdf_action]

    def _guard(self, action: Callable[[], Any]) -> None:
        try:
            action()
        except DomainError as err:
            self.show_message(err.message)

    def _parts(self) -> list[Part]:
        """The fight as it stands (blank sheets for pencil play are the main window's
        File menu: from the fight, its state is what the GM wants on paper)."""
        return printable_parts(self.controller.library_controller, [self.controller.uid])

    def export_pdf(self, path: Path | None = None, page_size: str | None = None) -> Path | None:
        """Write the encounter sheet to a PDF (asking where and on which paper when no
        `path` is given); the message line says where it went."""
        settings = self.controller.library_controller.settings
        parts = self._parts()  # refused early, before the file dialog
        name = self.controller.encounter.name
        if path is None:
            filters = paper_filters()
            chosen_name, chosen = QFileDialog.getSaveFileName(
                self,
                self.tr("Export PDF"),
                str(settings.export_folder() / f"{file_name(name)}.pdf"),
                ";;".join(filters.values()),
                filters[settings.pdf_page_size()],
            )
            if not chosen_name:
                return None
            page_size = next((size for size, text in filters.items() if text == chosen), "A4")
            settings.set_pdf_page_size(page_size)
            path = Path(chosen_name)
            if path.suffix.lower() != ".pdf":
                path = path.with_name(path.name + ".pdf")
            settings.set_export_folder(path.parent)
        write_pdf(path, parts, page_size=page_size or settings.pdf_page_size(), title=name)
        self.statusBar().showMessage(self.tr("Saved {0}").format(path), 8000)
        return path

    def print_sheet(self) -> bool:
        """The system's print dialog, then the encounter sheet."""
        parts = self._parts()

        def paint(device: QPagedPaintDevice) -> None:
            paint_parts(device, parts)

        return print_dialogs.print_dialog(self, paint, self.controller.encounter.name)
