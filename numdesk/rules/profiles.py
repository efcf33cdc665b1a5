"""Rules profiles: the two editions as data objects (RULES.md, profile table).

Code asks a profile what it allows; it never compares a profile's name. The two
built-in profiles are constants; a group's house rules (`numdesk.rules.house_rules`)
are further `Profile` objects that the library registers here, so `get_profile(name)`
answers for both and no rule code tells them apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import NamedTuple

from numdesk.rules.errors import RulesError
from numdesk.rules.types import SkillLevel


class Profile(NamedTuple):
    """Caps and switches of one rules edition.

    (A named tuple: every start makes this class, in a tenth of a dataclass's time.)
    """

    name: str
    label: str
    skill_levels: tuple[SkillLevel, ...]
    #: most steps a skill can ease (G7)
    skill_ease_cap: int
    #: most steps assets can ease in total (G8)
    asset_ease_cap: int
    #: highest Effort score and most Effort levels on one action (G9)
    max_effort: int
    #: PCs take harm as Pools plus a damage track (N) rather than wounds (C)
    uses_damage_track: bool
    #: Armor is subtracted from damage (N1) rather than a block/dodge category (C6)
    armor_subtracts: bool
    #: on an initiative tie, the NPC acts first (G12)
    npc_wins_initiative_ties: bool
    #: First, Follow-up and Last actions exist (C12)
    has_action_timing: bool
    #: an impaired character loses minor/major effects and 17+ adds only 1 damage (G10/N5)
    impaired_limits_special_rolls: bool
    #: 1 XP rerolls any roll (G11)
    xp_reroll: bool
    #: cost in XP to refuse a GM intrusion, or None if refusal is not a rule (G16)
    refuse_intrusion_cost: int | None
    #: cost in XP of a player intrusion, or None (G16)
    player_intrusion_cost: int | None
    #: targets of an area attack who resist still take this much (G9), or 0
    area_resist_damage: int
    #: objects use the damage track (N9) rather than level-as-health (C11)
    objects_use_track: bool
    #: the one-action recovery taken as a Last action adds this bonus (C10)
    last_action_recovery_bonus: int
    #: rests must be taken in order (N7) rather than in any order (C10)
    rests_in_order: bool
    #: length of a day in hours, for the calendar shown with rests
    day_hours: int
    #: type names offered for this profile (RULES.md profile table)
    type_names: tuple[str, ...]
    #: XP cost to react to a GM intrusion on the next action, or None (G16)
    react_to_intrusion_cost: int | None = None
    #: short-term (2 XP) and long-term (3 XP) benefits can be bought with XP (A4)
    benefit_spends: bool = True
    #: draw the attack, take the attack and guarding exist (RULES.md T3/T4)
    defense_actions: bool = False
    #: the money sheets name when a character names none ("shins"); "" when the rules
    #: have no money of their own (the Cypher System: each group names its currency)
    currency: str = ""
    #: the built-in a house rules set starts from ("" for the built-ins themselves)
    base: str = ""

    @property
    def family(self) -> str:
        """The built-in whose templates and books this profile uses (itself if built in)."""
        return self.base or self.name


NUMENERA = Profile(
    name="numenera",
    label="Numenera",
    skill_levels=(SkillLevel.INABILITY, SkillLevel.TRAINED, SkillLevel.SPECIALIZED),
    skill_ease_cap=2,
    asset_ease_cap=2,
    max_effort=6,
    uses_damage_track=True,
    armor_subtracts=True,
    npc_wins_initiative_ties=True,
    has_action_timing=False,
    impaired_limits_special_rolls=True,
    xp_reroll=True,
    refuse_intrusion_cost=1,
    player_intrusion_cost=None,
    area_resist_damage=1,
    objects_use_track=True,
    last_action_recovery_bonus=0,
    rests_in_order=True,
    day_hours=28,
    type_names=("Arkus", "Delve", "Glaive", "Jack", "Nano", "Wright"),
    react_to_intrusion_cost=None,
    benefit_spends=True,
    currency="shins",
)

CYPHER = Profile(
    name="cypher",
    label="Cypher System",
    skill_levels=(
        SkillLevel.INABILITY,
        SkillLevel.TRAINED,
        SkillLevel.SPECIALIZED,
        SkillLevel.EXPERT,
    ),
    skill_ease_cap=3,
    asset_ease_cap=2,
    max_effort=6,
    uses_damage_track=False,
    armor_subtracts=False,
    npc_wins_initiative_ties=False,
    has_action_timing=True,
    impaired_limits_special_rolls=False,
    xp_reroll=False,
    refuse_intrusion_cost=None,
    player_intrusion_cost=1,
    area_resist_damage=0,
    objects_use_track=False,
    last_action_recovery_bonus=2,
    rests_in_order=False,
    day_hours=24,
    type_names=("Warrior", "Adept", "Explorer", "Speaker"),
    react_to_intrusion_cost=1,
    benefit_spends=False,
    defense_actions=True,
)

#: The two editions the rules texts describe; read-only, never replaced.
BUILTIN_PROFILES: dict[str, Profile] = {p.name: p for p in (NUMENERA, CYPHER)}

#: Every profile a name can refer to: the built-ins plus the house rules sets the open
#: library (or an import being read) registered. Keys of house sets are entry uids, so
#: sets of different libraries never collide.
PROFILES: dict[str, Profile] = dict(BUILTIN_PROFILES)


#: The house rules sets of the files being read for an import, seen by `get_profile` in
#: the reading thread only (a context variable), ahead of the registered ones: a file's
#: sheets are checked by the rules they were made with, and nothing else sees those sets
#: until the import commits and the library registers them. None outside a reading.
_READING: ContextVar[dict[str, Profile] | None] = ContextVar("numdesk_reading", default=None)


@contextmanager
def reading_profiles(profiles: Iterable[Profile] = ()) -> Iterator[None]:
    """While the block runs, `get_profile` in this thread also knows `profiles` (and those
    of any enclosing reading); afterwards nothing of them is left anywhere.

    An import opens one for all its files and one per file: `lend_profiles` passes the
    sets of a file that was accepted on to the files read after it.
    """
    scope = dict(_READING.get() or {})
    for profile in profiles:
        if profile.name in BUILTIN_PROFILES:
            raise RulesError(f"'{profile.label}' cannot replace the built-in {profile.name} rules.")
        scope[profile.name] = profile
    token = _READING.set(scope)
    try:
        yield
    finally:
        _READING.reset(token)


def lend_profiles(profiles: Iterable[Profile]) -> None:
    """Let the rest of the enclosing reading (the next files of one import) use
    `profiles`; nothing happens outside a reading."""
    scope = _READING.get()
    if scope is not None:
        scope.update((p.name, p) for p in profiles)


def _find(name: str) -> Profile | None:
    reading = _READING.get()
    if reading is not None and name in reading:
        return reading[name]
    return PROFILES.get(name)


def get_profile(name: str) -> Profile:
    """Return the profile called `name`; raise `KeyError` naming the known ones if unknown."""
    profile = _find(name)
    if profile is None:
        known = ", ".join(sorted(p.label for p in PROFILES.values()))
        raise KeyError(f"unknown rules profile {name!r} (known: {known})")
    return profile


def family_of(name: str) -> str:
    """The built-in whose books a profile uses: itself, or the base of a house rules set.

    Library entries written for that built-in (templates, abilities, items) suit the
    profile too. An unknown name is its own family.
    """
    profile = _find(name)
    return profile.family if profile is not None else name


def is_builtin(name: str) -> bool:
    """Whether `name` is one of the two read-only built-in profiles."""
    return name in BUILTIN_PROFILES


def register_profile(profile: Profile) -> None:
    """Make a house rules profile known to `get_profile` (replacing an older version).

    The built-in names cannot be taken over: built-ins are read-only.
    """
    if profile.name in BUILTIN_PROFILES:
        raise RulesError(f"'{profile.label}' cannot replace the built-in {profile.name} rules.")
    PROFILES[profile.name] = profile


def unregister_profile(name: str) -> None:
    """Forget a house rules profile (after its entry was deleted); built-ins stay."""
    if name not in BUILTIN_PROFILES:
        PROFILES.pop(name, None)
