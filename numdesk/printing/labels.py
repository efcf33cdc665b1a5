"""The words and figures printed for model values (labels, costs, damage, marks).

Kept apart from the drawing so each printed form says things the same way; the game
facts come from `numdesk.rules`, the printing only phrases them.
"""

from __future__ import annotations

from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character, track_step_name
from numdesk.model.items import Armor, Cypher, CypherType, Weapon, worn
from numdesk.printing.canvas import tr
from numdesk.rules.damage import armor_value
from numdesk.rules.defense import block_ease, dodge_hinder
from numdesk.rules.profiles import get_profile
from numdesk.rules.types import (
    REST_ORDER,
    AbilityKind,
    AbilitySource,
    Advancement,
    ArmorCategory,
    DamageTrackState,
    Rest,
    SkillLevel,
    SpellTier,
    Stat,
    WeaponCategory,
)
from numdesk.rules.weapons import weapon_damage


def stat_label(stat: Stat) -> str:
    """Might / Speed / Intellect."""
    return {
        Stat.MIGHT: tr("Might"),
        Stat.SPEED: tr("Speed"),
        Stat.INTELLECT: tr("Intellect"),
    }[stat]


def skill_level_label(level: SkillLevel) -> str:
    """The column title of a skill level."""
    return {
        SkillLevel.TRAINED: tr("Trained"),
        SkillLevel.SPECIALIZED: tr("Specialized"),
        SkillLevel.EXPERT: tr("Expert"),
        SkillLevel.INABILITY: tr("Inability"),
        SkillLevel.PRACTICED: tr("Practiced"),
    }[level]


def spell_tier_label(tier: SpellTier) -> str:
    """ "Low-tier spell", "Mid-tier spell", "High-tier spell"."""
    return {
        SpellTier.LOW: tr("Low-tier spell"),
        SpellTier.MID: tr("Mid-tier spell"),
        SpellTier.HIGH: tr("High-tier spell"),
    }[tier]


def category_label(category: WeaponCategory | ArmorCategory) -> str:
    """Light / Medium / Heavy / None."""
    return {
        "none": tr("None"),
        "light": tr("Light"),
        "medium": tr("Medium"),
        "heavy": tr("Heavy"),
    }[category.value]


def money_label(ch: Character) -> str:
    """The money's name: the character's currency, the rules' (shins), else "Money"."""
    currency = ch.currency.strip() or get_profile(ch.profile).currency
    return currency.capitalize() if currency else tr("Money")


def ability_cost(ability: Ability) -> str:
    """What the ability costs, as printed at the right of its name ("3 Intellect", "2+")."""
    if ability.cost_text:
        return ability.cost_text
    if ability.cost is None:
        return tr("cost unknown")
    if ability.cost <= 0:
        return ""
    if ability.pool is None:
        return str(ability.cost)
    return f"{ability.cost} {stat_label(ability.pool)}"


def ability_meta(ability: Ability) -> str:
    """Action or enabler, tier and where it came from."""
    kind = {
        AbilityKind.ACTION: tr("Action"),
        AbilityKind.ENABLER: tr("Enabler"),
        None: tr("Kind unknown"),
    }[ability.kind]
    source = {
        AbilitySource.TYPE: tr("type"),
        AbilitySource.FOCUS: tr("focus"),
        AbilitySource.DESCRIPTOR: tr("descriptor"),
        AbilitySource.FLAVOR: tr("flavor"),
        AbilitySource.OTHER: tr("other"),
    }[ability.source]
    text = tr("{kind} · tier {tier} · from {source}").format(
        kind=kind, tier=ability.tier, source=source
    )
    if ability.spell_tier is not None:
        text += " · " + spell_tier_label(ability.spell_tier)
    if ability.range:
        text += " · " + tr("range {range}").format(range=ability.range)
    if ability.choice:
        text += " · " + tr("your choice: {choice}").format(choice=ability.choice)
    return text


def skill_title(skill: Skill) -> str:
    """The skill's name, with the stat it is used with when the sheet names one, and a
    mark on the skill initiative is rolled with."""
    notes = [stat_label(skill.stat)] if skill.stat is not None else []
    if skill.initiative:
        notes.append(tr("initiative"))
    return f"{skill.name} ({', '.join(notes)})" if notes else skill.name


def priced(name: str, price: str) -> str:
    """A weapon's or armor's name with what it costs, when that is known."""
    return f"{name} ({price})" if price else name


def weapon_damage_text(weapon: Weapon) -> str:
    """The weapon's own damage, else its category's (G14); "—" for an attack of no weight
    with no damage of its own."""
    if weapon.damage is None and weapon.category is WeaponCategory.NONE:
        return "—"
    damage = weapon.damage if weapon.damage is not None else weapon_damage(weapon.category)
    return str(damage)


def steps_text(steps: int) -> str:
    """ "eased 1 step", "hindered 2 steps"."""
    if steps >= 0:
        return (tr("eased 1 step") if steps == 1 else tr("eased {n} steps")).format(n=steps)
    return (tr("hindered 1 step") if steps == -1 else tr("hindered {n} steps")).format(n=-steps)


def weapon_type_text(weapon: Weapon) -> str:
    """Its weight, or what it is when it is not a weapon of a weight (a special ability)."""
    return weapon.kind or category_label(weapon.category)


def weapon_use_text(weapon: Weapon) -> str:
    """How attacks with it go beyond its weight: its own steps and its skill."""
    parts = []
    if weapon.steps is not None:
        parts.append(steps_text(weapon.steps) if weapon.steps else tr("neither eased nor hindered"))
    if weapon.skill is not None:
        parts.append(skill_level_label(weapon.skill).lower())
    return ", ".join(parts)


