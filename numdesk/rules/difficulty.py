"""Difficulty, target numbers and success chance (RULES.md G1–G5)."""

from __future__ import annotations

from numdesk.rules.errors import RulesError

#: Names of difficulties 0..10 (G1).
DIFFICULTY_NAMES: tuple[str, ...] = (
    "Routine",
    "Simple",
    "Standard",
    "Demanding",
    "Difficult",
    "Challenging",
    "Intimidating",
    "Formidable",
    "Heroic",
    "Immortal",
    "Impossible",
)
MAX_DIFFICULTY = 10
#: From this final difficulty on, the target number is above 20 (G5).
IMPOSSIBLE_FROM = 7


def check_difficulty(difficulty: int) -> None:
    """Refuse a base difficulty outside 0..10, the range the game names (G1)."""
    if not 0 <= difficulty <= MAX_DIFFICULTY:
        raise RulesError(f"A difficulty must be between 0 and 10, not {difficulty}.")


def difficulty_name(difficulty: int) -> str:
    """Name of a difficulty; eased or hindered past the ends it keeps the end's name."""
    return DIFFICULTY_NAMES[min(max(difficulty, 0), MAX_DIFFICULTY)]


def target_number(difficulty: int) -> int:
    """The d20 result needed: three times the difficulty (G2)."""
    return 3 * max(difficulty, 0)


def final_difficulty(base: int, eased: int, hindered: int) -> int:
    """Apply steps: each ease lowers, each hindrance raises; never below 0 (G3)."""
    return max(0, base - eased + hindered)


def is_routine(difficulty: int) -> bool:
    """At 0 or less the task simply succeeds and nobody rolls (G4)."""
    return difficulty <= 0


def is_impossible(difficulty: int) -> bool:
    """At 7 or more the target number exceeds 20, so even a 20 fails (G5)."""
    return difficulty >= IMPOSSIBLE_FROM


def success_chance(difficulty: int) -> float:
    """Chance that one d20 meets the target number, 1.0 for a routine task (G5)."""
    if is_routine(difficulty):
        return 1.0
    return max(0, 21 - 3 * difficulty) / 20


def roll_succeeds(natural: int, difficulty: int) -> bool:
    """Whether a d20 face meets the target number of `difficulty` (G2)."""
    if not 1 <= natural <= 20:
        raise RulesError(f"A d20 shows 1 to 20, not {natural}.")
    return natural >= target_number(difficulty)
