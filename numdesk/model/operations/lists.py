"""Adding, removing, reordering and editing the entries of a sheet's lists.

Lists are named as the Character fields are ("skills", "abilities", "cyphers",
"artifacts", "oddities", "equipment", "weapons", "armor", "shields", "followers"). An
entry is named by its row number or its uid (`locate`).
"""

from __future__ import annotations

import copy
import typing
from typing import Any

from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.operations.base import Change
from numdesk.model.operations.recursions import relink, unlink
from numdesk.model.operations.sheet import CharacterOperation, locate
from numdesk.model.operations.wording import change_phrase
from numdesk.model.serialize import from_data
from numdesk.model.validation import ITEM_LISTS, check_item
from numdesk.rules.types import SkillLevel

_SINGULAR: dict[str, str] = {
    "skills": "skill",
    "abilities": "ability",
    "cyphers": "cypher",
    "artifacts": "artifact",
    "oddities": "oddity",
    "equipment": "equipment",
    "weapons": "weapon",
    "armor": "armor",
    "shields": "shield",
    "followers": "follower",
    "extra_pools": "Pool",
    "money": "currency",
    "lasting_damage": "lasting damage",
    "power_shifts": "power shift",
    "recursions": "tag or recursion",
}


def _items(character: Character, list_name: str) -> list[Any]:
    if list_name not in ITEM_LISTS:
        raise DomainError(f"A sheet has no list called '{list_name}'.", field=list_name)
    items: list[Any] = getattr(character, list_name)
    return items


def _check_class(list_name: str, item: object) -> None:
    expected = ITEM_LISTS[list_name]
    if not isinstance(item, expected):
        raise DomainError(
            f"A {type(item).__name__} cannot go in the {list_name} list.", field=list_name
        )


def _describe(list_name: str, item: Any) -> str:
    what = _SINGULAR[list_name]
    level = getattr(item, "level", None)
    text = f"{what} '{item.name}'"
    if list_name == "skills":
        text += f" ({level})"
    elif isinstance(level, int):
        text += f" (level {level})"
    return text


class AddItem(CharacterOperation):
    """Put a copy of `item` in a list, at `index` or at the end."""

    def __init__(self, list_name: str, item: Any, index: int | None = None) -> None:
        super().__init__()
        self.list_name = list_name
        self.item = copy.deepcopy(item)
        self.index = index

    def _run(self, character: Character) -> Change:
        items = _items(character, self.list_name)
        _check_class(self.list_name, self.item)
        index = len(items) if self.index is None else self.index
        if not 0 <= index <= len(items):
            raise DomainError("That position is outside the list.", field=self.list_name)
        item = copy.deepcopy(self.item)
        check_item(item, character, f"{self.list_name}[{index}]")
        items.insert(index, item)
        return Change(f"Added {_describe(self.list_name, item)}", kind="items")


class RemoveItem(CharacterOperation):
    """Take an entry off a list (by row number or uid)."""

    def __init__(self, list_name: str, key: int | str) -> None:
        super().__init__()
        self.list_name = list_name
        self.key = key

    def _run(self, character: Character) -> Change:
        items = _items(character, self.list_name)
        index = locate(items, self.key, self.list_name, _SINGULAR[self.list_name])
        item = items.pop(index)
        summary = f"Removed {_describe(self.list_name, item)}"
        if self.list_name == "recursions" and (count := unlink(character, item.name)):
            summary += f"; {count} item{'s' if count != 1 else ''} no longer belong to it"
        return Change(summary, kind="items")


class MoveItem(CharacterOperation):
    """Move an entry to row `to_index` of the same list (reordering a table)."""

    def __init__(self, list_name: str, key: int | str, to_index: int) -> None:
        super().__init__()
        self.list_name = list_name
        self.key = key
        self.to_index = to_index

    def _run(self, character: Character) -> Change:
        items = _items(character, self.list_name)
        index = locate(items, self.key, self.list_name, _SINGULAR[self.list_name])
        if not 0 <= self.to_index < len(items):
            raise DomainError("That position is outside the list.", field=self.list_name)
        item = items.pop(index)
        items.insert(self.to_index, item)
        if index == self.to_index:
            return Change("Order unchanged", kind="items", record=False)
        what = _describe(self.list_name, item)
        return Change(f"Moved {what} to position {self.to_index + 1}", kind="items")


class ReplaceItem(CharacterOperation):
    """Put `item` in the place of an existing entry (an edit made in a dialog)."""

    def __init__(self, list_name: str, key: int | str, item: Any) -> None:
        super().__init__()
        self.list_name = list_name
        self.key = key
        self.item = copy.deepcopy(item)

    def _run(self, character: Character) -> Change:
        items = _items(character, self.list_name)
        index = locate(items, self.key, self.list_name, _SINGULAR[self.list_name])
        _check_class(self.list_name, self.item)
        item = copy.deepcopy(self.item)
        check_item(item, character, f"{self.list_name}[{index}]")
        old = items[index]
        items[index] = item
        if old.name != item.name:
            return Change(
                f"Replaced {_describe(self.list_name, old)} with '{item.name}'", kind="items"
            )
        return Change(f"Changed {_describe(self.list_name, item)}", kind="items")


class SetItemField(CharacterOperation):
    """Edit one field of one entry (a table cell): e.g. a skill's level, a cypher's level."""

    def __init__(self, list_name: str, key: int | str, field: str, value: object) -> None:
        super().__init__()
        self.list_name = list_name
        self.key = key
        self.field = field
        self.value = copy.deepcopy(value)

    def _run(self, character: Character) -> Change:
        items = _items(character, self.list_name)
        index = locate(items, self.key, self.list_name, _SINGULAR[self.list_name])
        item = items[index]
        path = f"{self.list_name}[{index}].{self.field}"
        if self.field == "uid" or not hasattr(item, self.field):
            raise DomainError(f"'{self.field}' cannot be edited here.", field=path)
        old = getattr(item, self.field)
        label = self.field.replace("_", " ")
        try:
            value = from_data(_field_type(item, self.field), self.value, label.capitalize())
        except DomainError as err:
            raise DomainError(err.message, field=path) from None
        setattr(item, self.field, value)
        if self.list_name == "recursions" and self.field == "name":
            relink(character, old, value)  # its items follow it
        check_item(item, character, f"{self.list_name}[{index}]")
        new = getattr(item, self.field)
        if new == old:
            return Change("Unchanged", kind="items", record=False)
        what = _describe(self.list_name, item) if self.field != "name" else f"'{old}'"
        if (isinstance(old, str) and len(old) > 40) or (isinstance(new, str) and len(new) > 40):
            return Change(f"Edited the {label} of {what}", kind="items")
        phrase = change_phrase(label, old, new)
        return Change(f"{what[0].upper()}{what[1:]}: {phrase}", kind="items")


def _field_type(item: Any, name: str) -> Any:
    return typing.get_type_hints(type(item))[name]


class SetSkill(SetItemField):
    """Change a skill's level (inability, trained, specialized; expert in `cypher`)."""

    def __init__(self, key: int | str, level: SkillLevel | str) -> None:
        super().__init__("skills", key, "level", level)
