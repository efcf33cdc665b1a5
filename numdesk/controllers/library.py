"""The open library as the views see it: entries, undoable library actions, import/export.

Views never talk to the store directly; they call this controller and redraw from its
signals. Library-level actions (create, duplicate, rename, delete, edits made in the
entry editor) are QUndoCommands on one `undo_stack`: each command keeps a copy of the
entry before and after, so undoing a delete simply saves the kept copy again.

At start-up the app lists the library before opening it (`preview_library`): the
first screen reads the file through `numdesk.store.reader`, and the `Library` (with
SQLAlchemy, its checks and the daily backup) opens right after the window is painted
(`finish_opening_soon`), or at once when anything needs it first.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Collection, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from numdesk.controllers.settings import AppSettings
from numdesk.controllers.store_loading import StoreLoader, store_class
from numdesk.model.entry_kind import EntryKind
from numdesk.model.errors import DomainError
from numdesk.model.summary import EntrySummary
from numdesk.store.reader import LibraryReader

if TYPE_CHECKING:
    from numdesk.io.entries import ImportReport
    from numdesk.model.kinds import ModelObject
    from numdesk.store.library import Library

Progress = Callable[[int, int], None]


class ImportCancelled(Exception):
    """Raised from a progress callback when the user pressed Cancel; nothing is written."""


@dataclasses.dataclass(frozen=True)
class EntryMeta:
    """What the store keeps beside an entry (restored with it when a delete is undone)."""

    tags: tuple[str, ...] = ()
    favourite: bool = False


class _EntryCommand(QUndoCommand):
    """Replace an entry's stored state `before` by `after` (None means "not in the library")."""

    def __init__(
        self,
        controller: LibraryController,
        text: str,
        uid: str,
        before: ModelObject | None,
        after: ModelObject | None,
        meta: EntryMeta | None = None,
    ) -> None:
        super().__init__(text)
        self._controller = controller
        self._uid = uid
        self._before = copy.deepcopy(before)
        self._after = copy.deepcopy(after)
        self._meta = meta

    def redo(self) -> None:
        self._controller._write(self._uid, self._after, self._meta)

    def undo(self) -> None:
        self._controller._write(self._uid, self._before, self._meta)


class _RenameCommand(QUndoCommand):
    """Change only an entry's name, both ways.

    Unlike `_EntryCommand` it never writes back a whole earlier copy: a sheet or an
    encounter may have been played since the rename, and undoing the rename must not
    undo the play.
    """

    def __init__(
        self, controller: LibraryController, text: str, uid: str, old: str, new: str
    ) -> None:
        super().__init__(text)
        self._controller = controller
        self._uid = uid
        self._old = old
        self._new = new

    def redo(self) -> None:
        self._controller._write_name(self._uid, self._new)

    def undo(self) -> None:
        self._controller._write_name(self._uid, self._old)


def _kind_of(obj: ModelObject) -> EntryKind:
    """The kind of `obj` (`numdesk.model.kinds`, which loads every model class, is
    imported on first use: the first screen lists entries without them)."""
    from numdesk.model.kinds import kind_of

    return kind_of(obj)


