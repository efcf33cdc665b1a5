"""Rolling backups with the SQLite backup API, and restoring one."""

from __future__ import annotations

import os
import sqlite3
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from numdesk.model.creature import Creature
from numdesk.store import Library, LibraryError
from numdesk.store.backups import KEEP_BACKUPS, auto_backup_due


def integrity(path: Path) -> str:
    con = sqlite3.connect(path)
    try:
        return str(con.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        con.close()


def test_backup_now_copies_what_is_committed_even_while_open(library: Library) -> None:
    library.creatures.save(Creature("Yovok", level=5))
    backup = library.backup_now()
    assert backup.parent == library.path.parent / "backups"
    assert backup.suffix == library.path.suffix
    assert integrity(backup) == "ok"
    with Library.open(backup, auto_backup=False) as copy:
        assert [s.name for s in copy.search("yovok")] == ["Yovok"]
    assert library.list_backups() == [backup]


def test_only_the_newest_backups_are_kept(library: Library) -> None:
    made = [library.backup_now() for _ in range(KEEP_BACKUPS + 3)]
    kept = library.list_backups()
    assert len(kept) == KEEP_BACKUPS
    assert kept == list(reversed(made))[:KEEP_BACKUPS]  # newest first


def test_opening_takes_a_backup_at_most_once_a_day(tmp_path: Path) -> None:
    path = tmp_path / "lib.numdesk"
    Library.create(path, starter=False).close()
    with Library.open(path) as lib:
        assert len(lib.list_backups()) == 1
    with Library.open(path) as lib:
        [only] = lib.list_backups()
    assert not auto_backup_due(path)
    assert auto_backup_due(path, now=datetime.now(UTC) + timedelta(hours=25))
    with Library.open(path, auto_backup=False) as lib:
        assert lib.list_backups() == [only]


def test_backups_of_other_libraries_in_the_folder_are_not_listed(tmp_path: Path) -> None:
    a = Library.create(tmp_path / "a.numdesk", starter=False)
    b = Library.create(tmp_path / "b.numdesk", starter=False)
    try:
        a.backup_now()
        assert b.list_backups() == []
    finally:
        a.close()
        b.close()


def test_restore_brings_back_the_old_state_and_keeps_the_current_one(tmp_path: Path) -> None:
    path = tmp_path / "lib.numdesk"
    with Library.create(path, starter=False) as lib:
        keeper = Creature("Keeper", level=2)
        lib.creatures.save(keeper)
        backup = lib.backup_now()
        lib.creatures.delete(keeper.uid)
        lib.creatures.save(Creature("Mistake", level=1))
    time.sleep(0.01)
    Library.restore_backup(backup, path)
    with Library.open(path, auto_backup=False) as lib:
        assert [s.name for s in lib.search()] == ["Keeper"]
        backups = lib.list_backups()
    assert len(backups) == 2  # the restored one and the state just before restoring
    with Library.open(backups[0], auto_backup=False) as before_restore:
        assert [s.name for s in before_restore.search()] == ["Mistake"]
    assert not Path(f"{path}.restoring").exists()


def test_restore_replaces_a_damaged_library(tmp_path: Path) -> None:
    path = tmp_path / "lib.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.creatures.save(Creature("Keeper", level=2))
        backup = lib.backup_now()
    path.write_bytes(b"SQLite format 3\x00" + os.urandom(5000))
    with pytest.raises(LibraryError):
        Library.open(path)
    Library.restore_backup(backup, path)
    with Library.open(path) as lib:
        assert lib.count() == 1


def test_restore_refuses_what_is_not_a_backup(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.numdesk"
    bogus.write_text("hello")
    with pytest.raises(LibraryError):
        Library.restore_backup(bogus, tmp_path / "lib.numdesk")
    with pytest.raises(LibraryError, match="no backup"):
        Library.restore_backup(tmp_path / "absent.numdesk", tmp_path / "lib.numdesk")
    assert not (tmp_path / "lib.numdesk").exists()


def test_closing_leaves_no_side_files_even_after_a_backup(tmp_path: Path) -> None:
    """A clean close folds the WAL back in; a leftover WAL would mean "not closed cleanly"."""
    path = tmp_path / "lib.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.creatures.save(Creature("Slurge", level=4))
    with Library.open(path) as lib:  # takes the daily backup
        assert len(lib.list_backups()) == 1
        lib.creatures.save(Creature("Chirog", level=5))
    leftovers = [p.name for p in tmp_path.rglob("*") if p.is_file()]
    assert not [name for name in leftovers if name.endswith(("-wal", "-shm", ".partial"))]
    assert not Path(f"{path}-wal").exists() and not Path(f"{path}-shm").exists()
