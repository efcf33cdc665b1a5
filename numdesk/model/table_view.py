"""The fight as the players may see it: a read-only projection of an encounter.

Two screens show it: the table display (a TV or second monitor beside the GM) and a
joined player's Table window over the table link. Both draw the same `TableView`, so
what players may learn is decided here, once, from the GM's encounter:

- a combatant the GM hides is left out entirely (the link never sends it);
- NPC, follower and object health is given in words (hale / hurt / badly hurt /
  down) unless the GM reveals the numbers;
- PCs show their Pools and damage track or wounds (the players know those anyway);
- no log lines, notes or stat blocks: they may name what is hidden.

`to_data`/`from_data` (numdesk.model.serialize) turn a `TableView` into plain data for
the wire and back, checking every value's type on the way in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from numdesk.model.character import Character
from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.operations.encounter_base import (
    current_slot,
    find,
    profile_of,
    slot_label,
    slot_uids,
)
from numdesk.model.operations.encounter_turns import rules_conditions
from numdesk.rules.conditions import Condition as RulesCondition
from numdesk.rules.conditions import condition_effect
from numdesk.rules.types import Stat

#: How hurt a combatant looks, best first (the words players see instead of numbers).
HEALTH_WORDS = ("hale", "hurt", "badly hurt", "down")


@dataclass(frozen=True)
class SeatCondition:
    """A condition on a combatant: its name, what it does and when it ends, in words."""

    name: str
    does: str = ""
    ends: str = ""


@dataclass(frozen=True)
class SeatPool:
    """One Pool of a PC as shown at the table."""

    stat: str
    current: int
    maximum: int


@dataclass(frozen=True)
class Seat:
    """One combatant as the players see it, in turn order.

    `health_words` is always filled (one of HEALTH_WORDS, or the damage track / object
    state in words); `health`/`max_health` only when the GM reveals numbers.
    `pools`, `damage_track` and `wounds` are filled for PCs only.
    """

    uid: str
    name: str
    side: str
    acting: bool = False
    health_words: str = ""
    health: int | None = None
    max_health: int | None = None
    defeated: str = ""
    conditions: tuple[SeatCondition, ...] = ()
    pools: tuple[SeatPool, ...] = ()
    damage_track: str = ""
    wounds: str = ""
    #: the character entry's uid for a PC (a joined player finds their own PC by it)
    character_uid: str = ""


@dataclass(frozen=True)
class TableView:
    """The whole fight for the players: round, whose turn, everyone visible in order."""

    name: str
    profile: str
    round: int = 0
    turn_label: str = ""
    numbers_revealed: bool = False
    seats: tuple[Seat, ...] = field(default_factory=tuple)


def health_words(combatant: Combatant) -> str:
    """ "hale", "hurt", "badly hurt" or "down" for an NPC or follower; an object's state."""
    if combatant.defeated:
        return HEALTH_WORDS[3]
    if combatant.side == "object" and combatant.max_health <= 0:
        return combatant.object_state.name.replace("_", " ").lower()
    if combatant.max_health <= 0 or combatant.health >= combatant.max_health:
        return HEALTH_WORDS[0]
    if combatant.health <= 0:
        return HEALTH_WORDS[3]
    if combatant.health * 2 > combatant.max_health:
        return HEALTH_WORDS[1]
    return HEALTH_WORDS[2]


def condition_words(combatant: Combatant) -> tuple[SeatCondition, ...]:
    """The conditions on `combatant` with what each does (the rules' ones) in words."""
    known = {c.value: c for c in rules_conditions(combatant)}
    out = []
    for cond in combatant.conditions:
        rule = known.get(cond.name.casefold())
        does = _does(rule) if rule is not None else ""
        ends = (
            f"ends in round {cond.started_round + cond.rounds_left}"
            if cond.rounds_left is not None
            else "until removed"
        )
        out.append(SeatCondition(cond.name, does, ends))
    return tuple(out)


def _does(rule: RulesCondition) -> str:
    effect = condition_effect(rule)
    parts = []
    if effect.task_hinder:
        parts.append(f"tasks hindered {effect.task_hinder} step")
    if effect.loses_turn:
        parts.append("loses the turn")
    if not effect.can_move:
        parts.append("cannot move")
    if effect.defense_stat is not None:
        parts.append(f"{effect.defense_stat.value.title()} defense {effect.check_every}".strip())
    return "; ".join(parts)


def project(encounter: Encounter, characters: Mapping[str, Character]) -> TableView:
    """The players' view of `encounter` (its `hidden` combatants left out, numbers shown
    only with `reveal_numbers`).

    `characters` maps a PC combatant's `source_uid` to its sheet (PCs without one show
    no Pools).
    """
    hidden = {c.uid for c in encounter.combatants if c.hidden}
    reveal_numbers = encounter.reveal_numbers
    track = profile_of(encounter).uses_damage_track
    slot = current_slot(encounter) if encounter.round else None
    acting = set(slot_uids(encounter, slot)) if slot is not None else set()
    visible = [c for c in _in_order(encounter) if c.uid not in hidden]
    turn_label = ""
    if slot is not None and not (acting & hidden):
        turn_label = slot_label(encounter, slot)
    seats = tuple(_seat(c, c.uid in acting, characters, reveal_numbers, track) for c in visible)
    return TableView(
        name=encounter.name,
        profile=encounter.profile,
        round=encounter.round,
        turn_label=turn_label,
        numbers_revealed=reveal_numbers,
        seats=seats,
    )


def _in_order(encounter: Encounter) -> list[Combatant]:
    """Combatants in turn order, then those with no turn yet, each once."""
    seen: list[str] = []
    for slot in encounter.order:
        for uid in slot_uids(encounter, slot):
            if uid not in seen:
                seen.append(uid)
    rest = [c.uid for c in encounter.combatants if c.uid not in seen]
    return [find(encounter, uid) for uid in [*seen, *rest]]


def _seat(
    combatant: Combatant,
    acting: bool,
    characters: Mapping[str, Character],
    reveal: bool,
    track: bool,
) -> Seat:
    sheet = characters.get(combatant.source_uid or "") if combatant.side == "pc" else None
    if sheet is None:
        shows_numbers = reveal and combatant.side != "pc" and combatant.max_health > 0
        return Seat(
            uid=combatant.uid,
            name=combatant.name,
            side=combatant.side,
            acting=acting,
            health_words=health_words(combatant) if combatant.side != "pc" else "",
            health=combatant.health if shows_numbers else None,
            max_health=combatant.max_health if shows_numbers else None,
            defeated=combatant.defeated,
            conditions=condition_words(combatant),
        )
    pools = tuple(
        SeatPool(stat.value, sheet.pools[stat].current, sheet.pools[stat].maximum) for stat in Stat
    )
    w = sheet.wounds
    wounds = (
        ""
        if track
        else f"minor {w.minor}/{w.minor_slots}, moderate {w.moderate}/{w.moderate_slots}, "
        f"major {w.major}/{w.major_slots}"
    )
    return Seat(
        uid=combatant.uid,
        name=combatant.name,
        side=combatant.side,
        acting=acting,
        defeated=combatant.defeated,
        conditions=condition_words(combatant),
        pools=pools,
        damage_track=sheet.damage_track.name.lower() if track else "",
        wounds=wounds,
        character_uid=sheet.uid,
    )


__all__ = [
    "HEALTH_WORDS",
    "Seat",
    "SeatCondition",
    "SeatPool",
    "TableView",
    "condition_words",
    "health_words",
    "project",
]
