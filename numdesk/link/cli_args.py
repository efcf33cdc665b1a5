"""The `numdesk table` subcommands' arguments; the link itself is imported only when a
table command runs, so other commands and the app start without it."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def run_host(args: argparse.Namespace) -> int:
    from numdesk.link.cli import run_host as run

    return run(args)


def run_join(args: argparse.Namespace) -> int:
    from numdesk.link.cli import run_join as run

    return run(args)


def register(subparsers: Any) -> None:
    """Add `numdesk table host|join`."""
    table = subparsers.add_parser(
        "table",
        help="play together over the local network (host or join a table, no window)",
        description="Run the table link without a window: host a table from this library "
        "or join one with characters from it.",
    )
    sub = table.add_subparsers(dest="table_command", metavar="host|join", required=True)
    host = sub.add_parser("host", help="host a table (the GM)")
    _library_option(host)
    host.add_argument("--name", default="numdesk table", help="the table's name")
    host.add_argument("--port", type=int, default=0, help="port to listen on (default: any)")
    host.add_argument("--code", help="join code to use (default: a new one, printed)")
    host.add_argument("--fight", metavar="ENCOUNTER", help="show this encounter to players")
    host.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    host.add_argument(
        "--no-announce", action="store_true", help="do not announce the table on the network"
    )
    host.set_defaults(handler=run_host)
    join = sub.add_parser("join", help="join a table (a player)")
    join.add_argument("address", help="the table's address, e.g. 192.168.1.20:48213")
    _library_option(join)
    join.add_argument("--code", required=True, help="the join code the GM's screen shows")
    join.add_argument(
        "--character",
        action="append",
        required=True,
        metavar="NAME",
        help="a character of your library to bring (repeat for several)",
    )
    join.add_argument("--name", help="your name at the table (default: the player's)")
    join.set_defaults(handler=run_join)


def _library_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--library", dest="sub_library", type=Path, metavar="PATH", help="library file"
    )
