"""Encounters and the combatants in them (RULES.md G12, G15, G18, C12)."""

from __future__ import annotations

from dataclasses import dataclass, field

from numdesk.model.items import new_uid
from numdesk.rules.types import ActionTiming, ObjectState


@dataclass
class Condition:
    """A condition or mark on a combatant (RULES.md G18, T1–T5).

    `rounds_left` is the duration in rounds it was given (None lasts until removed).
    It runs on the clock of `source_uid`, its anchor: by default whoever caused it (G18:
    whoever's turn it was when it began, or the combatant itself outside a round); a
    mark such as taking the attack runs on the taker's own turn (T3). It ends in round
    `ends_round` as the anchor's turn starts or ends (`ends_at`, a `TurnEdge` value).
    Conditions stored before numdesk knew edges have `ends_round` 0: they end at the
    start of the anchor's turn in round `started_round + rounds_left`.
    """

    name: str
    rounds_left: int | None = 1
    source_uid: str = ""
    started_round: int = 0
    ends_at: str = "start"
    ends_round: int = 0

    def end_round(self) -> int | None:
        """The round in which it ends (None: it lasts until removed)."""
        if self.rounds_left is None:
            return None
        return self.ends_round or self.started_round + self.rounds_left


@dataclass
class Combatant:
    """One participant. `source_uid` links to the library entry (character or creature).

    `initiative` is the PC's total (roll + 3 per eased step, `initiative_eases`);
    `wait_after` names the combatant a waiting one acts after (C12); `defeated` is ""
    or "dead" / "knocked out" (G15).

    `side` is "pc", "npc", "follower" or "object"; health fields apply to NPCs, followers
    and objects (an object uses `level`, `object_state` or `health` per its profile).
    """

    name: str
    side: str = "npc"
    source_uid: str | None = None
    level: int = 1
    health: int = 0
    max_health: int = 0
    armor: int = 0
    #: extra Armor against named damage kinds, from the stat block (T8)
    armor_against: dict[str, int] = field(default_factory=dict)
    initiative: int | None = None
    timing: ActionTiming = ActionTiming.NORMAL
    conditions: list[Condition] = field(default_factory=list)
    defeated: str = ""
    object_state: ObjectState = ObjectState.INTACT
    damage_taken_at_zero: int = 0
    notes: str = ""
    initiative_eases: int = 0
    wait_after: str = ""
    #: the GM hides this combatant from the players (table display, table link)
    hidden: bool = False
    uid: str = field(default_factory=new_uid)


@dataclass
class TurnSlot:
    """One turn of the round's order: whose, and which kind (a `TurnKind` value).

    `uid` is a combatant's uid, or "" for the NPCs acting together in group mode.
    """

    uid: str
    kind: str = "normal"


@dataclass
class LogEntry:
    """One line of the encounter log."""

    round: int
    text: str
    at: str = ""


@dataclass
class Encounter:
    """A prepared or running fight; `turn` indexes `order`, the round's turn order.

    `round` 0 means not started. `started_slots` lists the slot indexes whose turn has
    already begun this round, so going back and forth never ends a condition twice.
    """

    name: str
    profile: str = "numenera"
    combatants: list[Combatant] = field(default_factory=list)
    group_npc_initiative: bool = False
    round: int = 0
    turn: int = 0
    log: list[LogEntry] = field(default_factory=list)
    notes: str = ""
    order: list[TurnSlot] = field(default_factory=list)
    started_slots: list[int] = field(default_factory=list)
    #: the players see NPC health as numbers instead of words
    reveal_numbers: bool = False
    uid: str = field(default_factory=new_uid)
