"""Rolling a task from a sheet: the live preview (`preview_task`) and the roll (`PerformTask`).

The preview reads everything it can from the sheet (skill level and inability, the
ability's cost, the weapon's damage, Edge, the damage track or wounds) and asks the rules
engine for the plan and the cost, so the dialog and the roll can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from numdesk.model.ability_choices import damage_bonuses
from numdesk.model.attack_abilities import AttackAbility, attack_ability
from numdesk.model.character import Character
from numdesk.model.errors import DomainError, domain_errors
from numdesk.model.items import in_use
from numdesk.model.operations.base import Change
from numdesk.model.operations.conditions import is_impaired, task_hindrance, track_problem
from numdesk.model.operations.sheet import CharacterOperation, as_stat, locate, stat_name
from numdesk.model.validation import profile_of
from numdesk.rules.combat_modifiers import (
    CombatModifier,
    combat_modifier,
    lucky_shot,
    proficiency_hindrance,
)
from numdesk.rules.dice import Dice
from numdesk.rules.effects import Effect, effect_choices
from numdesk.rules.effort import (
    ActionCost,
    EffortSplit,
    action_cost,
    check_afford,
    check_effort_from_pool,
    check_retry,
    split_effort,
)
from numdesk.rules.special_rolls import RollKind, RollOutcome, resolve_roll
from numdesk.rules.tasks import TaskPlan, plan_task, steps_phrase
from numdesk.rules.types import SkillLevel, Stat
from numdesk.rules.weapons import attack_reach, weapon_stats


@dataclass(frozen=True)
class TaskInput:
    """What the player chose in the task dialog.

    `skill`, `ability` and `weapon` name entries of the sheet (name or uid). Effort is
    split into `effort_ease` levels (each eases one step) and `effort_damage` levels
    (each adds damage to an attack); `free_levels` of them are granted by an ability.
    `modifiers` are combat quick-pick keys (RULES.md C13). `attack` marks a damaging
    attack even without a weapon; `kind` says whether this is a defense roll; `retry`
    marks another try at a failed task (which needs Effort, G9d).
    """

    stat: Stat
    difficulty: int
    skill: str | None = None
    assets: int = 0
    helpers: tuple[SkillLevel | None, ...] = ()
    effort_ease: int = 0
    effort_damage: int = 0
    free_levels: int = 0
    ability: str | None = None
    ability_cost: int = 0
    eases: int = 0
    hindrances: int = 0
    modifiers: tuple[str, ...] = ()
    weapon: str | None = None
    attack: bool = False
    area: bool = False
    kind: RollKind = RollKind.TASK
    retry: bool = False
    purpose: str = ""
    #: try an attack a "no attack" pick rules out anyway, for XP (C13 lucky shot)
    lucky_shot: bool = False


@dataclass(frozen=True)
class TaskPreview:
    """Everything the dialog shows before the roll; `problem` says why it cannot be rolled."""

    task: TaskInput
    plan: TaskPlan
    cost: ActionCost
    pool_before: int
    pool_after: int
    impaired: bool
    skill_level: SkillLevel | None
    inability: bool
    ability_name: str | None
    split: EffortSplit | None
    base_damage: int
    damage_if_hit: int
    problem: str | None
    say: str
    summary: str
    #: XP the action costs (a lucky shot), spent when it is rolled
    xp_cost: int = 0
    #: where `damage_if_hit` comes from: (what, points) — the weapon, abilities, Effort
    damage_parts: tuple[tuple[str, int], ...] = ()
    #: the chosen ability when it is an attack (Bash): its damage change and extras
    attack_ability: AttackAbility | None = None

    @property
    def can_roll(self) -> bool:
        """Whether `PerformTask` would accept this task."""
        return self.problem is None


@dataclass(frozen=True)
class TaskResult:
    """What the roll did: the face, the outcome, the points spent and the damage dealt."""

    preview: TaskPreview
    natural: int | None
    outcome: RollOutcome | None
    success: bool
    spent: int
    refunded: bool
    damage: int
    gm_intrusion: bool
    summary: str
    rerolled_from: tuple[int, ...] = field(default=())
    #: the minor/major effects the player may pick instead of bonus damage (T5)
    effects: tuple[Effect, ...] = ()


def _skill(character: Character, key: str | None) -> tuple[SkillLevel | None, bool]:
    """The best training the sheet has in skill `key`, and whether it has an inability in it."""
    if key is None:
        return None, False
    named = [s for s in character.skills if key in (s.uid, s.name) or s.name.lower() == key.lower()]
    if not named:
        raise DomainError(f"The sheet has no skill called '{key}'.", field="skill")
    matches = in_use(named)
    if not matches:
        raise DomainError(_archived_message(named[0].name), field="skill")
    inability = any(s.level is SkillLevel.INABILITY for s in matches)
    trained = [s.level for s in matches if s.level is not SkillLevel.INABILITY]
    if not trained:
        return SkillLevel.INABILITY, False
    order = list(SkillLevel)
    return max(trained, key=lambda level: order.index(level)), inability


def _archived_message(name: str) -> str:
    return (
        f"'{name}' is archived (put aside, or of a tag or recursion that is not active): "
        "untick Archived on the sheet to use it again."
    )


def preview_task(character: Character, task: TaskInput) -> TaskPreview:
    """Plan `task` for `character` without changing anything (the live task dialog)."""
    profile = profile_of(character)
    stat = as_stat(task.stat)
    name = stat_name(stat)
    pool = character.pool(stat)
    skill_level, inability = _skill(character, task.skill)
    ability_cost = task.ability_cost
    ability_name = None
    as_attack = None
    if task.ability is not None:
        ability = character.abilities[
            locate(character.abilities, task.ability, "ability", "ability")
        ]
        if ability.archived:
            raise DomainError(_archived_message(ability.name), field="ability")
        ability_name = ability.name
        if ability.cost is None:
            raise DomainError(
                f"{ability.name}'s cost is not known yet: type it in the sheet's Special "
                "abilities table before rolling with it.",
                field="ability",
            )
        ability_cost = ability.cost
        as_attack = attack_ability(ability.name, ability.description)
        if ability.pool is not None and ability.pool != stat:
            raise DomainError(
                f"{ability.name} is paid from the {stat_name(ability.pool)} Pool: "
                f"make it a {stat_name(ability.pool)} task.",
                field="ability",
            )
    eases = task.eases
    hindrances = task.hindrances
    base_damage = 0
    #: where the damage of a hit comes from: (what, points), the weapon's first
    parts: list[tuple[str, int]] = []
    attack = task.attack
    if task.weapon is not None:
        weapon = character.weapons[locate(character.weapons, task.weapon, "weapon", "weapon")]
        if weapon.archived:
            raise DomainError(_archived_message(weapon.name), field="weapon")
        stats = weapon_stats(weapon.category)
        base_damage = stats.damage if weapon.damage is None else weapon.damage
        steps = stats.attack_ease if weapon.steps is None else weapon.steps
        eases += max(steps, 0)
        hindrances += max(-steps, 0)
        if task.skill is None and weapon.skill is not None:
            skill_level = weapon.skill  # the attack's own skill, when none is chosen
        hindrances += proficiency_hindrance(weapon.freely_usable)
        attack = True
        parts.append((weapon.name, base_damage))
        if not weapon.kind:  # a weapon, not a special attack: the abilities' answers
            reach = attack_reach(weapon.range)
            for name, amount in damage_bonuses(in_use(character.abilities), reach):
                parts.append((f"{name} ({reach})", amount))
        if as_attack is not None:  # Bash: 1 less than the weapon's
            parts.append((as_attack.name, as_attack.damage))
    impaired = is_impaired(character)
    with domain_errors("modifiers"):
        modifiers, xp_cost = _modifiers(task, character.xp)
    with domain_errors("effort"):
        total_levels = task.effort_ease + task.effort_damage
        split = (
            split_effort(profile, total_levels, task.effort_damage, area=task.area)
            if attack or task.effort_damage
            else None
        )
        cost = action_cost(
            profile,
            effort_score=character.effort,
            ability_cost=ability_cost,
            effort_levels=total_levels,
            free_levels=task.free_levels,
            edge=pool.edge,
            impaired=impaired,
        )
    with domain_errors("difficulty"):
        plan = plan_task(
            profile,
            task.difficulty,
            skill=skill_level,
            inability=inability,
            assets=task.assets,
            helpers=task.helpers,
            effort_levels=task.effort_ease,
            eases=eases,
            hindrances=hindrances + task_hindrance(character),
            modifiers=modifiers,
        )
    problem = (
        track_problem(character)
        or check_effort_from_pool(total_levels, pool.current, stat)
        or check_afford(cost.total, pool.current, stat)
    )
    if task.retry:
        problem = problem or check_retry(total_levels, combat=attack)
    if plan.no_attack_possible:
        problem = problem or "No attack is possible against this target."
    bonus = split.bonus_damage if split is not None else 0
    if bonus:
        parts.append(("Effort", bonus))
    damage_if_hit = max(sum(amount for _what, amount in parts), 0) if attack else 0
    say = steps_phrase(plan.net_steps)
    cost_text = f"costs {cost.total} {name}" + (
        f" (Edge {cost.edge_used})" if cost.edge_used else ""
    )
    summary = f"{name} task: {plan.summary} It {cost_text}."
    return TaskPreview(
        task=task,
        plan=plan,
        cost=cost,
        pool_before=pool.current,
        pool_after=pool.current - cost.total,
        impaired=impaired,
        skill_level=skill_level,
        inability=inability,
        ability_name=ability_name,
        split=split,
        base_damage=base_damage,
        damage_if_hit=damage_if_hit,
        problem=problem,
        say=say,
        summary=summary,
        xp_cost=xp_cost,
        damage_parts=tuple(parts) if attack else (),
        attack_ability=as_attack,
    )


def _modifiers(task: TaskInput, xp: int) -> tuple[list[CombatModifier], int]:
    """The quick picks, with a ruled-out attack turned into a lucky shot if asked (C13)."""
    picked = [combat_modifier(key) for key in task.modifiers]
    if not task.lucky_shot:
        return picked, 0
    chances = [m for m in picked if m.lucky_shot_xp]
    if not chances:
        raise DomainError("None of the chosen situations allows a lucky shot.", "modifiers")
    lucky = lucky_shot(chances[0], xp)
    return [lucky if m is chances[0] else m for m in picked], chances[0].lucky_shot_xp


def rolled_label(character: Character, task: TaskInput) -> str:
    """What a task's d20 is for in the roll log: "Battleaxe (Might)", "Bash, Battleaxe
    (Might)", "Climbing (Speed)"; "Might task" when it names nothing."""
    stat = stat_name(as_stat(task.stat))
    if task.purpose:
        return task.purpose
    names = []
    for items, key in (
        (character.abilities, task.ability),
        (character.weapons, task.weapon),
        (character.skills, task.skill),
    ):
        found = next((i for i in items if key is not None and key in (i.uid, i.name)), None)
        if found is not None:
            names.append(found.name)
    names = names[:2]  # an ability and its weapon say enough
    return f"{', '.join(names)} ({stat})" if names else f"{stat} task"


