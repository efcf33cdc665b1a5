"""Encounters and the combatants in them (RULES.md G12, G15, G18, C12)."""

from __future__ import annotations

from dataclasses import dataclass, field

from numdesk.model.items import new_uid
from numdesk.rules.types import ActionTiming, ObjectState


@dataclass
class Condition:
    """A condition on a combatant; `rounds_left` None lasts until removed (RULES.md G18)."""

    name: str
    rounds_left: int | None = 1


@dataclass
class Combatant:
    """One participant. `source_uid` links to the library entry (character or creature).

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
    initiative: int | None = None
    timing: ActionTiming = ActionTiming.NORMAL
    conditions: list[Condition] = field(default_factory=list)
    defeated: str = ""
    object_state: ObjectState = ObjectState.INTACT
    damage_taken_at_zero: int = 0
    notes: str = ""
    uid: str = field(default_factory=new_uid)


@dataclass
class LogEntry:
    """One line of the encounter log."""

    round: int
    text: str
    at: str = ""


@dataclass
class Encounter:
    """A prepared or running fight; `turn` indexes the current turn order."""

    name: str
    profile: str = "numenera"
    combatants: list[Combatant] = field(default_factory=list)
    group_npc_initiative: bool = False
    round: int = 0
    turn: int = 0
    log: list[LogEntry] = field(default_factory=list)
    notes: str = ""
    uid: str = field(default_factory=new_uid)
