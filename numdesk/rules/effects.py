"""Minor and major effects offered after a natural 19 or 20 (RULES.md T5, G10).

The catalogue is data: a key, a label and what it does in numbers where it has any
(steps of hindrance, rounds). `effect_choices` says which picks a roll offers.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from numdesk.rules.errors import RulesError
from numdesk.rules.special_rolls import RollOutcome


class EffectSize(StrEnum):
    """Minor effects come with a 19, major ones with a 20."""

    MINOR = "minor"
    MAJOR = "major"


@dataclass(frozen=True, slots=True)
class Effect:
    """One pick. `hinder_steps` hinders the foe's tasks for `rounds` (0: rest of combat)."""

    key: str
    label: str
    size: EffectSize
    hinder_steps: int = 0
    rounds: int = 0
    combat: bool = True


EFFECTS: tuple[Effect, ...] = (
    Effect("body_part", "Strike a specific body part (the GM rules the result)", EffectSize.MINOR),
    Effect("knock_back", "Knock the foe back a few feet", EffectSize.MINOR),
    Effect("move_past", "Move past the foe (a short distance after the attack)", EffectSize.MINOR),
    Effect(
        "distract", "Distract: the foe's tasks hindered 1 step for a round", EffectSize.MINOR, 1, 1
    ),
    Effect(
        "grace",
        "Done with grace: you go a bit further (the GM says how)",
        EffectSize.MINOR,
        combat=False,
    ),
    Effect("knock_down", "Knock down: prone until it rises on its turn", EffectSize.MAJOR),
    Effect("disarm", "Disarm: it drops one held object", EffectSize.MAJOR),
    Effect("stun", "Stun: it loses its next action", EffectSize.MAJOR, rounds=1),
    Effect(
        "impair",
        "Impair: its tasks hindered 1 step for the rest of the combat",
        EffectSize.MAJOR,
        1,
    ),
    Effect("asset", "A one-time asset on a similar task", EffectSize.MAJOR, combat=False),
    Effect("extra_action", "An extra action this round", EffectSize.MAJOR, combat=False),
)

_BY_KEY = {e.key: e for e in EFFECTS}


def effect(key: str) -> Effect:
    """Look up an effect by key."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise RulesError(f"There is no effect called {key!r}.") from None


def effect_choices(outcome: RollOutcome, *, in_combat: bool = True) -> tuple[Effect, ...]:
    """The effects a roll offers: a 19 the minor ones, a 20 the major ones and, since a
    major effect may be taken as a minor one, the minor ones too (T5). `in_combat` is
    False for a task that is neither an attack nor a defense. A roll whose effects were
    suppressed (impaired in `numenera`, a failure) offers none."""
    sizes: set[EffectSize] = set()
    if outcome.major_effect:
        sizes = {EffectSize.MAJOR}
        if outcome.may_take_minor:
            sizes.add(EffectSize.MINOR)
    elif outcome.minor_effect:
        sizes = {EffectSize.MINOR}
    # a roll that is not an attack or a defense gets no blow: a minor effect is the
    # task done with grace, a major one an asset or an extra action
    return tuple(e for e in EFFECTS if e.size in sizes and e.combat is in_combat)


def check_effect_choice(outcome: RollOutcome, key: str, *, in_combat: bool = True) -> Effect:
    """The chosen effect if the roll offers it; RulesError saying why not otherwise."""
    chosen = effect(key)
    if chosen not in effect_choices(outcome, in_combat=in_combat):
        raise RulesError(f"This roll does not offer '{chosen.label}'.")
    return chosen
