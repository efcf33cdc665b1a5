"""A start with no subcommand reads the app's options without building the subcommands'
parsers (`numdesk.cli.app_arguments`): the same options as the full parser reads, and
any other command line left to the full parser."""

from __future__ import annotations

import subprocess
import sys

import pytest

from numdesk.cli import COMMAND_MODULES, app_arguments, build_parser

APP_ONLY = [
    [],
    ["--library", "table.numdesk"],
    ["--lib", "table.numdesk"],  # an abbreviation, as argparse allows
    ["--import", "a.json", "--import", "b.numdesk-json"],
    ["--import"],  # a desktop launcher's empty %f
    ["--instance", "player", "--library", "mine.numdesk"],
    ["--smoke-test", "--smoke-pdf", "out.pdf"],
]


@pytest.mark.parametrize("argv", APP_ONLY)
def test_the_app_options_read_as_the_full_parser_reads_them(argv: list[str]) -> None:
    fast = app_arguments(argv)
    assert fast is not None
    assert vars(fast) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize(
    "argv",
    [
        ["table", "host", "gm.numdesk"],
        ["--library", "x.numdesk", "export-pdf", "--help"],
        ["--help"],
        ["--library"],  # a missing value: the full parser says so
        ["--i", "x"],  # ambiguous (--import, --instance): the full parser says so
        ["stray"],
    ],
)
def test_anything_else_is_left_to_the_full_parser(argv: list[str]) -> None:
    assert app_arguments(argv) is None


def test_a_start_loads_no_subcommand_module() -> None:
    code = (
        "import sys; from numdesk.cli import COMMAND_MODULES, app_arguments;"
        "assert app_arguments(['--library', 'x.numdesk']) is not None;"
        "print(sorted(m for m in COMMAND_MODULES if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"
    assert COMMAND_MODULES  # the full parser still has them all
