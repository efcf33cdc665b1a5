"""Running the round: turns and rounds, First/Last actions and waiting (RULES.md C12),
and conditions with a duration in rounds (G18): what they do to a turn and to tasks."""

from __future__ import annotations

from numdesk.model.encounter import Combatant, Condition, Encounter, TurnSlot
from numdesk.model.errors import DomainError
from numdesk.model.operations.base import Change
from numdesk.model.operations.encounter_base import (
    ROLLING_SIDES,
    EncounterOperation,
    compute_order,
    current_slot,
    end_slot,
    find,
    is_acting,
    profile_of,
    rebuild_order,
    slot_label,
    slot_uids,
    timed_condition,
)
from numdesk.rules.conditions import Condition as RulesCondition
from numdesk.rules.conditions import TurnEdge, condition_effect, condition_hindrance
from numdesk.rules.table_picks import condition_steps, ended_sentence
from numdesk.rules.types import ActionTiming

_RULES_CONDITIONS = {c.value: c for c in RulesCondition}


def rules_conditions(combatant: Combatant) -> list[RulesCondition]:
    """The conditions on `combatant` that the rules name (custom ones do nothing here)."""
    found = (_RULES_CONDITIONS.get(c.name.casefold()) for c in combatant.conditions)
    return [c for c in found if c is not None]


def task_hindrance(combatant: Combatant) -> int:
    """Steps all of `combatant`'s tasks are hindered by its conditions (dazed: 1, G18;
    impaired or distracted by a special roll's effect: 1, T5)."""
    names = [c.name for c in combatant.conditions]
    return condition_hindrance(rules_conditions(combatant)) + condition_steps(names)[0]


def attack_hindrance(combatant: Combatant) -> int:
    """Extra steps `combatant`'s attacks are hindered: distracted this round (T2, once)."""
    return condition_steps(c.name for c in combatant.conditions)[1]


def losing_turn(encounter: Encounter, slot: TurnSlot | None = None) -> list[Combatant]:
    """Who loses the turn of `slot` (the current one by default) to being stunned (G18).

    A stunned combatant loses its turn but can still defend. A stun put on it during
    this very turn (it was already acting) does not take that turn away.
    """
    slot = slot if slot is not None else current_slot(encounter)
    if slot is None:
        return []
    acting = slot_uids(encounter, slot)
    lost: list[Combatant] = []
    for uid in acting:
        combatant = find(encounter, uid)
        for cond in combatant.conditions:
            rule = _RULES_CONDITIONS.get(cond.name.casefold())
            if rule is None or not condition_effect(rule).loses_turn:
                continue
            began_this_turn = cond.started_round == encounter.round and cond.source_uid in acting
            if not began_this_turn:
                lost.append(combatant)
                break
    return lost


class SetTiming(EncounterOperation):
    """Declare a First or Last action, waiting, or a normal turn (C12, this round only).

    `after` names whom a waiting combatant acts after ("" for the end of the normal
    turns); "act now" is waiting after whoever's turn it is.
    """

    def __init__(self, uid: str, timing: ActionTiming, after: str = "") -> None:
        super().__init__()
        self._uid = uid
        self._timing = timing
        self._wait_after = after

    def _run(self, encounter: Encounter) -> Change:
        profile = profile_of(encounter)
        combatant = find(encounter, self._uid)
        if not is_acting(combatant):
            raise DomainError(f"{combatant.name} has no turn to time.")
        if encounter.group_npc_initiative and combatant.side == "npc":
            raise DomainError("In group mode the NPCs act together on one turn.")
        first_or_last = self._timing in (ActionTiming.FIRST, ActionTiming.LAST)
        if first_or_last and not profile.has_action_timing:
            raise DomainError(f"The {profile.label} rules have no First or Last actions.")
        if self._wait_after:
            if self._timing is not ActionTiming.WAITING:
                raise DomainError("Only a waiting combatant acts after someone else.")
            if self._wait_after == self._uid:
                raise DomainError("A combatant cannot wait for itself.")
            find(encounter, self._wait_after)
        slot = current_slot(encounter)
        # waiting on its own turn hands the turn on to whoever comes next (C12)
        passing = slot is not None and slot.uid == combatant.uid
        if passing and self._timing is not ActionTiming.WAITING:
            passing = False
        combatant.timing = self._timing
        combatant.wait_after = self._wait_after if self._timing is ActionTiming.WAITING else ""
        rebuild_order(encounter, passing=combatant.uid if passing else "")
        if self._timing is ActionTiming.WAITING:
            whom = find(encounter, self._wait_after).name if self._wait_after else "the others"
            _check_wait_ahead(encounter, combatant, whom)
            return Change(f"{combatant.name} waits to act after {whom}", kind="initiative")
        words = {
            ActionTiming.FIRST: "takes a First action",
            ActionTiming.LAST: "takes a Last action",
            ActionTiming.NORMAL: "acts in the normal order",
        }
        return Change(f"{combatant.name} {words[self._timing]}", kind="initiative")


