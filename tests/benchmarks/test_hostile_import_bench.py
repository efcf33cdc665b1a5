"""How fast hostile files are refused (pytest-benchmark; never asserts times).

Run with: QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest
tests/benchmarks/test_hostile_import_bench.py --benchmark-enable -q
(the results go in docs/performance.md, "Hostile files").

Each file is 1 MB; the target is a refusal in under a second. Without
`--benchmark-enable` each runs once as part of the suite.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from numdesk.io.importer import read_files
from numdesk.model.errors import DomainError

pytestmark = pytest.mark.benchmark
MB = 1024 * 1024


def _escaped_quotes() -> str:
    return "[" + '\\"' * (MB // 2)


def _deep() -> str:
    return "[" * MB


def _surrogate_at_the_end() -> str:
    entry = {"kind": "creature", "data": {"name": "Gnat", "description": "x" * 1000}}
    count = MB // len(json.dumps(entry))
    text = json.dumps({"format": "numdesk", "version": 1, "entries": [entry] * count})
    return text[: -len('"}}]}')] + '\\ud800"}}]}'


def _too_many_entries() -> str:
    entry = '{"kind": "creature", "data": {"name": "G"}}'
    count = MB // (len(entry) + 2)
    return '{"format": "numdesk", "version": 1, "entries": [' + ", ".join([entry] * count) + "]}"


def _huge_number_last() -> str:
    entry = {"kind": "creature", "data": {"name": "Gnat", "description": "x" * 1000}}
    count = MB // len(json.dumps(entry))
    entries = [entry] * (count - 1) + [
        {"kind": "creature", "data": {"name": "Big", "armor": 2**31}}
    ]
    return json.dumps({"format": "numdesk", "version": 1, "entries": entries})


@pytest.mark.parametrize(
    "make",
    [_escaped_quotes, _deep, _surrogate_at_the_end, _too_many_entries, _huge_number_last],
    ids=["escaped-quotes", "deep-nesting", "surrogate-at-end", "20k+-entries", "huge-armor-last"],
)
def test_refuse_a_hostile_megabyte(
    benchmark: BenchmarkFixture, tmp_path: Path, make: Callable[[], str]
) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(make(), encoding="utf-8")

    def refuse() -> str:
        try:
            read_files([path])
        except DomainError as err:
            return err.message
        raise AssertionError("a hostile file was accepted")

    message = benchmark.pedantic(refuse, rounds=3)
    assert message.startswith("hostile.json")
