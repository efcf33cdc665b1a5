"""`cypher` defense: block, dodge, armor categories and shields (RULES.md C5–C7)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from numdesk.rules.errors import RulesError
from numdesk.rules.types import ArmorCategory, WoundSeverity
from numdesk.rules.wounds import WoundState, add_wound, is_dead, severity_name

_ARMOR_STEPS = {
    ArmorCategory.NONE: 0,
    ArmorCategory.LIGHT: 1,
    ArmorCategory.MEDIUM: 2,
    ArmorCategory.HEAVY: 3,
}
#: Dodging an area attack is hindered this many steps (C5).
AREA_DODGE_HINDER = 1


class DefenseKind(StrEnum):
    """How a PC meets an attack."""

    BLOCK = "block"
    DODGE = "dodge"
    NONE = "none"


def block_ease(armor: ArmorCategory) -> int:
    """Steps armor eases a block (C6)."""
    return _ARMOR_STEPS[armor]


def dodge_hinder(armor: ArmorCategory) -> int:
    """Steps armor hinders a dodge (C6)."""
    return _ARMOR_STEPS[armor]


def defense_steps(kind: DefenseKind, armor: ArmorCategory, *, area: bool = False) -> int:
    """Signed steps on the defense roll: positive eases, negative hinders (C5, C6)."""
    if kind is DefenseKind.BLOCK:
        return block_ease(armor)
    if kind is DefenseKind.DODGE:
        return -dodge_hinder(armor) - (AREA_DODGE_HINDER if area else 0)
    return 0


def speed_task_hinder(armor: ArmorCategory, *, proficient: bool) -> int:
    """Armor worn without the ability to use it freely hinders every Speed task (C6)."""
    return 0 if proficient else dodge_hinder(armor)


@dataclass(frozen=True, slots=True)
class DefenseResult:
    """The wound left after a defense, or None if the PC avoided harm."""

    kind: DefenseKind
    incoming: WoundSeverity
    success: bool
    wound: WoundSeverity | None
    summary: str


def resolve_defense(kind: DefenseKind, incoming: WoundSeverity, success: bool) -> DefenseResult:
    """Apply a defense roll's result to an incoming wound (C5).

    A successful block lowers the wound one step (a minor wound to nothing); a
    successful dodge avoids it; not defending (or failing) takes it whole.
    """
    wound: WoundSeverity | None = incoming
    done = success and kind is not DefenseKind.NONE
    if done and kind is DefenseKind.BLOCK:
        wound = WoundSeverity(incoming - 1) if incoming > WoundSeverity.MINOR else None
    elif done:
        wound = None
    if wound is None:
        summary = f"The {kind.value} avoids the wound."
    elif wound is not incoming:
        summary = f"The block lowers the wound to {severity_name(wound)}."
    else:
        summary = f"Takes the {severity_name(wound)} wound."
    return DefenseResult(kind=kind, incoming=incoming, success=done, wound=wound, summary=summary)


def new_shield() -> WoundState:
    """An undamaged shield: 3 minor, 2 moderate and 1 major slot (C7)."""
    return WoundState(minor_slots=3, moderate_slots=2, major_slots=1)


@dataclass(frozen=True, slots=True)
class ShieldResult:
    """A wound the shield took in place of its bearer."""

    before: WoundState
    after: WoundState
    applied: WoundSeverity
    broken: bool


def shield_takes_wound(shield: WoundState, severity: WoundSeverity) -> ShieldResult:
    """The shield takes the whole, unreduced wound; rolling over; its major breaks it (C7)."""
    if is_dead(shield):
        raise RulesError("The shield is broken and cannot take another wound.")
    result = add_wound(shield, severity)
    return ShieldResult(
        before=shield, after=result.after, applied=result.applied, broken=result.dead
    )