#: The name the task dialog uses for the pure preview.
PlanTask = preview_task


def task_result(
    character: Character, preview: TaskPreview, natural: int | None
) -> tuple[RollOutcome | None, bool, int]:
    """Resolve a face against a preview: (outcome, success, damage)."""
    profile = profile_of(character)
    if natural is None:
        success = preview.plan.routine
        return None, success, preview.damage_if_hit if success else 0
    attack = preview.damage_if_hit > 0 or preview.task.attack or preview.task.weapon is not None
    kind = RollKind(preview.task.kind)
    if attack and kind is RollKind.TASK:
        kind = RollKind.ATTACK
    with domain_errors("roll"):
        outcome = resolve_roll(
            profile,
            natural,
            preview.plan.final_difficulty,
            kind=RollKind.ATTACK
            if attack and preview.task.kind is RollKind.TASK
            else preview.task.kind,
            damaging=attack,
            impaired=preview.impaired,
        )
    success = outcome.success or preview.plan.automatic_hit
    damage = preview.damage_if_hit + outcome.bonus_damage if success and attack else 0
    return outcome, success, damage


def describe_roll(preview: TaskPreview, natural: int | None, outcome: RollOutcome | None) -> str:
    """ "Rolled 15 against 12: success" or "Routine: succeeded without a roll"."""
    if natural is None or outcome is None:
        return "Routine: succeeded without a roll"
    words = outcome.summary.rstrip(".")
    prefix = f"Natural {natural}: "
    if words.startswith(prefix):
        words = words[len(prefix) :]
    return f"Rolled {natural} against {preview.plan.target_number}: {words}"


