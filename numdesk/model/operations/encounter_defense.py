"""What the fight already knows about a PC's defense roll against one attacker: the
attacker's level and every step the fight's picks and conditions give (RULES.md G6,
G18, T1–T5, T7, C13a), each with the reason the GM reads next to the roll.

The sheet's own part (wound hindrance C3, armor on a block or dodge C6, skills) is
counted by the defense task itself (`defense_roll.defense_task`); this module adds only
what lives in the encounter, so nothing is counted twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.operations.encounter_base import current_slot, find, slot_uids
from numdesk.model.operations.encounter_turns import (
    attack_hindrance,
    rules_conditions,
    task_hindrance,
)
from numdesk.rules.conditions import Condition as RulesCondition
from numdesk.rules.conditions import condition_effect
from numdesk.rules.table_picks import PICK_CONDITIONS, PickRule, condition_steps
from numdesk.rules.types import WoundSeverity


@dataclass(frozen=True)
class FightDefense:
    """The fight's side of one defense roll.

    `level` is the attacker's (the difficulty, G6; 0 when nobody attacks from the
    fight); `eases`/`hindrances` are the steps the fight adds; `helpless` means no roll
    at all (T7); `reasons` say where each step comes from.
    """

    attacker: str
    level: int
    eases: int
    hindrances: int
    helpless: bool
    reasons: tuple[str, ...]


def attackers(encounter: Encounter) -> list[Combatant]:
    """Who can attack a PC, the one whose turn it is first (then the rest standing)."""
    foes = [c for c in encounter.combatants if c.side in ("npc", "follower") and not c.defeated]
    slot = current_slot(encounter)
    acting = slot_uids(encounter, slot) if slot is not None else []
    return sorted(foes, key=lambda c: c.uid not in acting)


def acting_attacker(encounter: Encounter) -> Combatant | None:
    """The NPC whose turn it is: the attacker a hit on a PC most likely comes from.

    None on a PC's or a follower's turn (or before the fight starts): then nothing in
    the fight says who attacks, and the GM is asked rather than given a guess that
    would quietly change the difficulty.
    """
    slot = current_slot(encounter)
    acting = slot_uids(encounter, slot) if slot is not None and encounter.round >= 1 else []
    return next((c for c in attackers(encounter) if c.uid in acting and c.side == "npc"), None)


def _steps(n: int) -> str:
    return "1 step" if n == 1 else f"{n} steps"


def _picks(combatant: Combatant) -> list[PickRule]:
    """The section T marks on `combatant`, each kind once."""
    found: dict[str, PickRule] = {}
    for cond in combatant.conditions:
        rule = PICK_CONDITIONS.get(cond.name.casefold())
        if rule is not None:
            found.setdefault(rule.key, rule)
    return list(found.values())


def fight_defense(encounter: Encounter, target_uid: str, attacker_uid: str = "") -> FightDefense:
    """The attacker's level and the fight's steps on `target_uid`'s defense against it.

    Steps on the defender: help (T1) and guarding (T4) ease it, drawing the attack (T3)
    hinders it, its own dazed or T5 marks hinder it as every task. Steps on the
    attacker flip (C13a): its distraction (T2) and its dazed or T5 marks hinder its
    attack, which eases the defense. A paralysed defender cannot defend (T7, C13).
    """
    target = find(encounter, target_uid)
    attacker = find(encounter, attacker_uid) if attacker_uid else None
    eases = hindrances = 0
    reasons: list[str] = []
    for rule in _picks(target):
        if rule.defense_ease:
            eases += rule.defense_ease
            reasons.append(
                f"{target.name} is {rule.condition}: defense eased {_steps(rule.defense_ease)}"
                f" ({rule.rule})"
            )
        if rule.defense_hinder:
            hindrances += rule.defense_hinder
            reasons.append(
                f"{target.name} is {rule.condition}: defense hindered "
                f"{_steps(rule.defense_hinder)} ({rule.rule})"
            )
    own = task_hindrance(target)
    if own:
        names = ", ".join(c.name for c in target.conditions if _hinders_tasks(c.name))
        reasons.append(f"{target.name} is {names}: every task hindered {_steps(own)}")
        hindrances += own
    helpless = any(not condition_effect(c).can_move for c in rules_conditions(target))
    if helpless:
        reasons.append(f"{target.name} is paralysed: no block or dodge, the hit lands (T7)")
    if attacker is not None:
        flipped = task_hindrance(attacker) + attack_hindrance(attacker)
        if flipped:
            names = ", ".join(
                c.name
                for c in attacker.conditions
                if _hinders_tasks(c.name) or c.name.casefold() == "distracted"
            )
            reasons.append(
                f"{attacker.name} is {names}: its attack hindered {_steps(flipped)}, so the "
                f"defense is eased {_steps(flipped)} (C13a)"
            )
            eases += flipped
    return FightDefense(
        attacker=attacker.name if attacker is not None else "",
        level=attacker.level if attacker is not None else 0,
        eases=eases,
        hindrances=hindrances,
        helpless=helpless,
        reasons=tuple(reasons),
    )


def _hinders_tasks(name: str) -> bool:
    """Whether the condition `name` hinders every task (dazed, G18; T5 marks)."""
    try:
        named = RulesCondition(name.casefold())
    except ValueError:
        return condition_steps([name])[0] > 0
    return condition_effect(named).task_hinder > 0


#: a number at the start of a stat block's damage ("4 with a blade", "6 points")
_LEADING_NUMBER = re.compile(r"^\s*(\d{1,2})\b")
_SEVERITIES = {s.name.lower(): s for s in WoundSeverity}


def stat_block_damage(text: str) -> int | None:
    """The damage a stat block's damage line starts with ("4 with a blade"), or None: the
    defense step fills it in and says where it came from."""
    found = _LEADING_NUMBER.match(text or "")
    return int(found.group(1)) if found else None


def stat_block_wound(text: str) -> WoundSeverity | None:
    """The wound a stat block's damage line names (minor/moderate/major), or None."""
    for name, severity in _SEVERITIES.items():
        if re.search(rf"\b{name}\b", text or "", re.IGNORECASE):
            return severity
    return None
