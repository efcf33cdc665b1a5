"""Common hazards and the damage they deal (RULES.md N10), as data for quick picks."""

from __future__ import annotations

import math
from dataclasses import dataclass

from numdesk.rules.errors import RulesError
from numdesk.rules.types import DamageType

FEET_PER_FALL_STEP = 10


@dataclass(frozen=True, slots=True)
class Hazard:
    """A hazard: damage, what it is counted per ("round", "10 ft", "event"), and its kind.

    `damage_type` says which Pool it hits and whether plain Armor stops it (N1);
    `kind` is the damage kind Armor against kinds answers to (T8);
    `may_cost_next_action` marks hazards that often cost the victim its next action.
    """

    key: str
    label: str
    damage: int
    per: str
    damage_type: DamageType = DamageType.AMBIENT
    note: str = ""
    kind: str = "physical"
    may_cost_next_action: bool = False


_NEXT_ACTION = "often costs the next action"

HAZARDS: tuple[Hazard, ...] = (
    Hazard("falling", "Falling", 1, "10 ft (3 m)"),
    Hazard("minor_fire", "Minor fire", 3, "round", kind="fire"),
    Hazard("major_fire", "Major fire", 6, "round", kind="fire"),
    Hazard("acid_splash", "Acid splash", 2, "round", kind="acid"),
    Hazard("acid_bath", "Acid bath", 6, "round", kind="acid"),
    Hazard("cold", "Cold", 1, "round", kind="cold"),
    Hazard("severe_cold", "Severe cold", 3, "round", kind="cold"),
    Hazard(
        "shock", "Shock", 1, "round", note=_NEXT_ACTION, kind="electric", may_cost_next_action=True
    ),
    Hazard(
        "electrocution",
        "Electrocution",
        6,
        "round",
        note=_NEXT_ACTION,
        kind="electric",
        may_cost_next_action=True,
    ),
    # r2: crushing and collisions are Might damage, so Armor applies (N10)
    Hazard("crush", "Crush", 3, "event", DamageType.MIGHT),
    Hazard("huge_crush", "Huge crush", 6, "event", DamageType.MIGHT),
    Hazard("collision", "Collision", 6, "event", DamageType.MIGHT),
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
