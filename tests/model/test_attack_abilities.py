"""Attack abilities read from their text: every CSRD ability that names a change to the
damage of an attack is either read (Bash: 1 less than the weapon, and a dazed target) or
left to the table on purpose (the change depends on the situation or on other attacks)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from numdesk.model.attack_abilities import attack_ability, weapon_for
from numdesk.model.items import Weapon
from numdesk.rules.types import WeaponCategory

#: the abilities whose own attack's damage numdesk changes: (points, reach, extras)
READ = {
    "Bash": (-1, "melee", 1),
    "Control the Field": (-1, "melee", 1),
    "Disarming Strike": (-1, "", 1),
    "Feint": (4, "melee", 0),
    "Force Bash": (-1, "melee", 1),
    "Lunge": (4, "", 0),
    "Overwatch": (1, "ranged", 0),
    "Run and Fight": (2, "melee", 0),
    "Slice": (-1, "", 0),
    "Snipe": (4, "ranged", 0),
    "Spray": (-1, "", 0),
    "Swipe": (-1, "melee", 1),
    "Trained Gunner": (-1, "", 0),  # its Spray option, the one rolled as an attack
}

#: any wording of "N less / fewer / additional / extra point(s) of damage"
_NAMES_A_CHANGE = re.compile(
    r"\b\d+ (?:less|fewer|additional|extra) points? of damage|\bpoints? less damage"
    r"|\badditional \d+ points? of damage",
    re.I,
)


def _abilities(csrd_path: Path) -> list[dict[str, str]]:
    data = json.loads(csrd_path.read_text(encoding="utf-8"))
    return list(data["abilities"])


def test_every_csrd_damage_change_is_read_or_left_on_purpose(csrd_path: Path) -> None:
    naming = [a for a in _abilities(csrd_path) if _NAMES_A_CHANGE.search(a["description"])]
    assert len(naming) > 60  # the CSRD has many: the test looks at all of them
    read = {}
    for raw in naming:
        found = attack_ability(raw["name"], raw["description"])
        if found is not None:
            read[found.name] = (found.damage, found.reach, len(found.extras))
    assert read == READ
    # left on purpose, for example: a condition the table decides, other attacks
    for left in ("Pierce", "Surprise Attack", "Disarming Attack", "Betrayal", "Fury"):
        assert left in {a["name"] for a in naming} and left not in read


def test_bash_is_one_less_than_the_weapon_and_dazes(csrd_path: Path) -> None:
    bash = next(a for a in _abilities(csrd_path) if a["name"] == "Bash")
    found = attack_ability("Bash", bash["description"])
    assert found is not None and found.damage == -1
    assert [e.text for e in found.extras] == [
        "the target is dazed: everything it tries is hindered for one round"
    ]
    assert found.extras[0].on_hit


def test_no_change_named_is_no_attack_ability() -> None:
    assert attack_ability("Jump", "You leap far. Action.") is None
    text = "You make an attack and inflict 1 additional point of damage if it is sharp."
    assert attack_ability("Poke", text) is None


def test_the_weapon_offered_fits_the_attack() -> None:
    swipe = attack_ability(
        "Swipe", "A quick melee attack. Your attack inflicts 1 less point of damage than normal."
    )
    assert swipe is not None
    bow = Weapon("Bow", WeaponCategory.MEDIUM, range="long")
    claws = Weapon("Claws", WeaponCategory.NONE, kind="natural attack")
    old = Weapon("Old sword", WeaponCategory.MEDIUM, archived=True)
    axe = Weapon("Battleaxe", WeaponCategory.MEDIUM)
    assert weapon_for(swipe, [bow, claws, old, axe]) is axe  # melee, in use, a weapon
    assert weapon_for(swipe, [bow, claws]) is bow  # no melee weapon: the first weapon
    assert weapon_for(swipe, [old]) is None
