"""The benchmark library's entries: 10,000 creatures, 2,000 characters, 5,000 items.

The same entries every run (a fixed seed). Their texts come from a vocabulary of
about 40 words, so nearly every entry contains every three-letter prefix: a worst
case for the full-text search. Used by the store benchmark
(`numdesk.bench.store`) and the start-up benchmark (`numdesk.bench.startup`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character, StatPool
from numdesk.model.creature import Creature
from numdesk.model.history import HistoryEntry
from numdesk.model.items import Armor, Artifact, Cypher, Equipment, Weapon
from numdesk.model.kinds import ModelObject
from numdesk.rules.types import ArmorCategory, SkillLevel, Stat, WeaponCategory

_SYLLABLES = (
    "ka",
    "ro",
    "mi",
    "th",
    "an",
    "el",
    "ur",
    "ve",
    "sa",
    "lo",
    "gri",
    "dak",
    "ne",
    "ya",
    "ost",
    "ul",
    "fen",
    "bra",
    "qi",
    "zor",
)
_WORDS = (
    "hunter",
    "shadow",
    "crawler",
    "beast",
    "drifter",
    "guardian",
    "raider",
    "sage",
    "stalker",
    "wyrm",
    "glaive",
    "nano",
    "jack",
    "warden",
    "mender",
    "seer",
    "broken",
    "silent",
    "iron",
    "glass",
    "storm",
    "ember",
    "hollow",
)


def _name(rng: random.Random, words: int = 2) -> str:
    first = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()
    return " ".join([first, *rng.sample(_WORDS, words - 1)])


def _sentence(rng: random.Random, n: int = 14) -> str:
    return " ".join(rng.choice(_WORDS + _SYLLABLES) for _ in range(n)).capitalize() + "."


def build_objects(
    creatures: int = 10_000, characters: int = 2_000, items: int = 5_000, seed: int = 7
) -> Iterator[ModelObject]:
    """The benchmark library's entries, the same every run."""
    rng = random.Random(seed)
    for _ in range(creatures):
        yield Creature(
            _name(rng),
            level=rng.randint(1, 10),
            armor=rng.randint(0, 3),
            damage=f"{rng.randint(1, 10)} points",
            modifications=[_sentence(rng, 5) for _ in range(2)],
            combat=_sentence(rng, 30),
            description=_sentence(rng, 40),
        )
    for _ in range(characters):
        yield Character(
            _name(rng),
            type=rng.choice(["Glaive", "Nano", "Jack", "Arkus", "Delve", "Wright"]),
            tier=rng.randint(1, 6),
            pools={stat: StatPool(rng.randint(5, 18), 18, rng.randint(0, 2)) for stat in Stat},
            skills=[Skill(_name(rng, 1), SkillLevel.TRAINED) for _ in range(6)],
            abilities=[
                Ability(_name(rng, 1), cost=rng.randint(0, 4), description=_sentence(rng, 25))
                for _ in range(8)
            ],
            cyphers=[Cypher(_name(rng), level=rng.randint(1, 8)) for _ in range(3)],
            equipment=[Equipment(_name(rng, 1)) for _ in range(10)],
            weapons=[Weapon(_name(rng, 1), WeaponCategory.MEDIUM)],
            background=_sentence(rng, 60),
            notes=_sentence(rng, 60),
            history=[HistoryEntry(_sentence(rng, 5), kind="pools") for _ in range(100)],
        )
    makers: list[Callable[[], ModelObject]] = [
        lambda: Cypher(_name(rng), level_dice="1d6+2", effect=_sentence(rng, 25)),
        lambda: Artifact(
            _name(rng), level=rng.randint(1, 9), depletion="1 in 1d10", effect=_sentence(rng, 25)
        ),
        lambda: Equipment(_name(rng), description=_sentence(rng, 15)),
        lambda: Weapon(_name(rng), rng.choice(list(WeaponCategory))),
        lambda: Armor(_name(rng), rng.choice(list(ArmorCategory))),
    ]
    for i in range(items):
        yield makers[i % len(makers)]()
