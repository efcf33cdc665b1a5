"""Combat modifiers offered as quick picks when planning an attack (RULES.md C13).

Steps are signed: positive eases the attack, negative hinders it. Two picks are not
steps at all: one makes the attack hit without a roll, one rules the attack out.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    """One situation the GM can tick: a stable key, a label, and its effect.

    `lucky_shot_xp` > 0 marks a "no attack" that the attacker may still try by spending
    that much XP (C13).
    """

    key: str
    label: str
    steps: int
    effect: ModifierEffect = ModifierEffect.STEPS
    lucky_shot_xp: int = 0


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
    _steps("melee_in_dense_mist", "Melee attack on a target in very dense mist", -1),
    _steps("attacker_deep_water", "Attacker in deep water", -1),
    _steps("underwater_stabbing", "Attacker underwater with a stabbing weapon", -1),
    _steps("underwater_special_ranged", "Attacker underwater with a special ranged weapon", -1),
    _steps("very_dim_beyond", "Very dim light, target beyond immediate range", -2),
    _steps("disarm", "Attempt to disarm", -2),
    _steps("called_shot_limb", "Called shot at a limb", -2),
    _steps("underwater_bashing", "Attacker underwater with a bashing or slashing weapon", -2),
    _steps("blinding_attempt", "Attempt to blind the target", -3),
    _steps("darkness_located", "Target in darkness or invisible, but located", -4),
    CombatModifier(
        "darkness_unlocated",
        "Darkness and no idea where the target is",
        0,
        ModifierEffect.NO_ATTACK,
        lucky_shot_xp=1,
    ),
    CombatModifier("full_cover", "Target fully behind sturdy cover", 0, ModifierEffect.NO_ATTACK),
    CombatModifier(
        "ranged_in_dense_mist",
        "Ranged attack on a target in very dense mist",
        0,
        ModifierEffect.NO_ATTACK,
    ),
    CombatModifier(
        "underwater_thrown",
        "Attacker underwater with a thrown weapon, bow or crossbow",
        0,
        ModifierEffect.NO_ATTACK,
    ),
)

_BY_KEY = {m.key: m for m in COMBAT_MODIFIERS}


def combat_modifier(key: str) -> CombatModifier:
    """Look up a quick pick by key."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise RulesError(f"There is no combat modifier called {key!r}.") from None


#: How far a lucky shot is hindered: as a target in darkness that was located (C13).
LUCKY_SHOT_STEPS = -4


def lucky_shot(modifier: CombatModifier, xp: int) -> CombatModifier:
    """The attack ruled out by `modifier`, tried anyway for XP (C13 "lucky shot").

    Reading: the shot is rolled hindered as "in darkness but located" (4 steps). Only
    picks that allow a lucky shot can be turned into one; 0 XP refuses it.
    """
    if modifier.lucky_shot_xp <= 0:
        raise RulesError(f"'{modifier.label}' leaves no chance of a lucky shot.")
    if xp < modifier.lucky_shot_xp:
        raise RulesError(f"A lucky shot costs {modifier.lucky_shot_xp} XP and there is none.")
    return CombatModifier(
        f"{modifier.key}_lucky", f"{modifier.label} (lucky shot)", LUCKY_SHOT_STEPS
    )


@dataclass(frozen=True, slots=True)
class DefenseSituation:
    """The situations of an NPC's attack, turned round for the PC's defense roll (C13a)."""

    #: signed steps for the PC's defense (+ eases, − hinders)
    steps: int
    #: the PC cannot defend: the attack hits (target paralysed, unconscious)
    automatic_hit: bool
    #: the NPC cannot attack at all
    no_attack: bool


def for_defense(modifiers: Sequence[CombatModifier]) -> DefenseSituation:
    """Flip attack modifiers for an NPC attack on a PC (C13a).

    The players roll both ways: what would ease the attacker hinders the PC's defense,
    and what would hinder it eases the defense (cover round a PC eases that PC's
    defense). A pick that makes attacks hit automatically means the PC cannot defend.
    """
    steps = sum(m.steps for m in modifiers if m.effect is ModifierEffect.STEPS)
    return DefenseSituation(
        steps=-steps,
        automatic_hit=any(m.effect is ModifierEffect.AUTOMATIC_HIT for m in modifiers),
        no_attack=any(m.effect is ModifierEffect.NO_ATTACK for m in modifiers),
    )


#: Steps an attack is hindered with a weapon the attacker cannot use freely (C13b).
NOT_PROFICIENT_STEPS = 1


def proficiency_hindrance(usable_freely: bool) -> int:
    """Steps an attack with this weapon is hindered: 1 if not freely usable (C13b)."""
    return 0 if usable_freely else NOT_PROFICIENT_STEPS
