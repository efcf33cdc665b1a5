"""The game's vocabulary: the enumerations every rule and model object speaks in.

They are `StrEnum`s so that their values read well in JSON exports and history text.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum


class Stat(StrEnum):
    """The three stats; a Pool and an Edge belong to each (RULES.md S)."""

    MIGHT = "might"
    SPEED = "speed"
    INTELLECT = "intellect"


#: The order overflowing damage walks the Pools in (RULES.md N2).
STAT_ORDER: tuple[Stat, ...] = (Stat.MIGHT, Stat.SPEED, Stat.INTELLECT)


class DamageType(StrEnum):
    """Where damage lands and whether Armor stops it (RULES.md N1)."""

    MIGHT = "might"
    SPEED = "speed"
    INTELLECT = "intellect"
    AMBIENT = "ambient"


class SkillLevel(StrEnum):
    """How well a character knows a skill (RULES.md G7); `expert` exists in `cypher` only.

    `practiced` is a skill listed without training (Foundry's sheets list "practiced"
    skills, e.g. with a weapon type): it eases nothing and exists in every profile.
    """

    INABILITY = "inability"
    PRACTICED = "practiced"
    TRAINED = "trained"
    SPECIALIZED = "specialized"
    EXPERT = "expert"


class DamageTrackState(IntEnum):
    """The `numenera` damage track, best first (RULES.md N3). Larger means worse."""

    HALE = 0
    IMPAIRED = 1
    DEBILITATED = 2
    DEAD = 3


class WoundSeverity(IntEnum):
    """The `cypher` wound severities (RULES.md C1). Larger means worse."""

    MINOR = 1
    MODERATE = 2
    MAJOR = 3


class ArmorCategory(StrEnum):
    """Armor weight class: a number in `numenera` (N1), a block/dodge modifier in `cypher` (C6)."""

    NONE = "none"
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"


class WeaponCategory(StrEnum):
    """Weapon weight class (RULES.md G14); `none` for an attack that is no weapon of a
    weight (a special ability, a natural attack): its damage is its own, nothing eases it."""

    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"
    NONE = "none"


class Rest(StrEnum):
    """The four recovery rests of a day, in the `numenera` order (RULES.md N7/C10)."""

    ONE_ACTION = "one_action"
    TEN_MINUTES = "ten_minutes"
    ONE_HOUR = "one_hour"
    TEN_HOURS = "ten_hours"


#: The rests in the order they must be taken in `numenera`.
REST_ORDER: tuple[Rest, ...] = (Rest.ONE_ACTION, Rest.TEN_MINUTES, Rest.ONE_HOUR, Rest.TEN_HOURS)


class Advancement(StrEnum):
    """The four advancements of a tier (RULES.md A1); OTHER replaces SKILL (A2)."""

    CAPABILITIES = "capabilities"
    PERFECTION = "perfection"
    EFFORT = "effort"
    SKILL = "skill"
    OTHER = "other"


class OtherAdvancement(StrEnum):
    """What an Other advancement buys (RULES.md A2)."""

    ARMOR_COST = "armor_cost"
    RECOVERY_BONUS = "recovery_bonus"
    ABILITY = "ability"


class AbilityKind(StrEnum):
    """Whether an ability takes an action or is always on."""

    ACTION = "action"
    ENABLER = "enabler"


class SpellTier(StrEnum):
    """Which tier of spells a spell belongs to, where a game sorts abilities as spells
    (Foundry's Cypher System sheet: low, mid and high tier)."""

    LOW = "low"
    MID = "mid"
    HIGH = "high"


class AbilitySource(StrEnum):
    """Which part of the character sentence an ability comes from."""

    TYPE = "type"
    FOCUS = "focus"
    DESCRIPTOR = "descriptor"
    FLAVOR = "flavor"
    OTHER = "other"


class ObjectState(IntEnum):
    """The `numenera` object damage track (RULES.md N9). Larger means worse."""

    INTACT = 0
    MINOR_DAMAGE = 1
    MAJOR_DAMAGE = 2
    DESTROYED = 3


class ActionTiming(StrEnum):
    """When a combatant acts this round (RULES.md C12)."""

    NORMAL = "normal"
    FIRST = "first"
    LAST = "last"
    WAITING = "waiting"
