"""Cyphers, artifacts and shins (RULES.md G17): depletion texts, depletion checks, the
cypher limit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from numdesk.rules.dice import Dice
from numdesk.rules.errors import RulesError

_DASHES = {"-", "–", "—", "=", "n/a", "none", "never"}
_RANGE = re.compile(
    r"^\s*(?P<low>\d+)\s*(?:[-–—]\s*(?P<high>\d+))?\s*in\s*1?d(?P<sides>\d+)\s*(?P<rest>.*)$",
    re.IGNORECASE,
)
_SCALED = re.compile(
    r"^\s*(?P<low>\d+)\s*[x×]\s*(?P<what>.+?)\s+in\s*1?d(?P<sides>\d+)\s*(?P<rest>.*)$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Depletion:
    """An artifact's depletion: which faces of which die use it up."""

    text: str
    low: int = 0
    high: int = 0
    sides: int | None = None
    never: bool = False
    automatic: bool = False
    #: what the depletion range is multiplied by ("task difficulty"), if it scales
    scaled_by: str | None = None
    #: anything after the rule itself (when to check, what is left after depletion)
    note: str = ""

    @property
    def label(self) -> str:
        """The rule in short form: "1 in 1d10", "1-2 in 1d20", "—", "automatic"."""
        if self.never:
            return "—"
        if self.automatic:
            return "automatic"
        if self.scaled_by:
            return f"{self.low} × {self.scaled_by} in 1d{self.sides}"
        faces = f"{self.low}" if self.low == self.high else f"{self.low}-{self.high}"
        return f"{faces} in 1d{self.sides}"


def _note(rest: str) -> str:
    return rest.strip().lstrip(".").strip().strip("()").strip()


def parse_depletion(text: str) -> Depletion:
    """Read a depletion text such as "1 in 1d10", "1-2 in 1d20 (check each day)",
    "—" or "Automatic" (G17). Anything after the rule is kept as `note`.
    """
    raw = text.strip()
    head = raw.split("(", 1)[0].strip().rstrip(".").casefold()
    if head in _DASHES or (raw[:1] in {"-", "–", "—"} and not raw[1:2].isdigit()):
        return Depletion(text=raw, never=True, note=_note(raw[1:]) if len(raw) > 1 else "")
    if head.startswith("automatic"):
        return Depletion(text=raw, automatic=True, note=_note(raw[len("automatic") :]))
    match = _RANGE.match(raw)
    if match:
        low = int(match["low"])
        high = int(match["high"] or low)
        sides = int(match["sides"])
        if not 1 <= low <= high <= sides:
            raise RulesError(f"The depletion {raw!r} names faces the die does not have.")
        return Depletion(text=raw, low=low, high=high, sides=sides, note=_note(match["rest"]))
    match = _SCALED.match(raw)
    if match:
        low = int(match["low"])
        return Depletion(
            text=raw,
            low=low,
            high=low,
            sides=int(match["sides"]),
            scaled_by=match["what"].strip(),
            note=_note(match["rest"]),
        )
    raise RulesError(
        f"Cannot read the depletion {raw!r}; write it like '1 in 1d10', '1-2 in 1d20', "
        "'—' or 'automatic'."
    )


@dataclass(frozen=True, slots=True)
class DepletionCheck:
    """One use of an artifact: the die (if rolled) and whether it is now depleted."""

    roll: int | None
    depleted: bool
    summary: str


