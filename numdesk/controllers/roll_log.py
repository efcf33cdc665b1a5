"""The dice rolled on one character's sheet, kept in the library so they are still
there after a restart (a player checks "what did I roll for that?" the next morning).

The rolls are not part of the character: an undo never takes a roll back, and a roll
does not make the sheet's revision move (which would refuse a save from another
window). They live in the library's settings table under `rolls:<uid>`, newest last,
the last `ROLL_LIMIT` of them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from numdesk.model.errors import DomainError
from numdesk.rules.dice import RollRecord

#: rolls kept per character (about two sessions of play)
ROLL_LIMIT = 200


def _key(uid: str) -> str:
    return f"rolls:{uid}"


def _record(item: Any) -> tuple[RollRecord, str] | None:
    """One stored roll, or None when it is not one (a damaged or foreign value)."""
    if not isinstance(item, list) or len(item) != 5:
        return None
    sides, result, purpose, entered, at = item
    if not (isinstance(sides, int) and isinstance(result, int)):
        return None
    if not (isinstance(purpose, str) and isinstance(entered, bool) and isinstance(at, str)):
        return None
    return RollRecord(sides, result, purpose, entered), at


class RollLog:
    """The rolls of one sheet: read from the library at open, written at each roll."""

    def __init__(self, library: Any, uid: str) -> None:
        self._library = library
        self._uid = uid
        self.rolls: list[tuple[RollRecord, str]] = []
        #: how many stored rolls could not be read (the sheet says so)
        self.unreadable = 0
        stored = library.meta_get(_key(uid), [])
        items = stored if isinstance(stored, list) else [stored]
        for item in items:
            record = _record(item)
            if record is None:
                self.unreadable += 1
            else:
                self.rolls.append(record)

    def add(self, record: RollRecord, at: str) -> str:
        """Keep a roll; returns "" or why it will not be there after a restart."""
        self.rolls.append((record, at))
        del self.rolls[:-ROLL_LIMIT]
        data = [[r.sides, r.result, r.purpose, r.entered, when] for r, when in self.rolls]
        try:
            self._library.meta_set(_key(self._uid), data)
        except DomainError as err:
            return QCoreApplication.translate(
                "RollLog", "The roll is shown but will not be kept after a restart: {0}"
            ).format(err.message)
        return ""