def armor_type_text(armor: Armor) -> str:
    """Its weight, or what it is when it is not armor of a weight (a special ability)."""
    return armor.kind or category_label(armor.category)


def cypher_type_text(cypher: Cypher) -> str:
    """ "Manifest, fantastic", "Subtle", "Occultic", or "" when nothing is known."""
    names = {
        CypherType.SUBTLE: tr("Subtle"),
        CypherType.MANIFEST: tr("Manifest"),
        CypherType.ANOETIC: tr("Anoetic"),
        CypherType.OCCULTIC: tr("Occultic"),
    }
    parts = [names[cypher.cypher_type]] if cypher.cypher_type is not None else []
    if cypher.fantastic:
        parts.append(tr("fantastic") if parts else tr("Fantastic"))
    return ", ".join(parts)


def armor_number(armor: Armor) -> int:
    """A piece's `numenera` Armor: its own value, else its weight's (N1)."""
    return armor.value if armor.value is not None else armor_value(armor.category)


def armor_defense_text(armor: Armor) -> str:
    """A `cypher` armor's effect on defense rolls (C6)."""
    ease, hinder = block_ease(armor.category), dodge_hinder(armor.category)
    if not ease and not hinder:
        return "—"
    return tr("block +{ease} / dodge −{hinder}").format(ease=ease, hinder=hinder)


def armor_summary(ch: Character) -> str:
    """The Armor box: a total in `numenera`, the heaviest category in `cypher`."""
    counted = worn(ch.armor)  # archived and carried-only armor count for nothing
    if get_profile(ch.profile).armor_subtracts:
        return str(sum(armor_number(a) for a in counted))
    order = list(ArmorCategory)
    heaviest = max((a.category for a in counted), key=order.index, default=ArmorCategory.NONE)
    return category_label(heaviest) if counted else "—"


def advancement_slots(ch: Character) -> list[tuple[str, bool]]:
    """The four advancements of a tier and whether each is bought (Skill and Other share one)."""
    bought = set(ch.advancements)
    return [
        (tr("Capabilities"), Advancement.CAPABILITIES in bought),
        (tr("Perfection"), Advancement.PERFECTION in bought),
        (tr("Effort"), Advancement.EFFORT in bought),
        (tr("Skill or other"), Advancement.SKILL in bought or Advancement.OTHER in bought),
    ]


def track_states(ch: Character) -> list[tuple[str, str, bool]]:
    """Each damage track step with a short reminder and whether it is the current one."""
    notes = {
        DamageTrackState.HALE: tr("No penalty."),
        DamageTrackState.IMPAIRED: tr("Effort costs 1 more per level; no minor or major effects."),
        DamageTrackState.DEBILITATED: tr("No actions; move an immediate distance at most."),
        DamageTrackState.DEAD: tr("The character is dead."),
    }
    at_step = track_step_name(ch)
    states = [
        (damage_state_name(s), notes[s], ch.damage_track is s and not at_step)
        for s in DamageTrackState
    ]
    if ch.track_extra_step:  # the sheet's own step between hale and impaired
        states.insert(
            1, (ch.track_extra_step, tr("No penalty (a step of this sheet)."), bool(at_step))
        )
    return states


def damage_state_name(state: DamageTrackState) -> str:
    """Hale / Impaired / Debilitated / Dead."""
    return {
        DamageTrackState.HALE: tr("Hale"),
        DamageTrackState.IMPAIRED: tr("Impaired"),
        DamageTrackState.DEBILITATED: tr("Debilitated"),
        DamageTrackState.DEAD: tr("Dead"),
    }[state]


def wound_rows(ch: Character) -> list[tuple[str, int, int, str]]:
    """(label, wounds taken, slots, reminder) for minor, moderate and major wounds."""
    w = ch.wounds
    return [
        (tr("Minor"), w.minor, w.minor_slots, tr("When all are full, the next one is moderate.")),
        (tr("Moderate"), w.moderate, w.moderate_slots, tr("All full: every task hindered 1 step.")),
        (
            tr("Major"),
            w.major,
            w.major_slots,
            tr("Each hinders every task 1 step; the last kills."),
        ),
    ]


def rest_labels(ch: Character) -> list[tuple[str, bool]]:
    """The four rests of a day and whether each is used."""
    names = {
        Rest.ONE_ACTION: tr("1 action"),
        Rest.TEN_MINUTES: tr("10 minutes"),
        Rest.ONE_HOUR: tr("1 hour"),
        Rest.TEN_HOURS: tr("10 hours"),
    }
    used = set(ch.recoveries_used)
    return [(names[r], r in used) for r in REST_ORDER]


def recovery_text(ch: Character) -> str:
    """The recovery roll as written on the sheet: 1d6 + tier (+ bonus)."""
    total = ch.tier + ch.recovery_bonus
    if ch.recovery_bonus:
        text = tr("Roll 1d6 + {total}  (tier {tier} + bonus {bonus})").format(
            total=total, tier=ch.tier, bonus=ch.recovery_bonus
        )
    else:
        text = tr("Roll 1d6 + {total}  (tier)").format(total=total)
    if ch.recovery_roll:
        text += "  " + tr("· its sheet said {roll}").format(roll=ch.recovery_roll)
    return text


def modifiers_text(modifiers: dict[str, int]) -> str:
    """A follower's task modifiers: "stealth +1, combat −1"."""
    return ", ".join(f"{task} {'+' if n > 0 else '−'}{abs(n)}" for task, n in modifiers.items())
