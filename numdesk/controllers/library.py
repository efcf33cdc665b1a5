"""The open library as the views see it: entries, undoable library actions, import/export.

Views never talk to the store directly; they call this controller and redraw from its
signals. Library-level actions (create, duplicate, rename, delete, edits made in the
entry editor) are steps of the library's undo journal (`numdesk.controllers.journal`):
a delete keeps the whole entry with its tags, so undo brings it back complete; a
rename is a patch of the name alone, so undoing it keeps whatever was played since;
undoing the creation of an entry changed since asks first (`confirm`) and keeps its
content for redo. The journal is stored in the library, so it survives a restart.

At start-up the app lists the library before opening it (`preview_library`): the
first screen reads the file through `numdesk.store.reader`, and the `Library` (with
SQLAlchemy, its checks and the daily backup) opens right after the window is painted
(`finish_opening_soon`), or at once when anything needs it first.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from numdesk.controllers.journal import Confirm, EntryChange, UndoJournal
from numdesk.controllers.library_reading import LibraryReading
from numdesk.controllers.library_transfer import LibraryTransfers
from numdesk.controllers.settings import AppSettings
from numdesk.controllers.store_loading import StoreLoader, store_class
from numdesk.model.errors import DomainError
from numdesk.store.reader import LibraryReader

if TYPE_CHECKING:
    from numdesk.model.kinds import ModelObject
    from numdesk.model.merge import MergeConflict
    from numdesk.store.library import Library
    from numdesk.store.quick_open import QuickOpen


#: how often a save merges again when another process saved between its read and write
_MERGE_ATTEMPTS = 3


class EditConflict(DomainError):
    """An edit refused because the same field was changed elsewhere since it was loaded.

    `stored` is the entry as stored now (the editor shows it again), `path` where
    both sides changed it (its first part is the entry's field) and `field` that field.
    Nothing was written.
    """

    def __init__(self, stored: ModelObject, conflict: MergeConflict) -> None:
        from numdesk.model.merge import describe_path

        message = QCoreApplication.translate(
            "EditConflict",
            "“{0}”: {1} was changed in another window or another numdesk since it was "
            "opened here, so your change was not saved and nothing was overwritten. It "
            "now shows the saved version; make your change again if it is still needed.",
        ).format(stored.name, describe_path(conflict.path))
        field = conflict.path[0] if conflict.path and isinstance(conflict.path[0], str) else None
        super().__init__(message, field=field)
        self.stored = stored
        self.path = conflict.path


class ImportCancelled(Exception):
    """Raised from a progress callback when the user pressed Cancel; nothing is written."""


class LibraryController(LibraryReading, LibraryTransfers, QObject):
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

    # -- writing (undoable) -----------------------------------------------------------

    def create(self, obj: ModelObject) -> str:
        """Add a new entry (undoable); returns its uid."""
        from numdesk.store.commit import Write

        text = self.tr("Create “{0}”").format(obj.name)
        self.journal.record(text, [EntryChange.create(obj)], [Write(obj.uid, obj, None)])
        self._saved([obj.uid])
        return obj.uid

    def duplicate(self, uid: str) -> str:
        """Store a copy of `uid` under a new uid and a "(copy)" name; returns the new uid."""
        from numdesk.model.items import new_uid
        from numdesk.store.commit import Write

        original = self.load(uid)
        clone = copy.deepcopy(original)
        clone.uid = new_uid()
        clone.name = self.tr("{0} (copy)").format(original.name)
        text = self.tr("Duplicate “{0}”").format(original.name)
        meta = self.meta(uid)
        self.journal.record(
            text,
            [EntryChange.create(clone, meta.tags, meta.favourite)],
            [Write(clone.uid, clone, None, meta.tags, meta.favourite)],
        )
        self._saved([clone.uid])
        return clone.uid

    def rename(self, uid: str, name: str) -> None:
        """Give entry `uid` a new name (undoable); a blank name is refused."""
        name = name.strip()
        if not name:
            raise DomainError(self.tr("A name cannot be empty."), field="name")
        before = self.load(uid)
        if before.name == name:
            return
        after = copy.deepcopy(before)
        after.name = name
        text = self.tr("Rename “{0}” to “{1}”").format(before.name, name)
        self.save_field_changes(before, after, text=text)

    def check_deletable(self, uids: Collection[str]) -> None:
        """DomainError naming the users if deleting `uids` would orphan entries using a
        rules set among them (checked before a multi-delete starts, so none happens)."""
        self.library.check_deletable(uids)

    def delete(self, uid: str) -> None:
        """Remove entry `uid`; undo stores it again complete, with its tags.

        A rules set that entries still use is refused (DomainError naming them) before
        anything is written.
        """
        from numdesk.model.kinds import kind_of
        from numdesk.model.newer import carry_newer
        from numdesk.model.serialize import to_data
        from numdesk.store.commit import Write

        if self._pending is None:  # a batch checks its whole selection first
            self.library.check_deletable([uid])
        before, revision = self.library.load_revision(uid)
        meta = self.meta(uid)
        text = self.tr("Delete “{0}”").format(before.name)
        stored = self.library.newer_stored([uid]).get(uid)  # a newer numdesk's fields
        data = None if stored is None else carry_newer(kind_of(before), stored, to_data(before))
        change = EntryChange.delete(before, meta.tags, meta.favourite, data)
        self.journal.record(text, [change], [Write(uid, None, revision)])
        self._deleted([uid])

    @contextmanager
    def coalesced(self) -> Iterator[None]:
        """Announce `entriesChanged` once, at the end, for every change made inside
        (marking twenty entries as favourites lists the library again once, not twenty
        times)."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
            if not self._holding and self._changed_held:
                self._changed_held = False
                self.entriesChanged.emit()

    def _changed(self) -> None:
        """Announce that the set of entries (or their names, tags) changed."""
        if self._holding:
            self._changed_held = True
        else:
            self.entriesChanged.emit()

    @contextmanager
    def batch(self, text: str) -> Iterator[None]:
        """Make the creates, duplicates and deletes inside ONE undo step and transaction
        (written when the block ends; nothing is written if it raises)."""
        if self._pending is not None:
            yield
            return
        pending: tuple[list[str], list[str]] = ([], [])
        self._pending = pending
        try:
            with self.journal.batch(text):
                yield
        finally:
            self._pending = None
        with self.coalesced():
            self._saved(pending[0])
            self._deleted(pending[1])

    def save_field_changes(
        self,
        loaded: ModelObject,
        edited: ModelObject,
        check: Callable[[ModelObject], None] | None = None,
        text: str | None = None,
    ) -> ModelObject:
        """Store what changed from `loaded` to `edited` onto the entry as it is stored
        NOW (undoable on the library stack); returns the entry as stored afterwards.

        This is the one save path for a copy of an entry edited over time (the entry
        editor, a rename): `loaded` is the state the edit started from, so a field
        another window, another numdesk or an import changed meanwhile is kept
        (`numdesk.model.merge.merge3`), and a field changed both here and there is
        refused with an `EditConflict` carrying the stored entry: nothing is written.
        `check` vets the merged entry (the editor's rules across fields) before it is
        written; `text` names the undo step ("Edit “name”" by default).
        """
        from numdesk.model.merge import MergeConflict, merge3
        from numdesk.model.serialize import from_data, to_data
        from numdesk.store.commit import ConflictError, Write

        base, mine = to_data(loaded), to_data(edited)
        for _attempt in range(_MERGE_ATTEMPTS):
            current, revision = self.library.load_revision(edited.uid)
            now = to_data(current)
            if base == mine:
                return current
            try:
                data = merge3(base, mine, now)
            except MergeConflict as conflict:
                raise EditConflict(current, conflict) from None
            if data == now:
                return current
            merged: ModelObject = from_data(type(current), data)
            if check is not None:
                check(merged)
            change = EntryChange.between(merged, now, data)
            step = text or self.tr("Edit “{0}”").format(merged.name)
            try:
                self.journal.record(step, [change], [Write(merged.uid, merged, revision)])
            except ConflictError:
                continue  # saved elsewhere between the read and the write: merge again
            self._saved([merged.uid])
            return merged
        raise DomainError(
            self.tr(
                "“{0}” keeps being changed elsewhere; your change was not saved. Try again."
            ).format(edited.name)
        )

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

    def notify_saved(self, uid: str) -> None:
        """Tell every open view that `uid` was written by someone else (a sheet).

        Only `entrySaved`: the set of entries is the same, so lists refresh the rows
        showing `uid` instead of listing the library again after every click on a sheet.
        """
        self.entrySaved.emit(uid)

    def set_favourite(self, uid: str, favourite: bool) -> None:
        """Mark or unmark `uid` as a favourite."""
        self.library.set_favourite(uid, favourite)
        self._changed()

    def set_tags(self, uid: str, tags: Iterable[str]) -> None:
        """Replace the tags of `uid` (blank and repeated tags are dropped)."""
        cleaned: list[str] = []
        for tag in tags:
            tag = tag.strip()
            if tag and tag not in cleaned:
                cleaned.append(tag)
        self.library.set_tags(uid, cleaned)
        self._changed()

    def _saved(self, uids: Sequence[str]) -> None:
        if self._pending is not None:
            self._pending[0].extend(uids)
            return
        for uid in uids:
            self.entrySaved.emit(uid)
        self._changed()

    def _deleted(self, uids: Sequence[str]) -> None:
        if self._pending is not None:
            self._pending[1].extend(uids)
            return
        for uid in uids:
            self.entryDeleted.emit(uid)
        self._changed()

    def _on_replayed(self, result: dict[str, tuple[ModelObject | None, int]]) -> None:
        """An undo or redo wrote these entries: windows showing them follow."""
        for uid, (obj, _revision) in result.items():
            if obj is None:
                self.entryDeleted.emit(uid)
            else:
                self.entrySaved.emit(uid)
        self._changed()

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
