"""Dice as an injected, seedable object, so every roll is reproducible and can be logged."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class RollRecord:
    """One die rolled: how many sides, what came up, and what it was for."""

    sides: int
    result: int
    purpose: str


@dataclass
class Dice:
    """A seedable roller that remembers every roll it made.

    Pass `seed` for reproducible rolls, or `script` (a list of faces) to force them in
    tests; `on_roll` is called with each record so the app can keep a roll log.
    """

    seed: int | None = None
    script: list[int] | None = None
    on_roll: Callable[[RollRecord], None] | None = None
    log: list[RollRecord] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    def roll(self, sides: int, purpose: str = "") -> int:
        """Roll one die with `sides` faces and return the face."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        if self.script:
            result = self.script.pop(0)
            if not 1 <= result <= sides:
                raise ValueError(f"scripted roll {result} does not fit a d{sides}")
        else:
            result = self._random.randint(1, sides)
        record = RollRecord(sides, result, purpose)
        self.log.append(record)
        if self.on_roll is not None:
            self.on_roll(record)
        return result

    def d20(self, purpose: str = "") -> int:
        """Roll the d20 of a task."""
        return self.roll(20, purpose)

    def d6(self, purpose: str = "") -> int:
        """Roll a d6 (recovery rolls)."""
        return self.roll(6, purpose)
