"""Import and export for the open library (a mixin of `LibraryController`): reading
files off the UI thread, saving what was read all or nothing, writing numdesk JSON.

The entries that came in are announced (`entriesChanged`, `entrySaved`) so the browser
and open tabs follow; imports are not undoable (the import summary says what came in).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from numdesk.io.entries import ImportReport
    from numdesk.store.library import Library

#: progress(done, total), called as work goes; it may raise to stop
Progress = Callable[[int, int], None]


class LibraryTransfers:
    """Import and export (mixed into `LibraryController`, which sets what is declared)."""

    library: Library
    entriesChanged: Any
    _changed: Any
    entrySaved: Any

    # -- import and export ------------------------------------------------------------

    @staticmethod
    def read_import(
        paths: Sequence[Path], progress: Progress | None = None, keep_going: bool = False
    ) -> ImportReport:
        """Parse and validate `paths` without touching the library (safe off the UI thread).

        `progress(bytes read, bytes in all)` may raise `ImportCancelled` to stop. With
        `keep_going` files that cannot be read are listed in `report.failed` instead.
        """
        from numdesk.io.importer import read_files

        return read_files([Path(p) for p in paths], progress=progress, keep_going=keep_going)

    def save_import(self, report: ImportReport, progress: Progress | None = None) -> None:
        """Write what `read_import` produced, all or nothing, and announce the entries."""
        from numdesk.io.importer import save_report

        save_report(self.library, report, progress)
        self._announce(report)

    def _announce(self, report: ImportReport) -> None:
        self._changed()
        for file in report.files:
            for entry in file.entries:
                self.entrySaved.emit(entry.obj.uid)

    def import_files(
        self, paths: Sequence[Path], progress: Progress | None = None, keep_going: bool = False
    ) -> ImportReport:
        """Import `paths` (format detected from each file's content), all or nothing.

        With `keep_going` each file is all or nothing on its own: files that cannot be
        read are listed in `report.failed` and the others are imported.

        A problem raises a DomainError naming the file, the place in it and what was
        expected; `progress` may raise `ImportCancelled` to stop. Either way nothing is
        written. Imported entries are not undoable (the import summary says what came in).
        """
        from numdesk.io.importer import import_files

        report = import_files(
            self.library, [Path(p) for p in paths], progress, keep_going=keep_going
        )
        self._announce(report)
        return report

    def export(
        self, path: Path, uids: Sequence[str] | None = None, progress: Progress | None = None
    ) -> int:
        """Write the entries `uids` (all when None) as numdesk JSON to `path`; returns how many."""
        from numdesk.controllers.ability_links import follow_library
        from numdesk.io.export import export_entries

        return export_entries(
            self.library,
            Path(path),
            uids=uids,
            progress=progress,
            prepare=lambda entry: follow_library(self.library, entry),
        )

    def csrd_present(self) -> bool:
        """Whether the library holds CSRD content (the About box then shows its license)."""
        from numdesk.io.importer import csrd_present

        return csrd_present(self.library)
