"""Experience points: awards, spends, GM intrusions and the XP reroll (G11, G16, A4).

A GM intrusion changes two sheets: the target gains 2 XP and gives 1 to another PC.
That is two operations, one per sheet (`GmIntrusion` on the target, `ReceiveXp` on the
recipient), so each sheet's history and undo stay its own; `gm_intrusion_ops` builds
the pair.
"""

from __future__ import annotations

from dataclasses import replace

from numdesk.model.character import Character
from numdesk.model.errors import DomainError, domain_errors
from numdesk.model.operations.base import Change
from numdesk.model.operations.sheet import CharacterOperation, as_stat, plural, stat_name
from numdesk.model.operations.task import TaskResult, describe_roll, rolled_label, task_result
from numdesk.model.validation import check_int, check_text, profile_of
from numdesk.rules.dice import Dice
from numdesk.rules.special_rolls import reroll
from numdesk.rules.xp import XpSpendKind, award_xp, gm_intrusion_award, session_award, spend_xp

_SPEND_WORDS: dict[XpSpendKind, str] = {
    XpSpendKind.REROLL: "to reroll",
    XpSpendKind.REFUSE_INTRUSION: "to refuse a GM intrusion",
    XpSpendKind.PLAYER_INTRUSION: "on a player intrusion",
    XpSpendKind.REACT_TO_INTRUSION: "to react to a GM intrusion",
    XpSpendKind.SHORT_TERM: "on a short-term benefit",
    XpSpendKind.LONG_TERM: "on a long-term benefit",
}


class AwardXp(CharacterOperation):
    """Give the character XP; `session_end` marks the GM's end-of-session award (1–4)."""

    def __init__(self, amount: int, reason: str = "", session_end: bool = False) -> None:
        super().__init__()
        self.amount = amount
        self.reason = reason
        self.session_end = session_end

    def _run(self, character: Character) -> Change:
        amount = check_int(self.amount, "xp", "The XP award", minimum=1)
        before = character.xp
        with domain_errors("xp"):
            if self.session_end:
                character.xp = session_award(before, amount)
            else:
                character.xp = award_xp(before, amount)
        reason = f" for {self.reason}" if self.reason else ""
        return Change(f"Gained {amount} XP{reason}; XP {before} → {character.xp}", kind="xp")


class SpendXp(CharacterOperation):
    """Spend XP on a reroll, a refusal, an intrusion or a benefit (A4, G16), with a note.

    Advancements are bought with `BuyAdvancement`; rerolls of a task with `XpReroll`.
    """

    def __init__(self, kind: XpSpendKind, note: str = "") -> None:
        super().__init__()
        self.kind = kind
        self.note = note

    def _run(self, character: Character) -> Change:
        kind = XpSpendKind(self.kind)
        if kind is XpSpendKind.ADVANCEMENT:
            raise DomainError("Buy advancements with the advancement picker.", field="xp")
        check_text(self.note, "note", "The note")
        before = character.xp
        with domain_errors("xp"):
            spend = spend_xp(profile_of(character), before, kind, self.note)
        character.xp = spend.xp_after
        note = f" ({self.note})" if self.note else ""
        words = _SPEND_WORDS.get(kind, kind.value.replace("_", " "))
        return Change(
            f"Spent {spend.cost} XP {words}{note}; XP {before} → {character.xp}", kind="xp"
        )


class RefuseIntrusion(SpendXp):
    """Refuse a GM intrusion by paying its cost in XP (`numenera`: 1; G16)."""

    def __init__(self, note: str = "") -> None:
        super().__init__(XpSpendKind.REFUSE_INTRUSION, note)


class GmIntrusion(CharacterOperation):
    """The target's side of a GM intrusion: +2 XP, 1 of them given to `recipient` (G16)."""

    def __init__(self, recipient: str, reason: str) -> None:
        super().__init__()
        self.recipient = recipient
        self.reason = reason

    def _run(self, character: Character) -> Change:
        check_text(self.recipient, "recipient", "The player who receives 1 XP", required=True)
        check_text(self.reason, "reason", "The reason for giving the XP", required=True)
        if self.recipient.casefold() == character.name.casefold():
            raise DomainError("The XP must go to another character.", field="recipient")
        with domain_errors("xp"):
            award = gm_intrusion_award(character.name, self.recipient, reason=self.reason)
            before = character.xp
            character.xp = award_xp(before, award.target_gain)
        gained = award.target_gain + award.recipient_gain
        return Change(
            f"GM intrusion: +{gained} XP, gave {award.recipient_gain} to {self.recipient} "
            f"({self.reason}); XP {before} → {character.xp}",
            kind="xp",
        )