def check_depletion(depletion: Depletion, dice: Dice, *, multiplier: int = 1) -> DepletionCheck:
    """Roll for depletion after a use; the artifact works this time either way (G17).

    `multiplier` is the value of `scaled_by` (e.g. the task's difficulty) when the range scales.
    """
    if depletion.never:
        return DepletionCheck(None, False, "This artifact never depletes.")
    if depletion.automatic:
        return DepletionCheck(None, True, "Works once and is now depleted.")
    assert depletion.sides is not None
    high = depletion.high
    if depletion.scaled_by is not None:
        if multiplier < 0:
            raise RulesError(f"The depletion multiplier cannot be negative (got {multiplier}).")
        high = depletion.low * multiplier
    roll = dice.roll(depletion.sides, "artifact depletion")
    lowest = 1 if depletion.scaled_by is not None else depletion.low
    depleted = lowest <= roll <= high
    state = "it works, then is depleted" if depleted else "it works and is not depleted"
    return DepletionCheck(roll, depleted, f"Rolled {roll} on a d{depletion.sides}: {state}.")


def cyphers_over_limit(count: int, limit: int) -> int:
    """How many cyphers past the limit a character carries (0 if within it)."""
    if count < 0 or limit < 0:
        raise RulesError("Cypher counts and limits cannot be negative.")
    return max(0, count - limit)


def cypher_limit_exceeded(count: int, limit: int) -> bool:
    """Whether carrying `count` cyphers must be flagged (G17)."""
    return cyphers_over_limit(count, limit) > 0


def check_shins(shins: int) -> None:
    """Shins are a whole number, never negative (G17)."""
    if shins < 0:
        raise RulesError(f"Shins cannot be negative (got {shins}).")


_LEVEL_DICE = re.compile(
    r"^\s*(?:(?P<count>\d*)\s*d\s*(?P<sides>\d+))?\s*(?:(?P<sign>[+-])?\s*(?P<plus>\d+))?\s*$",
    re.IGNORECASE,
)
#: Highest level a rolled device may have (levels of the rules run 1..10).
MAX_DEVICE_LEVEL = 10


@dataclass(frozen=True, slots=True)
class LevelRoll:
    """A device level rolled from its dice text (T9): the faces, the total, the words."""

    text: str
    faces: tuple[int, ...]
    level: int
    summary: str


def level_dice_count(text: str) -> tuple[int, int] | None:
    """How many dice of how many sides `text` rolls for a level (T9): (0, 0) for a fixed
    level such as "4", None when `roll_device_level` would refuse it. A dialog asking a
    player for the faces they rolled shows one field per die."""
    match = _LEVEL_DICE.match(text or "")
    if not text or not text.strip() or match is None or not (match["sides"] or match["plus"]):
        return None
    if not match["sides"]:
        return (0, 0)
    count, sides = int(match["count"] or 1), int(match["sides"])
    if not (1 <= count <= 10 and 2 <= sides <= 100):
        return None
    return (count, sides)


def roll_device_level(text: str, dice: Dice) -> LevelRoll:
    """Roll a cypher's or artifact's level from text such as "1d6+2", "d6" or "4" (T9).

    The result is kept on the sheet, so it is rolled once, when the device is found. A
    total below 1 counts as level 1 (said in `summary`); unreadable text is refused.
    """
    match = _LEVEL_DICE.match(text or "")
    if not text or not text.strip() or match is None or not (match["sides"] or match["plus"]):
        raise RulesError(f"'{text}' is not a level roll (write it like 1d6+2, d6 or 4).")
    count = int(match["count"] or 1) if match["sides"] else 0
    sides = int(match["sides"] or 0)
    if match["sides"] and not (1 <= count <= 10 and 2 <= sides <= 100):
        raise RulesError(f"'{text}' rolls too many or too odd dice for a level.")
    plus = int(match["plus"] or 0) * (-1 if match["sign"] == "-" else 1)
    faces = tuple(dice.roll(sides, "device level") for _ in range(count))
    total = sum(faces) + plus
    level = min(max(total, 1), MAX_DEVICE_LEVEL)
    words = f"Level {level} ({text.strip()}: rolled {', '.join(map(str, faces)) or 'nothing'})"
    if level != total:
        words += f"; {total} counts as {level}"
    return LevelRoll(text=text.strip(), faces=faces, level=level, summary=words + ".")
