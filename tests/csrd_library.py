"""A library file with the CSRD imported, made once per test session and copied per test
(the import takes seconds; each test still gets its own real file to change)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from numdesk.io.importer import read_files, save_report
from numdesk.store import Library


@pytest.fixture(scope="session")
def csrd_library_file(csrd_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("csrd") / "csrd.numdesk"
    with Library.create(path, starter=False) as lib:
        save_report(lib, read_files([csrd_path]))
    return path


@pytest.fixture
def csrd_library(csrd_library_file: Path, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A library holding the whole CSRD (its own copy for this test), closed after."""
    path = tmp_path / "csrd.numdesk"
    shutil.copy(csrd_library_file, path)
    lib = Library.open(path, auto_backup=False)
    yield lib
    lib.close()
