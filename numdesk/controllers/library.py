"""The open library as the views see it: entries, undoable library actions, import/export.

Views never talk to the store directly; they call this controller and redraw from its
signals. Library-level actions (create, duplicate, rename, delete, edits made in the
entry editor) are steps of the library's undo journal (`numdesk.controllers.journal`):
a delete keeps the whole entry with its tags, so undo brings it back complete; a
rename is a patch of the name alone, so undoing it keeps whatever was played since;
undoing the creation of an entry changed since asks first (`confirm`) and keeps its
content for redo. The journal is stored in the library, so it survives a restart.

This module holds opening and closing the library file, the session and backups; the
controller's other parts are mixins: reading (`library_reading`), changing
(`library_writing`) and import/export (`library_transfer`).

At start-up the app lists the library before opening it (`preview_library`): the
first screen reads the file through `numdesk.store.reader`, and the `Library` (with
SQLAlchemy, its checks and the daily backup) opens right after the window is painted
(`finish_opening_soon`), or at once when anything needs it first.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from numdesk.controllers.journal import Confirm, UndoJournal
from numdesk.controllers.library_reading import LibraryReading
from numdesk.controllers.library_transfer import LibraryTransfers
from numdesk.controllers.library_writing import EditConflict, LibraryWriting
from numdesk.controllers.settings import AppSettings
from numdesk.controllers.store_loading import StoreLoader, store_class
from numdesk.model.errors import DomainError
from numdesk.store.reader import LibraryReader

if TYPE_CHECKING:
    from numdesk.store.library import Library
    from numdesk.store.quick_open import QuickOpen

#: `EditConflict` is raised by the writing mixin; callers import it from here
__all__ = ["EditConflict", "ImportCancelled", "LibraryController"]


class ImportCancelled(Exception):
    """Raised from a progress callback when the user pressed Cancel; nothing is written."""


class LibraryController(LibraryReading, LibraryWriting, LibraryTransfers, QObject):
    """Owns the open `Library` and its undo stack; the one bridge from views to the store."""

    #: the set of entries or their names/tags changed: lists and browsers re-query
    entriesChanged = Signal()
    #: a (new) library file is now open
    libraryOpened = Signal(Path)
    #: an entry was written; open sheets and encounters holding it reload
    entrySaved = Signal(str)
    #: an entry left the library; tabs showing it close
    entryDeleted = Signal(str)
    #: opening the previewed library in full failed (`finish_opening_soon`): the message
    openFailed = Signal(str)
    #: something the user should know that is not an error (an undo refused)
    notice = Signal(str)
    #: an open sheet did something: (character uid, operation, Change) — the table
    #: link shares a joined player's rolls from it
    characterActed = Signal(str, object, object)

    def __init__(
        self,
        library: Library | None = None,
        settings: AppSettings | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._preview: LibraryReader | None = None
        #: the previewed library's quick open (`finish_opening_soon`): it is fully open,
        #: read through the live `_preview` until the store is imported
        self._quick: QuickOpen | None = None
        self.settings = settings if settings is not None else AppSettings()
        self.journal = UndoJournal(lambda: self.library, "library", self, self._source)
        self.journal.replayed.connect(self._on_replayed)
        self.journal.refused.connect(self.notice)
        self.undo_stack = self.journal.stack
        self._pending: tuple[list[str], list[str]] | None = None
        self._holding = 0  # `coalesced` blocks open
        self._changed_held = False  # a change announced inside them, not yet emitted
        if library is not None:
            self.settings.add_recent_library(library.path)
            self.journal.restore()

    @property
    def confirm(self) -> Confirm | None:
        """Asks before an undo deletes an entry changed since it was made (None: refuse)."""
        return self.journal.confirm

    @confirm.setter
    def confirm(self, ask: Confirm | None) -> None:
        self.journal.confirm = ask

    # -- the library file -------------------------------------------------------------

    @property
    def library(self) -> Library:
        """The open library (a DomainError when none is open).

        A library shown through `preview_library` is opened in full here, on first use.
        """
        if self._library is None and self._preview is not None:
            if self._quick is not None:
                self._attach()
            else:
                self.finish_opening()
        if self._library is None:
            raise DomainError(self.tr("No library is open."))
        return self._library

    @property
    def is_open(self) -> bool:
        """Whether a library is open (or shown, about to be opened in full)."""
        return self._library is not None or self._preview is not None

    @property
    def is_fully_open(self) -> bool:
        """Whether the library itself is open (not only shown through a preview): checked,
        backed up, its rules sets and undo steps read (the store may still be loading)."""
        return self._library is not None or self._quick is not None

    @property
    def backup_problem(self) -> str | None:
        """Why the open library got no automatic backup on opening (None when it did)."""
        if self._quick is not None:
            return self._quick.backup_problem
        return None if self._library is None else self._library.backup_problem

    @property
    def rules_set_problems(self) -> list[str]:
        """A sentence for each of the library's rules sets that cannot be used."""
        if self._library is None:
            return [] if self._preview is None else list(self._preview.rules_set_problems)
        return list(self._library.rules_set_problems)

    @property
    def path(self) -> Path | None:
        """The open library's file."""
        if self._preview is not None:
            return self._preview.path
        return None if self._library is None else self._library.path

    def open_library(self, path: Path, create: bool = False) -> None:
        """Open `path` (creating it when asked); the old library stays open if this fails."""
        library = store_class().open(Path(path), create=create)
        self._switch_to(library)

    def open_library_read_only(self, path: Path) -> None:
        """Open `path` for looking and printing only (another numdesk that does not answer
        has it open): every change is refused with a message, nothing is written."""
        self._switch_to(store_class().open_read_only(Path(path)))

    @property
    def read_only(self) -> bool:
        """Whether the open library takes no changes (`open_library_read_only`)."""
        return self._library is not None and self._library.read_only

    def new_library(self, path: Path) -> None:
        """Create a new library with starter content at `path` and open it."""
        self._switch_to(store_class().create(Path(path)))

    def preview_library(self, path: Path) -> bool:
        """Show the library at `path` before it is open: lists, searches, tags and counts
        read the file directly until `finish_opening` (the app's first screen).

        False, changing nothing, when the file must be opened in full first (new,
        older, newer, damaged, in use) or a library is open already: call
        `open_library` then.
        """
        if self.is_open:
            return False
        self._preview = LibraryReader.open(Path(path))
        return self._preview is not None

    def finish_opening(self) -> None:
        """Open the previewed library in full (migrations, checks, daily backup).

        A DomainError if it cannot be opened; no library is open then.
        """
        preview = self._preview
        if preview is None:
            return
        preview.close()
        self._preview = None
        self._switch_to(store_class().open(preview.path, create=False))

    def finish_opening_soon(self) -> None:
        """Open the previewed library: at once with `quick_open`'s checks (plain
        `sqlite3`) when they suffice, the store then imported on a worker thread for the
        first change; else in full once the store is imported on a worker thread. A
        failure is announced by `openFailed` (the library is then closed)."""
        from numdesk.store.quick_open import quick_open

        preview = self._preview
        if preview is None:
            return
        quick = quick_open(preview.path)
        live = LibraryReader.live(preview.path) if quick is not None else None
        loader = StoreLoader(self)
        if live is None:
            loader.loaded.connect(self._finish_loaded)
            loader.start()
            return
        preview.close()
        self._preview, self._quick = live, quick
        self.settings.add_recent_library(live.path)
        self.journal.restore()
        self.libraryOpened.emit(live.path)
        self._changed()
        loader.loaded.connect(self._attach_loaded)
        # once the event loop has answered the opening (what it shows comes first)
        QTimer.singleShot(0, loader.start)

    def _attach(self) -> None:
        """Open the `Library` on the quickly opened file (its checks are done), in place
        of the live reader."""
        live = self._preview
        if live is None or self._quick is None:
            return
        self._library = store_class().attach(live.path)
        self._preview = None
        live.close()

    def _attach_loaded(self) -> None:
        if self._library is not None or self._quick is None:
            return  # opened on first use already, or another library was opened
        try:
            self._attach()
        except DomainError as err:
            self.close()
            self._changed()  # lists empty themselves: no library is open
            self.openFailed.emit(err.message)

    def _finish_loaded(self) -> None:
        try:
            self.finish_opening()
        except DomainError as err:
            self._changed()  # lists empty themselves: no library is open
            self.openFailed.emit(err.message)

    def _switch_to(self, library: Library) -> None:
        self._quick = None
        if self._preview is not None:
            self._preview.close()
            self._preview = None
        old = self._library
        self._library = library
        self.journal.restore()
        if old is not None:
            old.close()
        self.settings.add_recent_library(library.path)
        self.libraryOpened.emit(library.path)
        self._changed()

    def close(self) -> None:
        """Close the library file (at exit)."""
        self._quick = None
        if self._preview is not None:
            self._preview.close()
            self._preview = None
        if self._library is not None:
            self._library.close()
            self._library = None
        self.undo_stack.clear()

    def recent_libraries(self) -> list[Path]:
        """Recently opened libraries, most recent first."""
        return self.settings.recent_libraries()

    # -- the session ------------------------------------------------------------------

    def remember_session(
        self, tabs: Sequence[str], fights: Sequence[str], current: str | None = None
    ) -> None:
        """Keep in the library which sheets/entries (tabs) and fights are open, and which
        tab is in front (`current`), for `session` to bring them back at the next start.
        A read-only library keeps the session its writer stored."""
        if self.is_fully_open and not self.read_only:
            self.library.meta_set(
                "open_documents",
                {"tabs": list(tabs), "fights": list(fights), "current": current},
            )

    def session_current(self) -> str | None:
        """The tab that was in front when numdesk last closed (if still in the library)."""
        stored = self.library.meta_get("open_documents", {}) or {}
        current = stored.get("current") if isinstance(stored, dict) else None
        return current if isinstance(current, str) and self.library.has(current) else None

    def session(self) -> tuple[list[str], list[str]]:
        """The tabs and fights that were open (still in the library), as remembered."""
        # read without the store: at start-up it is still loading
        stored = self._source().meta_get("open_documents", {}) or {}
        tabs = [u for u in stored.get("tabs", []) if isinstance(u, str) and self.has(u)]
        fights = [u for u in stored.get("fights", []) if isinstance(u, str) and self.has(u)]
        return tabs, fights

    # -- backups ----------------------------------------------------------------------

    def list_backups(self) -> list[Path]:
        """The library's backups, as the store lists them."""
        return self.library.list_backups()

    def restore_backup(self, backup: Path) -> None:
        """Replace the open library by `backup` (the store keeps the current file as a backup)."""
        library = self.library
        target = library.path
        library.close()
        self._library = None
        try:
            store_class().restore_backup(Path(backup), target)
        finally:
            self._switch_to(store_class().open(target, create=False))
