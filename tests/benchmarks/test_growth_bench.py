"""The growth benchmarks still run: one small library, every row printed, no time asserted.

The real run is `python -m numdesk.bench browser import startup` (docs/performance.md).
"""

from __future__ import annotations

from pathlib import Path

from numdesk.bench.browsing import bench_browser
from numdesk.bench.importing import bench_import
from numdesk.bench.scale import parse_size, scale_library, short


def test_sizes_read_as_written() -> None:
    assert [parse_size(t) for t in ("1k", "10K", "100_000", "2.5k")] == [1000, 10000, 100000, 2500]
    assert short(200_000) == "200k"


def test_a_scale_library_is_built_once(tmp_path: Path) -> None:
    path = scale_library(tmp_path, 200)
    stamp = path.stat().st_mtime_ns
    assert scale_library(tmp_path, 200) == path and path.stat().st_mtime_ns == stamp
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".numdesk"] == [path.name]


def test_the_browser_benchmark_prints_each_figure_with_its_yardstick(tmp_path: Path) -> None:
    rows = dict(bench_browser(tmp_path, (300,)))
    labels = list(rows)
    assert any("keystroke p95" in label and "raw FTS5" in label for label in labels)
    assert any("sorted" in label and "yardstick: unsorted" in label for label in labels)
    assert any("pages of the whole library sorted by name" in label for label in labels)
    assert any("save elsewhere" in label for label in labels)
    assert all(" vs " in rows[label] for label in labels if "yardstick" in label)
    keystrokes = [rows[label] for label in labels if "keystroke" in label]
    assert keystrokes and all("in CPU time" in row for row in keystrokes)
    assert sum("machine load" in label for label in labels) == 2


def test_the_import_benchmark_compares_with_an_empty_library(
    tmp_path: Path, csrd_path: Path
) -> None:
    rows = dict(bench_import(tmp_path, (300,), csrd_path, runs=1))
    import_rows = [value for label, value in rows.items() if "CSRD import" in label]
    assert len(import_rows) == 1 and " vs " in import_rows[0]
    assert any("the same file again" in label for label in rows)
