"""Imports read only regular files: a named pipe or a device is refused in one line at
once (nothing waits for a writer that never comes, nothing reads /dev/zero forever)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from numdesk.store import Library

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")


def _import(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "numdesk", "import", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,  # the old code waited here for ever
        check=False,
    )


@pytest.mark.parametrize(
    ("make", "found"),
    [
        (lambda folder: _fifo(folder), "a named pipe"),
        (lambda _folder: Path("/dev/zero"), "a device"),
        (lambda _folder: Path("/dev/null"), "a device"),
        (lambda folder: folder, "a folder"),
    ],
    ids=["fifo", "dev-zero", "dev-null", "folder"],
)
def test_a_file_that_is_not_a_regular_file_is_refused_in_one_line(
    tmp_path: Path, make: object, found: str
) -> None:
    lib = tmp_path / "lib.numdesk"
    with Library.create(lib, starter=False):
        pass
    target = make(tmp_path)  # type: ignore[operator]
    done = _import(target, "--library", lib)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"expected a regular file, found {found}" in done.stderr
    assert target.name in done.stderr


def _fifo(folder: Path) -> Path:
    path = folder / "creatures.csv"
    os.mkfifo(path)
    return path


def test_the_other_files_of_a_keep_going_import_still_come_in(tmp_path: Path) -> None:
    lib = tmp_path / "lib.numdesk"
    good = tmp_path / "good.csv"
    good.write_text("name,level\nGrit Hound,3\n", encoding="utf-8")
    done = _import(_fifo(tmp_path), good, "--library", lib, "--keep-going")
    assert done.returncode == 1 and "named pipe" in done.stderr
    with Library.open(lib) as opened:
        assert opened.creatures.find_by_name("Grit Hound") is not None
