"""Dice as an injected, seedable object, so every roll is reproducible and can be logged.

Many players roll real dice. A face a player rolled is handed to the same object
(`Dice.player_faces`) just before the action that rolls: the rules code asks for a die
as always and gets the player's face, so a typed roll is computed exactly like one the
app made, and the log says which was which.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from numdesk.rules.errors import RulesError


@dataclass(frozen=True, slots=True)
class RollRecord:
    """One die rolled: how many sides, what came up, what it was for, and who rolled.

    `entered` is True when a player rolled the die at the table and typed the face.
    """

    sides: int
    result: int
    purpose: str
    entered: bool = False


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
    _entered: list[int | None] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    @contextmanager
    def player_faces(self, *faces: int | None) -> Iterator[None]:
        """The next rolls inside the block take `faces` in order (None: the app rolls).

        Faces left unused when the block ends are dropped, so a refused action never
        leaves a typed face waiting for a later roll.
        """
        saved = self._entered
        self._entered = list(faces)
        try:
            yield
        finally:
            self._entered = saved

    def roll(self, sides: int, purpose: str = "") -> int:
        """Roll one die with `sides` faces (or take the player's face) and return it."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        entered = self._entered.pop(0) if self._entered else None
        if entered is not None:
            if not 1 <= entered <= sides:
                raise RulesError(
                    f"A d{sides} shows 1 to {sides}; {entered} cannot be rolled on it."
                )
            result = entered
        elif self.script:
            result = self.script.pop(0)
            if not 1 <= result <= sides:
                raise ValueError(f"scripted roll {result} does not fit a d{sides}")
        else:
            result = self._random.randint(1, sides)
        record = RollRecord(sides, result, purpose, entered is not None)
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
