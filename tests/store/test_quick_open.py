"""The quick open: `Library.open`'s checks without the store, or None when the full open
must do the work (a migration, new starter content, a file that cannot be written)."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from pathlib import Path

import pytest

from numdesk.model.creature import Creature
from numdesk.store import Library, backups
from numdesk.store.migrate import downgrade
from numdesk.store.quick_open import quick_open
from numdesk.store.reader import LibraryReader


@pytest.fixture
def closed_library(tmp_path: Path) -> Path:
    path = tmp_path / "table.numdesk"
    with Library.create(path) as lib:
        lib.creatures.save(Creature("Vessel hound", level=3))
    return path


def test_a_current_library_opens_quickly_and_takes_its_daily_backup(
    closed_library: Path,
) -> None:
    assert backups.auto_backup_due(closed_library)
    opened = quick_open(closed_library)
    assert opened is not None and opened.backup_problem is None
    assert not backups.auto_backup_due(closed_library)  # the backup of the day was made
    reader = LibraryReader.live(closed_library)
    assert reader is not None
    try:
        assert [s.name for s in reader.search("vessel")] == ["Vessel hound"]
        with Library.attach(closed_library) as lib:  # a save after the check is seen
            lib.creatures.save(Creature("Vessel crab", level=2))
        assert {s.name for s in reader.search("vessel")} == {"Vessel hound", "Vessel crab"}
    finally:
        reader.close()


def test_an_older_library_needs_the_full_open(closed_library: Path) -> None:
    downgrade(closed_library, "0003_revisions_undo_journal")
    assert quick_open(closed_library) is None


def test_new_starter_content_needs_the_full_open(closed_library: Path) -> None:
    con = sqlite3.connect(closed_library)
    con.execute("UPDATE meta SET value = ? WHERE key = 'starter_content'", (json.dumps(1),))
    con.commit()
    con.close()
    assert quick_open(closed_library) is None


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only file")
def test_a_file_that_cannot_be_written_needs_the_full_open(closed_library: Path) -> None:
    closed_library.chmod(stat.S_IREAD)
    try:
        assert quick_open(closed_library) is None
    finally:
        closed_library.chmod(stat.S_IREAD | stat.S_IWRITE)


def test_a_damaged_rules_set_needs_the_full_open(closed_library: Path) -> None:
    con = sqlite3.connect(closed_library)
    con.execute(
        "INSERT INTO entries (uid, kind, name, name_key, data, created, updated)"
        " VALUES ('rs1', 'rules_set', 'Broken', 'broken', '{not json', 'c', 'u')"
    )
    con.commit()
    con.close()
    assert quick_open(closed_library) is not None
    assert LibraryReader.live(closed_library) is None  # the full open names the set
