"""Import/export speed with the whole CSRD (pytest-benchmark; never asserts times).

Run with: QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest
tests/benchmarks/test_import_bench.py --benchmark-enable -q
(the results go in docs/performance.md, "Import").
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from numdesk.io.export import export_entries
from numdesk.io.importer import import_files
from numdesk.model.character import Character
from numdesk.model.history import HistoryEntry
from numdesk.model.limits import MAX_HISTORY
from numdesk.store import Library
from numdesk.store.commit import Write

pytestmark = pytest.mark.benchmark
ROUNDS = 3


def _fresh(folder: Path, counter: itertools.count[int]) -> Library:
    return Library.create(folder / f"bench-{next(counter)}.numdesk", starter=False)


def test_csrd_into_an_empty_library(
    benchmark: BenchmarkFixture, tmp_path: Path, csrd_path: Path
) -> None:
    counter = itertools.count()
    opened: list[Library] = []

    def setup() -> tuple[tuple[Library, list[Path]], dict[str, object]]:
        opened.append(_fresh(tmp_path, counter))
        return (opened[-1], [csrd_path]), {}

    benchmark.pedantic(import_files, setup=setup, rounds=ROUNDS)
    for lib in opened:
        assert lib.count() > 2000
        lib.close()


def test_csrd_again_into_the_same_library(
    benchmark: BenchmarkFixture, tmp_path: Path, csrd_path: Path
) -> None:
    with _fresh(tmp_path, itertools.count()) as lib:
        import_files(lib, [csrd_path])
        count = lib.count()
        benchmark.pedantic(import_files, args=(lib, [csrd_path]), rounds=ROUNDS)
        assert lib.count() == count


def test_export_and_reimport_whole_library(
    benchmark: BenchmarkFixture, tmp_path: Path, csrd_path: Path
) -> None:
    counter = itertools.count()
    with _fresh(tmp_path, counter) as lib:
        import_files(lib, [csrd_path])
        out = tmp_path / "all.json"

        def round_trip() -> None:
            export_entries(lib, out)
            with _fresh(tmp_path, counter) as fresh:
                import_files(fresh, [out])

        benchmark.pedantic(round_trip, rounds=ROUNDS)


def test_a_character_with_the_longest_history(benchmark: BenchmarkFixture, tmp_path: Path) -> None:
    """A backup of a character whose history holds `MAX_HISTORY` lines (15 MB): its
    import was a minute and more of checking; docs/performance.md has the numbers."""
    hero = Character("Kael", profile="numenera")
    hero.history = [
        HistoryEntry(f"Took {i % 7} Might damage; health {i % 10}", kind="pools")
        for i in range(MAX_HISTORY)
    ]
    counter = itertools.count()
    out = tmp_path / "kael.numdesk-json"
    with _fresh(tmp_path, counter) as lib:
        lib.commit([Write(hero.uid, hero, None)])
        export_entries(lib, out)
    opened: list[Library] = []

    def setup() -> tuple[tuple[Library, list[Path]], dict[str, object]]:
        opened.append(_fresh(tmp_path, counter))
        return (opened[-1], [out]), {}

    benchmark.pedantic(import_files, setup=setup, rounds=1)
    for lib in opened:
        assert len(lib.characters.load(hero.uid).history) == MAX_HISTORY
        lib.close()
