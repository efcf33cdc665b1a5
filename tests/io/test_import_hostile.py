"""Hostile files found by fuzzing: each is refused with one clear line and writes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES

from numdesk.io.importer import import_files
from numdesk.io.limits import MAX_DEPTH, nesting_depth
from numdesk.io.native import build_document
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.errors import DomainError
from numdesk.model.limits import MAX_ENTRIES_PER_IMPORT, MAX_NAME
from numdesk.model.serialize import to_data
from numdesk.model.tables import RollTable, TableRow
from numdesk.store import Library


def _refused(library: Library, path: Path) -> str:
    before = library.count()
    with pytest.raises(DomainError) as caught:
        import_files(library, [path])
    assert library.count() == before
    message = caught.value.message
    assert "\n" not in message and message.startswith(path.name)
    return message


def _write(tmp_path: Path, name: str, doc: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_escaped_quotes_do_not_make_the_depth_scan_quadratic(
    library: Library, tmp_path: Path
) -> None:
    """`[` then `\\"` repeated took 24 s for 64 KB before the scan became linear; a
    quarter megabyte would have taken minutes. (Times are in docs/performance.md.)"""
    text = "[" + '\\"' * 128 * 1024
    assert nesting_depth(text) == 1
    path = tmp_path / "quotes.json"
    path.write_text(text, encoding="utf-8")
    assert "expected valid JSON" in _refused(library, path)


def test_an_unterminated_string_hides_no_brackets() -> None:
    assert nesting_depth('[[ "abc \\" [[[[') == 2
    assert nesting_depth("[" * (MAX_DEPTH + 1) + '"') == MAX_DEPTH + 1


def test_a_character_with_two_billion_wound_boxes_is_refused(
    library: Library, tmp_path: Path
) -> None:
    data = to_data(Character("Boxer", profile="cypher"))
    data["wounds"]["minor_slots"] = 2**31
    path = _write(tmp_path, "boxes.json", build_document([]) | {"entries": []})
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["entries"] = [{"kind": "character", "data": data}]
    path = _write(tmp_path, "boxes.json", doc)
    assert _refused(library, path) == (
        "boxes.json: $.entries[0].data.wounds.minor_slots: expected the number of wound "
        "boxes from 0 to 20, found 2147483648."
    )


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("armor", 2**31, "$.entries[0].data.armor: expected armor from 0 to 20, found 2147483648."),
        ("armor", -1, "$.entries[0].data.armor: expected armor from 0 to 20, found -1."),
        ("level", 10**40, "$.entries[0].data.level: expected a level from 1 to 10, found 1000"),
        ("name", "x" * (MAX_NAME + 1), "expected text of at most 200 characters, found 201"),
    ],
)
def test_creature_values_no_widget_can_show_are_refused(
    library: Library, tmp_path: Path, field: str, value: Any, expected: str
) -> None:
    data = to_data(Creature("Brute", 3))
    data[field] = value
    doc = build_document([]) | {"entries": [{"kind": "creature", "data": data}]}
    assert expected in _refused(library, _write(tmp_path, "brute.json", doc))


def test_huge_table_rows_are_refused(library: Library, tmp_path: Path) -> None:
    data = to_data(RollTable("Odd", die=6, rows=[TableRow(1, 6, "x")]))
    data["rows"][0]["end"] = 10**308
    doc = build_document([]) | {"entries": [{"kind": "table", "data": data}]}
    message = _refused(library, _write(tmp_path, "odd.json", doc))
    assert "$.entries[0].data.rows[0].end: expected a table row's last roll from 0 to 1,000" in (
        message
    )


def test_a_number_beyond_floating_point_is_refused(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "inf.json"
    path.write_text('{"format": "numdesk", "version": 1, "entries": [1e400]}', encoding="utf-8")
    assert _refused(library, path) == (
        "inf.json: $.entries[0]: expected a finite number, found a number too large to hold."
    )


def test_a_foundry_npc_with_huge_armor_names_the_creature(library: Library, tmp_path: Path) -> None:
    doc = json.loads((FIXTURES / "foundry_npc.json").read_text(encoding="utf-8"))
    doc["system"]["combat"]["armor"] = 1e308
    message = _refused(library, _write(tmp_path, "npc.json", doc))
    assert message.startswith("npc.json: creature 'Harbour Smuggler', armor: expected armor")


def test_a_lone_surrogate_is_refused_in_keys_too(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "key.json"
    path.write_text('{"format": "numdesk", "version": 1, "entries": [], "\\udc00": 1}')
    assert _refused(library, path) == (
        "key.json: $: expected text, found a broken character (a lone UTF-16 surrogate \\udc00)."
    )


def test_a_million_tiny_creatures_are_refused_before_any_is_built(
    library: Library, tmp_path: Path
) -> None:
    entry = {"kind": "creature", "data": {"name": "Gnat"}}
    doc = build_document([]) | {"entries": [entry] * (MAX_ENTRIES_PER_IMPORT + 1)}
    message = _refused(library, _write(tmp_path, "gnats.json", doc))
    assert (
        message
        == "gnats.json: the file: expected at most 20,000 entries in one import, found 20,001."
    )


def test_several_files_share_the_entry_cap(library: Library, tmp_path: Path) -> None:
    half = MAX_ENTRIES_PER_IMPORT // 2 + 1
    files = []
    for part in ("a", "b"):
        rows = "".join(f"Gnat {part}{i},1\n" for i in range(half))
        path = tmp_path / f"{part}.csv"
        path.write_text("name,level\n" + rows, encoding="utf-8")
        files.append(path)
    with pytest.raises(DomainError, match=r"expected at most 20,000 entries in one import"):
        import_files(library, files)
    assert library.count() == 0
