"""The sheet benchmark still runs (tiny sheets, two rounds; the real run is
`python -m numdesk.bench sheet`, its numbers in docs/performance.md). Never asserts times."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from numdesk.bench.sheet import bench_sheet

pytestmark = pytest.mark.benchmark


def test_the_sheet_benchmark_times_each_sheet_against_its_yardstick(
    qtbot: QtBot, tmp_path: Path
) -> None:
    rows = dict(bench_sheet(tmp_path, rounds=2, lines=300, entries=40))
    assert "click (Play side), 300 history lines ÷ 100 history lines" in rows
    assert "undo (one entry edited), yardstick: 10 list entries" in rows
    assert rows["machine load (1, 5, 15 minutes) at the start; at the end"].count("load") == 2
