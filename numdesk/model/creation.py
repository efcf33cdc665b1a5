"""Making a new character: what the player chose, what the templates give, what is missing.

The wizard and `numdesk new-character` both fill a `CreationChoices` and call
`creation_problems` (every reason it cannot be made yet, in words a player reads) and
`build_character` (the finished sheet and the list of what was applied, "+4 Might from
Very Powerful"). A part without a template is the player's own words; a value a
template leaves empty is the player's to type, and the problems say which one.
"""

from __future__ import annotations

import copy
import difflib
from dataclasses import dataclass, field

from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character
from numdesk.model.characteristics import Characteristic, read_characteristics
from numdesk.model.errors import DomainError
from numdesk.model.history import HistoryEntry
from numdesk.model.items import new_uid
from numdesk.model.templates import SentenceTemplate, TierAbilities, TypeTemplate
from numdesk.model.validation import find_problems
from numdesk.rules.profiles import PROFILES, family_of, get_profile
from numdesk.rules.types import AbilitySource, Stat

PARTS = ("type", "descriptor", "focus", "flavor")
SOURCES = {
    "type": AbilitySource.TYPE,
    "descriptor": AbilitySource.DESCRIPTOR,
    "focus": AbilitySource.FOCUS,
    "flavor": AbilitySource.FLAVOR,
}


def _label(profile: str) -> str:
    """A profile's name as players read it (its key if unknown)."""
    return PROFILES[profile].label if profile in PROFILES else profile


def stat_label(stat: Stat) -> str:
    return stat.value.capitalize()


@dataclass
class PartChoice:
    """A type, descriptor, focus or flavor: a library template, or the player's own words."""

    text: str = ""
    template: TypeTemplate | SentenceTemplate | None = None

    @property
    def name(self) -> str:
        return self.template.name if self.template is not None else self.text.strip()


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


@dataclass
class CreationChoices:
    """Everything the player decides; None in a value means "not filled in yet"."""

    name: str = ""
    profile: str = "numenera"
    player: str = ""
    parts: dict[str, PartChoice] = field(default_factory=lambda: {p: PartChoice() for p in PARTS})
    pools: dict[Stat, int | None] = field(default_factory=lambda: dict.fromkeys(Stat))
    edges: dict[Stat, int | None] = field(default_factory=lambda: dict.fromkeys(Stat))
    effort: int | None = None
    cypher_limit: int | None = None
    shins: int | None = None
    #: the type's own points to divide (None: the template does not say; the player types it)
    free_points: int | None = None
    extra: dict[Stat, int] = field(default_factory=lambda: dict.fromkeys(Stat, 0))
    #: names of the abilities ticked in the "choose N" offers (any case)
    picked: list[str] = field(default_factory=list)
    #: abilities the player adds by hand (a free-text type has no offers)
    added: list[Ability] = field(default_factory=list)

    def template(self, part: str) -> TypeTemplate | SentenceTemplate | None:
        return self.parts[part].template

    @property
    def type_template(self) -> TypeTemplate | None:
        found = self.parts["type"].template
        return found if isinstance(found, TypeTemplate) else None


def prefill(choices: CreationChoices) -> None:
    """Put the type template's starting values into `choices` (None where it has none)."""
    type_t = choices.type_template
    if type_t is None:
        return
    choices.pools = {s: type_t.pools.get(s) for s in Stat}
    choices.edges = {s: type_t.edges.get(s) for s in Stat}
    choices.effort = type_t.effort
    choices.cypher_limit = type_t.cypher_limit
    choices.shins = type_t.shins
    choices.free_points = type_t.starting_points


def descriptor_effects(template: SentenceTemplate) -> list[Characteristic]:
    """What a descriptor (or a focus/flavor with characteristics) gives, structured.

    The characteristics text is read (`numdesk.model.characteristics`); the template's
    own Pool bonus and extra points count only when no characteristic states them (a
    hand-made template), so nothing is counted twice. Its skills are added as they are.
    """
    found = read_characteristics(template.characteristics)
    states_pools = any(c.pool_bonus or c.extra_points for c in found)
    if not states_pools and (template.pool_bonus or template.extra_points):
        own = Characteristic(template.name, "", dict(template.pool_bonus), template.extra_points)
        for stat, amount in own.pool_bonus.items():
            own.lines.append(f"{amount:+d} {stat_label(stat)} from {template.name}")
        if own.extra_points:
            own.lines.append(f"{own.extra_points} extra points to divide from {template.name}")
        found.insert(0, own)
    for skill in template.skills:
        found.append(
            Characteristic(
                template.name,
                skill.description,
                skills=[skill],
                lines=[f"{skill.level.value.capitalize()} in {skill.name}"],
            )
        )
    return found


def extra_points_total(choices: CreationChoices) -> int:
    """The points the player divides among the Pools: the type's plus the descriptor's."""
    total = choices.free_points or 0
    for part in PARTS[1:]:
        template = choices.template(part)
        if isinstance(template, SentenceTemplate):
            total += sum(c.extra_points for c in descriptor_effects(template))
    return total


def pool_bonus(choices: CreationChoices) -> dict[Stat, int]:
    """Fixed Pool changes from descriptor, focus and flavor."""
    bonus = dict.fromkeys(Stat, 0)
    for part in PARTS[1:]:
        template = choices.template(part)
        if isinstance(template, SentenceTemplate):
            for effect in descriptor_effects(template):
                for stat, amount in effect.pool_bonus.items():
                    bonus[stat] += amount
    return bonus


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


def close_match(name: str, candidates: list[str]) -> str | None:
    """The candidate `name` was most likely meant to be (for "did you mean …?")."""
    folded = {c.casefold(): c for c in candidates}
    found = difflib.get_close_matches(name.casefold(), list(folded), n=1, cutoff=0.6)
    return folded[found[0]] if found else None


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


