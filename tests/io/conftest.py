"""Libraries for the import/export tests: empty ones, and one holding the whole CSRD."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from numdesk.io.importer import import_files
from numdesk.store import Library

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    """An empty library (no starter content) in a fresh folder."""
    with Library.create(tmp_path / "test.numdesk", starter=False) as lib:
        yield lib


@pytest.fixture(scope="module")
def csrd_library(tmp_path_factory: pytest.TempPathFactory, csrd_path: Path) -> Iterator[Library]:
    """A library with the CSRD imported once, shared by the tests of one module (read only)."""
    folder = tmp_path_factory.mktemp("csrd")
    with Library.create(folder / "csrd.numdesk", starter=False) as lib:
        import_files(lib, [csrd_path])
        yield lib
