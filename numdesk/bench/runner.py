"""Speed measurements (benchmarks, not tests): `python -m numdesk.bench [NAME ...]`.

    python -m numdesk.bench                        every benchmark at 1k, 10k and 100k
    python -m numdesk.bench browser import --big   also at 200k
    python -m numdesk.bench startup --sizes 10k --keep /tmp/numdesk-bench

Each benchmark is a function of a folder and the options returning rows of a Markdown
table for `docs/performance.md`; the growth benchmarks print each figure beside its
yardstick measured in the same run, and the machine's load. The libraries of 1k-200k
entries are built in a temporary folder, or kept in `--keep` for the next run.
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from numdesk.bench.scale import BIG, SIZES, parse_size
from numdesk.bench.startup import RUNS


@dataclass(frozen=True)
class Options:
    """What the command line chose."""

    sizes: tuple[int, ...] = SIZES
    keep: Path | None = None
    csrd: Path | None = None
    runs: int = RUNS


def bench_store(folder: Path, options: Options) -> list[tuple[str, str]]:
    """The store benchmark (`numdesk.bench.store`): 17,000 entries, no window."""
    from numdesk.bench.store import bench_store as run

    return run(folder)


def bench_browser(folder: Path, options: Options) -> list[tuple[str, str]]:
    """The library browser at every size (`numdesk.bench.browsing`)."""
    from numdesk.bench.browsing import bench_browser as run

    return run(options.keep or folder, options.sizes)


def bench_import(folder: Path, options: Options) -> list[tuple[str, str]]:
    """The CSRD import at every size (`numdesk.bench.importing`)."""
    from numdesk.bench.importing import CSRD
    from numdesk.bench.importing import bench_import as run

    return run(options.keep or folder, options.sizes, options.csrd or CSRD)


def bench_startup(folder: Path, options: Options) -> list[tuple[str, str]]:
    """The start-up benchmark (`numdesk.bench.startup`) at every size."""
    from numdesk.bench.startup import bench_startup_sizes

    return bench_startup_sizes(options.keep or folder, options.sizes, options.runs)


def bench_table(folder: Path, options: Options) -> list[tuple[str, str]]:
    """The table link benchmarks (`numdesk.bench.table_link`), real processes."""
    from numdesk.bench.table_link import bench_table_link

    return bench_table_link(folder)


def bench_sheet(folder: Path, options: Options) -> list[tuple[str, str]]:
    """A click on long-played sheets, each beside its yardstick (`numdesk.bench.sheet`)."""
    from numdesk.bench.sheet import bench_sheet as run

    return run(folder)


def bench_fight(folder: Path, options: Options) -> list[tuple[str, str]]:
    """Area attacks, undo and a long evening's log, each beside its yardstick
    (`numdesk.bench.fight`)."""
    from numdesk.bench.fight import bench_fight as run

    return run(folder)


BENCHMARKS: dict[str, Callable[[Path, Options], list[tuple[str, str]]]] = {
    "store": bench_store,
    "browser": bench_browser,
    "import": bench_import,
    "table": bench_table,
    "startup": bench_startup,
    "sheet": bench_sheet,
    "fight": bench_fight,
}


def main(argv: list[str] | None = None) -> int:
    """Run the named benchmarks (all by default) and print a Markdown table for each."""
    parser = argparse.ArgumentParser(prog="python -m numdesk.bench")
    parser.add_argument("names", nargs="*", help=f"any of: {', '.join(BENCHMARKS)}")
    parser.add_argument(
        "--sizes", help="library sizes, e.g. 1k,10k,100k (the default)", default=None
    )
    parser.add_argument("--big", action="store_true", help="also measure 200k entries")
    parser.add_argument("--keep", type=Path, help="folder keeping the built libraries")
    parser.add_argument("--csrd", type=Path, help="the CSRD JSON file (import benchmark)")
    parser.add_argument(
        "--runs", type=int, default=Options.runs, help=f"start-up runs of each ({Options.runs})"
    )
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark {unknown[0]!r}; choose from {', '.join(BENCHMARKS)}")
    sizes = tuple(parse_size(s) for s in args.sizes.split(",")) if args.sizes else SIZES
    if args.big and BIG not in sizes:
        sizes += (BIG,)
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    options = Options(sizes, args.keep, args.csrd, args.runs)
    for name in args.names or list(BENCHMARKS):
        with tempfile.TemporaryDirectory(prefix=f"numdesk-bench-{name}-") as tmp:
            rows = BENCHMARKS[name](Path(tmp), options)
        print(f"\n### {name}\n\n| measurement | result |\n|---|---|", flush=True)
        for label, value in rows:
            print(f"| {label} | {value} |", flush=True)
    return 0