class LibraryController(QObject):
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

    def __init__(
        self,
        library: Library | None = None,
        settings: AppSettings | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._preview: LibraryReader | None = None
        self.settings = settings if settings is not None else AppSettings()
        self.undo_stack = QUndoStack(self)
        if library is not None:
            self.settings.add_recent_library(library.path)

    # -- the library file -------------------------------------------------------------

    @property
    def library(self) -> Library:
        """The open library (a DomainError when none is open).

        A library shown through `preview_library` is opened in full here, on first use.
        """
        if self._library is None and self._preview is not None:
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
        """Whether the library itself is open (not only shown through a preview)."""
        return self._library is not None

    @property
    def backup_problem(self) -> str | None:
        """Why the open library got no automatic backup on opening (None when it did)."""
        return None if self._library is None else self._library.backup_problem

    @property
    def rules_set_problems(self) -> list[str]:
        """A sentence for each of the library's rules sets that cannot be used."""
        return [] if self._library is None else list(self._library.rules_set_problems)

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
        """`finish_opening` once the store is imported on a worker thread; a failure is
        announced by `openFailed` (the library is then closed)."""
        loader = StoreLoader(self)
        loader.loaded.connect(self._finish_loaded)
        loader.start()

    def _finish_loaded(self) -> None:
        try:
            self.finish_opening()
        except DomainError as err:
            self.entriesChanged.emit()  # lists empty themselves: no library is open
            self.openFailed.emit(err.message)

    def _switch_to(self, library: Library) -> None:
        if self._preview is not None:
            self._preview.close()
            self._preview = None
        old = self._library
        self._library = library
        self.undo_stack.clear()
        if old is not None:
            old.close()
        self.settings.add_recent_library(library.path)
        self.libraryOpened.emit(library.path)
        self.entriesChanged.emit()

    def close(self) -> None:
        """Close the library file (at exit)."""
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

    # -- reading ----------------------------------------------------------------------

    def search(
        self,
        text: str = "",
        kinds: Collection[EntryKind] | None = None,
        profile: str | None = None,
        tags: Collection[str] | None = None,
        favourites_only: bool = False,
        limit: int = 500,
        *,
        level_min: int | None = None,
        level_max: int | None = None,
        offset: int = 0,
    ) -> list[EntrySummary]:
        """Entries matching the browser's search box and filters, best first."""
        source = self._preview if self._preview is not None else self.library
        return source.search(
            text,
            kinds=kinds,
            profile=profile,
            level_min=level_min,
            level_max=level_max,
            tags=tags,
            favourites_only=favourites_only,
            limit=limit,
            offset=offset,
        )

    def count_matches(
        self,
        text: str = "",
        kinds: Collection[EntryKind] | None = None,
        profile: str | None = None,
        tags: Collection[str] | None = None,
        favourites_only: bool = False,
        *,
        level_min: int | None = None,
        level_max: int | None = None,
    ) -> int:
        """How many entries `search` finds with these filters (for "N entries")."""
        source = self._preview if self._preview is not None else self.library
        return source.count_matches(
            text,
            kinds=kinds,
            profile=profile,
            level_min=level_min,
            level_max=level_max,
            tags=tags,
            favourites_only=favourites_only,
        )

    def load(self, uid: str) -> ModelObject:
        """A fresh copy of the stored entry `uid`."""
        return self.library.load(uid)

    def load_resolved(self, uid: str) -> ModelObject:
        """Entry `uid` as it is shown: a character's abilities linked to library entries
        carry those entries' current text (what a printout or an export holds)."""
        from numdesk.controllers.ability_links import follow_library

        entry = self.library.load(uid)
        follow_library(self.library, entry)
        return entry

    def kind_of(self, uid: str) -> EntryKind:
        """The kind of entry `uid`."""
        return self.library.kind_of_uid(uid)

    def rules_sets(self) -> list[EntrySummary]:
        """The library's house rules sets, by name (none when no library is open)."""
        return self.library.rules_sets.list() if self._library is not None else []

    def all_tags(self) -> list[str]:
        """Every tag used in the library."""
        source = self._preview if self._preview is not None else self.library
        return source.all_tags()

    def count(self, kind: EntryKind | None = None) -> int:
        """How many entries (of `kind`) the library holds."""
        source = self._preview if self._preview is not None else self.library
        return source.count(kind)

    def meta(self, uid: str) -> EntryMeta:
        """The tags and favourite mark of `uid`."""
        summary = self.library.summary(uid)
        return EntryMeta(tuple(summary.tags), summary.favourite)

    def summary(self, uid: str) -> EntrySummary:
        """The browser line of `uid`."""
        return self.library.summary(uid)

    # -- writing (undoable) -----------------------------------------------------------

    def create(self, obj: ModelObject) -> str:
        """Add a new entry (undoable); returns its uid."""
        text = self.tr("Create “{0}”").format(obj.name)
        self.undo_stack.push(_EntryCommand(self, text, obj.uid, None, obj))
        return obj.uid

    def duplicate(self, uid: str) -> str:
        """Store a copy of `uid` under a new uid and a "(copy)" name; returns the new uid."""
        from numdesk.model.items import new_uid

        original = self.load(uid)
        clone = copy.deepcopy(original)
        clone.uid = new_uid()
        clone.name = self.tr("{0} (copy)").format(original.name)
        text = self.tr("Duplicate “{0}”").format(original.name)
        meta = self.meta(uid)
        self.undo_stack.push(_EntryCommand(self, text, clone.uid, None, clone, meta))
        return clone.uid

    def rename(self, uid: str, name: str) -> None:
        """Give entry `uid` a new name (undoable); a blank name is refused."""
        name = name.strip()
        if not name:
            raise DomainError(self.tr("A name cannot be empty."), field="name")
        old = self.load(uid).name
        if old == name:
            return
        text = self.tr("Rename “{0}” to “{1}”").format(old, name)
        self.undo_stack.push(_RenameCommand(self, text, uid, old, name))

    def check_deletable(self, uids: Collection[str]) -> None:
        """DomainError naming the users if deleting `uids` would orphan entries using a
        rules set among them (checked before a multi-delete starts, so none happens)."""
        self.library.check_deletable(uids)

    def delete(self, uid: str) -> None:
        """Remove entry `uid`; undo stores the kept copy (with its tags) again.

        A rules set that entries still use is refused (DomainError naming them) before
        anything is pushed on the undo stack.
        """
        self.library.check_deletable([uid])
        before = self.load(uid)
        meta = self.meta(uid)
        text = self.tr("Delete “{0}”").format(before.name)
        self.undo_stack.push(_EntryCommand(self, text, uid, before, None, meta))

    def edit(self, obj: ModelObject) -> None:
        """Store an edited entry (the entry editor's autosave), undoable on the library stack."""
        before = self.load(obj.uid)
        if before == obj:
            return
        text = self.tr("Edit “{0}”").format(obj.name)
        self.undo_stack.push(_EntryCommand(self, text, obj.uid, before, obj))

    def save_entry(self, obj: ModelObject) -> None:
        """Store `obj` now (for controllers with their own undo stacks) and announce it."""
        self.library.repo_for(_kind_of(obj)).save(obj)
        self.entrySaved.emit(obj.uid)
        self.entriesChanged.emit()

    def notify_saved(self, uid: str) -> None:
        """Tell every open view that `uid` was written by someone else."""
        self.entrySaved.emit(uid)
        self.entriesChanged.emit()

    def set_favourite(self, uid: str, favourite: bool) -> None:
        """Mark or unmark `uid` as a favourite."""
        self.library.set_favourite(uid, favourite)
        self.entriesChanged.emit()

    def set_tags(self, uid: str, tags: Iterable[str]) -> None:
        """Replace the tags of `uid` (blank and repeated tags are dropped)."""
        cleaned: list[str] = []
        for tag in tags:
            tag = tag.strip()
            if tag and tag not in cleaned:
                cleaned.append(tag)
        self.library.set_tags(uid, cleaned)
        self.entriesChanged.emit()

    def _write_name(self, uid: str, name: str) -> None:
        """Set the stored name of `uid`, keeping everything else as it is stored now."""
        current = self.load(uid)
        current.name = name
        self.library.repo_for(_kind_of(current)).save(current)
        self.entrySaved.emit(uid)
        self.entriesChanged.emit()

    def _write(self, uid: str, obj: ModelObject | None, meta: EntryMeta | None) -> None:
        """Make the stored state of `uid` equal `obj` (delete when None); used by commands."""
        library = self.library
        if obj is None:
            library.repo_for(library.kind_of_uid(uid)).delete(uid)
            self.entryDeleted.emit(uid)
        else:
            library.repo_for(_kind_of(obj)).save(copy.deepcopy(obj))
            if meta is not None:
                library.set_tags(uid, list(meta.tags))
                library.set_favourite(uid, meta.favourite)
            self.entrySaved.emit(uid)
        self.entriesChanged.emit()

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
        self.entriesChanged.emit()
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
