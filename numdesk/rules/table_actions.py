"""Table actions and effects (RULES.md section T) as picks a GM or player makes.

Each pick says which T rule it follows, whom it marks (the acting character or the
target), the condition name it leaves (if any), how long that lasts and what the mark
does to tasks. Conditions that last "a round" end when the turn of whoever caused them
comes round again (G18), so help ends at the helper's next turn (T1) and a distraction
at the distracter's (T2, T5).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from numdesk.rules.errors import RulesError


class Pick(StrEnum):
    """The table actions and special-roll effects numdesk offers."""

    HELP_DEFENSE = "help_defense"
    DISTRACT = "distract"
    DRAW_ATTACK = "draw_attack"
    TAKE_ATTACK = "take_attack"
    GUARD = "guard"
    STOP_GUARDING = "stop_guarding"
    # T5 minor effects (natural 19)
    STRIKE_BODY_PART = "strike_body_part"
    KNOCK_BACK = "knock_back"
    MOVE_PAST = "move_past"
    DISTRACT_EFFECT = "distract_effect"
    # T5 major effects (natural 20)
    KNOCK_DOWN = "knock_down"
    DISARM = "disarm"
    STUN = "stun"
    IMPAIR = "impair"


@dataclass(frozen=True, slots=True)
class PickRule:
    """What one pick does.

    `condition` is put on the target (None: the pick is only noted in the log);
    `rounds` None lasts until removed (the rest of the combat, or until it stops);
    `task_hinder` / `defense_ease` / `defense_hinder` are the steps the condition gives.
    `needs` is "19" or "20" for special-roll effects, "" for actions anyone can take;
    `cypher_only` marks T3/T4 picks.
    """

    pick: Pick
    rule: str
    label: str
    condition: str | None
    rounds: int | None
    task_hinder: int = 0
    attack_hinder: int = 0
    defense_ease: int = 0
    defense_hinder: int = 0
    loses_action: bool = False
    needs: str = ""
    cypher_only: bool = False
    note: str = ""


PICKS: dict[Pick, PickRule] = {
    p.pick: p
    for p in (
        PickRule(
            Pick.HELP_DEFENSE,
            "T1",
            "Help with defense",
            "helped",
            1,
            defense_ease=1,
            note="an asset on every defense task until the helper's next turn",
        ),
        PickRule(
            Pick.DISTRACT,
            "T2",
            "Distract",
            "distracted",
            1,
            attack_hinder=1,
            note="its attacks are hindered 1 step this round; more distracters add nothing",
        ),
        PickRule(
            Pick.DRAW_ATTACK,
            "T3",
            "Draw the attack",
            "drawing the attack",
            1,
            defense_hinder=2,
            cypher_only=True,
            note="becomes the foe's target; on a successful Intellect task against a "
            "determined foe, its defense against that attack is hindered 2 steps",
        ),
        PickRule(
            Pick.TAKE_ATTACK,
            "T3",
            "Take the attack",
            "took an attack",
            1,
            cypher_only=True,
            note="the hit lands on the taker automatically with one extra minor wound; "
            "not again before the taker's next turn",
        ),
        PickRule(
            Pick.GUARD,
            "T4",
            "Guard",
            "guarding",
            None,
            defense_ease=1,
            cypher_only=True,
            note="no attacks; every defense task eased 1 step until it stops guarding",
        ),
        PickRule(
            Pick.STOP_GUARDING,
            "T4",
            "Stop guarding",
            None,
            None,
            cypher_only=True,
            note="guarding ends",
        ),
        PickRule(
            Pick.STRIKE_BODY_PART,
            "T5",
            "Strike a body part",
            None,
            None,
            needs="19",
            note="the GM rules what the blow to that part does",
        ),
        PickRule(Pick.KNOCK_BACK, "T5", "Knock back", None, None, needs="19"),
        PickRule(
            Pick.MOVE_PAST,
            "T5",
            "Move past",
            None,
            None,
            needs="19",
            note="the attacker moves up to a short distance after the attack",
        ),
        PickRule(
            Pick.DISTRACT_EFFECT,
            "T5",
            "Distract (minor effect)",
            "distracted (all tasks)",
            1,
            task_hinder=1,
            needs="19",
            note="its tasks are hindered 1 step for a round",
        ),
        PickRule(
            Pick.KNOCK_DOWN,
            "T5",
            "Knock down",
            "prone",
            None,
            needs="20",
            note="prone until it stands up on its turn",
        ),
        PickRule(Pick.DISARM, "T5", "Disarm", None, None, needs="20", note="drops one held object"),
        PickRule(
            Pick.STUN,
            "T5",
            "Stun",
            "stunned",
            1,
            loses_action=True,
            needs="20",
            note="loses its next action",
        ),
        PickRule(
            Pick.IMPAIR,
            "T5",
            "Impair",
            "impaired",
            None,
            task_hinder=1,
            needs="20",
            note="its tasks are hindered 1 step for the rest of the combat",
        ),
    )
}

#: Conditions the picks leave, by name, with what they do.
PICK_CONDITIONS: dict[str, PickRule] = {p.condition: p for p in PICKS.values() if p.condition}


def pick_rule(pick: Pick | str) -> PickRule:
    """The rule of one pick; RulesError for an unknown one."""
    try:
        return PICKS[Pick(pick)]
    except ValueError:
        raise RulesError(f"'{pick}' is not a table action numdesk knows.") from None


def effects_for(natural: int, *, success: bool, impaired_pc: bool = False) -> list[PickRule]:
    """The effects a roll offers (T5, G10): minor ones on a 19, minor or major on a 20;
    none on a failure or for an impaired `numenera` PC."""
    if not success or impaired_pc or natural < 19:
        return []
    wanted = {"19"} if natural == 19 else {"19", "20"}
    return [p for p in PICKS.values() if p.needs in wanted]


def picks_for(profile_has_timing: bool) -> list[PickRule]:
    """The table actions (not roll effects) a fight offers in this profile (T1–T4)."""
    return [p for p in PICKS.values() if not p.needs and (profile_has_timing or not p.cypher_only)]


def condition_steps(names: Iterable[str]) -> tuple[int, int, int, int]:
    """(task hinder, attack hinder, defense ease, defense hinder) of the pick conditions
    named, each counted once: two distractions hinder 1 step, not 2 (Ex19)."""
    rules = {PICK_CONDITIONS[n.casefold()] for n in names if n.casefold() in PICK_CONDITIONS}
    distract = any(r.pick is Pick.DISTRACT for r in rules)
    return (
        max((r.task_hinder for r in rules), default=0),
        1 if distract else 0,
        max((r.defense_ease for r in rules), default=0),
        max((r.defense_hinder for r in rules), default=0),
    )
