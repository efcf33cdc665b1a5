"""The abilities a new character is offered at a tier, grouped as the player meets them.

A type's "choose N" group takes in a flavor's abilities and a focus's optional first-tier
abilities (type swap options), which are picked in place of type abilities; a group that
grants all its abilities is simply given. `pick_problems` says what is wrong with the
names the player picked ("did you mean …?", "choose from …").
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from numdesk.model.abilities import Ability
from numdesk.model.creation_choices import CreationChoices
from numdesk.model.names import close_match
from numdesk.model.templates import SentenceTemplate, TierAbilities
from numdesk.rules.types import AbilitySource

SOURCES = {
    "type": AbilitySource.TYPE,
    "descriptor": AbilitySource.DESCRIPTOR,
    "focus": AbilitySource.FOCUS,
    "flavor": AbilitySource.FLAVOR,
}


@dataclass
class AbilityOffer:
    """Abilities offered at a tier: all granted (`choose` 0) or "choose N" of them."""

    label: str
    tier: int
    abilities: list[Ability]
    choose: int = 0

    @property
    def grants_all(self) -> bool:
        return self.choose == 0 or self.choose >= len(self.abilities)


def _choice_groups(tiers: list[TierAbilities], tier: int) -> list[TierAbilities]:
    return [t for t in tiers if t.tier == tier and t.abilities]


def ability_offers(choices: CreationChoices, tier: int = 1) -> list[AbilityOffer]:
    """The abilities of `tier` from the chosen templates, grouped as the player meets them.

    A flavor's abilities, and a focus's optional first-tier abilities (type swap options),
    are picked in place of type abilities, so they join the type's "choose N" group.
    """
    type_t = choices.type_template
    offers: list[AbilityOffer] = []
    type_group: AbilityOffer | None = None
    if type_t is not None:
        for group in _choice_groups(type_t.tiers, tier):
            offer = AbilityOffer(type_t.name, tier, _sourced(group.abilities, "type", tier))
            offer.choose = group.choose
            if offer.grants_all:
                offer.choose = 0
            elif type_group is None:
                type_group = offer
            offers.append(offer)
    swaps: list[str] = []
    for part in ("focus", "descriptor", "flavor"):
        template = choices.template(part)
        if not isinstance(template, SentenceTemplate):
            continue
        for group in _choice_groups(template.tiers, tier):
            abilities = _sourced(group.abilities, part, tier)
            grants = group.choose == 0  # an optional group of one is still optional
            swap = part == "flavor" or (part == "focus" and not grants and tier == 1)
            if swap and type_group is not None:
                known = {a.name.casefold() for a in type_group.abilities}
                type_group.abilities.extend(a for a in abilities if a.name.casefold() not in known)
                swaps.append(template.name)
                continue
            choose = 0 if grants else group.choose
            offers.append(AbilityOffer(template.name, tier, abilities, choose))
    if type_group is not None and swaps:
        type_group.label = f"{type_group.label} (or {', '.join(swaps)})"
    return offers


def _sourced(abilities: list[Ability], part: str, tier: int) -> list[Ability]:
    out = []
    for ability in abilities:
        copied = copy.deepcopy(ability)
        if copied.source is AbilitySource.OTHER:
            copied.source = SOURCES[part]
        copied.tier = tier
        out.append(copied)
    return out


def pick_problems(offers: list[AbilityOffer], picked: list[str]) -> list[str]:
    """Why the picked names do not fit the offers (one line each; [] when they do)."""
    problems = []
    remaining = list(picked)
    choice_names = [a.name for o in offers if not o.grants_all for a in o.abilities]
    for name in picked:
        if not any(n.casefold() == name.strip().casefold() for n in choice_names):
            hint = close_match(name, choice_names)
            offered = (
                f" (did you mean {hint}?)" if hint else f" (offered: {', '.join(choice_names)})"
            )
            problems.append(f"No ability called '{name}' is offered to choose{offered}.")
            remaining.remove(name)
    for offer in offers:
        if offer.grants_all:
            continue
        names = {a.name.casefold(): a.name for a in offer.abilities}
        given = [names[n.strip().casefold()] for n in remaining if n.strip().casefold() in names]
        if len(given) != offer.choose:
            noun = "ability" if offer.choose == 1 else "abilities"
            listed = f": {', '.join(given)}" if given else ""
            # a player at the command line has no list to look at: name what can be chosen
            left = [a.name for a in offer.abilities if a.name not in given]
            hint = f" Choose from: {', '.join(left)}." if len(given) < offer.choose else ""
            problems.append(
                f"{offer.label} needs {offer.choose} tier-{offer.tier} special {noun}; "
                f"{len(given)} given{listed}.{hint}"
            )
    return problems
