"""Libraries of 1,000 to 200,000 entries for the growth benchmarks, and the machine load.

The entries are `numdesk.bench.library`'s (a worst case for the full-text search): 60 %
creatures, 5 % characters with 100 history lines each, 35 % items. Building 100,000
takes a few minutes, so a folder given with `--keep` holds them between runs.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

#: The library sizes measured by default; 200,000 is added by `--big`.
SIZES = (1_000, 10_000, 100_000)
BIG = 200_000


def parse_size(text: str) -> int:
    """ "10k" or "10000" as a number of entries."""
    text = text.strip().lower().replace("_", "").replace(",", "")
    return int(float(text[:-1]) * 1000) if text.endswith("k") else int(text)


def short(size: int) -> str:
    """A size as a reader writes it: 1k, 10k, 200k."""
    return f"{size // 1000}k" if size % 1000 == 0 else str(size)


def scale_library(folder: Path, size: int) -> Path:
    """The library of `size` entries in `folder`, built there if missing."""
    from numdesk.bench.library import build_objects
    from numdesk.store import Library

    path = folder / f"scale-{size}.numdesk"
    if path.exists():
        return path
    creatures, characters = size * 60 // 100, size * 5 // 100
    building = path.with_suffix(".building")
    building.unlink(missing_ok=True)
    with Library.create(building, starter=False) as lib:
        lib.save_many(list(build_objects(creatures, characters, size - creatures - characters)))
    Library.open(building).close()  # the first open of the day: checks and backup, once
    for side in building.parent.glob(f"{building.name}-*"):
        side.unlink()
    building.rename(path)
    return path


def load_average() -> str:
    """The machine's load (1, 5 and 15 minutes), stated beside every figure: the
    development machine has 2 cores shared with other developers' tests."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.1f} / {five:.1f} / {fifteen:.1f}"


@dataclass
class Samples:
    """Wall-clock and CPU times of one action repeated, in seconds."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def time(self, action: Callable[[], object]) -> object:
        wall, cpu = time.perf_counter(), time.process_time()
        result = action()
        self.wall.append(time.perf_counter() - wall)
        self.cpu.append(time.process_time() - cpu)
        return result

    def p95(self, cpu: bool = False) -> float:
        ordered = sorted(self.cpu if cpu else self.wall)
        return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]

    def median(self, cpu: bool = False) -> float:
        ordered = sorted(self.cpu if cpu else self.wall)
        middle = len(ordered) // 2
        if len(ordered) % 2:
            return ordered[middle]
        return (ordered[middle - 1] + ordered[middle]) / 2


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def ratio(figure: float, yardstick: float) -> str:
    return f"**{figure / yardstick:.2f} ×**" if yardstick > 0 else "—"
