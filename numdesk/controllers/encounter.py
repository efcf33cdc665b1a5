"""The controller of one open encounter: the only bridge from the encounter window to
the store.

Every GM action is an Operation on the Encounter (and, for harm or XP on a PC, also on
that PC's real sheet) applied, saved at once and pushed on the window's QUndoStack:
the encounter in the library always matches the screen, so closing the window or a
crash loses nothing and reopening resumes on the same round and turn. Actions that
touch a sheet are ONE undo step holding the encounter's log line and the sheet change;
each sheet save is announced with `LibraryController.entrySaved`, so an open sheet
redraws live.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from numdesk.controllers.undo import OperationCommand
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.encounter_prep import (
    creature_combatants,
    follower_combatant,
    log_markdown,
    object_combatant,
    pc_combatant,
    prepared_copy,
    summary,
)
from numdesk.model.errors import DomainError
from numdesk.model.follower import Follower
from numdesk.model.kinds import EntryKind
from numdesk.model.operations.base import Change, Operation
from numdesk.model.operations.damage import TakeDamage, TakeWound
from numdesk.model.operations.encounter import (
    AddCombatants,
    LogEvent,
    SetProfile,
    find,
    profile_of,
)
from numdesk.model.operations.xp import NaturalOneIntrusion, RefuseIntrusion, gm_intrusion_ops
from numdesk.rules.dice import Dice
from numdesk.rules.profiles import Profile, family_of, get_profile
from numdesk.rules.types import DamageType, WoundSeverity


def _label(profile: str) -> str:
    """A rules profile's name as the user reads it ("Cypher System")."""
    try:
        return get_profile(profile).label
    except KeyError:
        return profile


class _EncounterCommand(QUndoCommand):
    """Undo/redo of one encounter operation, saving the encounter after each step.

    Like `OperationCommand`, but without its whole-object copy-and-compare on the first
    apply: every encounter operation writes a log line, so it is never an empty step,
    and copying a log that grows all evening would slow every click as the fight goes on.
    The operation is applied and saved before the push (so errors reach the view).
    """

    def __init__(
        self,
        operation: Operation[Encounter],
        target: Encounter,
        save: Callable[[Encounter], None],
        after: Callable[[], None] | None,
    ) -> None:
        super().__init__()
        self._operation = operation
        self._target = target
        self._save = save
        self._after = after
        self._skip_next_redo = True
        operation.apply(target)
        try:
            save(target)
        except BaseException:
            operation.revert(target)
            raise
        change = operation.change
        self.setText(change.summary if change is not None else type(operation).__name__)

    def redo(self) -> None:
        if self._skip_next_redo:
            self._skip_next_redo = False
            return
        self._operation.apply(self._target)
        self._save(self._target)
        if self._after is not None:
            self._after()

    def undo(self) -> None:
        self._operation.revert(self._target)
        self._save(self._target)
        if self._after is not None:
            self._after()


class _StepCommand(QUndoCommand):
    """One undo step made of several already-applied commands (a sheet and the log).

    The parts are kept in a Python list rather than as Qt child commands, so their
    Python overrides stay alive as long as the step does (as Qt children they were
    collected and undoing the step crashed). `after` runs once, when every part is
    done, so the window redraws once and sees the sheets as saved.
    """

    def __init__(self, parts: list[QUndoCommand], text: str, after: Callable[[], None]) -> None:
        super().__init__(text)
        self._parts = parts
        self._after = after
        self._skip_next_redo = True
        for part in parts:
            part.redo()  # an applied part skips its first redo: use that up now

    def redo(self) -> None:
        if self._skip_next_redo:
            self._skip_next_redo = False
            return
        for part in self._parts:
            part.redo()
        self._after()

    def undo(self) -> None:
        for part in reversed(self._parts):
            part.undo()
        self._after()