def _check_wait_ahead(encounter: Encounter, combatant: Combatant, whom: str) -> None:
    """Refuse a wait that would put the turn behind the current one: it would be lost."""
    if encounter.round < 1:
        return
    slots = [
        i for i, s in enumerate(encounter.order) if s.uid == combatant.uid and s.kind == "normal"
    ]
    if slots and slots[0] < encounter.turn:
        raise DomainError(
            f"{combatant.name} cannot wait for {whom}: that turn is already over this round."
        )


class NextTurn(EncounterOperation):
    """Advance to the next turn; past the last, start a new round (round 0: the first).

    A new round clears this round's First/Last/waiting choices (C12) and rebuilds the
    order; each turn that begins ends the conditions its combatant started (G18). Moving
    on from the turn of a stunned combatant records that it lost that turn.
    """

    def _run(self, encounter: Encounter) -> Change:
        lost = [c.name for c in losing_turn(encounter)]
        end_slot(self, encounter)
        skipped = ""
        if lost:
            verb = "loses" if len(lost) == 1 else "lose"
            skipped = f"{', '.join(lost)} {verb} the turn (stunned). "
        if encounter.round >= 1 and encounter.turn + 1 < len(encounter.order):
            encounter.turn += 1
            slot = encounter.order[encounter.turn]
            return Change(f"{skipped}Turn: {slot_label(encounter, slot)}", kind="turn")
        if encounter.round < 1:
            missing = [
                c.name
                for c in encounter.combatants
                if c.side in ROLLING_SIDES and c.initiative is None and is_acting(c)
            ]
            if missing:
                raise DomainError("Enter or roll initiative first for: " + ", ".join(missing))
        if encounter.round >= 1:
            # First/Last actions and waiting were for the round that just ended (C12)
            for c in encounter.combatants:
                c.timing = ActionTiming.NORMAL
                c.wait_after = ""
        encounter.round += 1
        encounter.turn = 0
        encounter.started_slots = []
        encounter.order = compute_order(encounter)
        if not encounter.order:
            raise DomainError("Nobody in the encounter can take a turn.")
        first = slot_label(encounter, encounter.order[0])
        return Change(f"{skipped}Round {encounter.round} begins. Turn: {first}", kind="turn")


class PreviousTurn(EncounterOperation):
    """Step back one turn within the round (a correction; conditions stay as they are).

    It stops at the first turn of a round: going back into the previous round would
    have to bring back that round's First/Last choices, its order and the conditions
    that ended as the new round began, which only Undo restores exactly.
    """

    def _run(self, encounter: Encounter) -> Change:
        if encounter.round < 1:
            raise DomainError("The fight has not started yet.")
        if encounter.turn == 0:
            raise DomainError("This is the first turn of the round; use Undo to go further back.")
        encounter.turn -= 1
        slot = encounter.order[encounter.turn]
        return Change(f"Back to the turn of {slot_label(encounter, slot)}", kind="turn")


