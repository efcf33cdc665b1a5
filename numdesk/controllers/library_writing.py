"""Changing the open library (a mixin of `LibraryController`): the undoable library
actions (create, duplicate, rename, delete, edits from the entry editor), tags and
favourites, and the signals that tell the views what changed.

Every undoable action is a step of the library's undo journal
(`numdesk.controllers.journal`): a delete keeps the whole entry with its tags, so undo
brings it back complete; a rename is a patch of the name alone, so undoing it keeps
whatever was played since. An edit is merged onto the entry as stored now, so a change
made meanwhile in another window or another numdesk is kept, not overwritten.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from numdesk.model.errors import DomainError

if TYPE_CHECKING:
    from numdesk.controllers.journal import UndoJournal
    from numdesk.controllers.library_reading import EntryMeta
    from numdesk.model.kinds import ModelObject
    from numdesk.model.merge import MergeConflict
    from numdesk.store.library import Library


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


class LibraryWriting:
    """The write side of `LibraryController` (which sets what is declared here)."""

    library: Library
    journal: UndoJournal
    load: Callable[[str], ModelObject]
    meta: Callable[[str], EntryMeta]
    tr: Callable[[str], str]
    entriesChanged: Any
    entrySaved: Any
    entryDeleted: Any
    #: the uids saved and deleted inside an open `batch` (announced when it ends)
    _pending: tuple[list[str], list[str]] | None
    _holding: int  # `coalesced` blocks open
    _changed_held: bool  # a change announced inside them, not yet emitted

    def create(self, obj: ModelObject) -> str:
        """Add a new entry (undoable); returns its uid."""
        from numdesk.controllers.entry_change import EntryChange
        from numdesk.store.commit import Write

        text = self.tr("Create “{0}”").format(obj.name)
        self.journal.record(text, [EntryChange.create(obj)], [Write(obj.uid, obj, None)])
        self._saved([obj.uid])
        return obj.uid

    def duplicate(self, uid: str) -> str:
        """Store a copy of `uid` under a new uid and a "(copy)" name; returns the new uid."""
        import copy  # (like the model: not needed before the first change)

        from numdesk.controllers.entry_change import EntryChange
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
        import copy

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
        from numdesk.controllers.entry_change import EntryChange
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
        from numdesk.controllers.entry_change import EntryChange
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
