"""Speed measurements (benchmarks, not tests): `python -m numdesk.bench [NAME ...]`.

`store` builds a library of 10,000 creatures, 2,000 characters and 5,000 items in a
temporary folder and times what a user feels: opening the library, search-as-you-type,
loading one full character and saving one edit. Results are printed as a Markdown
table for `docs/performance.md`. Other areas add their own entries to `BENCHMARKS`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from numdesk.bench_library import build_objects
from numdesk.model.history import HistoryEntry
from numdesk.rules.types import Stat


class _Timer:
    """Wall-clock and CPU time of repeated actions: the box may be shared, so both count."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def time(self, action: Callable[[], object]) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        action()
        self.wall.append(time.perf_counter() - wall)
        self.cpu.append(time.process_time() - cpu)

    def report(self) -> str:
        def stats(samples: list[float]) -> str:
            ordered = sorted(samples)
            p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
            return f"{statistics.median(ordered) * 1000:.1f} / {p95 * 1000:.1f} ms"

        return f"{stats(self.wall)} (CPU {stats(self.cpu)})"


#: Words typed letter by letter for the search-as-you-type measurement.
TYPED = ("glaive", "hunter", "kar", "shadow crawler", "ember", "dakost", "iron s",
         "storm wyrm", "sage", "zorfen", "guardian", "nano")  # fmt: skip


def bench_store(
    folder: Path, creatures: int = 10_000, characters: int = 2_000, items: int = 5_000
) -> list[tuple[str, str]]:
    """Build the big library in `folder` and time the everyday actions."""
    from numdesk.model.kinds import EntryKind
    from numdesk.store import Library

    rows: list[tuple[str, str]] = []
    path = folder / "bench.numdesk"
    objects = list(build_objects(creatures, characters, items))
    build = _Timer()
    with Library.create(path, starter=False) as lib:
        build.time(lambda: lib.save_many(objects))
    rows.append((
        f"build: `save_many` of {len(objects):,} entries (one transaction)",
        f"{build.wall[0]:.1f} s (CPU {build.cpu[0]:.1f} s)",
    ))  # fmt: skip
    rows.append(("library file size", f"{path.stat().st_size / 1e6:.0f} MB"))

    first = _Timer()
    first.time(lambda: Library.open(path).close())
    rows.append(("first open of the day (full page check + rolling backup)", first.report()))
    opens = _Timer()
    for _ in range(10):
        opens.time(lambda: Library.open(path).close())
    rows.append(("open, median / p95 of 10", opens.report()))

    with Library.open(path) as lib:
        lib.search("warm up")
        typing = _Timer()
        for word in TYPED:
            for end in range(1, len(word) + 1):
                typing.time(lambda text=word[:end]: lib.search(text))
        rows.append((f"search-as-you-type, {len(typing.wall)} queries, median / p95",
                     typing.report()))  # fmt: skip
        filtered = _Timer()
        for word in TYPED:
            filtered.time(
                lambda text=word[:3]: lib.search(
                    text, kinds=[EntryKind.CREATURE], level_min=3, level_max=6
                )
            )
        rows.append(("search with kind and level filters, median / p95", filtered.report()))

        uids = [s.uid for s in lib.characters.list()][:50]
        loads = _Timer()
        for uid in uids:
            loads.time(lambda uid=uid: lib.characters.load(uid))
        rows.append(("load one character (100 history lines), median / p95", loads.report()))

        saves = _Timer()
        for uid in uids:
            hero = lib.characters.load(uid)
            hero.pools[Stat.MIGHT].current -= 1
            hero.history.append(HistoryEntry("Took 1 Might damage", kind="pools"))
            saves.time(lambda hero=hero: lib.characters.save(hero))
        rows.append(("save one edit of a character, median / p95", saves.report()))
    return rows


def bench_startup(folder: Path) -> list[tuple[str, str]]:
    """The start-up benchmark (`numdesk.bench_startup`) with its defaults."""
    from numdesk import bench_startup

    return bench_startup.bench_startup(folder)


BENCHMARKS: dict[str, Callable[[Path], list[tuple[str, str]]]] = {
    "store": bench_store,
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


if __name__ == "__main__":
    sys.exit(main())
