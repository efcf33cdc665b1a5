"""Every size and number limit of a library entry, declared once, with its message.

A value a widget cannot show (a name longer than a line edit holds, an Armor a spin box
cannot reach, two billion wound boxes) must never get into the library: the importer
refuses it at the door, the entry editor's widgets take their ranges from here, and the
sheet checks the same table (`check_limits` runs inside `check_character`), and the
store checks every entry it writes against it (`store.entries.describe`), so whatever
numdesk saves, its own export brings back. One table, so none of them can disagree.

`check_limits` walks an entry once (linear in its size) and raises `DomainError` naming
the first value out of bounds by its `to_data` path, e.g. ``wounds.minor_slots``.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from numdesk.model.errors import DomainError

#: Longest name of an entry (and of a tag): what fits a tab title, a list row, a heading.
MAX_NAME = 200
#: Longest text of any other field (descriptions, effects, notes). The longest CSRD
#: text is about 4,000 characters; a single-line field (a QLineEdit) holds 32,767.
MAX_TEXT = 30_000
#: Most items in any one list (cyphers on a sheet, rows of a table, combatants).
MAX_LIST = 1_000
#: Most entries of a character's history (one per recorded change).
MAX_HISTORY = 100_000
#: Most lines of a fight's log (one or two per action: four rounds of a big fight
#: write about a hundred, a fight kept running all campaign a few thousand). A fight is
#: never trimmed: at this size the next action is refused with a message, and what was
#: saved always comes back from an export (one at this size imports in about ten
#: seconds; docs/performance.md).
MAX_LOG = 10_000
#: Most entries one import may bring (the whole CSRD is about 2,500).
MAX_ENTRIES_PER_IMPORT = 20_000
#: Largest size of any whole number not named in `RANGES` (XP, shins, Pools, health).
MAX_NUMBER = 999_999


@dataclass(frozen=True)
class Range:
    """The whole numbers a field accepts, and what the field is called in messages."""

    low: int
    high: int
    label: str


_LEVEL = Range(1, 10, "A level")
_SLOTS = Range(0, 20, "The number of wound boxes")
_WOUNDS = Range(0, 20, "The number of wounds")

#: Field ranges by "Class.field" (the model class's name), then by field name alone.
RANGES: dict[str, Range] = {
    "Creature.level": _LEVEL,
    "Follower.level": _LEVEL,
    "Combatant.level": Range(0, 10, "A level"),
    "Cypher.level": _LEVEL,
    "Artifact.level": _LEVEL,
    "Creature.armor": Range(0, 20, "Armor"),
    "Combatant.armor": Range(0, 20, "Armor"),
    "Armor.value": Range(0, 20, "An Armor value"),
    "Armor.speed_cost": Range(0, 20, "A Speed cost"),
    "Weapon.damage": Range(0, 99, "Weapon damage"),
    "Wounds.minor_slots": _SLOTS,
    "Wounds.moderate_slots": _SLOTS,
    "Wounds.major_slots": _SLOTS,
    "Wounds.minor": _WOUNDS,
    "Wounds.moderate": _WOUNDS,
    "Wounds.major": _WOUNDS,
    "Shield.minor": Range(0, 9, "Wounds a shield blocks"),
    "Shield.moderate": Range(0, 9, "Wounds a shield blocks"),
    "Shield.major": Range(0, 9, "Wounds a shield blocks"),
    "Ability.cost": Range(0, 99, "An ability's cost"),
    "Ability.tier": Range(1, 6, "An ability's tier"),
    "TierAbilities.tier": Range(1, 6, "A tier"),
    "Equipment.quantity": Range(0, 9_999, "A quantity"),
    "Equipment.level": _LEVEL,
    "Weapon.steps": Range(-5, 5, "Steps eased or hindered"),
    "SentenceTemplate.extra_points": Range(0, 20, "Extra points"),
    "Follower.acquired_at_tier": Range(1, 6, "The tier a follower joined at"),
    "RollTable.die": Range(2, 1_000, "A table's die"),
    "TableRow.start": Range(0, 1_000, "A table row's first roll"),
    "TableRow.end": Range(0, 1_000, "A table row's last roll"),
}
_ANY_NUMBER = Range(-MAX_NUMBER, MAX_NUMBER, "A number")
_SURROGATE = re.compile("[\ud800-\udfff]")


def range_of(owner: str, name: str) -> Range:
    """The range of field `name` of the model class called `owner`."""
    return RANGES.get(f"{owner}.{name}", _ANY_NUMBER)


def text_limit(name: str) -> int:
    """The longest text field `name` may hold."""
    return MAX_NAME if name == "name" else MAX_TEXT


#: Lists allowed to grow beyond `MAX_LIST`: records that only ever grow at their end.
_LONG_LISTS = {"history": MAX_HISTORY, "log": MAX_LOG}


def list_limit(name: str) -> int:
    """The most items list field `name` may hold."""
    return _LONG_LISTS.get(name, MAX_LIST)


class LimitError(DomainError):
    """A value outside the declared limits; `path` is its `to_data` path.

    `expected` and `found` are phrased to follow "expected" and "found" in a message,
    so the importer can name the file and place in its own words.
    """

    def __init__(self, expected: str, found: str, path: str) -> None:
        super().__init__(f"{path}: expected {expected}, found {found}.", field=path)
        self.expected = expected
        self.found = found
        self.path = path


def check_text(value: str, path: str, limit: int) -> None:
    """Refuse text longer than `limit` or holding lone UTF-16 surrogates (not text at all)."""
    if len(value) > limit:
        raise LimitError(
            f"text of at most {limit:,} characters", f"{len(value):,} characters", path
        )
    found = _SURROGATE.search(value)
    if found is not None:
        code = f"\\u{ord(found.group()):04x}"
        raise LimitError("text", f"a broken character (a lone UTF-16 surrogate {code})", path)


def check_number(value: int | float, path: str, bounds: Range) -> None:
    """Refuse a number outside `bounds` (and any float that is not finite)."""
    if isinstance(value, float) and not math.isfinite(value):
        raise LimitError("a finite number", repr(value), path)
    if not bounds.low <= value <= bounds.high:
        expected = f"{bounds.label.lower()} from {bounds.low:,} to {bounds.high:,}"
        raise LimitError(expected, _short(value), path)


def _short(value: int | float) -> str:
    text = repr(value)
    return text if len(text) <= 24 else f"{text[:21]}..."


def check_limits(
    obj: Any,
    leave_out: Collection[str] = (),
    known: Mapping[str, Collection[int]] | None = None,
) -> None:
    """Raise `LimitError` for the first value of `obj` outside the declared limits.

    It runs on every imported entry and every sheet edit, so it recurses (model objects
    nest a few levels only) and spells a value's path out only for the error. Fields of
    `obj` named in `leave_out` are not checked, nor the entries of a list field whose
    indexes `known` names (checked before and unchanged since).
    """
    fields = _fields(type(obj)) if leave_out or known else None
    if fields is None:
        _check(obj, "", "")
        return
    kind = type(obj).__name__
    for field in fields:
        if field in leave_out:
            continue
        value = getattr(obj, field)
        skip = known.get(field) if known is not None else None
        if skip is None or type(value) is not list:
            _within(value, kind, field, field)
            continue
        limit = list_limit(field)
        if len(value) > limit:
            raise LimitError(f"a list of at most {limit:,} items", f"{len(value):,} items", field)
        # the usual skip is a run from the start (the lines stored already): jump it
        first = skip.stop if isinstance(skip, range) and skip.start == 0 else 0
        for index in range(first, len(value)):
            if index not in skip:
                try:
                    _within(value[index], kind, field, index)
                except LimitError as err:
                    raise LimitError(err.expected, err.found, field + err.path) from None


def _check(value: Any, owner: str, name: str) -> None:
    cls = type(value)
    if cls is str:
        check_text(value, "", text_limit(name))
    elif cls is int or cls is float:
        check_number(value, "", range_of(owner, name))
    elif cls is list or cls is tuple:
        limit = list_limit(name)
        if len(value) > limit:
            raise LimitError(f"a list of at most {limit:,} items", f"{len(value):,} items", "")
        for index, item in enumerate(value):
            if not _plainly_within(item, owner, name):
                _within(item, owner, name, index)
    elif cls is dict:
        for key, item in value.items():
            if isinstance(key, str):
                check_text(key, "", MAX_NAME)
            label = key.value if isinstance(key, Enum) else key
            _within(item, owner, name, str(label))
    else:
        fields = _fields(cls)
        if fields is not None:
            kind = cls.__name__
            for field in fields:
                item = getattr(value, field)
                if not _plainly_within(item, kind, field):
                    _within(item, kind, field, field)


def _plainly_within(value: Any, owner: str, name: str) -> bool:
    """Whether `value` is a short ASCII text, a number in range, a truth value or nothing:
    the common cases, told without a call per value (every save checks every value)."""
    cls = type(value)
    if cls is str:
        short = len(value) <= (MAX_NAME if name == "name" else MAX_TEXT)
        return short and bool(value.isascii())
    if cls is int:
        bounds = _BOUNDS.get((owner, name))
        if bounds is None:
            bounds = _BOUNDS[(owner, name)] = range_of(owner, name)
        return bool(bounds.low <= value <= bounds.high)
    return cls is bool or value is None


_BOUNDS: dict[tuple[str, str], Range] = {}


def _within(value: Any, owner: str, name: str, step: int | str) -> None:
    """`_check` one part of a value (list index or key); an error's path gains `step`."""
    try:
        _check(value, owner, name)
    except LimitError as err:
        head = f"[{step}]" if isinstance(step, int) else step
        rest = err.path
        path = head + (rest if not rest or rest.startswith("[") else f".{rest}")
        raise LimitError(err.expected, err.found, path) from None


_FIELDS: dict[type, tuple[str, ...] | None] = {}


def _fields(cls: type) -> tuple[str, ...] | None:
    """The field names of a dataclass (None for bools, enums, bytes, None), memoised."""
    try:
        return _FIELDS[cls]
    except KeyError:
        names = (
            tuple(f.name for f in dataclasses.fields(cls))
            if dataclasses.is_dataclass(cls)
            else None
        )
        _FIELDS[cls] = names
        return names
