"""Building an encounter and its initiative: adding and removing combatants, its rules
profile, group mode, entered and rolled PC initiative (RULES.md G12)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.errors import DomainError
from numdesk.model.limits import MAX_NAME
from numdesk.model.operations.base import Change
from numdesk.model.operations.encounter_base import (
    MAX_EASES,
    ROLLING_SIDES,
    SIDES,
    EncounterOperation,
    find,
    rebuild_order,
)
from numdesk.rules.dice import Dice
from numdesk.rules.initiative import pc_initiative
from numdesk.rules.profiles import get_profile
from numdesk.rules.types import ActionTiming, ObjectState


def _check_name(encounter: Encounter, name: str, ignore: str = "") -> str:
    name = name.strip()
    if not name:
        raise DomainError("A combatant needs a name.", "name")
    for c in encounter.combatants:
        if c.uid != ignore and c.name.casefold() == name.casefold():
            raise DomainError(f"There is already a combatant called '{name}'.", "name")
    return name


class AddCombatants(EncounterOperation):
    """Add PCs, creature instances, followers or objects (the builder).

    `notes` are further log lines the GM should read about the addition (e.g. that a
    creature comes from the other rules profile).
    """

    def __init__(self, combatants: Sequence[Combatant], notes: Sequence[str] = ()) -> None:
        super().__init__()
        self._combatants = list(combatants)
        self._notes = list(notes)

    def _run(self, encounter: Encounter) -> Change:
        if not self._combatants:
            raise DomainError("Nothing to add.")
        for c in self._combatants:
            if c.side not in SIDES:
                raise DomainError(f"'{c.side}' is not a side of an encounter.", "side")
            if not 1 <= c.level <= 10:
                raise DomainError(f"{c.name}: a level runs from 1 to 10.", "level")
            if (
                c.side == "pc"
                and c.source_uid
                and any(o.source_uid == c.source_uid for o in encounter.combatants)
            ):
                raise DomainError(f"{c.name} is already in this encounter.", "source_uid")
            c.name = _check_name(encounter, c.name)
            encounter.combatants.append(c)
        rebuild_order(encounter)
        for line in self._notes:
            self.note(line)
        names = ", ".join(c.name for c in self._combatants)
        return Change(f"Added {names}", kind="build")


class RemoveCombatant(EncounterOperation):
    """Take a combatant out of the encounter (its conditions on others end with it)."""

    def __init__(self, uid: str) -> None:
        super().__init__()
        self._uid = uid

    def _run(self, encounter: Encounter) -> Change:
        combatant = find(encounter, self._uid)
        encounter.combatants.remove(combatant)
        for c in encounter.combatants:
            if c.wait_after == self._uid:
                c.wait_after = ""
        rebuild_order(encounter)
        return Change(f"Removed {combatant.name}", kind="build")


class RenameCombatant(EncounterOperation):
    """Give a combatant another name (names stay distinguishable)."""

    def __init__(self, uid: str, name: str) -> None:
        super().__init__()
        self._uid = uid
        self._name = name

    def _run(self, encounter: Encounter) -> Change:
        combatant = find(encounter, self._uid)
        old = combatant.name
        combatant.name = _check_name(encounter, self._name, ignore=combatant.uid)
        return Change(f"Renamed {old} to {combatant.name}", kind="build")


class RenameEncounter(EncounterOperation):
    """Give the fight another name (the library entry's name)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self._name = name

    def _run(self, encounter: Encounter) -> Change:
        name = self._name.strip()
        if not name:
            raise DomainError("A fight needs a name.", "name")
        if len(name) > MAX_NAME:
            raise DomainError(f"A name holds at most {MAX_NAME} characters.", "name")
        if name == encounter.name:
            raise DomainError(f"The fight is already called '{name}'.", "name")
        old = encounter.name
        encounter.name = name
        return Change(f"Renamed the fight from '{old}' to '{name}'", kind="build")


class SetGroupInitiative(EncounterOperation):
    """Switch between NPCs acting individually and all together (G12 group mode)."""

    def __init__(self, group: bool) -> None:
        super().__init__()
        self._group = group

    def _run(self, encounter: Encounter) -> Change:
        encounter.group_npc_initiative = self._group
        rebuild_order(encounter)
        mode = "together" if self._group else "individually"
        return Change(f"NPCs now act {mode}", kind="initiative")


def _check_pc(combatant: Combatant) -> None:
    if combatant.side not in ROLLING_SIDES:
        raise DomainError(
            f"{combatant.name} acts on its target number; only PCs roll initiative.",
            "initiative",
        )


class SetInitiative(EncounterOperation):
    """Enter the initiative a player rolled (the total, easing already counted)."""

    def __init__(self, uid: str, value: int | None) -> None:
        super().__init__()
        self._uid = uid
        self._value = value

    def _run(self, encounter: Encounter) -> Change:
        combatant = find(encounter, self._uid)
        _check_pc(combatant)
        if self._value is not None and not 1 <= self._value <= 20 + 3 * MAX_EASES:
            raise DomainError("An initiative roll runs from 1 to 20 (plus 3 per eased step).")
        combatant.initiative = self._value
        rebuild_order(encounter)
        shown = "cleared" if self._value is None else str(self._value)
        return Change(f"Initiative of {combatant.name}: {shown}", kind="initiative")


def new_initiative_problem(encounter: Encounter) -> str | None:
    """Why new initiative cannot be called now (only at the start of a round, G12)."""
    if encounter.round >= 1 and (encounter.turn != 0 or len(encounter.started_slots) > 1):
        return "Initiative is rolled again only at the start of a round."
    return None


def _check_start_of_round(encounter: Encounter) -> None:
    problem = new_initiative_problem(encounter)
    if problem is not None:
        raise DomainError(problem)


class RollInitiative(EncounterOperation):
    """Roll a Speed task for PCs: d20 + 3 per eased step (G12); `eases` by uid.

    With `uids` None every PC rolls (the GM calling for new initiative at the start of
    a round), each with the eases entered for it before.
    """

    def __init__(
        self, dice: Dice, uids: Iterable[str] | None = None, eases: dict[str, int] | None = None
    ) -> None:
        super().__init__()
        self._dice = dice
        self._uids = None if uids is None else list(uids)
        self._eases = dict(eases or {})

    def _run(self, encounter: Encounter) -> Change:
        if self._uids is None:
            _check_start_of_round(encounter)
            targets = [c for c in encounter.combatants if c.side in ROLLING_SIDES]
            if not targets:
                raise DomainError("There is no PC in the encounter to roll for.")
        else:
            targets = [find(encounter, uid) for uid in self._uids]
            for c in targets:
                _check_pc(c)
        parts = []
        for c in targets:
            eases = self._eases.get(c.uid, c.initiative_eases)
            if not 0 <= eases <= MAX_EASES:
                raise DomainError(f"Initiative can be eased 0 to {MAX_EASES} steps.", "eases")
            face = self._dice.d20(f"initiative for {c.name}")
            c.initiative_eases = eases
            c.initiative = pc_initiative(face, eases)
            extra = f" + {3 * eases}" if eases else ""
            parts.append(f"{c.name} {face}{extra} = {c.initiative}")
        rebuild_order(encounter)
        return Change("Initiative rolled: " + ", ".join(parts), kind="initiative")


class SetProfile(EncounterOperation):
    """Choose the rules the fight runs by (`numenera` or `cypher`), before it starts.

    The tie rule, action timing and the object model follow the profile, so what
    depended on the old one is put straight: First/Last/waiting choices are dropped
    when the new rules have none, and objects start intact under the new object model
    (N9 damage track or C11 level as health). Whether the PCs' sheets fit is the
    caller's check (the encounter holds no sheets).
    """

    def __init__(self, profile: str) -> None:
        super().__init__()
        self._profile = profile

    def _run(self, encounter: Encounter) -> Change:
        try:
            new = get_profile(self._profile)
        except KeyError:
            raise DomainError(f"'{self._profile}' is not a rules profile.", "profile") from None
        if encounter.round >= 1:
            raise DomainError("The rules of a fight can be changed only before it starts.")
        if new.name == encounter.profile:
            raise DomainError(f"The encounter already uses the {new.label} rules.", "profile")
        encounter.profile = new.name
        for c in encounter.combatants:
            if not new.has_action_timing:
                c.timing = ActionTiming.NORMAL
                c.wait_after = ""
            if c.side == "object":
                c.health = c.max_health = 0 if new.objects_use_track else c.level
                c.object_state = ObjectState.INTACT
                c.damage_taken_at_zero = 0
        rebuild_order(encounter)
        return Change(f"The fight now uses the {new.label} rules", kind="build")
