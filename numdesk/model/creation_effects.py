"""What the chosen templates and abilities give a new character, and the choices they ask.

`template_effects` reads the type's basic abilities and the descriptor's, focus's and
flavor's characteristics; `ability_effects` reads the special abilities the character
will have; `book_choices` lists every choice these ask (each with a key the player names
it by); `chosen` pairs each choice with the options the player's answers pick. The
wizard, `numdesk new-character` and `build_character` all read these, so what is shown,
what is asked and what is built are the same.
"""

from __future__ import annotations

from collections.abc import Iterator

from numdesk.model.abilities import Ability
from numdesk.model.ability_gains import read_ability
from numdesk.model.book_choices import BookChoice, Option, chosen_options, number_repeats
from numdesk.model.characteristics import (
    Characteristic,
    label,
    read_characteristics,
    read_type_line,
    split_line,
)
from numdesk.model.creation_choices import CreationChoices
from numdesk.model.items import Equipment
from numdesk.model.templates import SentenceTemplate, TypeTemplate
from numdesk.rules.types import Stat

SENTENCE_PARTS = ("descriptor", "focus", "flavor")


def descriptor_effects(template: SentenceTemplate) -> list[Characteristic]:
    """What a descriptor (or a focus/flavor with characteristics) gives, structured.

    The characteristics text is read (`numdesk.model.characteristics`); the template's
    own Pool bonus and extra points count only when no characteristic states them (a
    hand-made template), so nothing is counted twice. Its skills and equipment are added
    as they are, and a focus's "Additional equipment" note becomes an equipment line.
    """
    found = read_characteristics(template.characteristics, template.name)
    states_pools = any(c.pool_bonus or c.extra_points or _pool_choice(c) for c in found)
    if not states_pools and (template.pool_bonus or template.extra_points):
        own = Characteristic(template.name, "", dict(template.pool_bonus), template.extra_points)
        for stat, amount in own.pool_bonus.items():
            own.lines.append(f"{amount:+d} {label(stat)} from {template.name}")
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
    for line in template.notes.splitlines():
        name, text = split_line(line)
        if name.casefold() == "additional equipment" and text:
            gear = Equipment(f"Additional equipment ({template.name})", description=text)
            found.append(
                Characteristic(name, text, equipment=[gear], lines=[f"Equipment: {gear.name}"])
            )
    return found


def _pool_choice(found: Characteristic) -> bool:
    return found.choice is not None and any(o.pool_bonus for o in found.choice.options)


def type_effects(template: TypeTemplate) -> list[Characteristic]:
    """A type's basic abilities as stored in its notes ("Effort: Your Effort is 1.")."""
    found = []
    for line in template.notes.splitlines():
        read = read_type_line(*split_line(line), template.name)
        if read is not None:
            found.append(read)
    return found


def template_effects(choices: CreationChoices) -> list[Characteristic]:
    """What the chosen type, descriptor, focus and flavor templates give, in that order."""
    found: list[Characteristic] = []
    type_t = choices.type_template
    if type_t is not None:
        found.extend(type_effects(type_t))
    for part in SENTENCE_PARTS:
        template = choices.template(part)
        if isinstance(template, SentenceTemplate):
            found.extend(descriptor_effects(template))
    return found


def ability_effects(abilities: list[Ability]) -> list[Characteristic]:
    """What the character's special abilities give besides themselves."""
    found = []
    for index, ability in enumerate(abilities):
        read = read_ability(ability)
        if read.choice is not None:
            read.choice.owner = index  # the answer is written on this ability
        if read.structured:
            found.append(read)
    return found


def book_choices(choices: CreationChoices, abilities: list[Ability]) -> list[BookChoice]:
    """Every choice the templates and `abilities` ask, each under a key of its own."""
    asked = [e.choice for e in template_effects(choices) + ability_effects(abilities) if e.choice]
    return number_repeats(asked)


def chosen(
    choices: CreationChoices, abilities: list[Ability]
) -> Iterator[tuple[BookChoice, list[Option]]]:
    """Each choice with the options the player's answers pick (maybe none yet)."""
    for choice in book_choices(choices, abilities):
        yield choice, chosen_options(choice, answers_to(choices, choice))


def answers_to(choices: CreationChoices, choice: BookChoice) -> list[str]:
    """The player's answers to `choice`, filed under its title ("Rusted: Skill") or key."""
    answers = {k.casefold(): v for k, v in choices.answers.items()}
    return answers.get(choice.title.casefold(), answers.get(choice.key.casefold(), []))


def type_edges(choices: CreationChoices) -> tuple[dict[Stat, int] | None, str]:
    """The Edges the type decides (fixed, or its Edge choice as answered) and where from.

    (None, "") when the type leaves the Edges to the player (a free-text or starter type);
    (None, key) when the type offers a choice of Edges not answered yet.
    """
    type_t = choices.type_template
    if type_t is None:
        return None, ""
    if all(type_t.edges.get(s) is not None for s in Stat):
        return {s: type_t.edges[s] or 0 for s in Stat}, type_t.name
    for choice, options in chosen(choices, []):
        if any(o.edges for o in choice.options):
            if options:
                return dict(options[0].edges), choice.title
            return None, choice.key
    return None, ""


def edge_options(choices: CreationChoices) -> BookChoice | None:
    """The type's choice of Edges (Warrior's Physical Nature), if it has one."""
    for choice in book_choices(choices, []):
        if any(o.edges for o in choice.options):
            return choice
    return None


def pool_changes(choices: CreationChoices, abilities: list[Ability]) -> list[tuple[Stat, int, str]]:
    """Every Pool change from templates, answered choices and abilities: (stat, +n, from)."""
    found: list[tuple[Stat, int, str]] = []
    for effect in template_effects(choices) + ability_effects(abilities):
        for stat, amount in effect.pool_bonus.items():
            found.append((stat, amount, effect.name or "the descriptor"))
    for choice, options in chosen(choices, abilities):
        for option in options:
            for stat, amount in option.pool_bonus.items():
                found.append((stat, amount, choice.key))
    return found


def edge_changes(choices: CreationChoices, abilities: list[Ability]) -> list[tuple[Stat, int, str]]:
    """Every Edge increase (Roach's Scuttler, Improved Edge): (stat, +n, from)."""
    found: list[tuple[Stat, int, str]] = []
    for effect in template_effects(choices) + ability_effects(abilities):
        for stat, amount in effect.edge_bonus.items():
            found.append((stat, amount, effect.name))
    for choice, options in chosen(choices, abilities):
        for option in options:
            for stat, amount in option.edge_bonus.items():
                found.append((stat, amount, choice.key))
    return found
