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

from collections.abc import Mapping, Set
from dataclasses import dataclass, field, replace

from numdesk.model.character import Character
from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.operations.encounter_base import (
    current_slot,
    find,
    profile_of,
    slot_label,
    slot_uids,
)
from numdesk.model.operations.encounter_turns import edge_words
from numdesk.rules.conditions import Condition as RulesCondition
from numdesk.rules.conditions import condition_effect
from numdesk.rules.table_picks import PICK_CONDITIONS, PickRule
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
    #: 1-based place in this round's order among the seats shown (0: no turn — an
    #: object, the defeated, no initiative yet); hidden combatants leave no gap
    place: int = 0
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


def condition_words(
    encounter: Encounter, combatant: Combatant, hidden: Set[str] = frozenset()
) -> tuple[SeatCondition, ...]:
    """The conditions on `combatant` with what each does and when it really ends (the
    round, and at whose turn: `edge_words` of the fight's durations). A condition
    running on a `hidden` combatant's turn gives only its round: the players are not
    told who that is."""
    out = []
    for cond in combatant.conditions:
        ends_in = cond.end_round()
        if ends_in is None:
            ends = "until removed"
        elif cond.source_uid in hidden:
            ends = f"ends in round {ends_in}"
        else:
            # a condition set with no anchor runs on its bearer's turns (G18)
            anchored = replace(cond, source_uid=cond.source_uid or combatant.uid)
            ends = f"ends in round {ends_in}, {edge_words(encounter, anchored)}"
        out.append(SeatCondition(cond.name, condition_does(cond.name), ends))
    return tuple(out)


def condition_does(name: str) -> str:
    """What the condition `name` does, for the players: the rules' conditions (G18) and
    the marks table actions and special rolls leave (T1–T5); "" for one of the GM's own."""
    key = name.casefold()
    rule = next((c for c in RulesCondition if c.value == key), None)
    if rule is not None:
        return _rules_does(rule)
    pick = PICK_CONDITIONS.get(key)
    return _pick_does(pick) if pick is not None else ""


def _steps(what: str, verb: str, steps: int) -> str:
    return f"{what} {verb} {steps} step" + ("s" if steps > 1 else "")


def _rules_does(rule: RulesCondition) -> str:
    effect = condition_effect(rule)
    parts = []
    if effect.task_hinder:
        parts.append(_steps("all tasks", "hindered", effect.task_hinder))
    if effect.loses_turn:
        parts.append("loses its turn, can still defend")
    if not effect.can_move:
        parts.append("cannot move")
    if effect.defense_stat is not None:
        parts.append(f"{effect.defense_stat.value.title()} defense rolls {effect.check_every}")
    return "; ".join(parts)


def _pick_does(pick: PickRule) -> str:
    parts = []
    if pick.task_hinder:
        parts.append(_steps("all tasks", "hindered", pick.task_hinder))
    if pick.attack_hinder:
        parts.append(_steps("attacks", "hindered", pick.attack_hinder))
    if pick.defense_ease:
        parts.append(_steps("defense", "eased", pick.defense_ease))
    if pick.defense_hinder:
        parts.append(_steps("defense against that attack", "hindered", pick.defense_hinder))
    if not parts and pick.note:
        parts.append(pick.note.split(";")[0])
    return "; ".join(parts)


def wound_words(minor: int, moderate: int, major: int, slots: tuple[int, int, int]) -> str:
    """ "no wounds", "minor 1/3", "minor 3/3 · moderate 1/3": the wounds taken (of the
    slots) per severity, the empty severities left out (C1)."""
    taken = (("minor", minor), ("moderate", moderate), ("major", major))
    parts = [f"{word} {n}/{of}" for (word, n), of in zip(taken, slots, strict=True) if n]
    return " · ".join(parts) if parts else "no wounds"


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
    if slot is not None and not slot.uid:
        # the NPCs acting together: named as a group, so hidden ones stay unnamed
        if acting - hidden:
            turn_label = slot_label(encounter, slot)
    elif slot is not None and not (acting & hidden):
        turn_label = slot_label(encounter, slot)
    places = _places(encounter, hidden)
    seats = tuple(
        _seat(
            c,
            c.uid in acting,
            places.get(c.uid, 0),
            condition_words(encounter, c, hidden),
            characters,
            reveal_numbers,
            track,
        )
        for c in visible
    )
    return TableView(
        name=encounter.name,
        profile=encounter.profile,
        round=encounter.round,
        turn_label=turn_label,
        numbers_revealed=reveal_numbers,
        seats=seats,
    )


def _places(encounter: Encounter, hidden: set[str]) -> dict[str, int]:
    """Each shown combatant's place in the order (its first slot), counted without the
    hidden ones so the numbers betray no gap."""
    places: dict[str, int] = {}
    for slot in encounter.order:
        for uid in slot_uids(encounter, slot):
            if uid not in hidden and uid not in places:
                places[uid] = len(places) + 1
    return places


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
    place: int,
    conditions: tuple[SeatCondition, ...],
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
            place=place,
            health_words=health_words(combatant) if combatant.side != "pc" else "",
            health=combatant.health if shows_numbers else None,
            max_health=combatant.max_health if shows_numbers else None,
            defeated=combatant.defeated,
            conditions=conditions,
        )
    pools = tuple(
        SeatPool(stat.value, sheet.pools[stat].current, sheet.pools[stat].maximum) for stat in Stat
    )
    w = sheet.wounds
    wounds = (
        ""
        if track
        else wound_words(
            w.minor, w.moderate, w.major, (w.minor_slots, w.moderate_slots, w.major_slots)
        )
    )
    return Seat(
        uid=combatant.uid,
        name=combatant.name,
        side=combatant.side,
        acting=acting,
        place=place,
        defeated=combatant.defeated,
        conditions=conditions,
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
    "condition_does",
    "condition_words",
    "health_words",
    "project",
    "wound_words",
]
