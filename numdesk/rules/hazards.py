"""Common hazards and the damage they deal (RULES.md N10), as data for quick picks."""

from __future__ import annotations

import math
from dataclasses import dataclass

from numdesk.rules.errors import RulesError
from numdesk.rules.types import DamageType

FEET_PER_FALL_STEP = 10


@dataclass(frozen=True, slots=True)
class Hazard:
    """A hazard: damage and what it is counted per ("round", "10 ft", "event")."""

    key: str
    label: str
    damage: int
    per: str
    damage_type: DamageType = DamageType.AMBIENT
    note: str = ""


HAZARDS: tuple[Hazard, ...] = (
    Hazard("falling", "Falling", 1, "10 ft (3 m)"),
    Hazard("minor_fire", "Minor fire", 3, "round"),
    Hazard("major_fire", "Major fire", 6, "round"),
    Hazard("acid_splash", "Acid splash", 2, "round"),
    Hazard("acid_bath", "Acid bath", 6, "round"),
    Hazard("cold", "Cold", 1, "round"),
    Hazard("severe_cold", "Severe cold", 3, "round"),
    Hazard("shock", "Shock", 1, "round", note="often costs the next action"),
    Hazard("electrocution", "Electrocution", 6, "round"),
    Hazard("crush", "Crush", 3, "event"),
    Hazard("huge_crush", "Huge crush", 6, "event"),
    Hazard("collision", "Collision", 6, "event"),
)

_BY_KEY = {h.key: h for h in HAZARDS}


def hazard(key: str) -> Hazard:
    """Look up a hazard by key."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise RulesError(f"There is no hazard called {key!r}.") from None


def falling_damage(feet: float) -> int:
    """1 point per full 10 feet fallen (N10)."""
    if feet < 0:
        raise RulesError(f"A fall cannot be negative (got {feet} ft).")
    return math.floor(feet / FEET_PER_FALL_STEP)