def value_problems(choices: CreationChoices) -> list[str]:
    """Starting values still to fill in, naming the template that left them empty."""
    type_t = choices.type_template
    source = (
        f"{type_t.name} leaves it empty: fill it in from your rulebook"
        if type_t is not None
        else "type it from your rulebook"
    )
    problems = []
    for stat in Stat:
        if choices.pools.get(stat) is None:
            problems.append(f"Starting {stat_label(stat)} Pool: {source}.")
    if choices.effort is None:
        problems.append(f"Effort: {source}.")
    if choices.cypher_limit is None:
        problems.append(f"Cypher limit: {source}.")
    if choices.free_points is None:
        problems.append(f"Extra points to divide: {source}.")
    return problems


def extra_problems(choices: CreationChoices) -> list[str]:
    total = extra_points_total(choices)
    spent = sum(choices.extra.values())
    if any(v < 0 for v in choices.extra.values()):
        return ["Extra points cannot be negative."]
    if spent != total:
        return [f"{total} extra points to divide among the Pools; {spent} spent."]
    return []


def creation_problems(choices: CreationChoices) -> list[str]:
    """Every reason the character cannot be made yet; [] when it can."""
    problems = []
    if not choices.name.strip():
        problems.append("Give the character a name.")
    for part in PARTS:
        template = choices.template(part)
        if template is None:
            continue
        # a house rules character also uses the templates of the built-in it starts from
        if template.profile not in ("", choices.profile, family_of(choices.profile)):
            problems.append(
                f"{template.name} belongs to the {_label(template.profile)} rules, this "
                f"character to the {_label(choices.profile)} rules."
            )
        held = template.part if isinstance(template, SentenceTemplate) else "type"
        if held != part:
            problems.append(f"{template.name} is a {held}, not a {part}.")
    if not choices.parts["type"].name:
        problems.append("Choose a type from the list or type its name.")
    problems.extend(value_problems(choices))
    problems.extend(extra_problems(choices))
    problems.extend(pick_problems(ability_offers(choices), choices.picked))
    return problems


def open_edges_note(choices: CreationChoices) -> str:
    """What to say when the type leaves the Edges to the player ("" when it gives them)."""
    type_t = choices.type_template
    if type_t is None or all(type_t.edges.get(s) is not None for s in Stat):
        return ""
    hint = next((line for line in type_t.notes.splitlines() if "Edge" in line and ":" in line), "")
    text = f"{type_t.name} lets you choose your Edges"
    return f"{text} ({hint.strip()})." if hint else f"{text}."


@dataclass
class CreationResult:
    character: Character
    applied: list[str]


def build_character(choices: CreationChoices) -> CreationResult:
    """The finished sheet; DomainError with the first problem when it cannot be made."""
    problems = creation_problems(choices)
    if problems:
        raise DomainError(problems[0])
    get_profile(choices.profile)  # an unknown profile is refused here
    ch = Character(choices.name.strip(), profile=choices.profile, player=choices.player.strip())
    applied: list[str] = []
    for part in PARTS:
        setattr(ch, part, choices.parts[part].name)
    type_t = choices.type_template
    bonus = pool_bonus(choices)
    for stat in Stat:
        base = choices.pools[stat]
        assert base is not None
        maximum = base + bonus[stat] + choices.extra.get(stat, 0)
        if maximum < 0:
            raise DomainError(f"The {stat_label(stat)} Pool would start below 0.")
        pool = ch.pool(stat)
        pool.maximum = pool.current = maximum
        pool.edge = choices.edges.get(stat) or 0
    if type_t is not None:
        pools = ", ".join(f"{stat_label(s)} {type_t.pools[s]}" for s in Stat if type_t.pools.get(s))
        if pools:
            applied.append(f"{pools} from {type_t.name}")
    assert choices.effort is not None and choices.cypher_limit is not None
    ch.effort, ch.cypher_limit, ch.shins = choices.effort, choices.cypher_limit, choices.shins or 0
    for stat, amount in choices.extra.items():
        if amount:
            applied.append(f"{amount:+d} {stat_label(stat)} from extra points")
    if type_t is not None:
        ch.skills.extend(copy.deepcopy(type_t.skills))
        ch.equipment.extend(copy.deepcopy(type_t.equipment))
    for part in PARTS[1:]:
        template = choices.template(part)
        if isinstance(template, SentenceTemplate):
            ch.equipment.extend(copy.deepcopy(template.equipment))
            for effect in descriptor_effects(template):
                applied.extend(effect.lines)
                ch.skills.extend(_fresh_skill(s) for s in effect.skills)
                if effect.ability is not None:
                    ch.abilities.append(_fresh(effect.ability))
    picked = {n.strip().casefold() for n in choices.picked}
    for offer in ability_offers(choices):
        for ability in offer.abilities:
            if offer.grants_all or ability.name.casefold() in picked:
                ch.abilities.append(_fresh(ability))
                applied.append(f"{ability.name} from {offer.label}")
    for ability in choices.added:
        ch.abilities.append(_fresh(ability))
        applied.append(f"{ability.name} (added by hand)")
    for problem in find_problems(ch):
        raise problem
    ch.history.append(
        HistoryEntry(f"Made the character: {ch.sentence}", kind="edit", details="\n".join(applied))
    )
    return CreationResult(ch, applied)


def _fresh(ability: Ability) -> Ability:
    copied = copy.deepcopy(ability)
    copied.uid = new_uid()
    return copied


def _fresh_skill(skill: Skill) -> Skill:
    copied = copy.deepcopy(skill)
    copied.uid = new_uid()
    return copied
