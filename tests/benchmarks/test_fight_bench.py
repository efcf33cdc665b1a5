"""The fight benchmark still runs (small fights, one round; the real run is
`python -m numdesk.bench fight`, its numbers in docs/performance.md). Never asserts times."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from numdesk.bench.fight import bench_fight

pytestmark = pytest.mark.benchmark


def test_the_fight_benchmark_times_each_action_against_its_yardstick(
    qtbot: QtBot, tmp_path: Path
) -> None:
    rows = dict(bench_fight(tmp_path, rounds=1, big=20, small=10, played=60))
    assert "area attack, 20 ÷ 10 combatants (linear: about 2)" in rows
    assert "undo of a hit, 10 combatants (target ≤ 16 ms)" in rows
    assert "a hit after 60 actions ÷ in a fresh fight" in rows
    assert "a hit after 60 actions ÷ after 60" in rows  # the log list full, as yardstick
    assert rows["machine load (1, 5, 15 minutes) at the start; at the end"].count("load") == 2
