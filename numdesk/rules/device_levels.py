"""A cypher's or artifact's level rolled when it is found (RULES.md T9).

Library entries give the level as dice ("1d6", "1d6+2", "1d10+3") or as a plain number;
the level rolled is what the sheet keeps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from numdesk.rules.dice import Dice
from numdesk.rules.errors import RulesError

_DICE = re.compile(
    r"^\s*(?P<count>\d*)\s*d\s*(?P<sides>\d+)\s*(?:(?P<sign>[+-])\s*(?P<bonus>\d+))?\s*$",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"^\s*(?P<level>\d+)\s*$")
#: Highest level a device can have (RULES.md G1/G15: levels run 1..10).
MAX_LEVEL = 10


@dataclass(frozen=True, slots=True)
class LevelDice:
    """`count`d`sides` + `bonus`; a fixed level has count 0 and the level as bonus."""

    count: int
    sides: int
    bonus: int

    @property
    def fixed(self) -> bool:
        """True when there is nothing to roll."""
        return self.count == 0

    @property
    def label(self) -> str:
        if self.fixed:
            return str(self.bonus)
        dice = f"{self.count}d{self.sides}"
        if self.bonus:
            return f"{dice}{self.bonus:+d}"
        return dice

    def level_for(self, faces: list[int]) -> int:
        """The level `faces` (one per die) give: their sum plus the bonus, at least 1."""
        if len(faces) != self.count:
            raise RulesError(f"{self.label} needs {self.count} dice, not {len(faces)}.")
        for face in faces:
            if not 1 <= face <= self.sides:
                raise RulesError(f"A d{self.sides} shows 1 to {self.sides}, not {face}.")
        return max(1, sum(faces) + self.bonus)


def parse_level_dice(text: str) -> LevelDice | None:
    """Read "1d6+2", "d10", "2d6-1" or "5"; None when `text` is neither dice nor a number."""
    number = _NUMBER.match(text)
    if number:
        return LevelDice(0, 0, int(number["level"]))
    match = _DICE.match(text)
    if not match:
        return None
    count = int(match["count"] or 1)
    sides = int(match["sides"])
    if not 1 <= count <= 10 or sides < 1:
        return None
    bonus = int(match["bonus"] or 0) * (-1 if match["sign"] == "-" else 1)
    return LevelDice(count, sides, bonus)


def roll_level(level_dice: LevelDice, dice: Dice, name: str = "") -> int:
    """Roll the level (T9) with `dice`, whose faces a player may have entered."""
    if level_dice.fixed:
        return max(1, level_dice.bonus)
    purpose = f"level of {name}" if name else "device level"
    faces = [dice.roll(level_dice.sides, purpose) for _ in range(level_dice.count)]
    return level_dice.level_for(faces)
