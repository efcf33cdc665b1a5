"""Skills and special abilities."""

from __future__ import annotations

from dataclasses import dataclass, field

from numdesk.model.items import new_uid
from numdesk.rules.types import AbilityKind, AbilitySource, SkillLevel, SpellTier, Stat


@dataclass
class Skill:
    """A named skill at a level; inabilities are skills at level INABILITY (RULES.md G7)."""

    name: str
    level: SkillLevel = SkillLevel.TRAINED
    description: str = ""
    #: the stat its tasks usually use, when the source names one (the Numenera system's
    #: sheet does); None: any stat, as the task decides
    stat: Stat | None = None
    #: put aside: kept on the sheet but not offered for tasks
    archived: bool = False
    #: the skill the character rolls initiative with (a Speed task)
    initiative: bool = False
    #: names of the sheet's tags and recursions (`Character.recursions`) it belongs to:
    #: switching them archives it while none of them is active
    tags: list[str] = field(default_factory=list)
    uid: str = field(default_factory=new_uid)


@dataclass
class Ability:
    """A special ability: its cost is paid from `pool` before Edge (RULES.md G9b).

    `library_uid` links an ability taken from the library (a type's, a focus's) to that
    entry, so the sheet can open it and follow its text; "" for a hand-made ability.
    For a linked ability `description` is the copy of the entry's text last seen (kept so
    an export, a printout or another library still has it) unless `own_text` says the
    player wrote their own, which the library then never replaces.

    `cost` and `kind` are None when nobody knows them: an ability the player added by
    name from their rulebook, with no library entry to say. The sheet shows them as
    unknown and no roll counts an unknown cost as 0.
    """

    name: str
    cost: int | None = 0
    pool: Stat | None = None
    kind: AbilityKind | None = AbilityKind.ACTION
    tier: int = 1
    source: AbilitySource = AbilitySource.OTHER
    description: str = ""
    cost_text: str = ""
    #: how far it reaches as written ("immediate", "long"); "" when its text says
    range: str = ""
    library_uid: str = ""
    own_text: bool = False
    #: put aside: kept on the sheet but no longer in use
    archived: bool = False
    #: the tier of spells it belongs to when it is one of the character's spells; None:
    #: an ability like the others
    spell_tier: SpellTier | None = None
    #: the player's answer to the choice its text asks when it is gained ("Melee weapon
    #: attacks" for Combat Prowess); "" when it asks none or was not answered here
    choice: str = ""
    #: names of the sheet's tags and recursions (`Character.recursions`) it belongs to:
    #: switching them archives it while none of them is active
    tags: list[str] = field(default_factory=list)
    uid: str = field(default_factory=new_uid)
