"""The start-up benchmark still runs: one round on a small library, no times asserted.

The real run is `python -m numdesk.bench startup` (see docs/performance.md).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from numdesk.bench.startup import bench_startup, build_library
from numdesk.instance import SingleInstance
from numdesk.store import Library


@pytest.fixture
def users_numdesk(tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A numdesk the user is running, found the way any launch finds it (this
    process's instance key and runtime folder), answering handoffs."""
    library = tmp_path / "mine.numdesk"
    Library.create(library, starter=False).close()
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "numdesk", "--library", str(library)], env=env
    )
    try:
        deadline = time.monotonic() + 120
        while not SingleInstance().hand_over([]):
            assert process.poll() is None, "the user's numdesk stopped"
            assert time.monotonic() < deadline, "the user's numdesk never answered"
            time.sleep(0.5)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_startup_benchmark_runs_every_variant_once(
    qtbot: QtBot, tmp_path: Path, users_numdesk: subprocess.Popen[bytes]
) -> None:
    """Beside a numdesk the user is running: each start is an app of its own (it used to
    be handed over to the user's app, which then opened the benchmark's library)."""
    library = tmp_path / "small.numdesk"
    build_library(library, sizes=(30, 5, 10))
    rows = dict(bench_startup(tmp_path, runs=1, library=library))
    labels = list(rows)
    assert any(label.startswith("bare PySide6 window (median of 1)") for label in labels)
    app_rows = [rows[label] for label in labels if label.startswith("numdesk:")]
    assert len(app_rows) == 2
    assert all("× CPU" in row and "peak memory" in row for row in app_rows)
    # the benchmark closes the library it opened: nothing left for the next start
    assert not Path(f"{library}-wal").exists()
    # the user's numdesk is still there, answering
    assert users_numdesk.poll() is None and SingleInstance().hand_over([])
