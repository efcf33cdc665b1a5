"""Making a new character: what the player chose, what the templates give, what is missing.

The wizard and `numdesk new-character` both fill a `CreationChoices` and call
`creation_problems` (every reason it cannot be made yet, in words a player reads) and
`build_character` (the finished sheet and the list of what was applied, "+4 Might from
Very Powerful"). A part without a template is the player's own words; a value a
template leaves empty is the player's to type, and the problems say which one. Every
choice the book asks ("+2 Might or +2 Intellect or +1 to all three", "choose two of …")
is answered in `CreationChoices.answers`; none is made for the player.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from numdesk.model.abilities import Ability, Skill
from numdesk.model.ability_apply import apply_effect, apply_options
from numdesk.model.book_choices import answer_problems
from numdesk.model.character import Character
from numdesk.model.characteristics import Characteristic
from numdesk.model.creation_choices import PARTS, CreationChoices
from numdesk.model.creation_effects import (
    ability_effects,
    answers_to,
    chosen,
    edge_changes,
    edge_options,
    pool_changes,
    template_effects,
    type_edges,
)
from numdesk.model.creation_offers import ability_offers, pick_problems
from numdesk.model.errors import DomainError
from numdesk.model.history import HistoryEntry
from numdesk.model.items import new_uid
from numdesk.model.skill_picks import duplicate_pick_problems
from numdesk.model.templates import SentenceTemplate
from numdesk.model.validation import find_problems
from numdesk.rules.profiles import PROFILES, family_of, get_profile
from numdesk.rules.types import AbilitySource, SkillLevel, Stat


def _label(profile: str) -> str:
    """A profile's name as players read it (its key if unknown)."""
    return PROFILES[profile].label if profile in PROFILES else profile


def stat_label(stat: Stat) -> str:
    return stat.value.capitalize()


def prefill(choices: CreationChoices) -> None:
    """Put the type template's starting values into `choices` (None where it has none)."""
    type_t = choices.type_template
    if type_t is None:
        return
    choices.pools = {s: type_t.pools.get(s) for s in Stat}
    choices.edges = dict.fromkeys(Stat)
    choices.effort = type_t.effort
    choices.cypher_limit = type_t.cypher_limit
    choices.shins = type_t.shins
    choices.free_points = type_t.starting_points


def character_abilities(choices: CreationChoices) -> list[Ability]:
    """The special abilities the character gets: granted, picked and added by hand."""
    picked = {n.strip().casefold() for n in choices.picked}
    found = [
        ability
        for offer in ability_offers(choices)
        for ability in offer.abilities
        if offer.grants_all or ability.name.casefold() in picked
    ]
    return found + list(choices.added)


def extra_points_total(choices: CreationChoices) -> int:
    """The points the player divides among the Pools: the type's plus the descriptor's."""
    return (choices.free_points or 0) + sum(e.extra_points for e in template_effects(choices))


def pool_bonus(choices: CreationChoices) -> dict[Stat, int]:
    """Pool changes from descriptor, focus, flavor, the answered choices and abilities."""
    bonus = {s: choices.own_bonus.get(s, 0) for s in Stat}
    for stat, amount, _source in pool_changes(choices, character_abilities(choices)):
        bonus[stat] += amount
    return bonus


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


def _edge_words(edges: dict[Stat, int]) -> str:
    return ", ".join(f"{stat_label(s)} Edge {v}" for s, v in edges.items())


def edge_problems(choices: CreationChoices) -> list[str]:
    """Edges typed against what the type gives (a Warrior with Might 1 and Speed 1)."""
    typed = {s: v for s, v in choices.edges.items() if v is not None}
    decided, where = type_edges(choices)
    if decided is not None:
        wrong = any(typed[s] != decided[s] for s in typed)
        if not wrong:
            return []
        return [f"{where} gives {_edge_words(decided)}; {_edge_words(typed)} does not fit."]
    offered = edge_options(choices)
    if offered is None or not typed:
        return []
    if any(all(o.edges.get(s) == v for s, v in typed.items()) for o in offered.options):
        return []
    either = " or ".join(o.label for o in offered.options)
    return [f"{offered.title} gives {either}; {_edge_words(typed)} fits neither."]


