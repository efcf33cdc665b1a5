"""The store benchmark still runs (on a tiny library; the real run is `python -m numdesk.bench`)."""

from __future__ import annotations

from pathlib import Path

from numdesk.bench.runner import main
from numdesk.bench.store import bench_store


def test_store_benchmark_runs_on_a_small_library(tmp_path: Path) -> None:
    rows = dict(bench_store(tmp_path, creatures=60, characters=12, items=25))
    assert any(label.startswith("search-as-you-type") for label in rows)
    assert "97 entries" in next(label for label in rows if label.startswith("build"))


def test_unknown_benchmark_names_are_refused(capsys) -> None:  # type: ignore[no-untyped-def]
    import pytest

    with pytest.raises(SystemExit):
        main(["nonsense"])
    assert "unknown benchmark" in capsys.readouterr().err
