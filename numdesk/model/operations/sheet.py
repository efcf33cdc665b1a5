"""The shared base of every operation on a Character, and small helpers they share."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any

from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.operations.base import Change, Operation
from numdesk.model.validation import find_problems
from numdesk.rules.types import DamageTrackState, Stat


class CharacterOperation(Operation[Character]):
    """An operation on a sheet that may not leave the sheet breaking a rule.

    After `_run` changes the character, the whole sheet is checked again; a problem the
    sheet did not already have raises (and `Operation.apply` restores the sheet). Problems
    that were there before (say, an imported file with a Pool above its maximum) do not
    block unrelated edits, so the user can still fix them one at a time. Only what the
    operation can have changed is checked (`find_problems`: not the history, whose own
    line is added after the check, nor the list entries it left as they were), and the
    sheet as it was only when the changed one has a problem (nearly never).
    """

    def _do(self, target: Character) -> Change:
        change = self._run(target)
        if target.damage_track is not DamageTrackState.HALE:
            # the extra step lies between hale and impaired: leaving hale leaves it too
            target.at_track_extra_step = False
        return change

    def _check(self, target: Character, before: Character) -> None:
        problems = find_problems(target, history=False, since=before)
        if not problems:
            return
        known = {(p.field, p.message) for p in find_problems(before, history=False, since=target)}
        for problem in problems:
            if (problem.field, problem.message) not in known:
                raise problem

    @abstractmethod
    def _run(self, character: Character) -> Change:
        """Validate, ask the rules engine, change `character`, and say what happened."""


def stat_name(stat: Stat) -> str:
    """ "Might", "Speed" or "Intellect" as a player writes it."""
    return stat.value.capitalize()


def as_stat(value: object, field: str = "stat") -> Stat:
    """Accept a Stat or its name; anything else is a DomainError."""
    try:
        return value if isinstance(value, Stat) else Stat(str(value).lower())
    except ValueError:
        raise DomainError(f"'{value}' is not a stat (Might, Speed or Intellect).", field) from None


def locate(items: Sequence[Any], key: int | str, field: str, what: str) -> int:
    """The index of the entry `key` names: a row number, the entry's uid, or its name."""
    if isinstance(key, bool):
        raise DomainError(f"No such {what} on the sheet.", field=field)
    if isinstance(key, int):
        if 0 <= key < len(items):
            return key
        raise DomainError(f"There is no {what} number {key + 1} on the sheet.", field=field)
    for index, item in enumerate(items):
        if getattr(item, "uid", None) == key:
            return index
    for index, item in enumerate(items):
        if str(getattr(item, "name", "")).casefold() == key.casefold():
            return index
    raise DomainError(f"That {what} is no longer on the sheet.", field=field)


def plural(count: int, word: str) -> str:
    """'1 point', '3 points'."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
