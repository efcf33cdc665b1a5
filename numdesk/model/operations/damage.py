"""Harm to a character: Pool damage and the damage track (`numenera`), wounds (`cypher`).

`preview_damage` / `preview_wound` show the result before it is applied (the Take
damage dialog); `TakeDamage` / `TakeWound` apply exactly what the preview showed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from numdesk.model.character import Character
from numdesk.model.errors import DomainError, domain_errors
from numdesk.model.items import Shield, worn
from numdesk.model.operations.base import Change
from numdesk.model.operations.conditions import (
    pools_current,
    set_pools,
    set_wounds,
    wound_state,
)
from numdesk.model.operations.sheet import CharacterOperation, locate, stat_name
from numdesk.model.validation import check_int, profile_of
from numdesk.rules.damage import (
    DEFAULT_KIND,
    PoolDamage,
    armor_value,
    check_kind_armor,
    damage_kind,
    damage_pc,
    pool_for,
    total_armor,
)
from numdesk.rules.damage_track import shift_track, track_label
from numdesk.rules.defense import (
    DefenseKind,
    DefenseResult,
    ShieldResult,
    defense_steps,
    new_shield,
    resolve_defense,
    shield_takes_wound,
)
from numdesk.rules.types import ArmorCategory, DamageType, WoundSeverity
from numdesk.rules.wounds import PoolWound, WoundResult, WoundState, add_wound, pool_damage_to_wound


def worn_armor(character: Character) -> int:
    """The `numenera` Armor of everything worn: explicit values, else by category (N1)."""
    return total_armor(
        a.value if a.value is not None else armor_value(a.category) for a in worn(character.armor)
    )


def kind_armor(character: Character) -> dict[str, int]:
    """Extra Armor against named damage kinds: worn armor plus abilities and the like (T8)."""
    total: dict[str, int] = {}
    for source in (*(a.against for a in worn(character.armor)), character.armor_against):
        with domain_errors("armor_against"):
            for kind, value in check_kind_armor(source).items():
                total[kind] = total.get(kind, 0) + value
    return total


def armor_category(character: Character) -> ArmorCategory:
    """The heaviest armor category worn (`cypher` block/dodge, C6)."""
    order = list(ArmorCategory)
    categories = [a.category for a in worn(character.armor)]
    return max(categories, key=order.index) if categories else ArmorCategory.NONE


def defense_task_steps(character: Character, kind: DefenseKind, *, area: bool = False) -> int:
    """Signed steps the worn armor gives a block (+) or a dodge (−) roll (C5, C6)."""
    with domain_errors("defense"):
        return defense_steps(kind, armor_category(character), area=area)


@dataclass(frozen=True)
class DamagePreview:
    """What a hit would do: `pool` for `numenera` Pool damage, `pool_wound` for `cypher`."""

    summary: str
    pool: PoolDamage | None = None
    pool_wound: PoolWound | None = None


def preview_damage(
    character: Character,
    amount: int,
    damage_type: DamageType = DamageType.MIGHT,
    apply_armor: bool = True,
    armor: int | None = None,
    kind: str = DEFAULT_KIND,
) -> DamagePreview:
    """The result of `amount` damage of `damage_type` and `kind` without applying it.

    Damage track rules (`numenera`): Armor (where the rules subtract it: the worn armor
    unless `armor` is given, plus Armor against `kind`; none when `apply_armor` is off)
    then overflow and the track (N1–N3, T8). Wound rules (`cypher`): the Pool takes it
    and what goes past 0 becomes a wound (C4); armor there is block/dodge, not points.
    """
    check_int(amount, "amount", "Damage", minimum=0)
    profile = profile_of(character)
    with domain_errors("kind"):
        kind = damage_kind(kind)
    if profile.uses_damage_track:
        subtracts = apply_armor and profile.armor_subtracts
        used = (worn_armor(character) if armor is None else armor) if subtracts else 0
        check_int(used, "armor", "Armor", minimum=0)
        with domain_errors("amount"):
            result = damage_pc(
                pools_current(character),
                amount,
                DamageType(damage_type),
                armor=used,
                track=character.damage_track,
                kind=kind,
                kind_armor=kind_armor(character) if subtracts else None,
            )
        summary = _pool_summary(result)
        if apply_armor and not profile.armor_subtracts and worn(character.armor):
            summary += " (these rules do not subtract Armor from damage)"
        return DamagePreview(summary, pool=result)
    stat = pool_for(DamageType(damage_type))
    with domain_errors("amount"):
        wound = pool_damage_to_wound(
            stat, character.pool(stat).current, amount, wound_state(character)
        )
    return DamagePreview(_pool_wound_summary(wound, kind), pool_wound=wound)


#: The name the damage dialog uses for the pure preview.
PreviewDamage = preview_damage


def _kind_words(kind: str) -> str:
    return "" if kind == DEFAULT_KIND else f" {kind}"


def _pool_summary(result: PoolDamage) -> str:
    kind = result.damage_type.value.capitalize() + _kind_words(result.kind)
    if result.amount == 0:
        return "No damage"
    if result.damage_after_armor == 0:
        return f"Armor absorbed all {result.amount} {kind} damage"
    text = f"Took {result.damage_after_armor} {kind} damage"
    if result.armor_absorbed:
        text += f" ({result.armor_absorbed} absorbed by Armor)"
    pools = [
        f"{stat_name(s)} Pool {result.pools_before[s]} → {result.pools_after[s]}"
        for s, v in result.removed.items()
        if v
    ]
    text += "; " + "; ".join(pools)
    if result.track_after is not result.track_before:
        text += f"; {track_label(result.track_before)} → {track_label(result.track_after)}"
    return text


def _pool_wound_summary(result: PoolWound, kind: str = DEFAULT_KIND) -> str:
    text = (
        f"Took {result.amount} {stat_name(result.stat)}{_kind_words(kind)} damage; "
        f"{stat_name(result.stat)} Pool {result.pool_before} → {result.pool_after}"
    )
    if result.wound is not None:
        text += f"; {result.overflow} past 0: " + _wound_words(result.wound)
    return text


def _wound_words(result: WoundResult) -> str:
    text = f"a {result.applied.name.lower()} wound"
    if result.rolled_over:
        text += f" (a {result.requested.name.lower()} wound rolled over)"
    if result.dead:
        text += "; the third major wound is fatal"
    return text


class TakeDamage(CharacterOperation):
    """Apply `preview_damage` to the sheet (see its arguments)."""

    def __init__(
        self,
        amount: int,
        damage_type: DamageType = DamageType.MIGHT,
        apply_armor: bool = True,
        armor: int | None = None,
        kind: str = DEFAULT_KIND,
    ) -> None:
        super().__init__()
        self.amount = amount
        self.damage_type = damage_type
        self.apply_armor = apply_armor
        self.armor = armor
        self.kind = kind
        self.preview: DamagePreview | None = None

    def _run(self, character: Character) -> Change:
        preview = preview_damage(
            character, self.amount, self.damage_type, self.apply_armor, self.armor, self.kind
        )
        if preview.pool is not None:
            set_pools(character, preview.pool.pools_after)
            character.damage_track = preview.pool.track_after
        elif preview.pool_wound is not None:
            stat = preview.pool_wound.stat
            character.pool(stat).current = preview.pool_wound.pool_after
            if preview.pool_wound.wound is not None:
                set_wounds(character, preview.pool_wound.wound.after)
        self.preview = preview
        return Change(preview.summary, kind="pools")


@dataclass(frozen=True)
class WoundPreview:
    """What an incoming `cypher` wound does after the defense roll and the shield."""

    defense: DefenseResult
    shield: ShieldResult | None
    wound: WoundResult | None
    summary: str


def preview_wound(
    character: Character,
    severity: WoundSeverity,
    defense: DefenseKind = DefenseKind.NONE,
    defended: bool = False,
    shield: int | str | None = None,
) -> WoundPreview:
    """An attack's wound after a block or dodge (`defended` is the roll's success, C5)
    and, on a successful block, the shield taking the whole wound instead (C7)."""
    if profile_of(character).uses_damage_track:
        raise DomainError("This character uses Pools and the damage track, not wounds.", "wounds")
    with domain_errors("defense"):
        result = resolve_defense(DefenseKind(defense), WoundSeverity(severity), defended)
    shield_result = None
    wound = None
    if shield is not None:
        if not (result.kind is DefenseKind.BLOCK and result.success):
            raise DomainError("A shield takes a wound only on a successful block.", "shield")
        item = character.shields[locate(character.shields, shield, "shield", "shield")]
        if item.broken:
            raise DomainError(f"{item.name} is broken.", field="shield")
        with domain_errors("shield"):
            shield_result = shield_takes_wound(_shield_state(item), result.incoming)
        summary = f"{result.summary} {item.name} takes a {shield_result.applied.name.lower()} wound"
        if shield_result.broken:
            summary += " and breaks"
    elif result.wound is None:
        summary = result.summary
    else:
        with domain_errors("wounds"):
            wound = add_wound(wound_state(character), result.wound)
        lowered = result.summary + " " if result.wound is not result.incoming else ""
        summary = f"{lowered}Took " + _wound_words(wound)
    return WoundPreview(result, shield_result, wound, summary.strip())


def _shield_state(shield: Shield) -> WoundState:
    return replace(new_shield(), minor=shield.minor, moderate=shield.moderate, major=shield.major)


class TakeWound(CharacterOperation):
    """Apply `preview_wound` to a `cypher` character (see its arguments)."""

    def __init__(
        self,
        severity: WoundSeverity,
        defense: DefenseKind = DefenseKind.NONE,
        defended: bool = False,
        shield: int | str | None = None,
    ) -> None:
        super().__init__()
        self.severity = severity
        self.defense = defense
        self.defended = defended
        self.shield = shield
        self.preview: WoundPreview | None = None

    def _run(self, character: Character) -> Change:
        preview = preview_wound(character, self.severity, self.defense, self.defended, self.shield)
        if preview.shield is not None and self.shield is not None:
            item = character.shields[locate(character.shields, self.shield, "shield", "shield")]
            after = preview.shield.after
            item.minor, item.moderate, item.major = after.minor, after.moderate, after.major
            item.broken = preview.shield.broken
        if preview.wound is not None:
            set_wounds(character, preview.wound.after)
        self.preview = preview
        return Change(preview.summary, kind="wounds")


class ShiftTrack(CharacterOperation):
    """Move a `numenera` character directly down (+) or up (−) the damage track (N3)."""

    def __init__(self, steps: int, reason: str = "") -> None:
        super().__init__()
        self.steps = steps
        self.reason = reason

    def _run(self, character: Character) -> Change:
        if not profile_of(character).uses_damage_track:
            raise DomainError("This character takes wounds, not damage track steps.", "steps")
        steps = check_int(self.steps, "steps", "Steps")
        if steps == 0:
            raise DomainError("Choose at least one step up or down.", field="steps")
        before = character.damage_track
        character.damage_track = shift_track(before, steps)
        if character.damage_track is before:
            raise DomainError(
                f"{character.name} is already {track_label(before).lower()}.", field="steps"
            )
        text = f"Damage track {track_label(before)} → {track_label(character.damage_track)}"
        return Change(text + (f" ({self.reason})" if self.reason else ""), kind="pools")
