"""Filling a new character from its type, descriptor, focus and flavor templates.

Templates hold what the rules texts give; a None in a template means the texts do not
say, so the sheet keeps its value and the user fills it in. Abilities come from tier 1:
those a template grants outright are added; where a template offers a choice, the
wizard passes the picked ones in `chosen_abilities`.
"""

from __future__ import annotations

import copy

from numdesk.model.abilities import Ability
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.operations.base import Change
from numdesk.model.operations.sheet import CharacterOperation, stat_name
from numdesk.model.templates import SentenceTemplate, TierAbilities, TypeTemplate
from numdesk.model.validation import check_int, check_item
from numdesk.rules.profiles import PROFILES, family_of
from numdesk.rules.types import AbilitySource, Stat

_PARTS: dict[str, AbilitySource] = {
    "descriptor": AbilitySource.DESCRIPTOR,
    "focus": AbilitySource.FOCUS,
    "flavor": AbilitySource.FLAVOR,
}


def granted_abilities(tiers: list[TierAbilities], tier: int = 1) -> list[Ability]:
    """The abilities of `tier` a template gives without a choice."""
    granted: list[Ability] = []
    for entry in tiers:
        if entry.tier == tier and (entry.choose == 0 or entry.choose >= len(entry.abilities)):
            granted.extend(entry.abilities)
    return granted


def ability_choices(tiers: list[TierAbilities], tier: int = 1) -> list[TierAbilities]:
    """The choices a template offers at `tier` (pick `choose` of `abilities`)."""
    return [
        entry for entry in tiers if entry.tier == tier and 0 < entry.choose < len(entry.abilities)
    ]


class ApplyTemplates(CharacterOperation):
    """Fill the sheet from templates: Pools, Edges, Effort, cypher limit, starting points,
    skills, tier 1 abilities, equipment, shins and the sentence."""

    def __init__(
        self,
        type_template: TypeTemplate | None,
        descriptor: SentenceTemplate | None = None,
        focus: SentenceTemplate | None = None,
        flavor: SentenceTemplate | None = None,
        chosen_abilities: list[Ability] | None = None,
    ) -> None:
        super().__init__()
        self.type_template = copy.deepcopy(type_template)
        self.sentence = {
            "descriptor": copy.deepcopy(descriptor),
            "focus": copy.deepcopy(focus),
            "flavor": copy.deepcopy(flavor),
        }
        self.chosen = copy.deepcopy(chosen_abilities or [])

    def _run(self, character: Character) -> Change:
        used: list[str] = []
        type_t = self.type_template
        if type_t is not None:
            self._check_profile(character, type_t.profile, type_t.name)
            self._apply_type(character, type_t)
            used.append(f"type {type_t.name}")
        for part, template in self.sentence.items():
            if template is None:
                continue
            self._check_profile(character, template.profile, template.name)
            if template.part != part:
                raise DomainError(
                    f"{template.name} is a {template.part}, not a {part}.", field=part
                )
            self._apply_part(character, part, template)
            used.append(f"{part} {template.name}")
        for ability in self.chosen:
            self._add_ability(character, ability, AbilitySource.OTHER)
        if not used and not self.chosen:
            raise DomainError("Choose at least one template.", field="type")
        for stat in Stat:
            pool = character.pool(stat)
            pool.current = pool.maximum
        pools = ", ".join(
            f"{stat_name(s)} {character.pool(s).maximum}/{character.pool(s).edge}" for s in Stat
        )
        return Change(
            f"Filled the sheet from {', '.join(used) or 'chosen abilities'} (Pool/Edge {pools})",
            kind="edit",
        )

    @staticmethod
    def _check_profile(character: Character, profile: str, name: str) -> None:
        # a house rules character also uses the templates of the built-in it starts from
        if profile not in (character.profile, family_of(character.profile)):
            raise DomainError(
                f"{name} belongs to the {_label(profile)} rules, this character to the "
                f"{_label(character.profile)} rules.",
                field="profile",
            )

    def _apply_type(self, character: Character, template: TypeTemplate) -> None:
        character.type = template.name
        for stat, value in template.pools.items():
            if value is not None:
                character.pool(stat).maximum = check_int(
                    value, f"pools.{stat.value}.maximum", f"{template.name}'s {stat_name(stat)}"
                )
        for stat, value in template.edges.items():
            if value is not None:
                character.pool(stat).edge = value
        if template.effort is not None:
            character.effort = template.effort
        if template.cypher_limit is not None:
            character.cypher_limit = template.cypher_limit
        if template.starting_points is not None:
            character.starting_points = template.starting_points
        if template.shins is not None:
            character.shins = template.shins
        character.skills.extend(copy.deepcopy(template.skills))
        character.equipment.extend(copy.deepcopy(template.equipment))
        for ability in granted_abilities(template.tiers):
            self._add_ability(character, ability, AbilitySource.TYPE)

    def _apply_part(self, character: Character, part: str, template: SentenceTemplate) -> None:
        setattr(character, part, template.name)
        for stat, bonus in template.pool_bonus.items():
            character.pool(stat).maximum += bonus
        character.starting_points += template.extra_points
        character.skills.extend(copy.deepcopy(template.skills))
        character.equipment.extend(copy.deepcopy(template.equipment))
        for ability in granted_abilities(template.tiers):
            self._add_ability(character, ability, _PARTS[part])

    @staticmethod
    def _add_ability(character: Character, ability: Ability, source: AbilitySource) -> None:
        added = copy.deepcopy(ability)
        if added.source is AbilitySource.OTHER:
            added.source = source
        check_item(added, character, f"abilities[{len(character.abilities)}]")
        character.abilities.append(added)


def _label(profile: str) -> str:
    """A profile's name as players read it (its key if unknown)."""
    return PROFILES[profile].label if profile in PROFILES else profile
