"""What a combatant's conditions and table marks do, in words, and when they really end:
for the Conditions and Status columns and the stat block (RULES.md G18, T1–T5).

The words come from the same rules the fight counts with (`rules.conditions`,
`rules.table_picks`), so the table, the stat block and the log never disagree: a
table action's mark says what it does, never "adds nothing".
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from numdesk.model.encounter import Combatant, Condition, Encounter
from numdesk.model.operations.encounter import rules_conditions, slot_uids
from numdesk.rules.conditions import TurnEdge, condition_effect
from numdesk.rules.table_picks import GUARD, PICK_CONDITIONS, TAKE_ATTACK, PickRule


def _t(text: str) -> str:
    return QCoreApplication.translate("EncounterTable", text)


def anchor_name(encounter: Encounter, cond: Condition) -> str:
    """The name of the combatant on whose turn `cond` ends ("" without a turn: it ends at
    the top of a round)."""
    uid = cond.source_uid
    if not uid or not any(uid in slot_uids(encounter, s) for s in encounter.order):
        return ""
    return next((c.name for c in encounter.combatants if c.uid == uid), "")


def condition_text(encounter: Encounter, cond: Condition) -> str:
    """ "dazed (ends R3, Ana's turn)": the round and the turn at whose start (or, "after
    Ana's turn", at whose end) the condition really ends (G18, T3); a number of rounds
    left would be ambiguous mid-round."""
    ends = cond.end_round()
    if ends is None:
        return cond.name
    anchor = anchor_name(encounter, cond)
    if not anchor:
        return _t("{0} (ends R{1})").format(cond.name, ends)
    if cond.ends_at == TurnEdge.END:
        return _t("{0} (ends R{1}, after {2}'s turn)").format(cond.name, ends, anchor)
    return _t("{0} (ends R{1}, {2}'s turn)").format(cond.name, ends, anchor)


def _picks(c: Combatant) -> list[PickRule]:
    """The table marks on `c`, each kind once."""
    found: dict[str, PickRule] = {}
    for cond in c.conditions:
        rule = PICK_CONDITIONS.get(cond.name.casefold())
        if rule is not None:
            found.setdefault(rule.key, rule)
    return list(found.values())


def _steps(n: int) -> str:
    return _t("1 step") if n == 1 else _t("{0} steps").format(n)


def pick_status(c: Combatant) -> list[str]:
    """The Status column's words for the table marks on `c` ("defense eased 1 step",
    "attacks hindered 1 step", "no attacks"); task hindrance is said elsewhere."""
    picks = _picks(c)
    ease = sum(r.defense_ease for r in picks)
    hinder = sum(r.defense_hinder for r in picks)
    attacks = max((r.attack_hinder for r in picks), default=0)
    words = []
    if ease:
        words.append(_t("defense eased {0}").format(_steps(ease)))
    if hinder:
        words.append(_t("defense hindered {0}").format(_steps(hinder)))
    if attacks:
        words.append(_t("attacks hindered {0}").format(_steps(attacks)))
    keys = {r.key for r in picks}
    if GUARD in keys:
        words.append(_t("no attacks"))
    if TAKE_ATTACK in keys:
        words.append(_t("no other attack taken yet"))
    return words


def condition_tooltip(c: Combatant) -> str:
    """What each of a combatant's conditions and marks does, one line each (G18, T1–T5)."""
    effects = {r.value: condition_effect(r) for r in rules_conditions(c)}
    lines = []
    for cond in c.conditions:
        effect = effects.get(cond.name.casefold())
        pick = PICK_CONDITIONS.get(cond.name.casefold())
        if pick is not None:
            what = _t("{0} ({1})").format(_t(pick.note), pick.rule) if pick.note else pick.rule
        elif effect is None:
            what = _t("a condition of your own: it ends on time; its effect is yours to apply")
        elif effect.loses_turn:
            what = _t("loses its turn, can still defend")
        elif effect.task_hinder:
            what = _t("all its tasks are hindered {0}").format(_steps(effect.task_hinder))
        elif not effect.can_move:
            what = _t("cannot move; attacks on it hit automatically (C13)")
        elif effect.defense_stat is not None:
            what = _t("calls for {0} defense rolls ({1})").format(
                _t(effect.defense_stat.value.capitalize()), effect.check_every
            )
        else:
            what = ""
        lines.append(f"{cond.name}: {what}" if what else cond.name)
    return "\n".join(lines)
