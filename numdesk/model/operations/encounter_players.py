"""What the players see of a fight: the GM hides combatants from them, or shows them NPC
health as numbers instead of words.

Both are fight operations like any other (logged, one undo step, saved at once), because
they decide what the table display and the table link show (`model.table_view.project`)
and the GM must be able to tell afterwards when the players learned what.
"""

from __future__ import annotations

from collections.abc import Sequence

from numdesk.model.encounter import Encounter
from numdesk.model.errors import DomainError
from numdesk.model.operations.base import Change
from numdesk.model.operations.encounter_base import EncounterOperation, find


class SetHidden(EncounterOperation):
    """Hide the combatants `uids` from the players (`hidden` True) or show them again."""

    def __init__(self, uids: Sequence[str], hidden: bool) -> None:
        super().__init__()
        self._uids = list(dict.fromkeys(uids))
        self._hidden = hidden

    def _run(self, encounter: Encounter) -> Change:
        if not self._uids:
            raise DomainError("Select the combatants first.")
        targets = [find(encounter, uid) for uid in self._uids]
        changed = [c for c in targets if c.hidden != self._hidden]
        if not changed:
            names = ", ".join(c.name for c in targets)
            verb = "is" if len(targets) == 1 else "are"
            state = "hidden from" if self._hidden else "shown to"
            raise DomainError(f"{names} {verb} already {state} the players.")
        for combatant in changed:
            combatant.hidden = self._hidden
        names = ", ".join(c.name for c in changed)
        if self._hidden:
            return Change(f"Hidden from the players: {names}", kind="players")
        return Change(f"Shown to the players: {names}", kind="players")


class RevealNumbers(EncounterOperation):
    """Show the players NPC health as numbers (`reveal` True) or as words again."""

    def __init__(self, reveal: bool) -> None:
        super().__init__()
        self._reveal = reveal

    def _run(self, encounter: Encounter) -> Change:
        if encounter.reveal_numbers == self._reveal:
            how = "numbers" if self._reveal else "words"
            raise DomainError(f"The players already see health as {how}.")
        encounter.reveal_numbers = self._reveal
        if self._reveal:
            return Change("The players see NPC health as numbers", kind="players")
        return Change(
            "The players see NPC health as words again (hale, hurt, badly hurt, down)",
            kind="players",
        )