class LoneGmIntrusion(CharacterOperation):
    """A GM intrusion on a player with no other PC at the table: the character keeps
    both XP, there being nobody to give one to (G16)."""

    def __init__(self, note: str = "") -> None:
        super().__init__()
        self.note = note

    def _run(self, character: Character) -> Change:
        check_text(self.note, "reason", "The note")
        with domain_errors("xp"):
            award = gm_intrusion_award(character.name, None, reason=self.note)
            before = character.xp
            character.xp = award_xp(before, award.target_gain)
        note = f" ({self.note})" if self.note else ""
        return Change(
            f"GM intrusion: +{award.target_gain} XP, kept (no other PC to give 1 to){note}; "
            f"XP {before} → {character.xp}",
            kind="xp",
        )


class ReceiveXp(CharacterOperation):
    """The recipient's side of a GM intrusion: the XP another PC gave (G16)."""

    def __init__(self, giver: str, reason: str, amount: int = 1) -> None:
        super().__init__()
        self.giver = giver
        self.reason = reason
        self.amount = amount

    def _run(self, character: Character) -> Change:
        amount = check_int(self.amount, "xp", "The XP received", minimum=1)
        check_text(self.giver, "giver", "The giver", required=True)
        before = character.xp
        with domain_errors("xp"):
            character.xp = award_xp(before, amount)
        reason = f": {self.reason}" if self.reason else ""
        return Change(
            f"Received {amount} XP from {self.giver}{reason}; XP {before} → {character.xp}",
            kind="xp",
        )


def gm_intrusion_ops(
    target: Character, recipient: Character, reason: str
) -> tuple[GmIntrusion, ReceiveXp]:
    """The two operations of one GM intrusion: apply the first to `target`, the second to
    `recipient` (Ex13: each ends up 1 XP richer)."""
    if target.uid == recipient.uid:
        raise DomainError("The XP must go to another character.", field="recipient")
    with domain_errors("xp"):
        award = gm_intrusion_award(target.name, recipient.name, reason=reason)
    return GmIntrusion(recipient.name, reason), ReceiveXp(target.name, reason, award.recipient_gain)


class NaturalOneIntrusion(CharacterOperation):
    """Note a GM intrusion brought by a natural 1: no XP changes hands (G10, G16)."""

    def __init__(self, note: str = "") -> None:
        super().__init__()
        self.note = note

    def _run(self, character: Character) -> Change:
        with domain_errors("xp"):
            award = gm_intrusion_award(character.name, None, reason=self.note, natural_one=True)
        if award.target_gain:
            raise DomainError("A natural 1 brings an intrusion without XP.", field="xp")
        note = f": {self.note}" if self.note else ""
        return Change(f"GM intrusion on a natural 1 (no XP){note}", kind="xp")


class XpReroll(CharacterOperation):
    """Spend 1 XP to reroll a task's d20 and keep the better face (`numenera`, G11).

    `previous` is the `result` of the `PerformTask` being rerolled. A kept 20 refunds
    the task's cost if the first face did not. After `apply`, `result` is the new result.
    """

    def __init__(self, previous: TaskResult, dice: Dice) -> None:
        super().__init__()
        self.previous = previous
        self.dice = dice
        self.result: TaskResult | None = None

    def _run(self, character: Character) -> Change:
        previous = self.previous
        if previous.natural is None:
            raise DomainError("A routine task had no roll to reroll.", field="roll")
        profile = profile_of(character)
        before = character.xp
        with domain_errors("xp"):
            what = rolled_label(character, previous.preview.task)
            again = reroll(
                profile, previous.natural, self.dice, xp=before, purpose=f"reroll: {what}"
            )
            spend = spend_xp(profile, before, XpSpendKind.REROLL, "reroll")
        character.xp = spend.xp_after
        preview = previous.preview
        outcome, success, damage = task_result(character, preview, again.kept)
        refunded = previous.refunded
        stat = as_stat(preview.task.stat)
        if outcome is not None and outcome.cost_refunded and not refunded and previous.spent:
            pool = character.pool(stat)
            pool.current = min(pool.maximum, pool.current + previous.spent)
            refunded = True
        rolled = describe_roll(preview, again.kept, outcome)
        tail = f"; {damage} damage" if damage else ""
        if refunded and not previous.refunded:
            tail += f"; {plural(previous.spent, 'point')} of {stat_name(stat)} refunded"
        # a reroll that changes nothing must still say it happened
        said = (
            f"the reroll of {again.second} replaces your {again.first}"
            if again.second > again.first
            else f"kept your {again.first}; the reroll was {again.second}"
        )
        summary = f"{rolled} ({said}){tail}"
        self.result = replace(
            previous,
            natural=again.kept,
            outcome=outcome,
            success=success,
            refunded=refunded,
            damage=damage,
            gm_intrusion=bool(outcome and outcome.gm_intrusion),
            summary=summary,
            rerolled_from=(*previous.rerolled_from, previous.natural),
        )
        return Change(
            f"Spent {spend.cost} XP to reroll: {again.first} and {again.second}, kept "
            f"{again.kept}; {rolled}{tail}; XP {before} → {character.xp}",
            kind="xp",
        )
