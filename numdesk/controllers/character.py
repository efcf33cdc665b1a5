"""The controller of one open character sheet: the only bridge from sheet views to the store.

Every change is an Operation applied through `apply`: it is applied, saved in one
revision-checked store transaction together with its undo journal line (autosave:
there is no Save button), and pushed on the sheet's undo stack; `changed` then tells
the views to redraw.

When another window saves the same character (the encounter window applying damage, a
GM intrusion from another sheet), `LibraryController.entrySaved` fires and this
controller re-reads it; its undo history stays: each step is a patch that undo applies
to the character as it is then (`numdesk.controllers.journal`), so undoing an edit made
here never wipes out damage taken in the fight. If another numdesk saved first, the
save is refused, the sheet reloads and `notice` says so: nothing is overwritten.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, Signal

from numdesk.controllers.ability_links import AbilityLink, AbilityLinks
from numdesk.controllers.entry_change import EntryChange
from numdesk.controllers.journal import Held, UndoJournal
from numdesk.controllers.roll_log import RollLog
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.history import now_iso
from numdesk.model.kinds import ModelObject
from numdesk.model.operations.base import Change, Operation
from numdesk.model.serialize import entry_data
from numdesk.rules.dice import Dice, RollRecord
from numdesk.rules.profiles import Profile, get_profile
from numdesk.store.commit import ConflictError, Write


class CharacterController(QObject):
    """Owns one Character loaded from the library, its undo stack and its dice.

    `library` is a `numdesk.store.Library`; `library_controller` (optional) is the
    main window's LibraryController whose `entrySaved(str)` signal is emitted after
    each save and listened to for saves made elsewhere.
    """

    #: the character changed (an edit, an undo/redo, or a reload); redraw everything
    changed = Signal()
    #: a die was rolled: (RollRecord, ISO time)
    rolled = Signal(object, str)
    #: the character was reloaded because another numdesk saved it first
    reloaded = Signal()
    #: something the player should know that is not an error (an undo refused, a reload)
    notice = Signal(str)

    def __init__(
        self,
        library: Any,
        uid: str,
        library_controller: QObject | None = None,
        dice: Dice | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._uid = uid
        self._library_controller = library_controller
        self._character: Character
        self._revision = 0
        self._others: dict[str, int] = {}
        self._links = AbilityLinks(library)
        #: `entry_data` of the character as it is in memory now (no history), and
        #: whether the library holds exactly that at `_revision`: a click converts the
        #: sheet once, and an undo patches this copy instead of reading the entry back
        self._data: dict[str, Any] = {}
        self._as_stored = False
        self._load()
        self._saving = False
        # linked abilities show their library entry's current text: followed again after
        # every change (an undo may bring back an older copy), before any view redraws
        self.changed.connect(self._follow_links)
        self.journal = UndoJournal(lambda: self._library, f"character:{uid}", self)
        self.journal.held = self._held
        self.journal.replayed.connect(self._on_replayed)
        self.journal.refused.connect(self.notice)
        self.journal.restore()
        self.undo_stack = self.journal.stack
        self._rolls = RollLog(library, uid)
        #: the dice rolled on this sheet, oldest first (kept across restarts)
        self.roll_log: list[tuple[RollRecord, str]] = self._rolls.rolls
        #: rolls kept in the library that could not be read back (the sheet says so)
        self.unreadable_rolls = self._rolls.unreadable
        self.dice = dice if dice is not None else Dice()
        self.dice.on_roll = self._on_roll
        if library_controller is not None:
            signal = getattr(library_controller, "entrySaved", None)
            if signal is not None:
                signal.connect(self._on_entry_saved)
            deleted = getattr(library_controller, "entryDeleted", None)
            if deleted is not None:
                deleted.connect(self._on_linked_entry_changed)

    # -- what the views read ---------------------------------------------------------
    @property
    def character(self) -> Character:
        """The character as it is now (read it; change it only through `apply`)."""
        return self._character

    @property
    def uid(self) -> str:
        return self._uid

    @property
    def library(self) -> Any:
        """The open Library (the wizard and pickers search it)."""
        return self._library

    @property
    def library_controller(self) -> QObject | None:
        return self._library_controller

    @property
    def profile(self) -> Profile:
        """The rules profile of the character; views ask it instead of testing names."""
        return get_profile(self._character.profile)

    def ability_link(self, uid: str) -> AbilityLink | None:
        """How the text of ability `uid` is found (library, own, entry gone); None if
        the ability was not taken from the library."""
        ability = next((a for a in self._character.abilities if a.uid == uid), None)
        return None if ability is None else self._links.link(ability)

    def refresh_links(self) -> None:
        """Read every linked library entry again and redraw (a library changed on disk)."""
        self._links.read(self._character)
        self.changed.emit()

    # -- changing the character --------------------------------------------------------
    def apply(self, operation: Operation[Character], text: str | None = None) -> Change:
        """Apply `operation`, save, push it for undo, emit `changed`; return what it did.

        Raises DomainError (from the operation) or LibraryError (from the store) with
        nothing changed in memory or in the library; a ConflictError (another numdesk
        saved first) also reloads the sheet.
        """
        return self.apply_with_others(operation, [], text)

    def apply_with_others(
        self,
        operation: Operation[Character],
        others: Sequence[tuple[Operation[Character], Character]],
        text: str | None = None,
    ) -> Change:
        """Apply `operation` here and each `(op, other character)` as ONE undo step,
        written in ONE transaction.

        Used when an action on this sheet changes other characters too (a GM intrusion
        giving 1 XP to another player's character, read with `load_other`); their open
        sheets are told through `entrySaved`. If anything fails nothing is changed.
        """
        before = self._data
        length = len(self._character.history)
        change = operation.apply(self._character)
        done: list[tuple[Operation[Character], Character, Any, int]] = []
        try:
            for op, other in others:
                other_before = entry_data(other)
                other_length = len(other.history)
                op.apply(other)
                done.append((op, other, other_before, other_length))
            changes = []
            writes = []
            after = entry_data(self._character)
            if after != before or len(self._character.history) != length:
                changes.append(EntryChange.action(self._character, before, after, length))
                writes.append(
                    Write(self._uid, self._character, self._revision, data=after,
                          lines_kept=length)
                )  # fmt: skip
            for _op, other, other_before, other_length in done:
                other_after = entry_data(other)
                changes.append(EntryChange.action(other, other_before, other_after, other_length))
                writes.append(
                    Write(other.uid, other, self._others.get(other.uid), data=other_after,
                          lines_kept=other_length)
                )  # fmt: skip
            if not changes:
                return change
            self._saving = True
            try:
                revisions = self.journal.record(text or change.summary, changes, writes)
            finally:
                self._saving = False
        except ConflictError:
            self._revert(operation, done)
            self.reload()
            raise
        except BaseException:
            self._revert(operation, done)
            raise
        self._revision = revisions.get(self._uid, self._revision)
        if writes and writes[0].uid == self._uid:
            self._data, self._as_stored = after, True
        # what was just written is not read back: only the other windows are told
        self._saving = True
        try:
            for _op, other, _b, _n in done:
                self._announce(other.uid)
            self._announce(self._uid)
        finally:
            self._saving = False
        self.changed.emit()
        acted = getattr(self._library_controller, "characterActed", None)
        if acted is not None:
            acted.emit(self._uid, operation, change)
        return change

    def _revert(
        self,
        operation: Operation[Character],
        done: Sequence[tuple[Operation[Character], Character, Any, int]],
    ) -> None:
        for op, other, _before, _length in reversed(done):
            op.revert(other)
        operation.revert(self._character)

    def load_other(self, uid: str) -> Character:
        """Another character of the library (for actions that touch two sheets)."""
        other, revision = self._library.load_revision(uid)
        assert isinstance(other, Character)
        self._others[uid] = revision
        return other

    def reload(self) -> None:
        """Re-read the character from the library (its undo history stays usable)."""
        self._load()
        self.reloaded.emit()
        self.changed.emit()

    # -- internals ---------------------------------------------------------------------
    def _load(self) -> None:
        character, self._revision = self._library.load_revision(self._uid)
        assert isinstance(character, Character)
        self._character = character
        self._links.read(character)
        self._as_stored = not self._links.follow(character)
        self._data = entry_data(character)

    def _held(self, uid: str) -> Held | None:
        """The character for an undo of this sheet, when it is exactly what is stored."""
        if uid != self._uid or not self._as_stored:
            return None
        return self._character, self._revision, self._data

    def _on_replayed(self, result: dict[str, tuple[ModelObject | None, int]]) -> None:
        """An undo or redo wrote these entries: take ours, tell everyone else."""
        for uid, (obj, revision) in result.items():
            if uid == self._uid and isinstance(obj, Character):
                self._character, self._revision = obj, revision
                data = self.journal.written.get(uid)
                self._data = data if data is not None else entry_data(obj)
                self._as_stored = True
        self._saving = True
        try:
            for uid in result:
                self._announce(uid)
        finally:
            self._saving = False
        self.changed.emit()

    def _announce(self, uid: str) -> None:
        """Tell the library controller (browser, other sheets, encounters) about a save."""
        notify = getattr(self._library_controller, "notify_saved", None)
        if notify is not None:
            notify(uid)
            return
        signal = getattr(self._library_controller, "entrySaved", None)
        if signal is not None:
            signal.emit(uid)

    def _on_entry_saved(self, uid: str) -> None:
        if uid == self._uid and not self._saving:
            try:
                self._load()
            except DomainError:
                return  # deleted: the tab closes on entryDeleted
            self.changed.emit()
        elif uid in self._links:
            self._on_linked_entry_changed(uid)

    def _on_linked_entry_changed(self, uid: str) -> None:
        """A linked entry changed or went: show its new text, or the copy kept."""
        if uid in self._links:
            self._links.reread(uid)
            self.changed.emit()

    def _follow_links(self) -> None:
        if self._links.follow(self._character):
            # the library's texts differ from what is stored: the next save stores them
            self._data, self._as_stored = entry_data(self._character), False

    def _on_roll(self, record: RollRecord) -> None:
        at = now_iso()
        problem = self._rolls.add(record, at)
        self.rolled.emit(record, at)
        if problem:
            self.notice.emit(problem)
