"""The text of an ability taken from the library: the player's own, or the library's."""

from __future__ import annotations

from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.operations.base import Change
from numdesk.model.operations.sheet import CharacterOperation, locate
from numdesk.model.validation import check_item


class SetAbilityText(CharacterOperation):
    """Write the player's own description of an ability, or (`text=None`) let a linked
    ability follow its library entry again.

    A linked ability's description is the library's text; typing over it on the sheet
    makes it the player's (`own_text`), so a later change of the entry no longer replaces
    it. Clearing the text of a linked ability hands it back to the library.
    """

    def __init__(self, key: int | str, text: str | None) -> None:
        super().__init__()
        self.key = key
        self.text = text

    def _run(self, character: Character) -> Change:
        index = locate(character.abilities, self.key, "abilities", "ability")
        ability = character.abilities[index]
        field = f"abilities[{index}].description"
        linked = bool(ability.library_uid)
        text = None if self.text is None else self.text.strip()
        if not text:
            if not linked:
                if text is None:
                    raise DomainError("This ability is not linked to a library entry.", field)
                ability.description, ability.own_text = "", False
                return Change(f"Cleared the description of '{ability.name}'", kind="items")
            if not ability.own_text:
                return Change("Unchanged", kind="items", record=False)
            ability.own_text = False
            return Change(f"'{ability.name}' follows its library text again", kind="items")
        if text == ability.description:  # an edit closed untouched takes nothing over
            return Change("Unchanged", kind="items", record=False)
        ability.description, ability.own_text = text, linked
        check_item(ability, character, f"abilities[{index}]")
        if linked:
            return Change(f"'{ability.name}' has your own text now", kind="items")
        return Change(f"Edited the description of '{ability.name}'", kind="items")
