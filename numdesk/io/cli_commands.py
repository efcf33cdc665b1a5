"""`numdesk import FILE...` and `numdesk export --out FILE` for scripting and batch work."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from numdesk.model.entry_kind import EntryKind
from numdesk.model.errors import DomainError
from numdesk.paths import default_library_path
from numdesk.rules.profiles import is_builtin


def library_path(args: argparse.Namespace, create_folder: bool = True) -> Path:
    """`--library` given after the subcommand, else before it, else the user's own."""
    chosen = getattr(args, "sub_library", None) or getattr(args, "library", None)
    return Path(chosen) if chosen else default_library_path(create_folder)


def run_import(args: argparse.Namespace) -> int:
    """Import the files; with --keep-going a bad file is reported and the rest imported.

    Exit status 0 when every file came in, 1 when some were left out (--keep-going).
    """
    import json

    from numdesk.io.importer import read_files, save_report
    from numdesk.store import Library

    paths = [Path(f) for f in args.files]
    if args.profile and not is_builtin(args.profile):
        # a house rules set of the library, by name: known only while the library is open
        with Library.open(library_path(args)) as lib:
            profile = house_rules_uid(lib, args.profile)
            report = read_files(paths, profile, keep_going=args.keep_going)
            if report.files:
                save_report(lib, report)
    else:
        report = read_files(paths, args.profile, keep_going=args.keep_going)  # before opening
        if report.files:
            with Library.open(library_path(args)) as lib:
                save_report(lib, report)
    if report.files:
        print("\n".join(f.summary() for f in report.files))
    for note in report.notes:
        print(f"  {note}")
    for _path, message in report.failed:
        print(f"Not imported: {message}", file=sys.stderr)
    if args.report:
        text = json.dumps(report.to_json(), ensure_ascii=False, indent=1) + "\n"
        Path(args.report).write_text(text, encoding="utf-8")
    return 1 if report.failed else 0


def house_rules_uid(lib: Any, wanted: str) -> str:
    """The uid of the library's house rules set named (or with the uid) `wanted`."""
    sets = lib.rules_sets.list()
    for found in sets:
        if wanted in (found.uid, found.name) or found.name.casefold() == wanted.casefold():
            return str(found.uid)
    choices = ", ".join(["numenera", "cypher", *(f"'{s.name}'" for s in sets)])
    raise DomainError(f"--profile: no rules called '{wanted}' here; choose one of {choices}.")


def run_export(args: argparse.Namespace) -> int:
    from numdesk.io.export import export_entries
    from numdesk.store import Library

    kinds = [EntryKind(k) for k in args.kind] if args.kind else None
    with Library.open_read_only(library_path(args, create_folder=False)) as lib:
        count = export_entries(
            lib,
            Path(args.out),
            uids=args.uid or None,
            kinds=kinds,
            warn=lambda sentence: print(f"numdesk: {sentence}", file=sys.stderr),
        )
    noun = "entry" if count == 1 else "entries"
    print(f"Exported {count:,} {noun} to {args.out}.", file=sys.stdout)
    return 0


def register(subparsers: Any) -> None:
    """Add the import and export subcommands."""
    imp = subparsers.add_parser(
        "import",
        help="import numdesk JSON, the CSRD, Foundry actors or a CSV of creatures",
        description="Import files into a library. The format is detected from each file's "
        "content. Every file is checked first; if any has a problem nothing is written.",
    )
    imp.add_argument("files", nargs="+", metavar="FILE", help="files to import")
    imp.add_argument(
        "--library",
        dest="sub_library",
        type=Path,
        metavar="PATH",
        help="library file (default: your own)",
    )
    imp.add_argument(
        "--profile",
        metavar="RULES",
        help="rules for Foundry actors and CSV creatures: numenera, cypher, or the name "
        "of a house rules set in the library",
    )
    imp.add_argument(
        "--keep-going",
        action="store_true",
        help="import the files that are fine and report the others (each file is "
        "still all or nothing)",
    )
    imp.add_argument(
        "--report",
        type=Path,
        metavar="FILE.json",
        help="write the import report as JSON: per file the entries imported and each "
        "value moved to notes, changed, refused or skipped",
    )
    imp.set_defaults(handler=run_import)

    exp = subparsers.add_parser(
        "export",
        help="export library entries to numdesk JSON",
        description="Write entries of a library to a numdesk JSON file.",
    )
    exp.add_argument("--out", required=True, metavar="FILE", help="file to write")
    exp.add_argument(
        "--library",
        dest="sub_library",
        type=Path,
        metavar="PATH",
        help="library file (default: your own)",
    )
    exp.add_argument(
        "--kind",
        action="append",
        choices=[k.value for k in EntryKind],
        help="export only entries of this kind (repeat for several)",
    )
    exp.add_argument(
        "--uid",
        action="append",
        metavar="UID",
        help="export only this entry (repeat for a selection)",
    )
    exp.set_defaults(handler=run_export)
