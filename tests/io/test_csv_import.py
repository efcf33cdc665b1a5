"""CSV of creatures: any header case, clear row-numbered errors, nothing written on error."""

from __future__ import annotations

from pathlib import Path

import pytest

from numdesk.io.errors import ImportFormatError
from numdesk.io.importer import import_files
from numdesk.model.kinds import EntryKind
from numdesk.store import Library

GOOD = """Name,LEVEL,Health,armor,Damage,Movement,Notes,Colour
Cave brute,4,14,1,5 points,short,Hates light,grey

Ridge wolf,2,,0,2 points,long,,
"""


def test_good_csv(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "creatures.csv"
    path.write_text(GOOD, encoding="utf-8")
    report = import_files(library, [path])
    assert report.summary() == "Imported 2 entries from creatures.csv (2 creatures)."
    assert report.notes == ["creatures.csv: ignored column(s): colour"]
    brute = library.creatures.find_by_name("Cave brute")
    assert brute is not None
    assert (brute.level, brute.health, brute.armor, brute.damage, brute.movement) == (
        4,
        14,
        1,
        "5 points",
        "short",
    )
    assert brute.description == "Hates light"
    wolf = library.creatures.find_by_name("Ridge wolf")
    assert wolf is not None and wolf.health is None and wolf.max_health == 6


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "name,level\nOgre,ten\n",
            "bad.csv: row 2, column 'level': expected a whole number from 1 to 10, found 'ten'.",
        ),
        (
            "name,level,health\nOgre,3,9\nTroll,5,-2\n",
            "bad.csv: row 3, column 'health': expected a whole number from 0 to 999999, "
            "found '-2'.",
        ),
        (
            "name,level\nOgre,11\n",
            "bad.csv: row 2, column 'level': expected a whole number from 1 to 10, found '11'.",
        ),
        ("name,level\n,3\n", "bad.csv: row 2, column 'name': expected a name."),
        (
            "Name,Level\nOgre,\n",
            "bad.csv: row 2, column 'level': expected a whole number from 1 to 10.",
        ),
    ],
)
def test_bad_rows(library: Library, tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ImportFormatError) as caught:
        import_files(library, [path])
    assert caught.value.message == message
    assert library.count(EntryKind.CREATURE) == 0


def test_missing_level_column_is_not_a_creature_csv(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "names.csv"
    path.write_text("name,health\nOgre,3\n", encoding="utf-8")
    with pytest.raises(ImportFormatError, match="CSV of creatures with name and level columns"):
        import_files(library, [path])
