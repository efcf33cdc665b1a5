"""The command line: no subcommand starts the app; subcommands script the library.

Errors users can cause print one line to stderr and exit non-zero, never a traceback.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from numdesk import __version__
from numdesk.model.errors import DomainError

#: `time.perf_counter()` when the process started running numdesk (the CLI is the first
#: module every entry point imports); `--smoke-test` reports startup times against it.
STARTED = time.perf_counter()

#: Modules that add subcommands; each has `register(subparsers)` setting `handler`.
COMMAND_MODULES: tuple[str, ...] = (
    "numdesk.io.cli_commands",
    "numdesk.printing.cli",
    "numdesk.controllers.new_character_cli",
    "numdesk.link.cli_args",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for the app and every subcommand."""
    parser = _app_parser()
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).register(sub)
    return parser


def app_arguments(argv: Sequence[str]) -> argparse.Namespace | None:
    """The app's own options when `argv` names no subcommand, read without building the
    subcommands' parsers (importing their modules and registering them is about 18 ms
    of every start); None when the full parser must read `argv`: a subcommand, help,
    or anything the app's options do not take (the full parser then says what)."""
    if any(arg in ("-h", "--help") for arg in argv):
        return None
    try:
        args, rest = _app_parser(_AppOptionsOnly).parse_known_args(argv)
    except _NotAppOptions:
        return None
    if rest:
        return None
    args.command = None
    return args


class _NotAppOptions(Exception):
    """The app's options alone cannot read the command line."""


class _AppOptionsOnly(argparse.ArgumentParser):
    """A parser that leaves every error to the full parser instead of printing it."""

    def error(self, message: str) -> NoReturn:
        raise _NotAppOptions(message)


def _app_parser(
    kind: type[argparse.ArgumentParser] = argparse.ArgumentParser,
) -> argparse.ArgumentParser:
    """The parser of the app's own options (no subcommands)."""
    parser = kind(
        prog="numdesk",
        description="Character sheets, libraries and encounters for Cypher System and Numenera.",
    )
    parser.add_argument("--version", action="version", version=f"numdesk {__version__}")
    parser.add_argument("--library", type=Path, help="library file to open (default: your own)")
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="open the window on a temporary library, make a character, print it, exit",
    )
    parser.add_argument(
        "--smoke-pdf",
        type=Path,
        metavar="FILE",
        help="with --smoke-test: keep a copy of the exported PDF in FILE",
    )
    parser.add_argument(
        "--import",
        dest="imports",
        action="append",
        nargs="?",
        default=[],
        metavar="FILE",
        help="open the app and import FILE into the library (repeatable)",
    )
    parser.add_argument(
        "--instance",
        metavar="NAME",
        help="run a separate numdesk beside the usual one (e.g. a player's app on the GM's "
        "laptop, with its own --library); launches with the same NAME share one app",
    )
    return parser


def choose_headless_platform() -> None:
    """Let subcommands use Qt (PDF writing, fonts) without a display.

    Subcommands show no window, so Qt's offscreen platform serves them everywhere; on
    a server or over SSH without it Qt aborts the process looking for a display. A
    platform the user chose with QT_QPA_PLATFORM is kept.
    """
    if not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the process exit code."""
    given = sys.argv[1:] if argv is None else list(argv)
    args = app_arguments(given) or build_parser().parse_args(given)
    if args.instance:
        from numdesk.instance import KEY_VARIABLE

        os.environ[KEY_VARIABLE] = args.instance
    if args.command is None:
        # The collector waits for the end of the start (`numdesk.app.run_app`), its
        # imports first.
        gc.disable()
        # The first window's plain-Python modules come before Qt: PySide6's import hook
        # reads the source of every module first imported after it (inspect.getsource).
        import numdesk.prelude  # noqa: F401
        from numdesk.app import run_app

        try:
            return run_app(
                library=args.library,
                smoke_test=args.smoke_test,
                imports=[Path(name) for name in args.imports if name],
                smoke_pdf=args.smoke_pdf,
                started=STARTED,
            )
        finally:
            gc.enable()
    choose_headless_platform()
    handler = args.handler
    try:
        return int(handler(args))
    except KeyboardInterrupt:
        return 130
    except DomainError as err:
        print(f"numdesk: {err.message}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"numdesk: {err.strerror or err}: {err.filename or ''}".rstrip(": "), file=sys.stderr)
        return 1
    except Exception as err:  # a bug: still one line (the traceback with NUMDESK_DEBUG=1)
        if os.environ.get("NUMDESK_DEBUG"):
            raise
        print(
            f"numdesk: internal error ({type(err).__name__}: {_first_line(err)}). "
            "Please report this; NUMDESK_DEBUG=1 shows the details.",
            file=sys.stderr,
        )
        return 2


def _first_line(err: BaseException) -> str:
    """The first line of an exception's text, at most 200 characters."""
    lines = str(err).splitlines()
    return lines[0][:200] if lines else ""
