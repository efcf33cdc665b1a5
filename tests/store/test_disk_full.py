"""A full disk is not damage: before numdesk ever calls a library damaged it checks the
file's pages and the free space, and at 0 bytes free it says the disk is full and that
nothing is damaged (restoring a backup then would lose recent work).

The disk is a real 1 MB tmpfs mounted for the test (root only; skipped elsewhere)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from numdesk.model.creature import Creature
from numdesk.store import Library, LibraryError


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "disk"
    folder.mkdir()
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("mounting a small disk needs root")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


def _fill(folder: Path) -> Path:
    """Take every free byte of the disk holding `folder`."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (65536, 4096, 512, 1):
            try:
                while True:
                    os.write(fd, b"\0" * size)
            except OSError:
                continue
    finally:
        os.close(fd)
    assert shutil.disk_usage(folder).free == 0
    return filler


def _refused(action: object) -> str:
    with pytest.raises(LibraryError) as refused:
        action()  # type: ignore[operator]
    return refused.value.message


def _says_full_not_damaged(message: str) -> None:
    assert "full" in message and "nothing is damaged" in message, message
    assert "is damaged (" not in message and "Restore a backup" not in message, message


def test_at_zero_bytes_free_the_library_is_said_to_be_on_a_full_disk_not_damaged(
    small_disk: Path,
) -> None:
    path = small_disk / "lib.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.creatures.save(Creature("Margr", level=3))
    filler = _fill(small_disk)
    for _attempt in range(2):  # the first failed open leaves side files behind
        _says_full_not_damaged(_refused(lambda: Library.open(path)))
        _says_full_not_damaged(_refused(lambda: Library.open_read_only(path)))
    done = subprocess.run(
        [sys.executable, "-m", "numdesk", "export", "--library", str(path), "--out",
         str(small_disk / "out.json")],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    _says_full_not_damaged(done.stderr)
    filler.unlink()  # space again: the library opens, with everything in it
    with Library.open(path) as lib:
        assert lib.creatures.find_by_name("Margr") is not None


def test_a_save_on_a_full_disk_says_so_and_keeps_the_library(small_disk: Path) -> None:
    path = small_disk / "lib.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.creatures.save(Creature("Margr", level=3))
        filler = _fill(small_disk)
        message = _refused(
            lambda: lib.creatures.save(Creature("B" * 150, description="x" * 20_000))
        )
        _says_full_not_damaged(message)
        filler.unlink()
        assert lib.creatures.find_by_name("Margr") is not None
