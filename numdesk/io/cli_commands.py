"""`numdesk import FILE...` and `numdesk export --out FILE` for scripting and batch work."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from numdesk.model.entry_kind import EntryKind
from numdesk.paths import default_library_path


def library_path(args: argparse.Namespace, create_folder: bool = True) -> Path:
    """`--library` given after the subcommand, else before it, else the user's own."""
    chosen = getattr(args, "sub_library", None) or getattr(args, "library", None)
    return Path(chosen) if chosen else default_library_path(create_folder)


def run_import(args: argparse.Namespace) -> int:
    from numdesk.io.importer import read_files, save_report
    from numdesk.store import Library

    report = read_files([Path(f) for f in args.files], args.profile)  # validate before opening
    with Library.open(library_path(args)) as lib:
        save_report(lib, report)
    print(report.summary())
    for note in report.notes:
        print(f"  {note}")
    return 0


def run_export(args: argparse.Namespace) -> int:
    from numdesk.io.export import export_entries
    from numdesk.store import Library

    kinds = [EntryKind(k) for k in args.kind] if args.kind else None
    with Library.open_read_only(library_path(args, create_folder=False)) as lib:
        count = export_entries(lib, Path(args.out), uids=args.uid or None, kinds=kinds)
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
        choices=["numenera", "cypher"],
        help="rules profile for Foundry actors and CSV creatures",
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
