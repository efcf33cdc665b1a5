"""Health of the GM's side of an encounter: NPC and follower damage, healing, objects.

The arithmetic is the rules engine's (RULES.md G15 for NPCs, N9/C11 for objects); these
operations store its result on the combatant, decide who drops out of the turn order,
and write the log line. Damage to PCs goes through the character operations instead
(their real sheet is in the library), see `controllers/encounter.py`.
"""

from __future__ import annotations

from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.errors import DomainError
from numdesk.model.operations.base import Change
from numdesk.model.operations.encounter_base import (
    EncounterOperation,
    find,
    profile_of,
    rebuild_order,
)
from numdesk.rules.damage import DEFAULT_KIND, damage_kind
from numdesk.rules.errors import RulesError
from numdesk.rules.npcs import damage_npc
from numdesk.rules.objects import ObjectHealth, damage_object, damage_object_track
from numdesk.rules.types import DamageType, ObjectState

#: What the GM may call a defeated NPC (G15).
DEFEAT_CHOICES = ("dead", "knocked out")
#: Sides whose health the encounter itself keeps.
HEALTH_SIDES = frozenset({"npc", "follower"})
OBJECT_STATE_WORDS = {
    ObjectState.INTACT: "intact",
    ObjectState.MINOR_DAMAGE: "minor damage",
    ObjectState.MAJOR_DAMAGE: "broken",
    ObjectState.DESTROYED: "destroyed",
}


def _check_defeat(choice: str) -> str:
    if choice not in DEFEAT_CHOICES:
        raise DomainError("A defeated NPC is either dead or knocked out.", "defeated")
    return choice


def _health_target(encounter: Encounter, uid: str) -> Combatant:
    combatant = find(encounter, uid)
    if combatant.side == "pc":
        raise DomainError(f"{combatant.name}'s harm goes on the character sheet.")
    if combatant.side == "object":
        raise DomainError(f"{combatant.name} is an object: damage it with an attack instead.")
    return combatant


def _set_defeated(encounter: Encounter, combatant: Combatant, defeated: str) -> None:
    if combatant.defeated != defeated:
        combatant.defeated = defeated
        rebuild_order(encounter)


class DamageCombatant(EncounterOperation):
    """Damage an NPC or follower: Armor stops physical (Might) damage only, unless
    `use_armor` is False; at 0 health it is defeated as `defeat_as` (G15)."""

    def __init__(
        self,
        uid: str,
        amount: int,
        damage_type: DamageType = DamageType.MIGHT,
        *,
        use_armor: bool = True,
        defeat_as: str = "dead",
        kind: str = DEFAULT_KIND,
    ) -> None:
        super().__init__()
        self._uid = uid
        self._amount = amount
        self._type = damage_type
        self._use_armor = use_armor
        self._defeat_as = defeat_as
        self._kind = kind

    def _run(self, encounter: Encounter) -> Change:
        combatant = _health_target(encounter, self._uid)
        _check_defeat(self._defeat_as)
        if combatant.defeated:
            raise DomainError(f"{combatant.name} is already {combatant.defeated}.")
        if not 1 <= self._amount <= 999:
            raise DomainError("Damage is a whole number from 1 up.", "amount")
        try:
            kind = damage_kind(self._kind)
            result = damage_npc(
                combatant.health,
                self._amount,
                self._type,
                armor=combatant.armor if self._use_armor else 0,
                kind=kind,
                kind_armor=combatant.armor_against if self._use_armor else None,
            )
        except RulesError as err:
            raise DomainError(err.message) from None
        before = combatant.health
        combatant.health = max(0, result.health_after)
        # the damage that got through Armor, even past 0 health: the log tells the story
        dealt = result.amount - result.armor_absorbed
        words = self._type.value.capitalize() + ("" if kind == DEFAULT_KIND else f" {kind}")
        text = f"{combatant.name} takes {dealt} {words} damage"
        if result.armor_absorbed:
            text += f" ({result.armor_absorbed} stopped by Armor)"
        text += f": health {before} → {combatant.health}"
        if result.defeated:
            _set_defeated(encounter, combatant, self._defeat_as)
            text += f", defeated ({self._defeat_as})"
        return Change(text, kind="damage")


