"""The base of every encounter operation and what they share: finding combatants, the
turn order, snapshots that leave out the append-only log, and the start of a turn.

Every operation writes one line to the encounter log (with the round and the time), so
the log is the record of everything the GM did. The turn order is stored in the
encounter (`Encounter.order`) and rebuilt by the rules engine (RULES.md G12, C12)
whenever something that decides it changes, keeping the current turn where it was; a
reopened encounter therefore resumes on exactly the same turn.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any

from numdesk.model.encounter import Combatant, Condition, Encounter, LogEntry, TurnSlot
from numdesk.model.errors import DomainError
from numdesk.model.history import now_iso
from numdesk.model.limits import MAX_LOG
from numdesk.model.operations.base import Change, Operation, clone
from numdesk.model.operations.encounter_snapshot import (
    is_light,
    note_reached,
    place_of,
    put_back,
    put_back_reached,
    reaching,
    snapshot,
)
from numdesk.rules.conditions import TurnEdge, ending_round
from numdesk.rules.errors import RulesError
from numdesk.rules.initiative import InitiativeEntry, TurnKind, npc_initiative, turn_order
from numdesk.rules.profiles import Profile, get_profile
from numdesk.rules.table_picks import ended_sentence
from numdesk.rules.types import ActionTiming

#: Sides whose initiative the players roll (NPC initiative is the target number).
#: Followers do not roll: G12 gives the roll to PCs only and C14 gives a follower just a
#: level, so like every character the GM runs it acts on its target number (3 × level),
#: on the PCs' side of the tie rule.
ROLLING_SIDES = frozenset({"pc"})
#: Sides that take turns at all (objects never act).
ACTING_SIDES = frozenset({"pc", "npc", "follower"})
SIDES = ("pc", "npc", "follower", "object")
MAX_EASES = 11


def profile_of(encounter: Encounter) -> Profile:
    """The encounter's rules profile, as a DomainError if it names an unknown one."""
    try:
        return get_profile(encounter.profile)
    except KeyError:
        raise DomainError(
            f"The encounter uses an unknown rules profile '{encounter.profile}'."
        ) from None


def find(encounter: Encounter, uid: str) -> Combatant:
    """The combatant `uid`, or a DomainError if it has left the encounter."""
    combatant = place_of(encounter.combatants, uid)
    if combatant is None:
        raise DomainError("That combatant is no longer in the encounter.")
    note_reached(combatant)
    return combatant


def initiative_value(combatant: Combatant) -> int | None:
    """The number a combatant acts on: a PC's roll, otherwise its target number (G12)."""
    if combatant.side in ROLLING_SIDES:
        return combatant.initiative
    if combatant.initiative is not None:
        return combatant.initiative
    return npc_initiative(combatant.level)


def is_acting(combatant: Combatant) -> bool:
    """Whether the combatant has a place in the turn order (not an object, not defeated)."""
    return combatant.side in ACTING_SIDES and not combatant.defeated


def current_slot(encounter: Encounter) -> TurnSlot | None:
    """The slot whose turn it is, or None before the fight or on an empty order."""
    if encounter.round < 1 or not 0 <= encounter.turn < len(encounter.order):
        return None
    return encounter.order[encounter.turn]


def slot_uids(encounter: Encounter, slot: TurnSlot) -> list[str]:
    """The combatants acting in `slot` (all active NPCs for the group slot)."""
    if slot.uid:
        return [slot.uid]
    return [c.uid for c in encounter.combatants if c.side == "npc" and is_acting(c)]


def compute_order(encounter: Encounter) -> list[TurnSlot]:
    """The turn order the rules engine gives for the encounter as it stands now."""
    profile = profile_of(encounter)
    entries: list[InitiativeEntry] = []
    for c in encounter.combatants:
        if not is_acting(c):
            continue
        value = initiative_value(c)
        if value is None:
            continue
        grouped = encounter.group_npc_initiative and c.side == "npc"
        timing = ActionTiming.NORMAL if grouped or not profile.has_action_timing else c.timing
        entries.append(
            InitiativeEntry(
                id=c.uid,
                is_pc=c.side != "npc",
                value=value,
                timing=timing,
                wait_after=c.wait_after or None,
            )
        )
    try:
        order = turn_order(profile, entries, group_npcs=encounter.group_npc_initiative)
    except RulesError as err:
        raise DomainError(err.message) from None
    npc_uids = {c.uid for c in encounter.combatants if c.side == "npc"}
    slots: list[TurnSlot] = []
    for turn in order.turns:
        if encounter.group_npc_initiative and turn.id in npc_uids:
            if slots and slots[-1].uid == "":
                continue
            slots.append(TurnSlot("", str(turn.kind)))
        else:
            slots.append(TurnSlot(turn.id, str(turn.kind)))
    return slots


