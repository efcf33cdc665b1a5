"""Hostile or broken files: size and depth caps, binary data, invalid JSON, unknown formats."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from numdesk.io.detect import read_import_file
from numdesk.io.errors import ImportFormatError
from numdesk.io.importer import import_files
from numdesk.io.limits import MAX_DEPTH, MAX_FILE_BYTES, nesting_depth
from numdesk.store import Library


def _refused(path: Path, library: Library) -> str:
    before = library.count()
    with pytest.raises(ImportFormatError) as caught:
        import_files(library, [path])
    assert library.count() == before
    return caught.value.message


def test_an_absurdly_large_file_is_refused_before_reading(library: Library, tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as stream:  # sparse: costs no disk space
        stream.truncate(MAX_FILE_BYTES + 1)
    message = _refused(huge, library)
    assert message == "huge.json: the file: expected at most 50 MB, found 50 MB."


def test_too_deep_nesting_is_refused(library: Library, tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    message = _refused(deep, library)
    assert f"JSON nested at most {MAX_DEPTH} levels deep, found 100000 levels" in message


def test_depth_ignores_brackets_inside_strings() -> None:
    assert nesting_depth('{"a": ["[[[{{{", {"b": "]]]"}]}') == 3
    assert nesting_depth('{"a": "quote \\" then [[[["}') == 1


def test_nesting_at_the_limit_is_fine(tmp_path: Path) -> None:
    ok = tmp_path / "ok.json"
    ok.write_text("[" * MAX_DEPTH + "]" * MAX_DEPTH, encoding="utf-8")
    with pytest.raises(ImportFormatError, match=r"ok.json: \$: expected a numdesk export"):
        read_import_file(ok)


def test_a_pickle_is_never_unpickled(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "payload.json"
    path.write_bytes(pickle.dumps({"format": "numdesk"}))
    message = _refused(path, library)
    assert "payload.json" in message and "UTF-8 text" in message


def test_invalid_json_names_line_and_column(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n  "format": "numdesk",\n  "version": 1,,\n}', encoding="utf-8")
    message = _refused(path, library)
    assert message == (
        "broken.json: line 3, column 16: expected valid JSON "
        "(expecting property name enclosed in double quotes)."
    )


def test_nan_is_not_json(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "nan.json"
    path.write_text('{"format": "numdesk", "version": 1, "entries": [NaN]}', encoding="utf-8")
    assert "NaN is not a number JSON allows" in _refused(path, library)


def test_empty_and_unknown_files(library: Library, tmp_path: Path) -> None:
    empty = tmp_path / "empty.csv"
    empty.write_text("  \n", encoding="utf-8")
    assert "found an empty file" in _refused(empty, library)
    other = tmp_path / "other.json"
    other.write_text('{"hello": "world"}', encoding="utf-8")
    assert _refused(other, library).startswith("other.json: $: expected a numdesk export")
