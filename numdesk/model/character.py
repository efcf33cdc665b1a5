"""The player character: every field of the sheet (RULES.md S)."""

from __future__ import annotations

from dataclasses import dataclass, field

from numdesk.model.abilities import Ability, Skill
from numdesk.model.extras import (
    ExtraPool,
    LastingDamage,
    Money,
    PowerShift,
    Recursion,
    SecondForm,
)
from numdesk.model.follower import Follower
from numdesk.model.history import HistoryEntry
from numdesk.model.items import (
    Armor,
    Artifact,
    Cypher,
    Equipment,
    Oddity,
    Shield,
    Weapon,
    new_uid,
)
from numdesk.rules.types import Advancement, DamageTrackState, Rest, Stat


@dataclass
class StatPool:
    """One stat: its Pool (current and maximum) and its Edge."""

    current: int = 10
    maximum: int = 10
    edge: int = 0


@dataclass
class Wounds:
    """`cypher` wounds taken and slots available per severity (RULES.md C1)."""

    minor: int = 0
    moderate: int = 0
    major: int = 0
    minor_slots: int = 3
    moderate_slots: int = 3
    major_slots: int = 3


def default_pools() -> dict[Stat, StatPool]:
    """Three fresh Pools; templates and the wizard set real values."""
    return {stat: StatPool() for stat in Stat}


@dataclass
class Character:
    """A player character in one rules profile. Change it through `model.operations`."""

    name: str
    profile: str = "numenera"
    player: str = ""
    descriptor: str = ""
    type: str = ""
    focus: str = ""
    flavor: str = ""
    tier: int = 1
    effort: int = 1
    xp: int = 0
    pools: dict[Stat, StatPool] = field(default_factory=default_pools)
    damage_track: DamageTrackState = DamageTrackState.HALE
    #: the name of an extra step between hale and impaired that the character's sheet
    #: came with (Foundry's Cypher System sheet can add "Hurt"); "" for none. It changes
    #: no rule: RULES.md N3 knows hale, impaired, debilitated and dead
    track_extra_step: str = ""
    #: whether the character is at that step: hale by the rules, marked as the sheet was
    at_track_extra_step: bool = False
    wounds: Wounds = field(default_factory=Wounds)
    recoveries_used: list[Rest] = field(default_factory=list)
    recovery_bonus: int = 0
    #: the recovery roll as the sheet it came from wrote it, when that is not the rules'
    #: 1d6 + tier + bonus (a roll left from a lower tier, a house rule); shown beside the
    #: rules' roll, which is the one numdesk rolls. "" when there is nothing to say.
    recovery_roll: str = ""
    armor_cost_reduction: int = 0
    #: extra Armor against named damage kinds from abilities and other sources (T8)
    armor_against: dict[str, int] = field(default_factory=dict)
    skills: list[Skill] = field(default_factory=list)
    abilities: list[Ability] = field(default_factory=list)
    cyphers: list[Cypher] = field(default_factory=list)
    cypher_limit: int = 2
    #: how many of its spells (abilities with a spell tier) the character can have
    #: prepared at a time
    prepared_spells: int = 0
    artifacts: list[Artifact] = field(default_factory=list)
    oddities: list[Oddity] = field(default_factory=list)
    equipment: list[Equipment] = field(default_factory=list)
    weapons: list[Weapon] = field(default_factory=list)
    armor: list[Armor] = field(default_factory=list)
    shields: list[Shield] = field(default_factory=list)
    shins: int = 0
    #: the name the money had where it came from ("crowns"); empty for shins
    currency: str = ""
    #: further currencies beyond the first
    money: list[Money] = field(default_factory=list)
    initiative_bonus: int = 0
    #: one-action and ten-minute recoveries beyond the first each day, and which were used
    extra_recoveries: list[Rest] = field(default_factory=list)
    extra_recoveries_used: list[Rest] = field(default_factory=list)
    stress: int = 0
    extra_pools: list[ExtraPool] = field(default_factory=list)
    lasting_damage: list[LastingDamage] = field(default_factory=list)
    power_shifts: list[PowerShift] = field(default_factory=list)
    recursions: list[Recursion] = field(default_factory=list)
    second_form: SecondForm | None = None
    advancements: list[Advancement] = field(default_factory=list)
    starting_points: int = 0
    background: str = ""
    notes: str = ""
    connections: str = ""
    portrait: bytes | None = None
    followers: list[Follower] = field(default_factory=list)
    history: list[HistoryEntry] = field(default_factory=list)
    uid: str = field(default_factory=new_uid)

    def pool(self, stat: Stat) -> StatPool:
        """The Pool and Edge of `stat`."""
        return self.pools[stat]

    @property
    def sentence(self) -> str:
        """ "I am a <descriptor> <type> who <focus>" as far as it is filled in."""
        words = " ".join(w for w in (self.descriptor, self.type) if w)
        text = f"I am a {words}" if words else "I am"
        return f"{text} who {self.focus}" if self.focus else text


def track_step_name(character: Character) -> str:
    """The extra step's name while the character is at it, else "" (then the damage
    track's state names where the character is)."""
    at_step = character.at_track_extra_step and character.damage_track is DamageTrackState.HALE
    return character.track_extra_step if at_step and character.track_extra_step else ""
