"""A defense roll where the hit lands: roll (or take the player's face for) a block or
dodge and apply what gets through, as one operation — one undo step, one history line.

The roll is an ordinary defense task (`preview_task` with `RollKind.DEFENSE`), so wound
hindrance (C3), skills and assets count exactly as in the task dialog; the worn armor
eases a block and hinders a dodge (C6), dodging an area attack is hindered (C5), and a
helpless PC gets no roll at all (T7). On a successful block a shield may take the whole
wound (C7); on a failed one the shield takes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.operations.base import Change
from numdesk.model.operations.damage import TakeDamage, TakeWound, defense_task_steps
from numdesk.model.operations.sheet import CharacterOperation, stat_name
from numdesk.model.operations.task import (
    TaskInput,
    TaskPreview,
    describe_roll,
    preview_task,
    task_result,
)
from numdesk.model.validation import check_int, profile_of
from numdesk.rules.defense import DefenseKind
from numdesk.rules.dice import Dice
from numdesk.rules.special_rolls import RollKind
from numdesk.rules.types import Stat

#: The stat a `cypher` defense uses (C5).
DEFENSE_STAT = {DefenseKind.BLOCK: Stat.MIGHT, DefenseKind.DODGE: Stat.SPEED}


@dataclass(frozen=True)
class DefenseInput:
    """The defense a PC makes against one hit.

    `stat` None means no defense (the hit lands). `kind` is the `cypher` block or dodge
    (C5); in `numenera` it is ignored and the roll is a defense task of `stat`. `level`
    is the attacker's level, the difficulty (G6). `eases`/`hindrances` are other steps
    (help, guarding, cover — T1, T4, C13a); `helpless` is T7.
    """

    stat: Stat | None
    level: int
    kind: DefenseKind = DefenseKind.NONE
    skill: str | None = None
    eases: int = 0
    hindrances: int = 0
    area: bool = False
    helpless: bool = False


def no_defense_reason(defense: DefenseInput) -> str | None:
    """Why no defense roll is made, or None when one is."""
    if defense.helpless:
        return "Helpless: no block or dodge, the hit lands."
    if defense.stat is None:
        return "No defense roll: the hit lands."
    return None


def defense_task(character: Character, defense: DefenseInput) -> TaskInput | None:
    """The defense as a task (None when there is no roll)."""
    if no_defense_reason(defense) is not None or defense.stat is None:
        return None
    check_int(defense.level, "level", "The attacker's level", minimum=0, maximum=10)
    eases, hindrances = defense.eases, defense.hindrances
    if not profile_of(character).uses_damage_track and defense.kind is not DefenseKind.NONE:
        steps = defense_task_steps(character, defense.kind, area=defense.area)
        eases += max(steps, 0)
        hindrances += max(-steps, 0)
    label = _label(character, defense)
    return TaskInput(
        stat=defense.stat,
        difficulty=defense.level,
        skill=defense.skill,
        eases=eases,
        hindrances=hindrances,
        kind=RollKind.DEFENSE,
        purpose=label,
    )


def _label(character: Character, defense: DefenseInput) -> str:
    if not profile_of(character).uses_damage_track and defense.kind is not DefenseKind.NONE:
        return defense.kind.value.capitalize()
    return f"{stat_name(defense.stat)} defense" if defense.stat else "No defense"


def preview_defense(character: Character, defense: DefenseInput) -> TaskPreview | None:
    """The defense roll's plan (difficulty, target, chance) or None when there is no roll."""
    task = defense_task(character, defense)
    return None if task is None else preview_task(character, task)


class DefendAndTakeHit(CharacterOperation):
    """Roll the defense with `dice`, then apply `hit` as the roll allows.

    A successful defense against Pool damage avoids it; against a `cypher` wound a
    block lowers it one step and a dodge avoids it (C5). After `apply`, `natural` holds
    the face (None without a roll) and `success` the outcome.
    """

    def __init__(self, defense: DefenseInput, hit: TakeDamage | TakeWound, dice: Dice) -> None:
        super().__init__()
        self.defense = defense
        self.hit = hit
        self.dice = dice
        self.natural: int | None = None
        self.success = False

    def _run(self, character: Character) -> Change:
        reason = no_defense_reason(self.defense)
        task = defense_task(character, self.defense)
        parts: list[str] = []
        if task is None and not self.defense.helpless:
            return self.hit._run(character)  # no defense: the hit's own history line
        if task is None:
            parts.append((reason or "").rstrip("."))
        else:
            preview = preview_task(character, task)
            if preview.problem is not None:
                raise DomainError(preview.problem, field="defense")
            self.natural = self.dice.d20(f"{task.purpose} roll")
            outcome, self.success, _ = task_result(character, preview, self.natural)
            text = describe_roll(preview, self.natural, outcome)
            parts.append(f"{task.purpose}: {text}")
        hit = self.hit
        if isinstance(hit, TakeWound):
            hit.defense = self.defense.kind if task is not None else DefenseKind.NONE
            hit.defended = self.success
            if hit.shield is not None and not (self.success and hit.defense is DefenseKind.BLOCK):
                hit.shield = None
                parts.append("the shield takes nothing (no successful block)")
            parts.append(hit._run(character).summary)
            kind = "wounds"
        elif self.success:
            parts.append("the defense avoids the damage")
            kind = "pools"
        else:
            parts.append(hit._run(character).summary)
            kind = "pools"
        return Change("; ".join(p for p in parts if p), kind=kind)
