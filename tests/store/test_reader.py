"""The first screen's read-only look at a library file (`numdesk.store.reader`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from numdesk.model.kinds import EntryKind
from numdesk.store import Library
from numdesk.store.migrate import upgrade
from numdesk.store.reader import LibraryReader
from numdesk.store.revisions import FIRST

from .conftest import make_samples


@pytest.fixture
def closed_library(tmp_path: Path) -> Path:
    """A library with starter content, the samples and some tags, closed cleanly."""
    path = tmp_path / "lib.numdesk"
    with Library.create(path) as lib:
        samples = list(make_samples().values())
        lib.save_many(samples)
        lib.set_tags(samples[0].uid, ["Boss", "ruins"])
        lib.set_tags(samples[1].uid, ["ruins"])
        lib.set_favourite(samples[1].uid, True)
    return path


def test_the_reader_lists_exactly_what_the_library_lists(closed_library: Path) -> None:
    queries = [
        {},
        {"text": "st"},
        {"text": "tallow"},
        {"text": "ruins"},
        {"kinds": [EntryKind.CREATURE, EntryKind.CYPHER]},
        {"profile": "numenera"},
        {"tags": ["Ruins"]},
        {"tags": ["ruins", "boss"]},
        {"favourites_only": True},
        {"kinds": []},
        {"limit": 5},
    ]
    reader = LibraryReader.open(closed_library)
    assert reader is not None
    try:
        with Library.open(closed_library, auto_backup=False) as lib:
            for query in queries:
                assert reader.search(**query) == lib.search(**query), query
            assert reader.all_tags() == lib.all_tags() == ["Boss", "ruins"]
            assert reader.count() == lib.count() > 20
            assert reader.count(EntryKind.CREATURE) == lib.count(EntryKind.CREATURE) >= 1
    finally:
        reader.close()


def test_reading_leaves_the_file_and_its_folder_as_they_were(closed_library: Path) -> None:
    before = sorted(p.name for p in closed_library.parent.iterdir())
    data = closed_library.read_bytes()
    reader = LibraryReader.open(closed_library)
    assert reader is not None
    assert reader.search()
    reader.close()
    assert sorted(p.name for p in closed_library.parent.iterdir()) == before
    assert closed_library.read_bytes() == data


def test_the_full_open_comes_first_for_any_file_the_reader_cannot_read_as_is(
    tmp_path: Path, closed_library: Path
) -> None:
    assert LibraryReader.open(tmp_path / "missing.numdesk") is None
    empty = tmp_path / "empty.numdesk"
    empty.touch()
    assert LibraryReader.open(empty) is None
    text = tmp_path / "notes.numdesk"
    text.write_text("not a library")
    assert LibraryReader.open(text) is None
    older = tmp_path / "older.numdesk"
    upgrade(older, FIRST)
    assert LibraryReader.open(older) is None
    # open elsewhere (its WAL file exists): the reader could miss what is in the WAL
    with Library.open(closed_library, auto_backup=False) as lib:
        lib.meta_set("touched", True)
        assert Path(f"{closed_library}-wal").exists()
        assert LibraryReader.open(closed_library) is None
    assert LibraryReader.open(closed_library) is not None


def test_the_reader_does_not_load_sqlalchemy(closed_library: Path) -> None:
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from numdesk.store.reader import LibraryReader\n"
        f"reader = LibraryReader.open(Path({str(closed_library)!r}))\n"
        "print(len(reader.search(text='ruins')))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'alembic')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    found, modules = result.stdout.split("\n")[:2]
    assert int(found) >= 2  # the two tagged samples, and starter entries mentioning ruins
    assert modules == "[]"


def test_the_reader_knows_the_house_rules_sets_its_rows_name(tmp_path: Path) -> None:
    """The first screen's Rules column names a house rules set, not its uid, and a set
    two open views of one file share stays known until the last of them closes."""
    from numdesk.model.character import Character
    from numdesk.model.rules_set import RulesSet
    from numdesk.rules.profiles import PROFILES

    path = tmp_path / "lib.numdesk"
    rules = RulesSet(name="Gritty Table", base="cypher", changes={"max_effort": 2})
    with Library.create(path, starter=False) as lib:
        lib.save_many([rules, Character(name="Kalos", profile=rules.uid)])
    assert rules.uid not in PROFILES  # closing the library forgot it
    reader = LibraryReader.open(path)
    assert reader is not None
    try:
        assert PROFILES[rules.uid].label == "Gritty Table"
        assert PROFILES[rules.uid].max_effort == 2
        with Library.open(path, auto_backup=False) as lib:
            reader.close()  # the first screen hands over to the full open
            assert PROFILES[rules.uid].label == "Gritty Table"
        assert rules.uid not in PROFILES
    finally:
        reader.close()
