"""`numdesk new-character`: make a character from the command line, through the same
code as the New Character wizard (`numdesk.model.creation`, `controllers.creation`).

On success one line names the sheet and its Pools; a missing or wrong choice exits 1
with one line saying what to fix, and nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from numdesk.model.errors import DomainError
from numdesk.rules.types import Stat

if TYPE_CHECKING:
    from numdesk.model.creation_choices import CreationChoices

# numdesk.model.creation (every model class and most rules) is imported by the
# command's own functions: `register` runs at every start of the app, where the
# parser is built, and must stay light.


def _stat_values(pairs: list[str] | None, option: str) -> dict[Stat, int]:
    """ "might=2" pairs -> {Stat.MIGHT: 2}; a bad pair is refused naming the option."""
    values: dict[Stat, int] = {}
    for pair in pairs or []:
        name, sep, number = pair.partition("=")
        stat = next((s for s in Stat if s.value == name.strip().casefold()), None)
        if not sep or stat is None:
            raise DomainError(
                f"{option} takes STAT=N with STAT might, speed or intellect; got '{pair}'."
            )
        try:
            values[stat] = values.get(stat, 0) + int(number)
        except ValueError:
            raise DomainError(f"{option} {pair}: '{number}' is not a whole number.") from None
    return values


def choices_from_args(args: argparse.Namespace, library: Any) -> CreationChoices:
    """The wizard's choices as the command line gives them (templates found by name)."""
    from numdesk.controllers.creation import find_template
    from numdesk.model.creation import extra_points_total, prefill
    from numdesk.model.creation_choices import CreationChoices, PartChoice
    from numdesk.model.creation_effects import type_edges
    from numdesk.model.creation_offers import ability_offers

    choices = CreationChoices(name=args.name, profile=args.rules)
    for part in ("type", "descriptor", "focus", "flavor"):
        text = getattr(args, part) or ""
        template = find_template(library, part, args.rules, text)
        choices.parts[part] = PartChoice(text, template)
    prefill(choices)
    for stat, value in _stat_values(args.pool, "--pool").items():
        choices.pools[stat] = value
    choices.own_bonus.update(_stat_values(args.bonus, "--bonus"))
    choices.answers = _answers(args.choose)
    edges = _stat_values(args.edge, "--edge")
    decided, where = type_edges(choices)
    for stat in Stat:
        if stat in edges:
            choices.edges[stat] = edges[stat]
        elif decided is None and not where:
            choices.edges[stat] = 0  # the type leaves them open: unsaid means 0, noted
    _answer_edges_from(choices, edges)
    extra = _stat_values(args.extra, "--extra")
    choices.extra = {s: extra.get(s, 0) for s in Stat}
    if choices.free_points is None:
        # the type does not say how many: the player divides what their rulebook gives
        descriptor_points = extra_points_total(choices)
        choices.free_points = max(0, sum(choices.extra.values()) - descriptor_points)
    for option in ("effort", "cypher_limit", "shins", "currency"):
        value = getattr(args, option)
        if value is not None:
            setattr(choices, option, value)
    if any(not offer.grants_all for offer in ability_offers(choices)):
        choices.picked = list(args.ability or [])
    elif args.ability:
        _add_by_hand(choices, args.ability, library)
    return choices


def _answers(pairs: list[str] | None) -> dict[str, list[str]]:
    """ "Resilient=+2 to your Might Pool" pairs -> {"Resilient": [answer, …]}."""
    answers: dict[str, list[str]] = {}
    for pair in pairs or []:
        key, sep, answer = pair.partition("=")
        if not sep or not key.strip() or not answer.strip():
            raise DomainError(
                "--choose takes CHOICE=ANSWER (e.g. 'Resilient=+2 to your Might Pool'); "
                f"got '{pair}'."
            )
        answers.setdefault(key.strip(), []).append(answer.strip())
    return answers


def _answer_edges_from(choices: CreationChoices, edges: dict[Stat, int]) -> None:
    """--edge values that fit exactly one of the type's Edge choices answer it."""
    from numdesk.model.creation_effects import answers_to, edge_options

    offered = edge_options(choices)
    if offered is None or not edges or answers_to(choices, offered):
        return
    fits = [o for o in offered.options if all(o.edges.get(s) == v for s, v in edges.items())]
    if len(fits) == 1:
        choices.answers[offered.key] = [fits[0].label]


def _unknown_choices(choices: CreationChoices) -> None:
    """A --choose naming no choice this character has is refused, listing the ones it has."""
    from numdesk.model.creation import character_abilities
    from numdesk.model.creation_effects import book_choices
    from numdesk.model.names import close_match

    asked = book_choices(choices, character_abilities(choices))
    names = {n.casefold() for c in asked for n in (c.key, c.title)}
    for key in choices.answers:
        if key.casefold() not in names:
            hint = close_match(key, [c.key for c in asked])
            listed = ", ".join(c.key for c in asked) or "none"
            said = f"did you mean {hint}?" if hint else f"its choices: {listed}"
            raise DomainError(f"No choice called '{key}' for this character ({said}).")


