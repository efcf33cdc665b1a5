"""What a natural d20 face means beyond success or failure (RULES.md G10, G11).

Rolls are never modified: the face itself decides intrusions, bonus damage and effects.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from numdesk.rules.dice import Dice
from numdesk.rules.difficulty import roll_succeeds, target_number
from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import Profile

_BONUS_DAMAGE = {17: 1, 18: 2, 19: 3, 20: 4}
#: The most a 17+ adds on an attack by an impaired character, where the profile says so.
IMPAIRED_BONUS_DAMAGE = 1
REROLL_XP_COST = 1


class RollKind(StrEnum):
    """What the d20 was rolled for; defense rolls never deal damage."""

    TASK = "task"
    ATTACK = "attack"
    DEFENSE = "defense"


@dataclass(frozen=True, slots=True)
class RollOutcome:
    """The result of one d20 roll, with everything its natural face adds."""

    natural: int
    difficulty: int
    target_number: int
    success: bool
    kind: RollKind
    bonus_damage: int
    minor_effect: bool
    major_effect: bool
    #: the player may take the minor/major effect in place of the bonus damage
    effect_instead_of_damage: bool
    gm_intrusion: bool
    #: natural-1 intrusions award no XP (G16)
    intrusion_awards_xp: bool
    #: a natural 20 that succeeds: the action's points go back to the Pool (G10 r2)
    cost_refunded: bool
    summary: str
    #: a major effect offered may be taken as a minor one instead (G10/T5)
    may_take_minor: bool = False


def resolve_roll(
    profile: Profile,
    natural: int,
    difficulty: int,
    *,
    kind: RollKind = RollKind.TASK,
    damaging: bool = True,
    impaired: bool = False,
) -> RollOutcome:
    """Decide success and the special-roll extras of a natural d20 face (G10).

    `difficulty` is the task's final difficulty. `damaging` says whether an attack
    deals damage (bonus damage needs a damaging attack that hits). `impaired` applies
    the profile's impaired limits (N5).
    """
    success = roll_succeeds(natural, difficulty)
    limited = impaired and profile.impaired_limits_special_rolls
    damage_capable = kind is RollKind.ATTACK and damaging and success
    bonus = _BONUS_DAMAGE.get(natural, 0) if damage_capable else 0
    if limited:
        bonus = min(bonus, IMPAIRED_BONUS_DAMAGE)
    minor = success and natural == 19 and not limited
    major = success and natural == 20 and not limited
    refunded = natural == 20 and success  # r2: a 20 that fails refunds nothing
    intrusion = natural == 1
    parts = [f"Natural {natural}: {'success' if success else 'failure'}"]
    size = "major" if major else "minor" if minor else ""
    if bonus and size:
        # one or the other, never both (G10): the effect replaces the bonus damage
        parts.append(f"+{bonus} damage or a {size} effect instead of it")
    elif bonus:
        parts.append(f"+{bonus} damage")
    elif size:
        parts.append(f"a {size} effect")
    if refunded:
        parts.append("the action costs no points")
    if intrusion:
        parts.append("GM intrusion (no XP)")
    return RollOutcome(
        natural=natural,
        difficulty=difficulty,
        target_number=target_number(difficulty),
        success=success,
        kind=kind,
        bonus_damage=bonus,
        minor_effect=minor,
        major_effect=major,
        effect_instead_of_damage=damage_capable and (minor or major),
        gm_intrusion=intrusion,
        intrusion_awards_xp=False,
        cost_refunded=refunded,
        summary=", ".join(parts) + ".",
        may_take_minor=major,
    )


@dataclass(frozen=True, slots=True)
class Reroll:
    """A roll made again for XP; the better of the two faces stands (G11)."""

    first: int
    second: int
    kept: int
    xp_cost: int


def reroll(
    profile: Profile, first: int, dice: Dice, *, xp: int, sides: int = 20, purpose: str = "reroll"
) -> Reroll:
    """Spend 1 XP to roll again and keep the better result (G11); `purpose` names the
    die in the roll log."""
    if not profile.xp_reroll:
        raise RulesError(f"The {profile.label} rules have no XP reroll.")
    if xp < REROLL_XP_COST:
        raise RulesError("A reroll costs 1 XP and there is none to spend.")
    if not 1 <= first <= sides:
        raise RulesError(f"A d{sides} shows 1 to {sides}, not {first}.")
    second = dice.roll(sides, purpose)
    return Reroll(first=first, second=second, kept=max(first, second), xp_cost=REROLL_XP_COST)