class AddCondition(EncounterOperation):
    """Put a condition on a combatant for `rounds` rounds (None: until removed).

    "A round" ends when the turn of the combatant who **caused** it comes round again
    (G18, revision 2): `cause` names that combatant; by default it is whoever's turn it
    is (the combatant itself outside the turn order). `anchor` instead names a
    combatant on whose next turn it ends, this round when that turn is still to come.
    `ends_at` says whether it ends as that turn starts (the default) or as it ends.
    """

    def __init__(
        self,
        uid: str,
        name: str,
        rounds: int | None = 1,
        cause: str | None = None,
        ends_at: TurnEdge = TurnEdge.START,
        anchor: str | None = None,
    ) -> None:
        super().__init__()
        self._uid = uid
        self._name = name.strip()
        self._rounds = rounds
        self._cause = cause
        self._edge = TurnEdge(ends_at)
        self._anchor = anchor

    def _run(self, encounter: Encounter) -> Change:
        combatant = find(encounter, self._uid)
        if not self._name:
            raise DomainError("Name the condition (dazed, stunned, ...).", "condition")
        if self._rounds is not None and not 1 <= self._rounds <= 100:
            raise DomainError("A condition lasts 1 to 100 rounds, or until removed.", "rounds")
        if any(c.name.casefold() == self._name.casefold() for c in combatant.conditions):
            raise DomainError(f"{combatant.name} is already {self._name}.", "condition")
        slot = current_slot(encounter)
        source = combatant.uid
        if slot is not None:
            acting = slot_uids(encounter, slot)
            source = acting[0] if acting else combatant.uid
        if self._cause is not None:
            source = find(encounter, self._cause).uid
        if self._anchor is not None:
            anchor = find(encounter, self._anchor).uid
            condition = timed_condition(encounter, self._name, self._rounds, anchor, self._edge)
        else:
            condition = timed_condition(
                encounter, self._name, self._rounds, source, self._edge, caused=True
            )
        combatant.conditions.append(condition)
        span = duration_words(encounter, condition)
        return Change(f"{combatant.name} is {self._name} ({span})", kind="condition")


class RemoveCondition(EncounterOperation):
    """Take a condition off a combatant before it ends."""

    def __init__(self, uid: str, name: str) -> None:
        super().__init__()
        self._uid = uid
        self._name = name

    def _run(self, encounter: Encounter) -> Change:
        combatant = find(encounter, self._uid)
        for cond in combatant.conditions:
            if cond.name.casefold() == self._name.casefold():
                combatant.conditions.remove(cond)
                return Change(ended_sentence(combatant.name, cond.name), kind="condition")
        raise DomainError(f"{combatant.name} is not {self._name}.", "condition")


def duration_words(encounter: Encounter, condition: Condition) -> str:
    """ "until removed", "1 round: ends R2 as Ana's turn starts" — for the log line."""
    ends = condition.end_round()
    if ends is None:
        return "until removed"
    rounds = condition.rounds_left or 1
    span = "1 round" if rounds == 1 else f"{rounds} rounds"
    return f"{span}: ends R{ends} {edge_words(encounter, condition)}"


def edge_words(encounter: Encounter, condition: Condition) -> str:
    """ "as Ana's turn starts" / "as Ana's turn ends" (the top of the round for an anchor
    without a turn)."""
    anchor = condition.source_uid
    name = next((c.name for c in encounter.combatants if c.uid == anchor), "")
    in_order = bool(anchor) and any(anchor in slot_uids(encounter, s) for s in encounter.order)
    if not name or not in_order:
        return "as the round starts" if condition.ends_at == TurnEdge.START else "as it ends"
    verb = "starts" if condition.ends_at == TurnEdge.START else "ends"
    return f"as {name}'s turn {verb}"