def rebuild_order(encounter: Encounter, passing: str = "") -> None:
    """Recompute the order, keeping the current turn on the same slot when it still exists.

    If the current combatant dropped out (defeated), or is `passing` its turn on (it
    waits, C12), the turn moves to whoever followed it. At the top of a round (turn 0)
    the new order starts from its top, so a First action declared then goes first.
    """
    old = encounter.order
    new = compute_order(encounter)
    encounter.order = new
    if encounter.round < 1:
        encounter.turn = 0
        encounter.started_slots = []
        return
    keys = [(s.uid, s.kind) for s in new]
    started_keys = {
        (old[i].uid, old[i].kind)
        for i in encounter.started_slots
        if i < len(old) and old[i].uid != passing  # its real turn is still to come
    }
    if encounter.turn == 0 and len(started_keys) <= 1:
        # the top of the round: whoever is first now begins it (new initiative, a wait)
        encounter.started_slots = []
        return
    encounter.started_slots = [i for i, k in enumerate(keys) if k in started_keys]
    position = encounter.turn
    for index in range(position, len(old)):
        key = (old[index].uid, old[index].kind)
        if key in keys and key[0] != passing:
            encounter.turn = keys.index(key)
            return
    encounter.turn = min(position, max(len(new) - 1, 0))


class EncounterOperation(Operation[Encounter]):
    """An operation that writes what it did to the encounter log (round and time).

    Snapshots leave the log out: the log only ever grows at its end, and it grows all
    evening, so copying it twice per action would make every click slower as the
    fight goes on. Undo cuts the log back to its length before; redo puts the same
    lines back. Everything else is snapshotted whole, as in `Operation`, but only as
    often as needed: the state after is taken at the first undo (the encounter is then
    exactly as this operation left it, later steps being undone first), not on every
    action; and undo puts the state before back without copying it, since nothing can
    change those objects in place before a redo replaces them (a new action after an
    undo discards this step).
    """

    def __init__(self) -> None:
        super().__init__()
        self._extra: list[str] = []
        self._state_before: dict[str, Any] | None = None
        self._state_after: dict[str, Any] | None = None
        self._log_length = 0
        self._log_added: list[LogEntry] = []

    def apply(self, target: Encounter) -> Change:
        """Do the change (or redo it exactly: same dice, same log lines)."""
        if self._state_after is not None and self._change is not None:
            put_back(target, self._state_after, self._log_length)
            target.log.extend(clone(self._log_added))
            return self._change
        light = is_light()
        before = snapshot(target, light)
        log_length = len(target.log)
        with reaching(light) as reached:
            try:
                change = self._do(target)
            except BaseException:
                put_back_reached(reached)
                put_back(target, before, log_length, keep=False)
                raise
        self._state_before = None if light else before
        self._state_after = None
        self._log_length = log_length
        self._log_added = clone(target.log[log_length:])
        self._change = change
        return change

    def revert(self, target: Encounter) -> None:
        """Put the encounter back as it was before `apply` (its log lines removed)."""
        if self._state_before is None:
            # never applied, or applied inside `light_snapshots` (encounter_snapshot)
            raise RuntimeError("cannot revert an operation that was never applied")
        if self._state_after is None:
            self._state_after = snapshot(target)
        put_back(target, self._state_before, self._log_length, keep=False)

    def note(self, text: str) -> None:
        """Add a further log line after the main one (e.g. a condition that ended)."""
        self._extra.append(text)

    def _do(self, target: Encounter) -> Change:
        self._extra = []
        change = self._run(target)
        if current_slot(target) is not None and target.turn not in target.started_slots:
            _begin_slot(self, target)
        at = now_iso()
        if change.record:
            target.log.append(LogEntry(target.round, change.summary, at=at))
        for line in self._extra:
            target.log.append(LogEntry(target.round, line, at=at))
        if len(target.log) > MAX_LOG:  # never trimmed: the record stays whole
            raise DomainError(
                f"This fight's log is full ({MAX_LOG:,} lines, the most one fight keeps), "
                "so this action was not made and nothing changed. Go on in a new fight "
                "(New fight from this); this one stays in the library with its whole log."
            )
        return change

    @abstractmethod
    def _run(self, encounter: Encounter) -> Change:
        """Validate, change `encounter`, and say what happened (the log line)."""


