"""The controller of one open encounter: the only bridge from the encounter window to
the store.

Every GM action is an Operation on the Encounter (and, for harm or XP on a PC, also on
that PC's real sheet) applied, saved at once and pushed on the window's undo stack:
the encounter in the library always matches the screen, so closing the window or a
crash loses nothing and reopening resumes on the same round and turn. An action that
touches sheets writes the sheets and the encounter's log line in ONE transaction and is
ONE undo step; each sheet save is announced with `LibraryController.entrySaved`, so an
open sheet redraws live. Undo re-applies each step against the entries as they are
now (`numdesk.controllers.journal`): a sheet edited since keeps that edit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from numdesk.controllers.entry_change import EntryChange
from numdesk.controllers.fight_roster import FightRoster
from numdesk.controllers.fight_sheets import PcSheetActions, SheetChange
from numdesk.controllers.fight_steps import Group, sheet_steps, take
from numdesk.controllers.journal import Held, UndoJournal
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.encounter_prep import log_markdown, prepared_copy, summary
from numdesk.model.errors import DomainError
from numdesk.model.follower import Follower
from numdesk.model.kinds import ModelObject
from numdesk.model.operations.base import Change, Operation
from numdesk.model.operations.encounter import profile_of
from numdesk.model.operations.encounter_snapshot import light_snapshots
from numdesk.model.serialize import entry_data
from numdesk.model.table_view import TableView, project
from numdesk.rules.dice import Dice
from numdesk.rules.profiles import Profile
from numdesk.store.commit import ConflictError, Write


class EncounterController(FightRoster, PcSheetActions, QObject):
    """Owns one Encounter loaded from the library, its undo stack and its dice.

    `library_controller` is the main window's LibraryController (its `library` is the
    open store; its `entrySaved(str)` signal is emitted after every save made here and
    listened to for saves made elsewhere, e.g. a sheet edited while the fight runs).
    """

    #: the encounter (or a PC's sheet shown in it) changed; redraw
    changed = Signal()
    #: something the GM should know that is not an error (an undo refused, a reload)
    notice = Signal(str)

    def __init__(
        self,
        library_controller: Any,
        uid: str,
        dice: Dice | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._library_controller = library_controller
        self._library = library_controller.library
        encounter, self._revision = self._library.load_revision(uid)
        assert isinstance(encounter, Encounter)
        self._encounter: Encounter = encounter
        self.dice = dice if dice is not None else Dice()
        self.journal = UndoJournal(lambda: self._library, f"encounter:{uid}", self)
        self.journal.replayed.connect(self._on_replayed)
        self.journal.refused.connect(self.notice)
        self.journal.held = self._held
        self.journal.restore()
        self.undo_stack = self.journal.stack
        self._characters: dict[str, Character] = {}
        self._creatures: dict[str, Creature | None] = {}
        self._saving = False
        self._group: Group | None = None
        #: `entry_data` of the encounter as it is now and as stored (None: work it out
        #: again), so an action converts it once, and an undo patches it instead of
        #: reading the encounter back
        self._data: dict[str, Any] | None = None
        self._summary_key: object = None
        self._summary_text = ""
        signal = getattr(library_controller, "entrySaved", None)
        if signal is not None:
            signal.connect(self._on_entry_saved)
        self._load_sheets()

    # -- what the views read ---------------------------------------------------------
    @property
    def encounter(self) -> Encounter:
        """The encounter as it is now (change it only through `apply`)."""
        return self._encounter

    @property
    def uid(self) -> str:
        return self._encounter.uid

    @property
    def library(self) -> Any:
        """The open Library (the builder searches it)."""
        return self._library

    @property
    def library_controller(self) -> Any:
        return self._library_controller

    @property
    def profile(self) -> Profile:
        return profile_of(self._encounter)

    def character(self, combatant: Combatant) -> Character | None:
        """The real sheet of a PC combatant as last saved (None if it left the library)."""
        if combatant.side != "pc" or not combatant.source_uid:
            return None
        return self._characters.get(combatant.source_uid)

    def creature(self, combatant: Combatant) -> Creature | None:
        """The library stat block a creature instance links to (None if deleted)."""
        uid = combatant.source_uid
        if combatant.side != "npc" or not uid:
            return None
        if uid not in self._creatures:
            try:
                self._creatures[uid] = self._library.creatures.load(uid)
            except DomainError:
                self._creatures[uid] = None
        return self._creatures[uid]

    def follower(self, combatant: Combatant) -> Follower | None:
        """The library follower a follower in the fight links to (None if deleted)."""
        if combatant.side != "follower" or not combatant.source_uid:
            return None
        try:
            return self._library.followers.load(combatant.source_uid)
        except DomainError:
            return None

    def combatant_data(self) -> list[dict[str, Any]]:
        """Each combatant's plain data (`to_data`), in the encounter's order: equal data,
        equal combatant, so the fight table works out again only the rows that differ
        (after an undo the unchanged ones are even the same objects)."""
        combatants: list[dict[str, Any]] = self._entry_data()["combatants"]
        return combatants

    def table_view(self) -> TableView:
        """The fight as the players may see it (the table display, the table link):
        hidden combatants left out, NPC health in words unless revealed."""
        return project(self._encounter, self._characters)

    def summary(self) -> str:
        """NPC levels against the party's tiers (from the real sheets).

        Worked out again only when who is in the fight, their levels or the tiers
        changed: the window asks after every action, and most actions change none.
        """
        tiers = {uid: c.tier for uid, c in self._characters.items()}
        key = (
            tuple((c.side, c.level, c.source_uid) for c in self._encounter.combatants),
            tuple(sorted(tiers.items())),
        )
        if key != self._summary_key:
            self._summary_key = key
            self._summary_text = summary(self._encounter, tiers)
        return self._summary_text

    def log_markdown(self) -> str:
        return log_markdown(self._encounter)

    def export_log(self, path: Path) -> None:
        """Write the log as Markdown to `path` (a DomainError if the file cannot be written)."""
        try:
            Path(path).write_text(self.log_markdown(), encoding="utf-8")
        except OSError as err:
            raise DomainError(f"Could not write {path}: {err.strerror}.") from None

    def new_fight(self) -> str:
        """Store a prepared copy of this encounter (round 0, full health, empty log) as a
        new library entry, and return its uid: the way to run a saved fight again while
        this one stays as the record. Undoable on the library's stack, like Duplicate."""
        name = f"{self._encounter.name} (new fight)"
        return str(self._library_controller.create(prepared_copy(self._encounter, name)))

    # -- changing the encounter ------------------------------------------------------
    def apply(self, operation: Operation[Encounter], text: str | None = None) -> Change:
        """Apply an encounter operation, save, push it for undo, emit `changed`.

        Raises DomainError (bad input) or LibraryError (store) with nothing changed.
        """
        return self._run([], operation, text)

    def _run(
        self,
        sheets: Sequence[SheetChange],
        operation: Operation[Encounter],
        text: str | None,
    ) -> Change:
        """Apply `operation` here, write it with the changed `sheets` in one transaction,
        push one undo step.

        Inside `group()` the step is only collected: the group converts the encounter and
        writes everything once, at its end.
        """
        group = self._group
        if group is not None:
            with light_snapshots():  # a refused target is put back; the group is read back
                change = operation.apply(self._encounter)
            group.ran = True
            self._data = None  # the group keeps its own `before`
            changes, writes = sheet_steps(sheets)
            group.changes.extend(changes)
            for write in writes:
                first = group.writes.get(write.uid, write)
                kept = (first.lines_kept, write.lines_kept)  # each counted from its own start
                group.writes[write.uid] = dataclasses.replace(
                    write, expected=first.expected, lines_kept=None if None in kept else min(kept)
                )
            group.sheets.update((s.sheet.uid, (s.sheet, s.revision)) for s in sheets)
            return change
        before, length = self._entry_data(), len(self._encounter.log)
        change = operation.apply(self._encounter)
        changes, writes = sheet_steps(sheets)
        after = entry_data(self._encounter)
        changes.append(EntryChange.action(self._encounter, before, after, length))
        writes.append(
            Write(self.uid, self._encounter, self._revision, data=after, lines_kept=length)
        )
        revert = lambda: operation.revert(self._encounter)  # noqa: E731
        self._commit(text or change.summary, changes, writes, revert, after)
        return change

    @contextmanager
    def group(self, text: str) -> Iterator[None]:
        """The actions inside (an area attack: one per target) as ONE undo step written
        in ONE transaction when the block ends, with one `changed` at the end.

        Actions done before one is refused stay in the step. If the write fails, the
        encounter is read back as stored: nothing of the group is kept or written.
        """
        if self._group is not None:
            yield
            return
        group = self._group = Group(self._entry_data(), len(self._encounter.log))
        try:
            yield
        except BaseException:
            self._group = None
            if group.ran:
                self._reload()
            raise
        self._group = None
        if not group.ran:
            return
        after = entry_data(self._encounter)
        changes = [
            *group.changes,
            EntryChange.action(self._encounter, group.before, after, group.length),
        ]
        writes = [
            *group.writes.values(),
            Write(self.uid, self._encounter, self._revision, data=after, lines_kept=group.length),
        ]
        self._commit(text, changes, writes, self._reload, after)

    def _commit(
        self,
        text: str,
        changes: list[EntryChange],
        writes: list[Write],
        revert: Callable[[], None],
        after: dict[str, Any],
    ) -> None:
        """Write one undo step; on failure `revert` the encounter in memory and re-raise."""
        self._saving = True
        try:
            revisions = self.journal.record(text, changes, writes)
        except ConflictError:
            self._data = None
            revert()
            self._reload()
            raise
        except BaseException:
            self._data = None
            revert()
            raise
        finally:
            self._saving = False
        self._revision = revisions.get(self.uid, self._revision)
        self._data = after
        sheets = [w.obj for w in writes if isinstance(w.obj, Character)]
        for sheet in sheets:
            self._characters[sheet.uid] = sheet
        self._announce_all([*(s.uid for s in sheets), self.uid])
        self._load_sheets()
        self.changed.emit()

    def _entry_data(self) -> dict[str, Any]:
        """`entry_data` of the encounter as it is now (worked out once per state)."""
        if self._data is None:
            self._data = entry_data(self._encounter)
        return self._data

    def _held(self, uid: str) -> Held | None:
        """The encounter for an undo of this window, as it is (and is stored) now."""
        if uid != self.uid or self._group is not None:
            return None
        return self._encounter, self._revision, self._entry_data()

    # -- internals ---------------------------------------------------------------------
    def _load_sheets(self) -> None:
        for combatant in self._encounter.combatants:
            uid = combatant.source_uid
            if combatant.side == "pc" and uid and uid not in self._characters:
                try:
                    self._characters[uid] = self._library.characters.load(uid)
                except DomainError:
                    continue

    def _reload(self) -> None:
        encounter, self._revision = self._library.load_revision(self.uid)
        assert isinstance(encounter, Encounter)
        take(self._encounter, encounter)
        self._data = None
        self.changed.emit()

    def _announce_all(self, uids: Sequence[str]) -> None:
        signal = getattr(self._library_controller, "entrySaved", None)
        if signal is None:
            return
        self._saving = True
        try:
            for uid in uids:
                signal.emit(uid)
        finally:
            self._saving = False

    def _on_replayed(self, result: dict[str, tuple[ModelObject | None, int]]) -> None:
        """An undo or redo wrote these entries: take ours, tell everyone else."""
        for uid, (obj, revision) in result.items():
            if uid == self.uid and isinstance(obj, Encounter):
                take(self._encounter, obj)
                self._data = self.journal.written.get(uid)
                self._revision = revision
            elif isinstance(obj, Character):
                self._characters[uid] = obj
        self._announce_all(list(result))
        self._after_step()

    def _after_step(self) -> None:
        self._load_sheets()
        self.changed.emit()

    def _on_entry_saved(self, uid: str) -> None:
        """Someone else saved an entry this encounter shows: read it again.

        The undo history stays: its steps re-apply against whatever is stored then.
        """
        if self._saving:
            return
        if uid == self._encounter.uid:
            try:
                self._reload()
            except DomainError:
                return  # deleted: the window closes on entryDeleted
        elif uid in self._characters:
            try:
                self._characters[uid] = self._library.characters.load(uid)
            except DomainError:
                self._characters.pop(uid, None)
            self.changed.emit()
        elif uid in self._creatures:
            self._creatures.pop(uid, None)
            self.changed.emit()
