"""Abilities linked to library entries: the sheet shows the entry's current text.

An ability taken from the library keeps `library_uid` and a copy of the entry's text.
`AbilityLinks` reads the linked entries once (when a sheet opens, and again when one of
them is saved or deleted) and writes their current text into the character in memory,
so the sheet, the printout and the export all show the library's text; the next save
stores that copy, which is what remains when the entry is deleted or the sheet travels
to another library. The player's own text (`own_text`) is never replaced, and the
ability's own cost and Pool win when it has them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from numdesk.model.abilities import Ability
from numdesk.model.character import Character
from numdesk.rules.types import AbilityKind, Stat


class LinkState(Enum):
    """How a linked ability's text is found."""

    LIBRARY = "library"  # the library entry's current text
    OWN = "own"  # the player's own text
    GONE = "gone"  # the entry is not in this library: the copy kept on the sheet


@dataclass(frozen=True)
class AbilityLink:
    """What the sheet says next to a linked ability."""

    state: LinkState
    entry_name: str = ""  # the library entry's name ("" when it is gone)


@dataclass(frozen=True)
class _EntryText:
    name: str
    description: str
    cost: int | None
    pool: Stat | None
    cost_text: str
    kind: AbilityKind | None


class AbilityLinks:
    """The library texts of one character's linked abilities (read through `library`)."""

    def __init__(self, library: Any) -> None:
        self._library = library
        self._entries: dict[str, _EntryText | None] = {}

    def __contains__(self, uid: object) -> bool:
        return uid in self._entries

    def read(self, character: Character) -> None:
        """Read (again) every entry the character's abilities link to."""
        self._entries = {}
        for ability in character.abilities:
            if ability.library_uid and ability.library_uid not in self._entries:
                self._entries[ability.library_uid] = self._read(ability.library_uid)

    def reread(self, uid: str) -> None:
        """Read entry `uid` again (it was saved or deleted elsewhere)."""
        self._entries[uid] = self._read(uid)

    def follow(self, character: Character) -> bool:
        """Put each linked entry's current text into the character (in memory); whether
        that changed anything."""
        changed = False
        for ability in character.abilities:
            uid = ability.library_uid
            if not uid:
                continue
            if uid not in self._entries:  # linked by an edit since the last read
                self._entries[uid] = self._read(uid)
            entry = self._entries[uid]
            if entry is None:
                continue
            if not ability.own_text and ability.description != entry.description:
                ability.description = entry.description
                changed = True
            if ability.kind is None:  # added by name before the library had it
                ability.kind = entry.kind
                changed = True
            if not ability.cost and ability.pool is None and not ability.cost_text:
                taken = (entry.cost, entry.pool, entry.cost_text)
                changed = changed or taken != (ability.cost, None, "")
                ability.cost, ability.pool, ability.cost_text = taken
        return changed

    def link(self, ability: Ability) -> AbilityLink | None:
        """How `ability`'s text is found; None for an ability not from the library."""
        if not ability.library_uid:
            return None
        entry = self._entries.get(ability.library_uid)
        if entry is None:
            return AbilityLink(LinkState.GONE)
        return AbilityLink(LinkState.OWN if ability.own_text else LinkState.LIBRARY, entry.name)

    def _read(self, uid: str) -> _EntryText | None:
        if not self._library.has(uid):
            return None
        entry = self._library.load(uid)
        if not isinstance(entry, Ability):
            return None
        return _EntryText(
            entry.name, entry.description, entry.cost, entry.pool, entry.cost_text, entry.kind
        )


def follow_library(library: Any, entry: object) -> None:
    """Give a character's linked abilities their library entry's current text (for a
    printout or an export made from the library, without an open sheet)."""
    if isinstance(entry, Character):
        links = AbilityLinks(library)
        links.read(entry)
        links.follow(entry)