class EncounterController(QObject):
    """Owns one Encounter loaded from the library, its undo stack and its dice.

    `library_controller` is the main window's LibraryController (its `library` is the
    open store; its `entrySaved(str)` signal is emitted after every save made here and
    listened to for saves made elsewhere, e.g. a sheet edited while the fight runs).
    """

    #: the encounter (or a PC's sheet shown in it) changed; redraw
    changed = Signal()
    #: something the GM should know that is not an error (e.g. undo history dropped)
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
        self._encounter: Encounter = self._library.encounters.load(uid)
        self.dice = dice if dice is not None else Dice()
        self.undo_stack = QUndoStack(self)
        self._characters: dict[str, Character] = {}
        self._creatures: dict[str, Creature | None] = {}
        self._saving = False
        self._summary_key: object = None
        self._summary_text = ""
        #: sheets that steps on the undo stack would change back
        self._sheets_in_history: set[str] = set()
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
        command = _EncounterCommand(
            operation, self._encounter, self._save_encounter, self._after_step
        )
        change = operation.change
        assert change is not None
        command.setText(text or change.summary)
        self.undo_stack.push(command)
        self.changed.emit()
        return change

    def apply_to_sheets(
        self,
        sheet_ops: Sequence[tuple[str, Operation[Character]]],
        log_text: str | None = None,
        kind: str = "note",
    ) -> str:
        """Change PCs' real sheets and log it here, as ONE undo step; return the log line.

        `sheet_ops` pairs a character uid with the operation for its sheet; each sheet
        is read fresh from the library, changed, saved and announced. Without `log_text`
        the line is "<name>: <what the operation did>". If any part fails, the parts
        already done are undone and the error raised.
        """
        done: list[QUndoCommand] = []
        lines: list[str] = []
        try:
            for char_uid, op in sheet_ops:
                character = self._library.characters.load(char_uid)
                done.append(OperationCommand.run(op, character, self._save_character))
                if op.change is not None:
                    lines.append(f"{character.name}: {op.change.summary}")
            log_text = log_text or "; ".join(lines)
            done.append(
                _EncounterCommand(
                    LogEvent(log_text, kind),
                    self._encounter,
                    self._save_encounter,
                    self._after_step,
                )
            )
        except BaseException:
            for command in reversed(done):
                command.undo()
            raise
        self.undo_stack.push(_StepCommand(done, log_text, self._after_step))
        self._sheets_in_history.update(uid for uid, _ in sheet_ops)
        self.changed.emit()
        return log_text

    def damage_pc(
        self,
        combatant_uid: str,
        amount: int,
        damage_type: DamageType = DamageType.MIGHT,
        apply_armor: bool = True,
        kind: str = "physical",
    ) -> str:
        """Damage a PC's real sheet: Pools and damage track (N1-N3), or in `cypher`
        Pool damage overflowing into a wound (C4); `kind` meets Armor against kinds (T8)."""
        sheet = self._sheet_uid(combatant_uid)
        operation = TakeDamage(amount, damage_type, apply_armor=apply_armor, kind=kind)
        return self.apply_to_sheets([(sheet, operation)], kind="damage")

    def wound_pc(self, combatant_uid: str, severity: WoundSeverity) -> str:
        """Give a `cypher` PC a wound on its real sheet (C1, C2)."""
        sheet = self._sheet_uid(combatant_uid)
        return self.apply_to_sheets([(sheet, TakeWound(severity))], kind="damage")

    def gm_intrusion(
        self, combatant_uid: str, mode: str, recipient_uid: str = "", reason: str = ""
    ) -> str:
        """A GM intrusion on a PC (G16), written to the sheets' histories and the log.

        `mode` "accept": +2 XP, 1 given to the PC `recipient_uid` (a combatant) for
        `reason`; "refuse": the player pays to refuse (`numenera`); "natural_one": a
        free intrusion, no XP.
        """
        sheet = self._sheet_uid(combatant_uid)
        name = find(self._encounter, combatant_uid).name
        why = f": {reason.strip()}" if reason.strip() else ""
        if mode == "accept":
            if not recipient_uid:
                raise DomainError("Choose the PC who receives 1 of the 2 XP.", "recipient")
            other = self._sheet_uid(recipient_uid)
            target = self._library.characters.load(sheet)
            receiver = self._library.characters.load(other)
            give, receive = gm_intrusion_ops(target, receiver, reason.strip())
            text = f"GM intrusion on {name}: 2 XP, 1 given to {receiver.name}"
            if reason.strip():
                text += f" ({reason.strip()})"
            return self.apply_to_sheets([(sheet, give), (other, receive)], text, kind="xp")
        if mode == "refuse":
            if self.profile.refuse_intrusion_cost is None:
                raise DomainError(f"The {self.profile.label} rules have no refusing intrusions.")
            return self.apply_to_sheets(
                [(sheet, RefuseIntrusion(reason.strip()))],
                f"{name} refused the GM intrusion ({self.profile.refuse_intrusion_cost} XP)" + why,
                kind="xp",
            )
        if mode == "natural_one":
            return self.apply_to_sheets(
                [(sheet, NaturalOneIntrusion(reason.strip()))],
                f"GM intrusion on {name} from a natural 1 (no XP){why}",
                kind="xp",
            )
        raise DomainError(f"'{mode}' is not a kind of GM intrusion.")

    def _sheet_uid(self, combatant_uid: str) -> str:
        combatant = find(self._encounter, combatant_uid)
        if combatant.side != "pc" or not combatant.source_uid:
            raise DomainError(f"{combatant.name} is not a PC with a character sheet.")
        return combatant.source_uid

    def add_entries(self, uids: Sequence[str], count: int = 1) -> Change:
        """Add library entries: PCs (linked sheets), `count` of each creature, followers."""
        combatants: list[Combatant] = []
        notes: list[str] = []
        taken = [c.name for c in self._encounter.combatants]
        for uid in uids:
            kind = self._library.kind_of_uid(uid)
            entry = self._library.load(uid)
            if kind is EntryKind.CHARACTER and isinstance(entry, Character):
                self._check_profile(entry.profile, entry.name)
                self._characters[entry.uid] = entry
                new = [pc_combatant(entry)]
            elif kind is EntryKind.CREATURE and isinstance(entry, Creature):
                self._creatures[entry.uid] = entry
                new = creature_combatants(entry, count, taken)
                notes += self._other_profile_note(entry.profile, entry.name)
            elif kind is EntryKind.FOLLOWER and isinstance(entry, Follower):
                new = [follower_combatant(entry)]
                notes += self._other_profile_note(entry.profile, entry.name)
            else:
                raise DomainError(f"{getattr(entry, 'name', uid)} cannot take part in a fight.")
            taken += [c.name for c in new]
            combatants += new
        return self.apply(AddCombatants(combatants, notes))

    def set_profile(self, profile: str) -> Change:
        """Run the fight by other rules (before it starts); every PC's sheet must use them."""
        for combatant in self._encounter.combatants:
            sheet = self.character(combatant)
            if sheet is not None and sheet.profile != profile:
                raise DomainError(
                    f"{combatant.name} uses the {_label(sheet.profile)} rules: a fight under "
                    f"the {_label(profile)} rules can hold only PCs of those rules."
                )
        return self.apply(SetProfile(profile))

    def add_object(self, name: str, level: int) -> Change:
        """Add a door, wall or other object with a level (the profile's object model)."""
        return self.apply(AddCombatants([object_combatant(name, level, self.profile)]))

    # -- internals ---------------------------------------------------------------------
    def _other_profile_note(self, profile: str, name: str) -> list[str]:
        """A log line when a creature or follower comes from the other rules profile.

        Stat blocks read the same in both (level, health, Armor, damage), so it is
        added, not refused; the line says so, since the GM may have picked the wrong
        one of two entries with the same name.
        """
        if not profile or profile in (self._encounter.profile, family_of(self._encounter.profile)):
            return []
        return [
            f"{name} comes from the {_label(profile)} rules; its stat block is used as it is "
            f"under the {self.profile.label} rules"
        ]

    def _check_profile(self, profile: str, name: str) -> None:
        if profile != self._encounter.profile:
            hint = (
                " Before the fight starts, the encounter's Rules box changes its rules."
                if not any(c.side == "pc" for c in self._encounter.combatants)
                and self._encounter.round < 1
                else ""
            )
            raise DomainError(
                f"{name} uses the {_label(profile)} rules but this encounter uses the "
                f"{self.profile.label} rules.{hint}"
            )

    def _load_sheets(self) -> None:
        for combatant in self._encounter.combatants:
            uid = combatant.source_uid
            if combatant.side == "pc" and uid and uid not in self._characters:
                try:
                    self._characters[uid] = self._library.characters.load(uid)
                except DomainError:
                    continue

    def _save_encounter(self, encounter: Encounter) -> None:
        self._saving = True
        try:
            self._library.encounters.save(encounter)
            self._announce(encounter.uid)
        finally:
            self._saving = False

    def _save_character(self, character: Character) -> None:
        self._saving = True
        try:
            self._library.characters.save(character)
            self._characters[character.uid] = character
            self._announce(character.uid)
        finally:
            self._saving = False

    def _announce(self, uid: str) -> None:
        signal = getattr(self._library_controller, "entrySaved", None)
        if signal is not None:
            signal.emit(uid)

    def _after_step(self) -> None:
        self._load_sheets()
        self.changed.emit()

    def _on_entry_saved(self, uid: str) -> None:
        """Someone else saved an entry this encounter shows: read it again.

        If it is the encounter itself (renamed in the library browser) or a sheet that
        an undo step here would restore, the undo history is dropped, as the sheet
        controller does: those steps hold copies from before the outside change, and
        undoing one would silently wipe that change out.
        """
        if self._saving:
            return
        if uid == self._encounter.uid:
            self._encounter = self._library.encounters.load(uid)
            self._drop_history(self.tr("The encounter was changed elsewhere"))
            self.changed.emit()
        elif uid in self._characters:
            try:
                self._characters[uid] = self._library.characters.load(uid)
            except DomainError:
                self._characters.pop(uid, None)
            if uid in self._sheets_in_history:
                name = getattr(self._characters.get(uid), "name", "")
                self._drop_history(self.tr("{0}'s sheet was changed elsewhere").format(name))
            self.changed.emit()
        elif uid in self._creatures:
            self._creatures.pop(uid, None)
            self.changed.emit()

    def _drop_history(self, why: str) -> None:
        if self.undo_stack.count():
            self.undo_stack.clear()
            self.notice.emit(self.tr("{0}: undo history cleared.").format(why))
        self._sheets_in_history.clear()
