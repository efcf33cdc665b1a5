"""Who takes part in a fight: library entries added as combatants (PCs with their real
sheets, creatures by the count, followers), objects, and the rules the fight runs by.

A mixin of `EncounterController` (what it uses of its host is declared here, so this
module never imports the controller that imports it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.encounter_prep import (
    creature_combatants,
    follower_combatant,
    object_combatant,
    pc_combatant,
)
from numdesk.model.errors import DomainError
from numdesk.model.follower import Follower
from numdesk.model.kinds import EntryKind
from numdesk.model.operations.base import Change
from numdesk.model.operations.encounter import AddCombatants, SetProfile
from numdesk.rules.profiles import Profile, family_of, get_profile


def _label(profile: str) -> str:
    """A rules profile's name as the user reads it ("Cypher System")."""
    try:
        return get_profile(profile).label
    except KeyError:
        return profile


class FightRoster:
    """Adding combatants and choosing the rules (mixed into `EncounterController`)."""

    _encounter: Encounter
    _library: Any
    _characters: dict[str, Character]
    _creatures: dict[str, Creature | None]
    profile: Profile
    apply: Callable[..., Change]
    character: Callable[[Combatant], Character | None]

    def add_entries(self, uids: Sequence[str], count: int = 1) -> Change:
        """Add library entries: PCs (linked sheets), `count` of each creature, followers."""
        combatants: list[Combatant] = []
        notes: list[str] = []
        taken = [c.name for c in self._encounter.combatants]
        for uid in uids:
            kind = self._library.kind_of_uid(uid)
            entry = self._library.load(uid)
            if kind is EntryKind.CHARACTER and isinstance(entry, Character):
                self._check_profile(entry.profile, entry.name)
                self._characters[entry.uid] = entry
                new = [pc_combatant(entry)]
            elif kind is EntryKind.CREATURE and isinstance(entry, Creature):
                self._creatures[entry.uid] = entry
                new = creature_combatants(entry, count, taken)
                notes += self._other_profile_note(entry.profile, entry.name)
            elif kind is EntryKind.FOLLOWER and isinstance(entry, Follower):
                new = [follower_combatant(entry)]
                notes += self._other_profile_note(entry.profile, entry.name)
            else:
                raise DomainError(f"{getattr(entry, 'name', uid)} cannot take part in a fight.")
            taken += [c.name for c in new]
            combatants += new
        return self.apply(AddCombatants(combatants, notes))

    def set_profile(self, profile: str) -> Change:
        """Run the fight by other rules (before it starts); every PC's sheet must use them."""
        for combatant in self._encounter.combatants:
            sheet = self.character(combatant)
            if sheet is not None and sheet.profile != profile:
                raise DomainError(
                    f"{combatant.name} uses the {_label(sheet.profile)} rules: a fight under "
                    f"the {_label(profile)} rules can hold only PCs of those rules."
                )
        return self.apply(SetProfile(profile))

    def add_object(self, name: str, level: int) -> Change:
        """Add a door, wall or other object with a level (the profile's object model)."""
        return self.apply(AddCombatants([object_combatant(name, level, self.profile)]))

    def _other_profile_note(self, profile: str, name: str) -> list[str]:
        """A log line when a creature or follower comes from the other rules profile.

        Stat blocks read the same in both (level, health, Armor, damage), so it is
        added, not refused; the line says so, since the GM may have picked the wrong
        one of two entries with the same name.
        """
        if not profile or profile in (self._encounter.profile, family_of(self._encounter.profile)):
            return []
        return [
            f"{name} comes from the {_label(profile)} rules; its stat block is used as it is "
            f"under the {self.profile.label} rules"
        ]

    def _check_profile(self, profile: str, name: str) -> None:
        if profile != self._encounter.profile:
            hint = (
                " Before the fight starts, the encounter's Rules box changes its rules."
                if not any(c.side == "pc" for c in self._encounter.combatants)
                and self._encounter.round < 1
                else ""
            )
            raise DomainError(
                f"{name} uses the {_label(profile)} rules but this encounter uses the "
                f"{self.profile.label} rules.{hint}"
            )