def _base_edges(choices: CreationChoices) -> dict[Stat, int]:
    decided, _where = type_edges(choices)
    return decided if decided is not None else {s: choices.edges.get(s) or 0 for s in Stat}


def choice_problems(choices: CreationChoices, later: frozenset[str] = frozenset()) -> list[str]:
    """Choices the book asks that are not answered, or answered wrongly (but those whose
    keys are in `later`: the wizard asks them on a later page)."""
    abilities = character_abilities(choices)
    problems = []
    base = _base_edges(choices)
    answered = [(c, options) for c, options in chosen(choices, abilities) if c.key not in later]
    for choice, options in answered:
        problems.extend(answer_problems(choice, answers_to(choices, choice)))
        for option in options:
            for stat in option.edge_bonus:
                if base[stat] != 0:
                    problems.append(
                        f"{choice.title} raises an Edge that is 0; your "
                        f"{stat_label(stat)} Edge is {base[stat]}."
                    )
    problems.extend(duplicate_pick_problems(answered, held_skills(choices, abilities)))
    return problems


def held_skills(
    choices: CreationChoices, abilities: list[Ability]
) -> dict[str, tuple[str, SkillLevel]]:
    """The skills the character has without picking them: folded name -> (from, level)."""
    type_t = choices.type_template
    held: dict[str, tuple[str, SkillLevel]] = {}
    if type_t is not None:
        for skill in type_t.skills:
            held.setdefault(skill.name.casefold(), (type_t.name, skill.level))
    for effect in _all_effects(choices, abilities):
        for skill in effect.skills:
            held.setdefault(skill.name.casefold(), (effect.source or effect.name, skill.level))
    return held


def _all_effects(choices: CreationChoices, abilities: list[Ability]) -> list[Characteristic]:
    return template_effects(choices) + ability_effects(abilities)


def creation_problems(choices: CreationChoices, later: frozenset[str] = frozenset()) -> list[str]:
    """Every reason the character cannot be made yet; [] when it can (`later`: the keys of
    choices the wizard asks on a later page, left out)."""
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
    problems.extend(edge_problems(choices))
    problems.extend(extra_problems(choices))
    problems.extend(pick_problems(ability_offers(choices), choices.picked))
    problems.extend(choice_problems(choices, later))
    return problems


def open_edges_note(choices: CreationChoices) -> str:
    """What to say when the type's template does not give the Edges ("" when it does)."""
    type_t = choices.type_template
    if type_t is None or all(type_t.edges.get(s) is not None for s in Stat):
        return ""
    if edge_options(choices) is not None:
        return ""  # a choice of Edges: asked as a choice, not typed
    return f"{type_t.name} does not give its Edges: type them from your rulebook."


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
    abilities = character_abilities(choices)
    effects = _all_effects(choices, abilities)
    answered = [(c, options) for c, options in chosen(choices, abilities) if options]
    _build_pools(ch, choices, abilities, applied)
    assert choices.effort is not None and choices.cypher_limit is not None
    ch.effort, ch.cypher_limit, ch.shins = choices.effort, choices.cypher_limit, choices.shins or 0
    ch.currency = " ".join(choices.currency.split())
    for choice, options in answered:
        words = "; ".join(o.label for o in options)
        applied.append(f"{choice.title}: {words} (your choice)")
    if type_t is not None:
        ch.equipment.extend(copy.deepcopy(type_t.equipment))
    for part in PARTS[1:]:
        template = choices.template(part)
        if isinstance(template, SentenceTemplate):
            ch.equipment.extend(copy.deepcopy(template.equipment))
    rows, said = starting_skills(choices)
    ch.skills.extend(rows)
    applied.extend(said)
    for effect in effects:
        applied.extend(line for line in effect.lines if not _said_elsewhere(line))
        apply_effect(ch, effect)
        if effect.ability is not None and effect.name not in {a.name for a in abilities}:
            ch.abilities.append(_fresh(effect.ability))
    fresh = [_fresh(ability) for ability in abilities]
    for ability, copied in zip(abilities, fresh, strict=True):
        ch.abilities.append(copied)
        origin = "added by hand" if ability in choices.added else f"from {_origin(ability)}"
        applied.append(f"{ability.name} ({origin})")
    for choice, options in answered:
        if choice.owner is not None:
            fresh[choice.owner].choice = "; ".join(o.label for o in options)
        applied.extend(apply_options(ch, choice, options))
    for problem in find_problems(ch):
        raise problem
    ch.history.append(
        HistoryEntry(f"Made the character: {ch.sentence}", kind="edit", details="\n".join(applied))
    )
    return CreationResult(ch, applied)


