"""Combat modifiers offered as quick picks when planning an attack (RULES.md C13).

Steps are signed: positive eases the attack, negative hinders it. Two picks are not
steps at all: one makes the attack hit without a roll, one rules the attack out.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from numdesk.rules.errors import RulesError


class ModifierEffect(StrEnum):
    """What a quick pick does to the attack."""

    STEPS = "steps"
    AUTOMATIC_HIT = "automatic_hit"
    NO_ATTACK = "no_attack"


@dataclass(frozen=True, slots=True)
class CombatModifier:
    """One situation the GM can tick: a stable key, a label, and its effect."""

    key: str
    label: str
    steps: int
    effect: ModifierEffect = ModifierEffect.STEPS


def _steps(key: str, label: str, steps: int) -> CombatModifier:
    return CombatModifier(key, label, steps)


COMBAT_MODIFIERS: tuple[CombatModifier, ...] = (
    _steps("higher_ground", "Attacker on higher ground", 1),
    _steps("target_dazed", "Target is dazed", 1),
    _steps("melee_vs_prone", "Melee attack on a prone target", 1),
    _steps("guarding_unaware", "Target on guard but unaware of the attacker", 1),
    _steps("surprise", "Surprise attack", 2),
    _steps("attacker_invisible", "Attacker is invisible", 2),
    _steps("target_blinded", "Target is blinded", 2),
    _steps("ranged_from_hiding", "Ranged attack from hiding at an unaware target", 2),
    CombatModifier(
        "target_helpless", "Target paralysed or unconscious", 0, ModifierEffect.AUTOMATIC_HIT
    ),
    _steps("sturdy_cover", "Target behind sturdy cover", -1),
    _steps("attacker_dazed", "Attacker is dazed", -1),
    _steps("ranged_vs_prone", "Ranged attack on a prone target", -1),
    _steps("extreme_range", "Target at extreme range", -1),
    _steps("dim_light_short", "Dim light, target within short range", -1),
    _steps("very_dim_immediate", "Very dim light, target within immediate range", -1),
    _steps("target_guarding", "Target is guarding", -1),
    _steps("ranged_into_mist", "Ranged attack into mist", -1),
    _steps("fast_target", "Target is moving fast", -1),
    _steps("unsteady_attacker", "Attacker on a moving mount or unsteady footing", -1),
    _steps("odd_gravity", "High or low gravity", -1),
    _steps("very_dim_beyond", "Very dim light, target beyond immediate range", -2),
    _steps("disarm", "Attempt to disarm", -2),
    _steps("called_shot_limb", "Called shot at a limb", -2),
    _steps("blinding_attempt", "Attempt to blind the target", -3),
    _steps("darkness_located", "Target in darkness or invisible, but located", -4),
    CombatModifier(
        "darkness_unlocated",
        "Darkness and no idea where the target is",
        0,
        ModifierEffect.NO_ATTACK,
    ),
    CombatModifier("full_cover", "Target fully behind sturdy cover", 0, ModifierEffect.NO_ATTACK),
)

_BY_KEY = {m.key: m for m in COMBAT_MODIFIERS}


def combat_modifier(key: str) -> CombatModifier:
    """Look up a quick pick by key."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise RulesError(f"There is no combat modifier called {key!r}.") from None
