"""Buying tier advancements with XP (RULES.md A1–A3)."""

from __future__ import annotations

import copy
from collections.abc import Mapping

from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character
from numdesk.model.errors import DomainError, domain_errors
from numdesk.model.operations.base import Change
from numdesk.model.operations.conditions import pools_current, pools_maximum
from numdesk.model.operations.sheet import CharacterOperation, as_stat, stat_name
from numdesk.model.validation import check_int, check_item, check_text, profile_of
from numdesk.rules.advancement import (
    AdvancementResult,
    advance_skill,
    apply_capabilities,
    available_advancements,
    buy_advancement,
    check_advancement,
    other_effect,
    perfection,
    raise_effort,
)
from numdesk.rules.types import Advancement, OtherAdvancement, SkillLevel, Stat


def advancement_options(character: Character) -> dict[Advancement, str | None]:
    """Each advancement and why it cannot be bought now (None when it can): the picker."""
    return {
        kind: check_advancement(kind, character.advancements, character.xp, character.tier)
        for kind in Advancement
    }


def affordable_advancements(character: Character) -> tuple[Advancement, ...]:
    """The advancements the character can buy now."""
    return available_advancements(character.advancements, character.xp, character.tier)


class BuyAdvancement(CharacterOperation):
    """Buy one advancement for 4 XP and apply what it gives (A1, A2).

    Choices by kind: Capabilities `split` (4 points among the Pools, each raising the
    maximum and the current value); Perfection `stat`; Effort nothing; Skill `skill` (a
    name: a new skill is trained, a trained one specialized); Other `other` (and
    `ability` for a new ability). Buying the fourth of a tier raises the tier (A3): then
    `tier_raised` is True and the UI offers the new tier's abilities.
    """

    def __init__(
        self,
        kind: Advancement,
        *,
        split: Mapping[Stat | str, int] | None = None,
        stat: Stat | str | None = None,
        skill: str | None = None,
        other: OtherAdvancement | None = None,
        ability: Ability | None = None,
    ) -> None:
        super().__init__()
        self.kind = Advancement(kind)
        self.split = {as_stat(k, "split"): v for k, v in (split or {}).items()}
        self.stat = stat
        self.skill = skill
        self.other = other
        self.ability = copy.deepcopy(ability)
        self.result: AdvancementResult | None = None
        self.tier_raised = False

    def _run(self, character: Character) -> Change:
        reason = check_advancement(self.kind, character.advancements, character.xp, character.tier)
        if reason is not None:
            raise DomainError(reason, field="advancements")
        detail = self._apply_choice(character)
        with domain_errors("advancements"):
            result = buy_advancement(
                self.kind, character.advancements, character.xp, character.tier
            )
        character.xp = result.xp_after
        character.tier = result.tier_after
        character.advancements = list(result.bought_after)
        self.result = result
        self.tier_raised = result.tier_up
        text = f"Bought {self.kind.value.capitalize()}: {detail}; XP {result.xp_before} → "
        text += f"{result.xp_after}"
        if result.tier_up and result.tier_after != result.tier_before:
            text += f"; reached tier {result.tier_after}"
        elif result.tier_up:
            text += "; a new set of advancements (tier stays 6)"
        return Change(text, kind="tier")

    def _apply_choice(self, character: Character) -> str:
        if self.kind is Advancement.CAPABILITIES:
            return self._capabilities(character)
        if self.kind is Advancement.PERFECTION:
            if self.stat is None:
                raise DomainError("Choose the stat whose Edge rises.", field="stat")
            stat = as_stat(self.stat)
            edges = {s: character.pool(s).edge for s in Stat}
            with domain_errors("stat"):
                after = perfection(edges, stat)
            character.pool(stat).edge = after[stat]
            return f"{stat_name(stat)} Edge {edges[stat]} → {after[stat]}"
        if self.kind is Advancement.EFFORT:
            before = character.effort
            with domain_errors("effort"):
                character.effort = raise_effort(before, profile_of(character))
            return f"Effort {before} → {character.effort}"
        if self.kind is Advancement.SKILL:
            return self._skill(character)
        return self._other(character)

    def _capabilities(self, character: Character) -> str:
        for stat, value in self.split.items():
            check_int(value, f"split.{stat.value}", f"Points for {stat_name(stat)}", minimum=0)
        with domain_errors("split"):
            result = apply_capabilities(
                pools_current(character), pools_maximum(character), self.split
            )
        parts = []
        for stat in Stat:
            pool = character.pool(stat)
            if result.maximums_after[stat] != pool.maximum:
                parts.append(
                    f"{stat_name(stat)} Pool {pool.current}/{pool.maximum} → "
                    f"{result.pools_after[stat]}/{result.maximums_after[stat]}"
                )
            pool.maximum = result.maximums_after[stat]
            pool.current = result.pools_after[stat]
        return ", ".join(parts)

    def _skill(self, character: Character) -> str:
        if self.skill is None:
            raise DomainError("Choose a skill to train or specialize.", field="skill")
        name = check_text(self.skill, "skill", "The skill", required=True).strip()
        profile = profile_of(character)
        found = [s for s in character.skills if s.name.casefold() == name.casefold()]
        trained = [s for s in found if s.level is not SkillLevel.INABILITY]
        current = trained[0] if trained else (found[0] if found else None)
        level = current.level if current is not None else None
        with domain_errors("skill"):
            after = advance_skill(profile, level)
        if current is None:
            skill = Skill(name, after or SkillLevel.TRAINED)
            check_item(skill, character, f"skills[{len(character.skills)}]")
            character.skills.append(skill)
            return f"trained in {name}"
        if after is None:
            character.skills.remove(current)
            return f"{current.name}: training cancels the inability"
        before = current.level
        current.level = after
        return f"{current.name} {before.value} → {after.value}"

    def _other(self, character: Character) -> str:
        if self.other is None:
            raise DomainError("Choose what the Other advancement gives.", field="other")
        option = OtherAdvancement(self.other)
        with domain_errors("other"):
            effect = other_effect(
                option,
                armor_cost_reduction=character.armor_cost_reduction,
                recovery_bonus=character.recovery_bonus,
            )
        if option is OtherAdvancement.ARMOR_COST:
            before = character.armor_cost_reduction
            character.armor_cost_reduction = effect.armor_cost_reduction
            return f"armor cost reduction {before} → {effect.armor_cost_reduction}"
        if option is OtherAdvancement.RECOVERY_BONUS:
            before = character.recovery_bonus
            character.recovery_bonus = effect.recovery_bonus
            return f"recovery bonus +{before} → +{effect.recovery_bonus}"
        if self.ability is None:
            raise DomainError("Choose the new ability.", field="ability")
        if self.ability.tier > character.tier:
            raise DomainError(
                f"{self.ability.name} is a tier {self.ability.tier} ability; choose one of "
                f"tier {character.tier} or lower.",
                field="ability",
            )
        ability = copy.deepcopy(self.ability)
        check_item(ability, character, f"abilities[{len(character.abilities)}]")
        character.abilities.append(ability)
        return f"new ability {ability.name}"
