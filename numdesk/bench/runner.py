"""Speed measurements (benchmarks, not tests): `python -m numdesk.bench [NAME ...]`.

Each benchmark is a function of a temporary folder returning rows of a Markdown table
for `docs/performance.md`; this module names them and prints their tables.
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable
from pathlib import Path

from numdesk.bench.store import bench_store


def bench_startup(folder: Path) -> list[tuple[str, str]]:
    """The start-up benchmark (`numdesk.bench.startup`) with its defaults."""
    from numdesk.bench.startup import bench_startup as run

    return run(folder)


def bench_table(folder: Path) -> list[tuple[str, str]]:
    """The table link benchmarks (`numdesk.bench.table_link`), real processes."""
    from numdesk.bench.table_link import bench_table_link

    return bench_table_link(folder)


BENCHMARKS: dict[str, Callable[[Path], list[tuple[str, str]]]] = {
    "store": bench_store,
    "table": bench_table,
    "startup": bench_startup,
}


def main(argv: list[str] | None = None) -> int:
    """Run the named benchmarks (all by default) and print a Markdown table for each."""
    parser = argparse.ArgumentParser(prog="python -m numdesk.bench")
    parser.add_argument("names", nargs="*", help=f"any of: {', '.join(BENCHMARKS)}")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark {unknown[0]!r}; choose from {', '.join(BENCHMARKS)}")
    for name in args.names or list(BENCHMARKS):
        with tempfile.TemporaryDirectory(prefix=f"numdesk-bench-{name}-") as tmp:
            rows = BENCHMARKS[name](Path(tmp))
        print(f"\n### {name}\n\n| measurement | result |\n|---|---|")
        for label, value in rows:
            print(f"| {label} | {value} |")
    return 0