def anchor_slots(encounter: Encounter, uid: str) -> list[int]:
    """The indexes of the slots of this round's order in which `uid` acts."""
    return [i for i, slot in enumerate(encounter.order) if uid in slot_uids(encounter, slot)]


def turn_started(encounter: Encounter, anchor: str) -> bool:
    """Whether `anchor`'s turn has already started this round (or is on now).

    An anchor without a turn (an object, the defeated) keeps the top of the round as its
    clock, which is always behind.
    """
    if encounter.round < 1:
        return False
    slots = anchor_slots(encounter, anchor)
    return not slots or min(slots) <= encounter.turn


def timed_condition(
    encounter: Encounter,
    name: str,
    rounds: int | None,
    anchor: str,
    edge: TurnEdge = TurnEdge.START,
    *,
    caused: bool = False,
) -> Condition:
    """A condition lasting `rounds` turns of `anchor`, ending at that turn's `edge`.

    It counts the anchor's turns still to start: one round lasts to the anchor's next
    turn (this round when it has yet to act, T3). An anchor that `caused` it acted
    already (G18: a round lasts until the causer's turn comes round again).
    """
    ends = 0
    if rounds is not None:
        started = caused or turn_started(encounter, anchor)
        try:
            ends = ending_round(encounter.round, rounds, started)
        except RulesError as err:
            raise DomainError(err.message, "rounds") from None
    return Condition(
        name,
        rounds,
        source_uid=anchor,
        started_round=encounter.round,
        ends_at=str(edge),
        ends_round=ends,
    )


def _end_conditions(
    op: EncounterOperation, encounter: Encounter, acting: Sequence[str], edge: TurnEdge
) -> None:
    """End the conditions due now that `acting` start (or end) their turn (G18, T3).

    A condition whose anchor no longer takes turns (defeated, removed) counts its
    rounds at the top of each round instead: one ending at the start ends at the top of
    its round, one ending at the end at the top of the next.
    """
    in_order = {uid for slot in encounter.order for uid in slot_uids(encounter, slot)}
    top_of_round = edge is TurnEdge.START and encounter.turn == 0
    for combatant in encounter.combatants:
        kept: list[Condition] = []
        for cond in combatant.conditions:
            ends = cond.end_round()
            anchor = cond.source_uid or combatant.uid
            if ends is None:
                kept.append(cond)
                continue
            if anchor in in_order:
                due = anchor in acting and cond.ends_at == edge and encounter.round >= ends
            else:
                late = 1 if cond.ends_at == TurnEdge.END else 0
                due = top_of_round and encounter.round >= ends + late
            if due:
                op.note(ended_sentence(combatant.name, cond.name))
            else:
                kept.append(cond)
        combatant.conditions = kept


def _begin_slot(op: EncounterOperation, encounter: Encounter) -> None:
    if encounter.turn in encounter.started_slots:
        return
    encounter.started_slots.append(encounter.turn)
    slot = encounter.order[encounter.turn]
    _end_conditions(op, encounter, slot_uids(encounter, slot), TurnEdge.START)


def end_slot(op: EncounterOperation, encounter: Encounter) -> None:
    """The current turn is over: end what lasts until the end of its combatants' turn."""
    slot = current_slot(encounter)
    if slot is not None:
        _end_conditions(op, encounter, slot_uids(encounter, slot), TurnEdge.END)


def slot_label(encounter: Encounter, slot: TurnSlot) -> str:
    """ "Ana", "Ana (First action)", "NPCs (together)" — a turn as the log names it."""
    name = find(encounter, slot.uid).name if slot.uid else "NPCs (together)"
    extra = {
        str(TurnKind.FIRST): " (First action)",
        str(TurnKind.FOLLOW_UP): " (Follow-up)",
        str(TurnKind.LAST): " (Last action)",
    }.get(slot.kind, "")
    return name + extra


class LogEvent(EncounterOperation):
    """A line in the log for something done elsewhere (damage to a PC, an intrusion, a note)."""

    def __init__(self, text: str, kind: str = "note") -> None:
        super().__init__()
        self._text = text.strip()
        self._kind = kind

    def _run(self, encounter: Encounter) -> Change:
        if not self._text:
            raise DomainError("There is nothing to write in the log.", "note")
        return Change(self._text, kind=self._kind)
