"""The controller of one open character sheet: the only bridge from sheet views to the store.

Every change is an Operation applied through `apply`: it is applied, saved in one store
transaction (autosave: there is no Save button) and pushed on the sheet's QUndoStack;
`changed` then tells the views to redraw. Undo and redo save too.

When another controller saves the same character (the encounter window applying
damage, a GM intrusion giving XP from another sheet), `LibraryController.entrySaved`
fires and this controller reloads from the library. Its undo stack is then CLEARED:
the commands hold whole-object snapshots taken before the outside change, and undoing
one would silently wipe that change out. Losing undo of older edits is the lesser harm.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from numdesk.controllers.ability_links import AbilityLink, AbilityLinks
from numdesk.controllers.undo import CommandGroup, OperationCommand
from numdesk.model.character import Character
from numdesk.model.history import now_iso
from numdesk.model.operations.base import Change, Operation
from numdesk.rules.dice import Dice, RollRecord
from numdesk.rules.profiles import Profile, get_profile


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
    #: the character was reloaded because someone else saved it (undo history cleared)
    reloaded = Signal()

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
        self._character: Character = library.characters.load(uid)
        self._saving = False
        # linked abilities show their library entry's current text: followed again after
        # every change (an undo may bring back an older copy), before any view redraws
        self._links = AbilityLinks(library)
        self._links.read(self._character)
        self._links.follow(self._character)
        self.changed.connect(self._follow_links)
        self.undo_stack = QUndoStack(self)
        self.roll_log: list[tuple[RollRecord, str]] = []
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
        nothing changed in memory or in the library.
        """
        command = OperationCommand.run(
            operation, self._character, self._save_own, after=self.changed.emit
        )
        change = operation.change
        assert change is not None
        if command.isObsolete():
            return change
        if text:
            command.setText(text)
        self.undo_stack.push(command)
        self.changed.emit()
        return change

    def apply_with_others(
        self,
        operation: Operation[Character],
        others: Sequence[tuple[Operation[Character], Character]],
        text: str | None = None,
    ) -> Change:
        """Apply `operation` here and each `(op, other character)` as ONE undo step.

        Used when an action on this sheet changes other characters too (a GM intrusion
        giving 1 XP to another player's character): the others are saved through the
        same library and announced with `entrySaved` so their open sheets reload.
        If any part fails, the parts already done are reverted and the error raised.
        """
        done: list[OperationCommand[Character]] = []
        try:
            done.append(
                OperationCommand.run(
                    operation, self._character, self._save_own, after=self.changed.emit
                )
            )
            for op, other in others:
                done.append(OperationCommand.run(op, other, self._save_other))
        except BaseException:
            for command in reversed(done):
                command.undo()
            raise
        change = operation.change
        assert change is not None
        # the parts are applied already: their first redo (on push) is skipped
        self.undo_stack.push(CommandGroup(text or change.summary, done))
        self.changed.emit()
        return change

    def load_other(self, uid: str) -> Character:
        """Another character of the library (for actions that touch two sheets)."""
        other: Character = self._library.characters.load(uid)
        return other

    def reload(self) -> None:
        """Re-read the character from the library and drop the undo history (see module doc)."""
        self._character = self._library.characters.load(self._uid)
        self._links.read(self._character)
        self.undo_stack.clear()
        self.reloaded.emit()
        self.changed.emit()

    # -- internals ---------------------------------------------------------------------
    def _save_own(self, character: Character) -> None:
        self._saving = True
        try:
            self._library.characters.save(character)
            self._announce(character.uid)
        finally:
            self._saving = False

    def _save_other(self, character: Character) -> None:
        self._library.characters.save(character)
        self._announce(character.uid)

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
            self.reload()
        elif uid in self._links:
            self._on_linked_entry_changed(uid)

    def _on_linked_entry_changed(self, uid: str) -> None:
        """A linked entry changed or went: show its new text, or the copy kept."""
        if uid in self._links:
            self._links.reread(uid)
            self.changed.emit()

    def _follow_links(self) -> None:
        self._links.follow(self._character)

    def _on_roll(self, record: RollRecord) -> None:
        at = now_iso()
        self.roll_log.append((record, at))
        self.rolled.emit(record, at)
