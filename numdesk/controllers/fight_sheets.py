"""What a fight does to the PCs' real sheets: harm, wounds, GM intrusions and taking an
attack for an ally (RULES.md C1–C4, G16, T3), each with its encounter log line.

A mixin of `EncounterController`: each action changes the sheets read fresh from the
library (or, inside a multi-target step, as the step left them) and writes them with
the log line in ONE transaction, as ONE undo step (`_run`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from numdesk.model.character import Character
from numdesk.model.encounter import Encounter
from numdesk.model.errors import DomainError, domain_errors
from numdesk.model.operations.base import Change, Operation
from numdesk.model.operations.damage import TakeDamage, TakeWound
from numdesk.model.operations.defense_roll import DefendAndTakeHit, DefenseInput
from numdesk.model.operations.encounter import LogEvent, find
from numdesk.model.operations.encounter_table import TablePick
from numdesk.model.operations.xp import (
    GmIntrusion,
    LoneGmIntrusion,
    NaturalOneIntrusion,
    RefuseIntrusion,
    gm_intrusion_ops,
)
from numdesk.model.serialize import entry_data
from numdesk.rules.dice import Dice
from numdesk.rules.profiles import Profile
from numdesk.rules.table_actions import take_the_attack
from numdesk.rules.table_picks import PICKS, TAKE_ATTACK
from numdesk.rules.types import DamageType, WoundSeverity


@dataclass(frozen=True)
class SheetChange:
    """A PC's sheet changed by a fight action: its `entry_data` and the length of its
    history before, the sheet after, and the revision it was read at."""

    before: dict[str, Any]
    length: int
    sheet: Character
    revision: int


class PcSheetActions:
    """The fight's actions on PCs' sheets (mixed into `EncounterController`).

    What it uses of its host is declared here, so this module never imports the
    controller that imports it.
    """

    encounter: Encounter
    profile: Profile
    dice: Dice
    _library: Any
    _group: Any
    apply: Callable[..., Change]
    group: Callable[[str], AbstractContextManager[None]]
    _run: Callable[[Sequence[SheetChange], Operation[Encounter], str | None], Change]

    def apply_to_sheets(
        self,
        sheet_ops: Sequence[tuple[str, Operation[Character]]],
        log_text: str | None = None,
        kind: str = "note",
        speaker: str | Callable[[], str] = "",
    ) -> str:
        """Change PCs' real sheets and log it here: ONE transaction, ONE undo step.

        `sheet_ops` pairs a character uid with the operation for its sheet; each sheet
        is read fresh from the library, changed, and written together with the log
        line, so a crash leaves both or neither. Without `log_text` the line is
        "<name>: <what the operation did>" (`speaker` in place of the name; a function
        is asked once the operation ran, to say what happened). If any part fails
        nothing is changed.
        """
        sheets: list[SheetChange] = []
        lines: list[str] = []
        pending = self._group.sheets if self._group is not None else {}
        for char_uid, op in sheet_ops:
            if char_uid in pending:
                character, revision = pending[char_uid]
            else:
                character, revision = self._library.load_revision(char_uid)
            assert isinstance(character, Character)
            before, length = entry_data(character), len(character.history)
            change = op.apply(character)
            sheets.append(SheetChange(before, length, character, revision))
            who = speaker() if callable(speaker) else speaker
            lines.append(f"{who or character.name}: {change.summary}")
        log_text = log_text or "; ".join(lines)
        self._run(sheets, LogEvent(log_text, kind), log_text)
        return log_text

    def damage_pc(
        self,
        combatant_uid: str,
        amount: int,
        damage_type: DamageType = DamageType.MIGHT,
        apply_armor: bool = True,
        kind: str = "physical",
    ) -> str:
        """Damage a PC's real sheet: Pools and damage track (N1-N3), or in `cypher`
        Pool damage overflowing into a wound (C4); `kind` meets Armor against kinds (T8)."""
        sheet = self._sheet_uid(combatant_uid)
        operation = TakeDamage(amount, damage_type, apply_armor=apply_armor, kind=kind)
        return self.apply_to_sheets([(sheet, operation)], kind="damage")

    def defend_pc(
        self,
        combatant_uid: str,
        defense: DefenseInput,
        hit: TakeDamage | TakeWound,
        face: int | None = None,
        attacker: str = "",
    ) -> str:
        """A PC is hit in the fight: its defense roll (the player's `face`, or rolled)
        and what gets through, on its real sheet — one log line, one undo step."""
        sheet = self._sheet_uid(combatant_uid)
        name = find(self._encounter, combatant_uid).name
        operation = DefendAndTakeHit(defense, hit, self.dice)

        def speaker() -> str:
            # what happened, once the roll is known: a hit, or a defense that held
            if operation.success:
                return f"{name} defends against {attacker}" if attacker else f"{name} defends"
            return f"{attacker} hits {name}" if attacker else f"{name} is hit"

        with self.dice.player_faces(face), domain_errors("face"):
            return self.apply_to_sheets([(sheet, operation)], kind="damage", speaker=speaker)

    def wound_pc(self, combatant_uid: str, severity: WoundSeverity) -> str:
        """Give a `cypher` PC a wound on its real sheet (C1, C2)."""
        sheet = self._sheet_uid(combatant_uid)
        return self.apply_to_sheets([(sheet, TakeWound(severity))], kind="damage")

    def gm_intrusion(
        self,
        combatant_uid: str,
        mode: str,
        recipient_uid: str = "",
        reason: str = "",
        recipient_name: str = "",
    ) -> str:
        """A GM intrusion on a PC (G16), written to the sheets' histories and the log.

        `mode` "accept": +2 XP, 1 given to the PC `recipient_uid` (a combatant) for
        `reason`, or to a player named `recipient_name` who is not in the fight (noted on
        the target's sheet, as the sheet's own intrusion does); a lone PC, with no other
        PC in the fight and nobody named, keeps both. "refuse": the player pays to refuse
        (`numenera`); "natural_one": a free intrusion, no XP.
        """
        sheet = self._sheet_uid(combatant_uid)
        name = find(self._encounter, combatant_uid).name
        why = f": {reason.strip()}" if reason.strip() else ""
        if mode == "accept" and not recipient_uid:
            return self._intrusion_without_recipient(combatant_uid, recipient_name, reason)
        if mode == "accept":
            other = self._sheet_uid(recipient_uid)
            target = self._library.characters.load(sheet)
            receiver = self._library.characters.load(other)
            give, receive = gm_intrusion_ops(target, receiver, reason.strip())
            text = f"GM intrusion on {name}: 2 XP, 1 given to {receiver.name}"
            if reason.strip():
                text += f" ({reason.strip()})"
            return self.apply_to_sheets([(sheet, give), (other, receive)], text, kind="xp")
        if mode == "refuse":
            if self.profile.refuse_intrusion_cost is None:
                raise DomainError(f"The {self.profile.label} rules have no refusing intrusions.")
            return self.apply_to_sheets(
                [(sheet, RefuseIntrusion(reason.strip()))],
                f"{name} refused the GM intrusion ({self.profile.refuse_intrusion_cost} XP)" + why,
                kind="xp",
            )
        if mode == "natural_one":
            return self.apply_to_sheets(
                [(sheet, NaturalOneIntrusion(reason.strip()))],
                f"GM intrusion on {name} from a natural 1 (no XP){why}",
                kind="xp",
            )
        raise DomainError(f"'{mode}' is not a kind of GM intrusion.")

    def _intrusion_without_recipient(self, combatant_uid: str, recipient: str, reason: str) -> str:
        """An accepted intrusion whose second XP goes to nobody in the fight: to a player
        named by hand, or kept by a PC who is alone in the fight (G16)."""
        sheet = self._sheet_uid(combatant_uid)
        name = find(self._encounter, combatant_uid).name
        recipient, reason = recipient.strip(), reason.strip()
        if recipient:
            text = f"GM intrusion on {name}: 2 XP, 1 given to {recipient} (not in this fight)"
            text += f" ({reason})" if reason else ""
            return self.apply_to_sheets([(sheet, GmIntrusion(recipient, reason))], text, kind="xp")
        others = [
            c for c in self._encounter.combatants if c.side == "pc" and c.uid != combatant_uid
        ]
        if others:
            raise DomainError("Choose the PC who receives 1 of the 2 XP.", "recipient")
        text = f"GM intrusion on {name}: 2 XP, both kept (no other PC in the fight)"
        text += f" ({reason})" if reason else ""
        return self.apply_to_sheets([(sheet, LoneGmIntrusion(reason))], text, kind="xp")

    def take_the_attack(
        self,
        combatant_uid: str,
        hit: int = 0,
        damage_type: DamageType = DamageType.MIGHT,
        apply_armor: bool = True,
        kind: str = "physical",
    ) -> str:
        """A PC takes an NPC's hit meant for an ally (T3): marked until its next turn,
        one extra minor wound on its sheet and, when `hit` is given, the hit's damage
        (it lands without a defense roll) — ONE undo step.

        Refused for a combatant without a sheet, and a second time before the PC's next
        turn (the mark is still on).
        """
        combatant = find(self.encounter, combatant_uid)
        sheet = self._sheet_uid(combatant_uid)
        mark = PICKS[TAKE_ATTACK].condition or ""
        taken = any(c.name.casefold() == mark.casefold() for c in combatant.conditions)
        with domain_errors("pick"):
            rule = take_the_attack(
                self.profile, combatant_uid, self.encounter.round, taken_since_my_turn=taken
            )
        name = combatant.name
        with self.group(f"{name} takes the attack"):
            self.apply(TablePick(combatant_uid, TAKE_ATTACK))
            self.apply_to_sheets(
                [(sheet, TakeWound(rule.extra_wound))],
                f"{name} takes the attack: one extra {rule.extra_wound.name.lower()} wound (T3)",
                kind="damage",
            )
            if hit > 0:
                self.damage_pc(combatant_uid, hit, damage_type, apply_armor, kind)
        return name

    def _sheet_uid(self, combatant_uid: str) -> str:
        combatant = find(self._encounter, combatant_uid)
        if combatant.side != "pc" or not combatant.source_uid:
            raise DomainError(f"{combatant.name} is not a PC with a character sheet.")
        return combatant.source_uid
