"""Printing speed: one sheet, a batch of 50 sheets, 200 stat blocks (never asserts times).

Run with: QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest
tests/benchmarks/test_printing_bench.py --benchmark-enable -q
(the results go in docs/performance.md, "Printing"). With benchmarks disabled (the
default) each function runs once on a smaller batch, as a quick smoke test.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from numdesk.model.character import Character
from numdesk.printing import render_character_pdf, render_characters_pdf, render_creatures_pdf
from numdesk.printing.canvas import ensure_gui
from tests.printing.samples import rich_character, sample_creature

pytestmark = pytest.mark.benchmark


@pytest.fixture(autouse=True)
def _gui() -> None:
    """Start Qt and load the fonts before timing: the app has done that long before."""
    ensure_gui()


def _size(benchmark: BenchmarkFixture, full: int) -> int:
    return 3 if benchmark.disabled else full


def _party(count: int) -> list[Character]:
    party = []
    for i in range(count):
        ch = rich_character("cypher" if i % 2 else "numenera")
        ch.name = f"Hero {i}"
        party.append(ch)
    return party


def test_one_character_sheet(benchmark: BenchmarkFixture, tmp_path: Path) -> None:
    ch = rich_character("numenera")
    out = tmp_path / "one.pdf"
    benchmark(render_character_pdf, ch, out)
    assert out.stat().st_size > 0


def test_fifty_sheets_in_one_batch(benchmark: BenchmarkFixture, tmp_path: Path) -> None:
    party = _party(_size(benchmark, 50))
    out = tmp_path / "party.pdf"
    benchmark.pedantic(render_characters_pdf, args=(party, out), rounds=3, iterations=1)
    assert out.stat().st_size > 0


def test_two_hundred_stat_blocks(benchmark: BenchmarkFixture, tmp_path: Path) -> None:
    creatures = [sample_creature(f"Beast {i}", 1 + i % 10) for i in range(_size(benchmark, 200))]
    out = tmp_path / "bestiary.pdf"
    benchmark.pedantic(render_creatures_pdf, args=(creatures, out), rounds=3, iterations=1)
    assert out.stat().st_size > 0
