"""`numdesk export-pdf`: print library entries to one PDF from the command line.

Entries are named in the order they should appear; consecutive creatures share their
stat block pages, every character and encounter starts on a new page.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from numdesk.model.errors import DomainError
from numdesk.paths import default_library_path

if TYPE_CHECKING:
    from numdesk.model.character import Character
    from numdesk.model.creature import Creature
    from numdesk.printing.document import Part

KINDS = ("character", "creature", "encounter")
PAGE_SIZE_NAMES = ("A4", "Letter")


def _named(kind: str) -> Callable[[str], tuple[str, str]]:
    def parse(name: str) -> tuple[str, str]:
        if not name.strip():
            raise argparse.ArgumentTypeError(f"the {kind} name is empty")
        return (kind, name)

    return parse


def register(subparsers: Any) -> None:
    """Add the `export-pdf` subcommand."""
    parser = subparsers.add_parser(
        "export-pdf",
        help="print characters, creatures or encounters from the library to a PDF file",
        description=(
            "Write character sheets, creature stat blocks and encounter sheets to one PDF. "
            "Name entries with --character, --creature and --encounter, as often as needed; "
            "they print in the order given."
        ),
    )
    parser.add_argument(
        "--library",
        dest="export_library",
        metavar="PATH",
        type=Path,
        default=None,
        help="library file (default: your own library)",
    )
    for kind in KINDS:
        parser.add_argument(
            f"--{kind}",
            dest="entries",
            action="append",
            type=_named(kind),
            metavar="NAME",
            help=f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} to print, by name",
        )
    parser.add_argument(
        "--out", required=True, type=Path, metavar="FILE", help="the PDF file to write"
    )
    parser.add_argument(
        "--page-size",
        default="A4",
        type=_page_size,
        metavar="A4|Letter",
        help="A4 or Letter (default A4)",
    )
    parser.add_argument(
        "--blank",
        action="store_true",
        help="leave current Pools and marks empty, for pencil play",
    )
    parser.set_defaults(handler=export_pdf)


def _page_size(value: str) -> str:
    for name in PAGE_SIZE_NAMES:
        if value.lower() == name.lower():
            return name
    raise argparse.ArgumentTypeError(f"unknown page size {value!r} (use A4 or Letter)")


def export_pdf(args: argparse.Namespace) -> int:
    """Load the named entries and write the PDF; returns the exit code."""
    # Qt and the store load only when the command runs, so `numdesk --help` stays quick.
    from numdesk.printing.canvas import tr
    from numdesk.printing.pdf import write_pdf
    from numdesk.store import Library

    entries: list[tuple[str, str]] = args.entries or []
    if not entries:
        raise DomainError(tr("Name at least one --character, --creature or --encounter to print."))
    path = args.export_library or getattr(args, "library", None)
    # printing only reads: the library is never created, migrated or backed up here
    # painting asks the entries' rules sets, which stay registered while it is open
    with Library.open_read_only(path or default_library_path(create_folder=False)) as library:
        parts = _parts(library, entries, args.blank)
        write_pdf(args.out, parts, args.page_size, title=entries[0][1])
    print(tr("Wrote {path}").format(path=args.out))
    return 0


def _no_such(library: Any, kind: str, name: str) -> str:
    """The refusal for a name no entry has, with the closest name of that kind offered."""
    from numdesk.model.entry_kind import EntryKind
    from numdesk.model.names import close_match
    from numdesk.printing.canvas import tr

    found = library.search("", kinds=[EntryKind(kind)], limit=100_000)
    hint = close_match(name, [s.name for s in found])
    if hint:
        return tr("There is no {kind} called {name!r} in {path} (did you mean {hint}?).").format(
            kind=kind, name=name, path=library.path, hint=hint
        )
    return tr("There is no {kind} called {name!r} in {path}.").format(
        kind=kind, name=name, path=library.path
    )


def _parts(library: Any, entries: list[tuple[str, str]], blank: bool) -> list[Part]:
    """The document parts for the named entries, creatures in a row grouped together."""
    from numdesk.printing.document import character_part, creatures_part, encounter_part

    repos = {
        "character": library.characters,
        "creature": library.creatures,
        "encounter": library.encounters,
    }
    parts: list[Part] = []
    run: list[Creature] = []
    for kind, name in entries:
        entry = repos[kind].find_by_name(name)
        if entry is None:
            raise DomainError(_no_such(library, kind, name))
        from numdesk.controllers.rules_check import rules_problem

        if problem := rules_problem(library, entry.uid, printing=True):
            raise DomainError(problem)
        if kind == "creature":
            run.append(entry)
            continue
        if run:
            parts.append(creatures_part(run, blank))
            run = []
        if kind == "character":
            from numdesk.controllers.ability_links import follow_library

            follow_library(library, entry)  # linked abilities: their library text
            parts.append(character_part(entry, blank))
        else:
            creatures, characters = _linked(library, entry)
            parts.append(encounter_part(entry, creatures, characters, blank))
    if run:
        parts.append(creatures_part(run, blank))
    return parts


def _linked(library: Any, encounter: Any) -> tuple[dict[str, Creature], dict[str, Character]]:
    """The creatures and characters an encounter's combatants link to (missing ones skipped)."""
    from numdesk.model.character import Character
    from numdesk.model.creature import Creature

    creatures: dict[str, Creature] = {}
    characters: dict[str, Character] = {}
    for combatant in encounter.combatants:
        uid = combatant.source_uid
        if not uid or not library.has(uid):
            continue
        entry = library.load(uid)
        if isinstance(entry, Creature):
            creatures[uid] = entry
        elif isinstance(entry, Character):
            characters[uid] = entry
    return creatures, characters
