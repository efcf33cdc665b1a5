"""Putting on a sheet what a characteristic or an ability gives besides itself.

Making a character (`numdesk.model.creation`) and gaining abilities at a new tier
(`numdesk.model.operations.gain_abilities`) apply the same things the same way: Armor,
Armor against kinds, recovery and armor-cost bonuses, extra Pools, equipment, a contact,
and the options the player chose (a type of armor). Skills and Pools are not here: the
wizard builds them from the start, a tier-up adds to what the sheet holds.
"""

from __future__ import annotations

import copy

from numdesk.model.abilities import Ability
from numdesk.model.book_choices import BookChoice, Option
from numdesk.model.character import Character
from numdesk.model.characteristics import Characteristic
from numdesk.model.items import Armor
from numdesk.rules.types import AbilitySource, ArmorCategory


def apply_effect(ch: Character, effect: Characteristic) -> None:
    """What `effect` gives besides skills, Pools, Edges and abilities."""
    ch.equipment.extend(copy.deepcopy(effect.equipment))
    ch.extra_pools.extend(copy.deepcopy(effect.extra_pools))
    ch.recovery_bonus += effect.recovery_bonus
    ch.armor_cost_reduction += effect.armor_cost_reduction
    for kind, amount in effect.armor_against.items():
        ch.armor_against[kind] = ch.armor_against.get(kind, 0) + amount
    if effect.armor:
        ch.armor.append(
            Armor(
                effect.name,
                ArmorCategory.NONE,
                value=effect.armor,
                notes=f"{effect.armor:+d} Armor: {effect.text}",
            )
        )
    if effect.connection:
        ch.connections = "\n".join(t for t in (ch.connections, effect.connection) if t)


def apply_options(ch: Character, choice: BookChoice, options: list[Option]) -> list[str]:
    """What the chosen options give that is not a skill, Pool or Edge (those are counted
    where the Pools and the Skills table are made); a line for each."""
    lines = []
    for option in options:
        if option.armor is not None:
            ch.armor.append(
                Armor(option.label, option.armor, notes=f"{choice.source}: {choice.text}")
            )
            lines.append(f"{option.label} ({choice.source})")
        for reach, amount in option.damage_bonus.items():
            lines.append(f"{amount:+d} damage on {reach} weapon attacks ({choice.source})")
        if option.ability:
            ch.abilities.append(Ability(option.ability, source=AbilitySource.DESCRIPTOR, tier=1))
    return lines
