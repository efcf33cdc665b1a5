"""Section T table actions in a fight: help, distraction, drawing or taking the attack,
guarding, and the effects a 19 or 20 offers (RULES.md T1–T5).

Each pick on one target is one operation and one log line. A pick that leaves a
condition records its cause (the acting combatant) so "a round" ends at that
combatant's next turn (G18): help lasts until the helper acts again (T1), a distraction
until the distracter does (T2). Drawing and taking the attack run on the target's own
clock instead: the mark ends as the drawer's or taker's next turn starts (T3). A
second distraction of the same foe is noted but adds nothing (Ex19).
"""

from __future__ import annotations

from numdesk.model.encounter import Encounter
from numdesk.model.errors import DomainError, domain_errors
from numdesk.model.operations.base import Change
from numdesk.model.operations.encounter_base import (
    EncounterOperation,
    current_slot,
    find,
    profile_of,
    slot_uids,
    timed_condition,
)
from numdesk.model.operations.encounter_turns import duration_words
from numdesk.rules.conditions import TurnEdge
from numdesk.rules.table_picks import STOP_GUARDING, pick_rule


class TablePick(EncounterOperation):
    """Apply `pick` to the combatant `uid`, caused by `actor_uid` (default: whoever's turn
    it is, else the target itself).

    The mark it leaves ends by the rules (the causer's next turn, G18; the taker's own
    next turn, T3) unless `anchor` names the combatant on whose next turn it ends;
    `ends_at` says whether as that turn starts or as it ends.
    """

    def __init__(
        self,
        uid: str,
        pick: str,
        actor_uid: str | None = None,
        anchor: str | None = None,
        ends_at: TurnEdge = TurnEdge.START,
    ) -> None:
        super().__init__()
        self._uid = uid
        self._pick = pick
        self._actor = actor_uid
        self._anchor = anchor
        self._edge = TurnEdge(ends_at)

    def _run(self, encounter: Encounter) -> Change:
        with domain_errors("pick"):
            rule = pick_rule(self._pick)
        target = find(encounter, self._uid)
        if rule.defense_actions and not profile_of(encounter).defense_actions:
            raise DomainError(f"{rule.label} is not a rule of these rules ({rule.rule}).", "pick")
        source = self._actor
        if source is None:
            slot = current_slot(encounter)
            acting = slot_uids(encounter, slot) if slot is not None else []
            source = acting[0] if acting else target.uid
        else:
            find(encounter, source)
        note = f" ({rule.rule}: {rule.note})" if rule.note else f" ({rule.rule})"
        if rule.key == STOP_GUARDING:
            kept = [c for c in target.conditions if c.name.casefold() != "guarding"]
            if len(kept) == len(target.conditions):
                raise DomainError(f"{target.name} is not guarding.", "pick")
            target.conditions = kept
            return Change(f"{target.name} stops guarding{note}", kind="condition")
        if rule.condition is None:
            return Change(f"{rule.label}: {target.name}{note}", kind="condition")
        if any(c.name.casefold() == rule.condition.casefold() for c in target.conditions):
            return Change(
                f"{target.name} is already {rule.condition}: it does not add up{note}",
                kind="condition",
            )
        edge = self._edge
        if self._anchor is not None:
            anchor = find(encounter, self._anchor).uid
            condition = timed_condition(encounter, rule.condition, rule.rounds, anchor, edge)
        elif rule.own_clock:
            condition = timed_condition(encounter, rule.condition, rule.rounds, target.uid, edge)
        else:
            condition = timed_condition(
                encounter, rule.condition, rule.rounds, source, edge, caused=True
            )
        target.conditions.append(condition)
        span = duration_words(encounter, condition)
        said = (
            rule.says.format(target.name)
            if rule.says
            else f"{rule.label}: {target.name} is {rule.condition}"
        )
        return Change(f"{said} ({span}){note}", kind="condition")
