"""Files numdesk must refuse: each gives a clear LibraryError and stays byte-for-byte as it was."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from pathlib import Path

import pytest

from numdesk.model.creature import Creature
from numdesk.store import Library, LibraryError


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def side_files(path: Path) -> list[Path]:
    return [p for p in (Path(f"{path}-wal"), Path(f"{path}-shm")) if p.exists()]


@pytest.fixture
def saved_library(tmp_path: Path) -> Path:
    path = tmp_path / "lib.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.save_many(
            Creature(f"Creature {i}", level=1 + i % 9, description="x" * 300) for i in range(300)
        )
    assert side_files(path) == []
    return path


def assert_refused(path: Path, pattern: str) -> None:
    before = digest(path)
    mtime = path.stat().st_mtime_ns
    with pytest.raises(LibraryError, match=pattern):
        Library.open(path)
    assert digest(path) == before
    assert path.stat().st_mtime_ns == mtime
    assert side_files(path) == []
    assert not (path.parent / "backups").exists()
    assert not list(path.parent.glob(f"{path.name}.backup-*"))


def test_newer_schema_is_refused(saved_library: Path) -> None:
    con = sqlite3.connect(saved_library)
    con.execute("UPDATE alembic_version SET version_num = '0099_from_the_future'")
    con.commit()
    con.close()
    assert_refused(saved_library, "written by a newer version of numdesk")


def test_text_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.numdesk"
    path.write_text("these are my session notes, not a library\n" * 10)
    assert_refused(path, "not a numdesk library .it is not a SQLite database")


def test_other_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE songs (title TEXT)")
    con.execute("INSERT INTO songs VALUES ('x')")
    con.commit()
    con.close()
    assert_refused(path, "a SQLite database but not a numdesk library")


def test_damaged_pages_are_refused(saved_library: Path) -> None:
    data = bytearray(saved_library.read_bytes())
    page = 4096
    for offset in range(3 * page, len(data) - page, 5 * page):
        data[offset : offset + 200] = os.urandom(200)
    saved_library.write_bytes(bytes(data))
    assert_refused(saved_library, "is damaged")


def test_damaged_header_is_refused(saved_library: Path) -> None:
    data = bytearray(saved_library.read_bytes())
    data[16:24] = b"\xff" * 8  # page size and format bytes
    saved_library.write_bytes(bytes(data))
    assert_refused(saved_library, "damaged")


def test_truncated_file_is_refused(saved_library: Path) -> None:
    data = saved_library.read_bytes()
    saved_library.write_bytes(data[: len(data) // 3])
    assert_refused(saved_library, "damaged")


def test_read_only_file_is_refused(saved_library: Path) -> None:
    saved_library.chmod(0o444)
    try:
        assert_refused(saved_library, "is read-only")
    finally:
        saved_library.chmod(0o644)


def test_missing_folder_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "no such folder" / "lib.numdesk"
    with pytest.raises(LibraryError, match="does not exist"):
        Library.open(path)
    with pytest.raises(LibraryError, match="does not exist"):
        Library.create(path)
    assert not path.parent.exists()


def test_missing_file_without_create_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LibraryError, match="no library at"):
        Library.open(tmp_path / "absent.numdesk", create=False)
    assert list(tmp_path.iterdir()) == []


def test_create_refuses_to_overwrite(saved_library: Path) -> None:
    before = digest(saved_library)
    with pytest.raises(LibraryError, match="already exists"):
        Library.create(saved_library)
    assert digest(saved_library) == before


def test_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LibraryError, match="is a folder"):
        Library.open(tmp_path)


def test_an_empty_file_becomes_a_new_library(tmp_path: Path) -> None:
    path = tmp_path / "empty.numdesk"
    path.touch()
    with Library.open(path, starter=False) as lib:
        assert lib.count() == 0
        lib.creatures.save(Creature("Aneen"))
    with Library.open(path) as lib:
        assert lib.count() == 1


def test_refusal_messages_are_domain_errors(tmp_path: Path) -> None:
    from numdesk.model.errors import DomainError

    path = tmp_path / "x.numdesk"
    path.write_bytes(b"\x00" * 10)
    with pytest.raises(DomainError) as info:
        Library.open(path)
    assert str(path) in info.value.message


def test_damage_found_after_opening_is_a_clear_error(
    saved_library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Big libraries skip the full page check on ordinary opens; reading damage still says so."""
    import numdesk.store.migrate as migrate

    with Library.open(saved_library):  # takes today's backup, so the next open is ordinary
        pass
    con = sqlite3.connect(saved_library)
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'entries'").fetchone()[0]
    con.close()
    data = bytearray(saved_library.read_bytes())
    start = (root - 1) * 4096
    data[start : start + 4096] = b"\xee" * 4096
    saved_library.write_bytes(bytes(data))
    monkeypatch.setattr(migrate, "ALWAYS_VERIFY_BELOW_BYTES", 0)
    with Library.open(saved_library) as lib, pytest.raises(LibraryError, match="damaged"):
        lib.search("creature")
