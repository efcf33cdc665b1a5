"""The section T table actions and 19/20 effects as picks in a fight (RULES.md T1–T5).

The numbers come from the rules engine: `table_actions` (help, distraction, drawing,
guarding) and `effects` (the T5 catalogue). This module only says, for each pick, which
condition it leaves on the target, for how long, and what that condition does to tasks,
so the fight can mark it and end it on the G18 clock (a round lasts until whoever caused
it acts again: help ends at the helper's next turn, T1).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from numdesk.rules.effects import EFFECTS, Effect, EffectSize
from numdesk.rules.errors import RulesError
from numdesk.rules.table_actions import (
    DISTRACTION_STEPS,
    DRAW_DEFENSE_HINDRANCE,
    GUARD_DEFENSE_EASE,
)

#: The keys of the table actions (T5 effects are "effect:<key>" of `effects.EFFECTS`).
HELP_DEFENSE = "help_defense"
DISTRACT = "distract"
DRAW_ATTACK = "draw_attack"
TAKE_ATTACK = "take_attack"
GUARD = "guard"
STOP_GUARDING = "stop_guarding"


@dataclass(frozen=True, slots=True)
class PickRule:
    """What one pick does.

    `condition` is put on the target (None: the pick is only noted in the log);
    `rounds` None lasts until removed. `needs` is "19"/"20" for roll effects;
    `defense_actions` marks the picks only rules with defense actions have (T3, T4).
    """

    key: str
    rule: str
    label: str
    condition: str | None
    rounds: int | None
    task_hinder: int = 0
    attack_hinder: int = 0
    defense_ease: int = 0
    defense_hinder: int = 0
    needs: str = ""
    defense_actions: bool = False
    note: str = ""
    #: the log's sentence when "<name> is <condition>" does not read ("{0}": the name)
    says: str = ""
    #: the log's sentence when the condition ends, if "<name> is no longer <condition>"
    #: does not read
    ended: str = ""
    #: the mark runs on the target's own turns (T3: until the taker's next turn), not on
    #: the turns of whoever's turn it is when it is set (G18)
    own_clock: bool = False


_ACTIONS = (
    PickRule(
        HELP_DEFENSE,
        "T1",
        "Help with defense",
        "helped",
        1,
        defense_ease=1,
        note="an asset on every defense task until the helper's next turn",
    ),
    PickRule(
        DISTRACT,
        "T2",
        "Distract",
        "distracted",
        1,
        attack_hinder=DISTRACTION_STEPS,
        note="its attacks are hindered 1 step this round; more distracters add nothing",
    ),
    PickRule(
        DRAW_ATTACK,
        "T3",
        "Draw the attack",
        "drawing the attack",
        1,
        defense_hinder=DRAW_DEFENSE_HINDRANCE,
        defense_actions=True,
        own_clock=True,
        note="the foe's target now; its defense against that attack hindered 2 steps",
    ),
    PickRule(
        TAKE_ATTACK,
        "T3",
        "Take the attack",
        "took an attack",
        1,
        defense_actions=True,
        note="the hit lands on the taker with one extra minor wound; not again before "
        "the taker's next turn",
        says="{0} takes an attack meant for an ally",
        ended="{0} can take an attack again",
        own_clock=True,
    ),
    PickRule(
        GUARD,
        "T4",
        "Guard",
        "guarding",
        None,
        defense_ease=GUARD_DEFENSE_EASE,
        defense_actions=True,
        note="no attacks; every defense task eased 1 step until it stops",
    ),
    PickRule(
        STOP_GUARDING, "T4", "Stop guarding", None, None, defense_actions=True, note="guarding ends"
    ),
)

#: T5 effects that leave a condition: its name and rounds (None: rest of the combat).
_EFFECT_CONDITIONS: dict[str, tuple[str, int | None]] = {
    "distract": ("distracted (all tasks)", 1),
    "knock_down": ("prone", None),
    "stun": ("stunned", 1),
    "impair": ("impaired", None),
}


def _effect_pick(effect: Effect) -> PickRule:
    condition, rounds = _EFFECT_CONDITIONS.get(effect.key, (None, None))
    return PickRule(
        f"effect:{effect.key}",
        "T5",
        effect.label,
        condition,
        rounds,
        task_hinder=effect.hinder_steps if condition else 0,
        needs="19" if effect.size is EffectSize.MINOR else "20",
    )


PICKS: dict[str, PickRule] = {
    p.key: p for p in (*_ACTIONS, *(_effect_pick(e) for e in EFFECTS if e.combat))
}
#: Conditions the picks leave, by name, with what they do.
PICK_CONDITIONS: dict[str, PickRule] = {p.condition: p for p in PICKS.values() if p.condition}


def pick_rule(key: str) -> PickRule:
    """The rule of one pick; RulesError for an unknown one."""
    try:
        return PICKS[key]
    except KeyError:
        raise RulesError(f"'{key}' is not a table action numdesk knows.") from None


def picks_for(defense_actions: bool) -> list[PickRule]:
    """The table actions (not roll effects) a fight offers under these rules (T1–T4)."""
    return [p for p in PICKS.values() if not p.needs and (defense_actions or not p.defense_actions)]


def effect_picks(needs: str) -> list[PickRule]:
    """The effects a natural `needs` ("19" or "20") lets the attacker pick in a fight."""
    return [p for p in PICKS.values() if p.needs == needs]


def condition_steps(names: Iterable[str]) -> tuple[int, int, int, int]:
    """(task hinder, attack hinder, defense ease, defense hinder) of the pick conditions
    named, each counted once: two distractions hinder 1 step, not 2 (Ex19)."""
    rules = {PICK_CONDITIONS[n.casefold()] for n in names if n.casefold() in PICK_CONDITIONS}
    return (
        max((r.task_hinder for r in rules), default=0),
        max((r.attack_hinder for r in rules), default=0),
        max((r.defense_ease for r in rules), default=0),
        max((r.defense_hinder for r in rules), default=0),
    )


def ended_sentence(name: str, condition: str) -> str:
    """The log's line when `condition` ends on the combatant `name`."""
    rule = PICK_CONDITIONS.get(condition.casefold())
    if rule is not None and rule.ended:
        return rule.ended.format(name)
    return f"{name} is no longer {condition}"
