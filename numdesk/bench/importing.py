"""The CSRD import into libraries of 1,000 to 200,000 entries, against the same import
into an empty library in the same rounds (and a second import of the same file, which
writes nothing, against the same re-import into the small library)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from numdesk.bench.scale import Samples, load_average, ratio, scale_library, short

#: The CSRD beside the repository (`../shared/data/`, where the tests read it).
CSRD = Path(__file__).resolve().parents[3] / "shared" / "data" / "CSRD.json"
RUNS = 3


def _import(library: Path, csrd: Path, first: Samples, again: Samples) -> None:
    """Time one import of `csrd` into a fresh copy of `library` (into an empty library
    if there is none) into `first`, and a second import of it into `again`."""
    from numdesk.io.importer import import_files
    from numdesk.store import Library

    with tempfile.TemporaryDirectory(prefix="numdesk-bench-import-") as tmp:
        target = Path(tmp) / "target.numdesk"
        if library.exists():
            shutil.copyfile(library, target)
            _flush(target)
        else:
            Library.create(target, starter=False).close()
        with Library.open(target) as lib:
            first.time(lambda: import_files(lib, [csrd]))
            again.time(lambda: import_files(lib, [csrd]))


def _flush(path: Path) -> None:
    """Write the copy to disk before the import is timed.

    A library a user imports into is on disk already; a copy just made is in the
    system's cache, and the import's first sync of the file wrote all of it (600 MB
    at 200k entries: about 1 s, which this benchmark used to count as the import's).
    """
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def bench_import(
    folder: Path, sizes: tuple[int, ...], csrd: Path = CSRD, runs: int = RUNS
) -> list[tuple[str, str]]:
    """The CSRD import at every size, each against an import into an empty library timed
    in the same rounds, taking turns: the machine's speed drifts within a minute, and a
    yardstick timed once at the start set every size's ratio (1.42 × for a re-import at
    200k against 0.98 × in the next run)."""
    rows: list[tuple[str, str]] = [("machine load before", load_average())]
    empty = folder / "no-such-library"
    for size in sizes:
        path = scale_library(folder, size)
        base_first, base_again, first, again = Samples(), Samples(), Samples(), Samples()
        for round_number in range(runs):
            turns = [(empty, base_first, base_again), (path, first, again)]
            for library, one, two in turns if round_number % 2 == 0 else turns[::-1]:
                _import(library, csrd, one, two)
        rows.append((
            f"{short(size)}: CSRD import, median of {runs}; yardstick: into an empty library,"
            " in the same rounds",
            f"{first.median():.2f} s vs {base_first.median():.2f} s: "
            f"{ratio(first.median(), base_first.median())}",
        ))  # fmt: skip
        rows.append((
            f"{short(size)}: the same file again (nothing to write); yardstick: the same"
            " again into the once empty library",
            f"{again.median():.2f} s vs {base_again.median():.2f} s: "
            f"{ratio(again.median(), base_again.median())}",
        ))  # fmt: skip
        rows.append((f"{short(size)}: machine load after", load_average()))
    return rows
