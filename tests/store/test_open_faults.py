"""Faults around opening: a backup that cannot be written, half-written copies, a failed
migration, and read-only opens that must never create or change a file."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from numdesk.model.creature import Creature
from numdesk.store import Library, LibraryError
from numdesk.store.backups import (
    KEEP_MIGRATION_COPIES,
    STALE_PARTIAL_SECONDS,
    list_migration_copies,
)
from numdesk.store.migrate import downgrade
from numdesk.store.revisions import FIRST


def _library(folder: Path, name: str = "lib.numdesk") -> Path:
    path = folder / name
    with Library.create(path, starter=False) as lib:
        lib.creatures.save(Creature("Yovok", level=5))
    return path


def _files(folder: Path) -> dict[str, tuple[int, bytes]]:
    """Every file below `folder` with its size and content (to prove nothing changed)."""
    return {
        str(p.relative_to(folder)): (p.stat().st_size, p.read_bytes())
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _old_library(folder: Path) -> Path:
    """A library at the first schema revision, as an older numdesk left it."""
    path = _library(folder)
    downgrade(path, FIRST)
    return path


def _break_next_migration(path: Path) -> None:
    """Make migration 0002 fail half-way: an index it creates already exists."""
    con = sqlite3.connect(path)
    try:
        con.execute("CREATE INDEX ix_entries_kind_name_key ON entries (kind)")
        con.commit()
    finally:
        con.close()


# -- a backup that cannot be written ----------------------------------------------------


def test_library_opens_when_the_backup_cannot_be_written(tmp_path: Path) -> None:
    path = _library(tmp_path)
    (tmp_path / "backups").write_text("a file where the backup folder should be")
    with Library.open(path) as lib:
        assert lib.creatures.find_by_name("Yovok") is not None
        assert lib.backup_problem == "the backups folder could not be written (File exists)"
        lib.creatures.save(Creature("Latos", level=4))  # still a working library
    (tmp_path / "backups").unlink()
    with Library.open(path) as lib:  # the next open tries again, and succeeds
        assert lib.backup_problem is None
        assert len(lib.list_backups()) == 1


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MB filesystem (a tmpfs), when this machine lets the tests mount one."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip("cannot mount a small filesystem here (needs root)")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_full_disk_still_opens_and_exports(tiny_disk: Path, tmp_path: Path) -> None:
    source = tmp_path / "big.numdesk"
    with Library.create(source, starter=False) as lib:
        lib.save_many([Creature(f"Beast {i}", level=3, description="x" * 2000) for i in range(60)])
    path = tiny_disk / "big.numdesk"
    shutil.copyfile(source, path)
    filler = tiny_disk / "filler"
    free = shutil.disk_usage(tiny_disk).free
    filler.write_bytes(b"\0" * max(0, free - 64 * 1024))  # room for the WAL, not a copy
    with Library.open(path) as lib:
        assert lib.count() == 60
        assert lib.backup_problem == "the disk is full"
    assert not list(tiny_disk.rglob("*.partial*"))


# -- half-written copies ---------------------------------------------------------------


def test_stale_partial_copies_are_removed_on_open(tmp_path: Path) -> None:
    path = _library(tmp_path)
    folder = tmp_path / "backups"
    folder.mkdir()
    old = time.time() - STALE_PARTIAL_SECONDS - 5
    stale = [
        folder / "lib-20260101T000000000000Z.numdesk.partial",
        folder / "lib-20260101T000000000000Z.numdesk.partial-journal",
        tmp_path / "lib.numdesk.backup-0001_first_schema-20260101T000000000000Z.partial",
    ]
    fresh = folder / "lib-20991231T000000000000Z.numdesk.partial"
    for leftover in [*stale, fresh]:
        leftover.write_bytes(b"half a copy")
    for leftover in stale:
        os.utime(leftover, (old, old))
    other = folder / "notes.txt.partial"
    other.write_text("not ours")
    os.utime(other, (old, old))
    with Library.open(path, auto_backup=False):
        pass
    assert not any(p.exists() for p in stale)
    assert fresh.exists()  # may be another numdesk's copy in progress
    assert other.exists()  # not a copy of this library


# -- a failed migration ----------------------------------------------------------------


def test_a_failed_migration_is_one_sentence_and_changes_nothing(tmp_path: Path) -> None:
    path = _old_library(tmp_path)
    _break_next_migration(path)
    before = path.read_bytes()
    with pytest.raises(LibraryError) as caught:
        Library.open(path)
    message = caught.value.message
    [copy] = list_migration_copies(path)
    assert message.startswith(f"numdesk could not upgrade the library {path}; it is unchanged;")
    assert f"a copy is at {copy}" in message
    assert "\n" not in message and len(message) < 400
    assert "INSERT" not in message and "SELECT" not in message
    assert path.read_bytes() == before
    con = sqlite3.connect(copy)
    try:
        assert con.execute("SELECT name FROM entries").fetchall() == [("Yovok",)]
    finally:
        con.close()


def test_old_migration_copies_are_pruned(tmp_path: Path) -> None:
    path = _old_library(tmp_path)
    _break_next_migration(path)
    for _attempt in range(KEEP_MIGRATION_COPIES + 2):
        with pytest.raises(LibraryError):
            Library.open(path)
    copies = list_migration_copies(path)
    assert len(copies) == KEEP_MIGRATION_COPIES
    assert len(list(tmp_path.glob("lib.numdesk.backup-*"))) == KEEP_MIGRATION_COPIES


# -- read-only opens -------------------------------------------------------------------


def test_read_only_open_of_a_read_only_file_changes_nothing(tmp_path: Path) -> None:
    path = _library(tmp_path)
    path.chmod(0o444)
    before = _files(tmp_path)
    try:
        with Library.open_read_only(path) as lib:
            assert lib.creatures.find_by_name("Yovok") is not None
            with pytest.raises(LibraryError, match="read-only"):
                lib.creatures.save(Creature("Latos", level=4))
    finally:
        path.chmod(0o644)
    assert _files(tmp_path) == before  # no backup, no -wal/-shm, no byte changed


def test_read_only_open_never_turns_an_empty_file_into_a_library(tmp_path: Path) -> None:
    empty = tmp_path / "empty.numdesk"
    empty.touch()
    with pytest.raises(LibraryError, match="empty, not a numdesk library"):
        Library.open_read_only(empty)
    with pytest.raises(LibraryError, match="There is no library"):
        Library.open_read_only(tmp_path / "missing.numdesk")
    assert [p.name for p in tmp_path.iterdir()] == ["empty.numdesk"]
    assert empty.stat().st_size == 0


def test_read_only_open_of_an_older_library_reads_an_upgraded_copy(tmp_path: Path) -> None:
    path = _old_library(tmp_path)
    before = _files(tmp_path)
    with Library.open_read_only(path) as lib:
        assert [s.name for s in lib.search("yovok")] == ["Yovok"]
    assert _files(tmp_path) == before
