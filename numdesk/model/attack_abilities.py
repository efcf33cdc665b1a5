"""What an attack ability changes in the attack it is made with.

Bash, Swipe, Lunge and their kind are attacks made with a weapon: the text says how the
hit's damage differs from the weapon's ("1 less point of damage than normal", "4
additional points of damage") and what else a hit does (a dazed target). Rolling from
such an ability's row is an attack, so the task dialog picks a weapon and counts the
change; reading the text once here keeps the dialog, the roll and the history in step.

Only changes to the ability's own attack are read. A change that depends on something
the player decides at the table ("if your weapon has a sharp point", "when attacking
from hiding") or that lasts for other attacks ("all ranged attacks you make for a
minute") is left to the ability's text: numdesk would have to guess it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from numdesk.model.items import Weapon, in_use
from numdesk.rules.weapons import attack_reach

#: "Your attack inflicts 1 less point of damage", "This melee attack inflicts …", "If
#: the attack is successful, it deals …", "make a melee attack that inflicts …",
#: "you inflict 1 additional point of damage with the attack"
_CHANGE = re.compile(
    r"(?:\b(?:your|this|the)(?: melee| ranged)? attack (?:inflicts|deals)"
    r"|\bif (?:the|your) attack is successful, it (?:inflicts|deals)"
    r"|\bmake an? (?:melee |ranged )?attack that (?:inflicts|deals)"
    r"|\byou inflict(?= \d+ additional points? of damage with the attack\b))"
    r" (?P<amount>\d+) (?:(?P<way>less|fewer|additional) points? of damage"
    r"|points? (?P<less>less) damage)"
    r"(?P<tail>[^.]*)",
    re.I,
)
#: a condition around the change makes it the table's call, not numdesk's
_CONDITION = re.compile(r"\b(?:if|when|unless|against|any time)\b", re.I)
_REACH = re.compile(r"\b(melee|ranged) (?:attack|weapon)", re.I)


@dataclass(frozen=True)
class AttackExtra:
    """Something an attack ability does besides damage, in numdesk's own words."""

    text: str
    #: True: only when the attack hits
    on_hit: bool = True


#: what a hit does besides damage: (how the text says it, what numdesk says)
_EXTRAS = (
    (
        re.compile(r"\bdazes? (?:your|the) target\b", re.I),
        AttackExtra("the target is dazed: everything it tries is hindered for one round"),
    ),
    (
        re.compile(r"\bdisarms? (?:your|the) (?:foe|target|opponent)\b", re.I),
        AttackExtra("the foe is disarmed: its weapon ends up out of its hands"),
    ),
    (
        re.compile(r"\bregardless of whether you hit\b.*\bmaneuver\b", re.I),
        AttackExtra(
            "hit or miss, you move the target where you like within immediate range",
            on_hit=False,
        ),
    ),
)


@dataclass(frozen=True)
class AttackAbility:
    """An ability that is an attack with a weapon, and what it changes in it."""

    name: str
    #: points added to (negative: taken from) the weapon's damage on a hit
    damage: int
    #: "melee" or "ranged" when the text names the kind of attack, else ""
    reach: str
    extras: tuple[AttackExtra, ...] = ()


def attack_ability(name: str, text: str) -> AttackAbility | None:
    """The attack ability `text` describes, or None when it names no change to the
    damage of its own attack (or only one that depends on the situation)."""
    match = _CHANGE.search(text)
    if match is None:
        return None
    before = text[text.rfind(".", 0, match.start()) + 1 : match.start()]
    if _CONDITION.search(before) or _CONDITION.search(match.group("tail")):
        return None
    amount = int(match.group("amount"))
    way = (match.group("way") or match.group("less")).casefold()
    damage = amount if way == "additional" else -amount
    reach = _REACH.search(text, 0, match.end())  # how it describes itself, not its notes
    extras = tuple(extra for pattern, extra in _EXTRAS if pattern.search(text))
    return AttackAbility(name, damage, reach.group(1).casefold() if reach else "", extras)


def weapon_for(attack: AttackAbility, weapons: list[Weapon]) -> Weapon | None:
    """The weapon an attack ability is first offered with: the first weapon in use of
    the reach the ability names (a melee weapon for Bash), else the first weapon in use;
    real weapons before special attacks. None: the sheet has no weapon in use."""
    usable = in_use(weapons)
    ranked = sorted(
        usable,
        key=lambda w: (
            bool(w.kind),
            bool(attack.reach) and attack_reach(w.range) != attack.reach,
        ),
    )
    return ranked[0] if ranked else None