def _said_elsewhere(line: str) -> bool:
    """Lines the build says itself: skills as rows are added, choices as answered."""
    return line.startswith(("Trained in", "Specialized in", "Inability:", "Ability ")) or (
        ": your choice" in line
    )


def _origin(ability: Ability) -> str:
    return ability.source.value if ability.source is not AbilitySource.OTHER else "the type"


def _build_pools(
    ch: Character, choices: CreationChoices, abilities: list[Ability], applied: list[str]
) -> None:
    """Pools from the type, the bonuses and the extra points; Edges and their increases."""
    type_t = choices.type_template
    bonus = pool_bonus(choices)
    edges = _base_edges(choices)
    for stat, amount, source in edge_changes(choices, abilities):
        edges[stat] += amount
        applied.append(f"{amount:+d} {stat_label(stat)} Edge from {source}")
    for stat in Stat:
        base = choices.pools[stat]
        assert base is not None
        maximum = base + bonus[stat] + choices.extra.get(stat, 0)
        if maximum < 0:
            raise DomainError(f"The {stat_label(stat)} Pool would start below 0.")
        pool = ch.pool(stat)
        pool.maximum = pool.current = maximum
        pool.edge = edges[stat]
    if type_t is not None:
        pools = ", ".join(f"{stat_label(s)} {type_t.pools[s]}" for s in Stat if type_t.pools.get(s))
        if pools:
            applied.append(f"{pools} from {type_t.name}")
    descriptor = choices.parts["descriptor"].name or "the descriptor"
    for stat, amount in choices.own_bonus.items():
        if amount:
            applied.append(f"{amount:+d} {stat_label(stat)} from {descriptor}")
    for stat, amount in choices.extra.items():
        if amount:
            applied.append(f"{amount:+d} {stat_label(stat)} from extra points")


def starting_skills(choices: CreationChoices) -> tuple[list[Skill], list[str]]:
    """The Skills table the character starts with (the type's, the templates', the
    abilities' and the chosen ones, one row per name) and a line about each row."""
    abilities = character_abilities(choices)
    type_t = choices.type_template
    given = list(type_t.skills) if type_t is not None else []
    given += [s for e in _all_effects(choices, abilities) for s in e.skills]
    given += [s for _c, options in chosen(choices, abilities) for o in options for s in o.skills]
    rows: list[Skill] = []
    said: list[str] = []
    order = list(SkillLevel)
    for skill in given:
        inability = skill.level is SkillLevel.INABILITY
        same = [
            s
            for s in rows
            if s.name.casefold() == skill.name.casefold()
            and (s.level is SkillLevel.INABILITY) == inability
        ]
        if same and order.index(skill.level) > order.index(same[0].level):
            same[0].level = skill.level
            said.append(f"{skill.name}: raised to {skill.level.value}")
            continue
        if same:
            said.append(f"{skill.name}: given twice; the Skills table keeps one row")
            continue
        rows.append(_fresh_skill(skill))
        level = (
            "Inability:"
            if skill.level is SkillLevel.INABILITY
            else (f"{skill.level.value.capitalize()} in")
        )
        said.append(f"{level} {skill.name}")
    return rows, said


def _fresh(ability: Ability) -> Ability:
    copied = copy.deepcopy(ability)
    copied.uid = new_uid()
    return copied


def _fresh_skill(skill: Skill) -> Skill:
    copied = copy.deepcopy(skill)
    copied.uid = new_uid()
    return copied
