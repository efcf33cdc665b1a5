"""Taking one of the effects a natural 19 or 20 offered (RULES.md T5), noted in the
sheet's history so the table remembers what the roll did instead of bonus damage."""

from __future__ import annotations

from numdesk.model.character import Character
from numdesk.model.errors import domain_errors
from numdesk.model.operations.base import Change
from numdesk.model.operations.sheet import CharacterOperation
from numdesk.rules.effects import effect


class TakeEffect(CharacterOperation):
    """Note that the player took effect `key` (of `rules.effects`) on their last roll."""

    def __init__(self, key: str, target: str = "") -> None:
        super().__init__()
        self.key = key
        self.target = target.strip()

    def _run(self, character: Character) -> Change:
        with domain_errors("effect"):
            chosen = effect(self.key)
        on = f" on {self.target}" if self.target else ""
        return Change(f"Took the {chosen.size.value} effect{on}: {chosen.label}", kind="pools")
