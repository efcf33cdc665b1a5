"""Initiative and the order of a round (RULES.md G12, C12).

PCs roll; NPCs use their target numbers; the profile decides who wins a tie. In
`cypher`, First, Follow-up and Last actions reshuffle one round, and anyone may wait.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import Profile
from numdesk.rules.types import ActionTiming

#: Each step a PC's initiative task is eased counts as this much on the roll (G12).
POINTS_PER_STEP = 3


def pc_initiative(roll: int, eased_steps: int = 0) -> int:
    """A PC's initiative: the d20 plus 3 for each step the Speed task is eased."""
    if not 1 <= roll <= 20:
        raise RulesError(f"A d20 shows 1 to 20, not {roll}.")
    return roll + POINTS_PER_STEP * eased_steps


def npc_initiative(level: int) -> int:
    """An NPC's initiative is its target number, 3 × level."""
    if not 1 <= level <= 10:
        raise RulesError(f"An NPC's level runs from 1 to 10, not {level}.")
    return 3 * level


def pc_beats(pc_value: int, npc_value: int, profile: Profile) -> bool:
    """Whether a PC acts before an NPC; ties go to the NPC or the PC by profile."""
    if profile.npc_wins_initiative_ties:
        return pc_value > npc_value
    return pc_value >= npc_value


class TurnKind(StrEnum):
    """Which part of the round a turn belongs to (C12)."""

    FIRST = "first"
    NORMAL = "normal"
    FOLLOW_UP = "follow_up"
    LAST = "last"


@dataclass(frozen=True, slots=True)
class InitiativeEntry:
    """One combatant's initiative and its timing this round.

    `wait_after` names the combatant a waiting one acts right after; without it the
    waiting combatant acts at the end of the normal turns.
    """

    id: str
    is_pc: bool
    value: int
    timing: ActionTiming = ActionTiming.NORMAL
    wait_after: str | None = None


@dataclass(frozen=True, slots=True)
class Turn:
    """One slot in the round."""

    id: str
    kind: TurnKind


@dataclass(frozen=True, slots=True)
class TurnOrder:
    """The round's turns in order (an id can appear twice: First and Follow-up)."""

    turns: tuple[Turn, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        """Combatant ids in acting order."""
        return tuple(t.id for t in self.turns)


def _initiative_order(
    profile: Profile, entries: Sequence[InitiativeEntry], group_npcs: bool
) -> list[InitiativeEntry]:
    npc_values = [e.value for e in entries if not e.is_pc]
    group_value = max(npc_values, default=0)
    pc_rank, npc_rank = (1, 0) if profile.npc_wins_initiative_ties else (0, 1)

    def key(item: tuple[int, InitiativeEntry]) -> tuple[int, int, int, int]:
        index, e = item
        value = group_value if group_npcs and not e.is_pc else e.value
        return (-value, pc_rank if e.is_pc else npc_rank, -e.value, index)

    return [e for _, e in sorted(enumerate(entries), key=key)]


def _check(profile: Profile, entries: Sequence[InitiativeEntry]) -> None:
    ids = [e.id for e in entries]
    if len(set(ids)) != len(ids):
        raise RulesError("Each combatant can appear only once in the initiative order.")
    for e in entries:
        if e.timing in (ActionTiming.FIRST, ActionTiming.LAST) and not profile.has_action_timing:
            raise RulesError(f"The {profile.label} rules have no First or Last actions.")
        if e.wait_after is not None and e.timing is not ActionTiming.WAITING:
            raise RulesError(f"{e.id} names someone to wait for but is not waiting.")


def turn_order(
    profile: Profile, entries: Sequence[InitiativeEntry], *, group_npcs: bool = False
) -> TurnOrder:
    """Order one round (G12, C12).

    Normal order: highest initiative first, with the profile's tie rule between a PC
    and an NPC; in group mode every NPC acts on the highest NPC value. First actions
    come before everyone, in initiative order; their owners' Follow-ups come after all
    normal turns; Last actions end the round, in initiative order. A waiting combatant
    acts right after the one it waits for, or at the end of the normal turns.
    """
    _check(profile, entries)
    ordered = _initiative_order(profile, entries, group_npcs)
    first = [e for e in ordered if e.timing is ActionTiming.FIRST]
    last = [e for e in ordered if e.timing is ActionTiming.LAST]
    normal = [e for e in ordered if e.timing is ActionTiming.NORMAL]
    waiting = [e for e in ordered if e.timing is ActionTiming.WAITING]
    waiting_for: dict[str | None, list[InitiativeEntry]] = {}
    for e in waiting:
        waiting_for.setdefault(e.wait_after, []).append(e)

    normal_turns: list[Turn] = []

    def place(entry: InitiativeEntry) -> None:
        normal_turns.append(Turn(entry.id, TurnKind.NORMAL))
        for waiter in waiting_for.pop(entry.id, []):
            place(waiter)

    for e in normal:
        place(e)
    for waiter in waiting_for.pop(None, []):
        place(waiter)
    if waiting_for:
        stuck = ", ".join(w.id for ws in waiting_for.values() for w in ws)
        raise RulesError(f"{stuck} wait(s) for someone who takes no normal turn this round.")
    turns = [
        *(Turn(e.id, TurnKind.FIRST) for e in first),
        *normal_turns,
        *(Turn(e.id, TurnKind.FOLLOW_UP) for e in first),
        *(Turn(e.id, TurnKind.LAST) for e in last),
    ]
    return TurnOrder(tuple(turns))
