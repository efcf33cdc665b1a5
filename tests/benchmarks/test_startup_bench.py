"""The start-up benchmark still runs: one round on a small library, no times asserted.

The real run is `python -m numdesk.bench startup` (see docs/performance.md).
"""

from __future__ import annotations

from pathlib import Path

from numdesk.bench.startup import bench_startup, build_library


def test_startup_benchmark_runs_every_variant_once(tmp_path: Path) -> None:
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