class PerformTask(CharacterOperation):
    """Spend the task's cost, roll the d20 and apply the outcome (G9c, G10).

    A routine task (final difficulty 0, or an automatic hit) succeeds without a roll
    unless `roll_anyway` (a GM intrusion can force a roll). After `apply`, `result`
    holds the `TaskResult` for the dialog and for an `XpReroll`.
    """

    def __init__(self, task: TaskInput, dice: Dice, roll_anyway: bool = False) -> None:
        super().__init__()
        self.task = task
        self.dice = dice
        self.roll_anyway = roll_anyway
        self.result: TaskResult | None = None

    def _run(self, character: Character) -> Change:
        preview = preview_task(character, self.task)
        if preview.problem is not None:
            raise DomainError(preview.problem, field="effort")
        stat = as_stat(self.task.stat)
        pool = character.pool(stat)
        spent = preview.cost.total
        pool.current -= spent
        character.xp -= preview.xp_cost
        natural = None
        if not preview.plan.routine or self.roll_anyway:
            natural = self.dice.d20(rolled_label(character, self.task))
        outcome, success, damage = task_result(character, preview, natural)
        refunded = outcome is not None and outcome.cost_refunded and spent > 0
        if refunded:
            pool.current += spent
        intrusion = outcome is not None and outcome.gm_intrusion
        parts = [describe_roll(preview, natural, outcome)]
        if damage and outcome is not None and outcome.effect_instead_of_damage:
            parts.append(
                f"deals {damage} damage with the bonus, "
                f"{damage - outcome.bonus_damage} with the effect"
            )
        elif damage:
            parts.append(f"deals {damage} damage")
        if spent:
            verb = "spent and refunded" if refunded else "spent"
            parts.append(
                f"{spent} {stat_name(stat)} {verb}; {stat_name(stat)} Pool "
                f"{preview.pool_before} → {pool.current}"
            )
        if preview.xp_cost:
            parts.append(f"lucky shot for {preview.xp_cost} XP")
        as_attack = preview.attack_ability
        if as_attack is not None:  # what else it does: the table applies it
            parts += [
                f"{as_attack.name}: {extra.text}"
                for extra in as_attack.extras
                if success or not extra.on_hit
            ]
        summary = "; ".join(parts)  # a natural 1 already reads "GM intrusion (no XP)"
        self.result = TaskResult(
            preview=preview,
            natural=natural,
            outcome=outcome,
            success=success,
            spent=spent,
            refunded=refunded,
            damage=damage,
            gm_intrusion=intrusion,
            summary=summary,
            effects=(
                effect_choices(outcome, in_combat=outcome.kind is not RollKind.TASK)
                if outcome is not None
                else ()
            ),
        )
        title = self.task.purpose or f"{stat_name(stat)} task"
        return Change(f"{title}: {summary}", kind="pools", details=preview.summary)