class Heal(EncounterOperation):
    """Give health back to an NPC or follower (never above its maximum); a defeated one
    above 0 is back in the fight and in the turn order."""

    def __init__(self, uid: str, amount: int) -> None:
        super().__init__()
        self._uid = uid
        self._amount = amount

    def _run(self, encounter: Encounter) -> Change:
        combatant = _health_target(encounter, self._uid)
        if not 1 <= self._amount <= 999:
            raise DomainError("Healing is a whole number from 1 up.", "amount")
        before = combatant.health
        combatant.health = min(combatant.max_health, combatant.health + self._amount)
        text = f"{combatant.name} heals {combatant.health - before}: health {before} → "
        text += str(combatant.health)
        if combatant.defeated and combatant.health > 0:
            _set_defeated(encounter, combatant, "")
            text += ", back in the fight"
        return Change(text, kind="damage")


class SetHealth(EncounterOperation):
    """Set an NPC's or follower's health outright (0 defeats it as `defeat_as`)."""

    def __init__(self, uid: str, health: int, defeat_as: str = "dead") -> None:
        super().__init__()
        self._uid = uid
        self._health = health
        self._defeat_as = defeat_as

    def _run(self, encounter: Encounter) -> Change:
        combatant = _health_target(encounter, self._uid)
        _check_defeat(self._defeat_as)
        if not 0 <= self._health <= combatant.max_health:
            raise DomainError(
                f"{combatant.name}'s health runs from 0 to {combatant.max_health}.", "health"
            )
        before = combatant.health
        combatant.health = self._health
        text = f"{combatant.name}'s health set: {before} → {self._health}"
        if self._health == 0 and not combatant.defeated:
            _set_defeated(encounter, combatant, self._defeat_as)
            text += f", defeated ({self._defeat_as})"
        elif self._health > 0 and combatant.defeated:
            _set_defeated(encounter, combatant, "")
            text += ", back in the fight"
        return Change(text, kind="damage")


class SetDefeated(EncounterOperation):
    """Change how a defeated NPC ended: dead or knocked out (the GM's pick, G15)."""

    def __init__(self, uid: str, choice: str) -> None:
        super().__init__()
        self._uid = uid
        self._choice = choice

    def _run(self, encounter: Encounter) -> Change:
        combatant = _health_target(encounter, self._uid)
        _check_defeat(self._choice)
        if not combatant.defeated:
            raise DomainError(f"{combatant.name} is still in the fight.")
        combatant.defeated = self._choice
        return Change(f"{combatant.name} is {self._choice}", kind="damage")


class DamageObject(EncounterOperation):
    """Damage an object by the profile's object model.

    With the damage track (N9) `value` is the total of the successful Might attack
    roll, compared with the object's target number; with level-as-health (C11) it is
    the damage dealt.
    """

    def __init__(self, uid: str, value: int) -> None:
        super().__init__()
        self._uid = uid
        self._value = value

    def _run(self, encounter: Encounter) -> Change:
        combatant = find(encounter, self._uid)
        if combatant.side != "object":
            raise DomainError(f"{combatant.name} is not an object.")
        if combatant.defeated:
            raise DomainError(f"{combatant.name} is already destroyed.")
        if not 1 <= self._value <= 999:
            raise DomainError("Enter a whole number from 1 up.", "amount")
        try:
            if profile_of(encounter).objects_use_track:
                return self._track(combatant)
            return self._level(combatant)
        except RulesError as err:
            raise DomainError(err.message) from None

    def _track(self, combatant: Combatant) -> Change:
        result = damage_object_track(combatant.object_state, combatant.level, self._value)
        combatant.object_state = result.after
        if result.after is ObjectState.DESTROYED:
            combatant.defeated = "destroyed"
        if result.steps == 0:
            return Change(f"An attack of {self._value} leaves {combatant.name} unharmed")
        word = OBJECT_STATE_WORDS[result.after]
        steps = "1 step" if result.steps == 1 else f"{result.steps} steps"
        return Change(
            f"An attack of {self._value} moves {combatant.name} {steps}: {word}", kind="damage"
        )

    def _level(self, combatant: Combatant) -> Change:
        state = ObjectHealth(
            level=combatant.health,
            original_level=combatant.level,
            damage_since_broken=combatant.damage_taken_at_zero,
        )
        result = damage_object(state, self._value)
        combatant.health = result.after.level
        combatant.damage_taken_at_zero = result.after.damage_since_broken
        if result.destroyed:
            combatant.object_state = ObjectState.DESTROYED
            combatant.defeated = "destroyed"
            end = "destroyed"
        elif result.broken:
            combatant.object_state = ObjectState.MAJOR_DAMAGE
            end = f"level {combatant.health}, broken"
        else:
            end = f"level {combatant.health}"
        return Change(f"{combatant.name} takes {self._value} damage: {end}", kind="damage")
