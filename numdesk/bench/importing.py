"""The CSRD import into libraries of 1,000 to 200,000 entries, against the same import
into an empty library in the same run (and a second import of the same file, which
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


def _import(library: Path, csrd: Path, runs: int) -> Samples:
    """`runs` imports of `csrd` into fresh copies of `library` (None: an empty one), and
    as many re-imports."""
    from numdesk.io.importer import import_files
    from numdesk.store import Library

    first, again = Samples(), Samples()
    with tempfile.TemporaryDirectory(prefix="numdesk-bench-import-") as tmp:
        target = Path(tmp) / "target.numdesk"
        for _ in range(runs):
            for side in Path(tmp).glob("target.numdesk*"):
                side.unlink()
            if library.exists():
                shutil.copyfile(library, target)
                _flush(target)
            else:
                Library.create(target, starter=False).close()
            with Library.open(target) as lib:
                first.time(lambda lib=lib: import_files(lib, [csrd]))
                again.time(lambda lib=lib: import_files(lib, [csrd]))
    return Samples(first.wall + again.wall, first.cpu + again.cpu)


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
    """The CSRD import at every size, each against an import into an empty library."""
    rows: list[tuple[str, str]] = [("machine load before", load_average())]
    empty = _import(folder / "no-such-library", csrd, runs)
    base_first = sorted(empty.wall[:runs])[runs // 2]
    base_again = sorted(empty.wall[runs:])[runs // 2]
    for size in sizes:
        path = scale_library(folder, size)
        big = _import(path, csrd, runs)
        first = sorted(big.wall[:runs])[runs // 2]
        again = sorted(big.wall[runs:])[runs // 2]
        rows.append((
            f"{short(size)}: CSRD import, median of {runs}; yardstick: into an empty library",
            f"{first:.2f} s vs {base_first:.2f} s: {ratio(first, base_first)}",
        ))  # fmt: skip
        rows.append((
            f"{short(size)}: the same file again (nothing to write); yardstick: the same"
            " again into the once empty library",
            f"{again:.2f} s vs {base_again:.2f} s: {ratio(again, base_again)}",
        ))  # fmt: skip
        rows.append((f"{short(size)}: machine load after", load_average()))
    return rows