def _add_by_hand(choices: CreationChoices, names: list[str], library: Any) -> None:
    """A type with no offers (free text, or a template without abilities): the named
    abilities come from the library's ability entries."""
    from numdesk.controllers.creation import library_ability

    for name in names:
        found = library_ability(library, name)
        if found is None:
            raise DomainError(f"No ability called '{name}' in the library.")
        found.tier = 1
        choices.added.append(found)


def run_new_character(args: argparse.Namespace) -> int:
    from numdesk.controllers.creation import link_abilities
    from numdesk.io.cli_commands import library_path
    from numdesk.model.creation import build_character, creation_problems, open_edges_note
    from numdesk.store import Library

    for option, value in (("--rules", args.rules), ("--name", args.name), ("--type", args.type)):
        if value is None:
            raise DomainError(
                f"{option} is missing (e.g. --rules cypher --name Ash --type Warrior)."
            )
    if args.rules not in ("numenera", "cypher"):
        raise DomainError(f"--rules must be numenera or cypher, not '{args.rules}'.")
    path = library_path(args)
    with Library.open(path) as library:
        choices = choices_from_args(args, library)
        _unknown_choices(choices)
        problems = creation_problems(choices)
        if problems:
            raise DomainError(_with_option_hint(problems[0], choices))
        result = build_character(choices)
        link_abilities(library, result.character)
        library.characters.save(result.character)
    ch = result.character
    pools = ", ".join(f"{s.value.capitalize()} {ch.pool(s).maximum}" for s in Stat)
    print(f"Created {ch.name} ({ch.sentence}, tier {ch.tier}): {pools} [{ch.uid}]")
    note = open_edges_note(choices)
    if note and not args.edge:
        print(f"numdesk: note: {note} All Edges are 0; set them on the sheet.", file=sys.stderr)
    return 0


def _with_option_hint(problem: str, choices: CreationChoices) -> str:
    """A choice problem, with the option that answers it at the command line."""
    from numdesk.model.creation import character_abilities
    from numdesk.model.creation_effects import book_choices

    # the longest title that begins the problem: "Rusted: Skill (second) asks…" is the
    # second Skill choice, not the first ("Rusted: Skill")
    named = [
        choice
        for choice in book_choices(choices, character_abilities(choices))
        if problem.startswith(choice.title)
    ]
    if not named:
        return problem
    choice = max(named, key=lambda c: len(c.title))
    return f"{problem} Give --choose '{choice.key}=ANSWER' (repeat for each)."


def register(subparsers: Any) -> None:
    """Add the new-character subcommand."""
    cmd = subparsers.add_parser(
        "new-character",
        help="make a character from the library's templates (as the wizard does)",
        description="Make a character and store it in the library. Type, descriptor, focus "
        "and ability names are matched against the library ignoring case; a name with no "
        "template of its kind in the library is kept as the character's own words.",
    )
    cmd.add_argument(
        "--library",
        dest="sub_library",
        type=Path,
        metavar="PATH",
        help="library file (default: your own)",
    )
    cmd.add_argument("--rules", metavar="numenera|cypher")
    cmd.add_argument("--name")
    cmd.add_argument("--type")
    cmd.add_argument("--descriptor")
    cmd.add_argument("--focus")
    cmd.add_argument("--flavor")
    cmd.add_argument(
        "--extra", action="append", metavar="STAT=N", help="extra points into a Pool (repeat)"
    )
    cmd.add_argument(
        "--ability", action="append", metavar="NAME", help="an ability to choose (repeat)"
    )
    cmd.add_argument("--edge", action="append", metavar="STAT=N", help="starting Edge (repeat)")
    cmd.add_argument(
        "--pool",
        action="append",
        metavar="STAT=N",
        help="starting Pool, where the type leaves it empty (repeat)",
    )
    cmd.add_argument(
        "--choose",
        action="append",
        metavar="CHOICE=ANSWER",
        help="answer a choice the book asks, e.g. 'Resilient=+2 to your Intellect Pool' or "
        "'Physical Skills=climbing' (repeat; a refusal lists the choices)",
    )
    cmd.add_argument(
        "--bonus",
        action="append",
        metavar="STAT=N",
        help="the Pool bonus of a descriptor typed in your own words (repeat)",
    )
    cmd.add_argument("--effort", type=int)
    cmd.add_argument("--cypher-limit", dest="cypher_limit", type=int)
    cmd.add_argument("--shins", "--money", dest="shins", type=int, help="starting money")
    cmd.add_argument(
        "--currency", help="the money's name where the rules have none (the group's currency)"
    )
    cmd.set_defaults(handler=run_new_character)
