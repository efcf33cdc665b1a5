"""Which importer a file needs, decided from its content (never from its name)."""

from __future__ import annotations

from pathlib import Path

from numdesk.io.csrd import is_csrd, read_csrd
from numdesk.io.csv_creatures import looks_like_creature_csv, read_creatures_csv
from numdesk.io.entries import FileImport
from numdesk.io.errors import ImportFormatError
from numdesk.io.foundry import is_foundry_actor, read_foundry
from numdesk.io.limits import (
    Progress,
    check_entries,
    check_entry_count,
    parse_json,
    read_text,
)
from numdesk.io.native import is_native, read_document

_WHAT_JSON = "a numdesk export, the CSRD, or a Foundry Cypher System actor (type pc or npc)"
_WHAT_ANY = "JSON (" + _WHAT_JSON + ") or a CSV of creatures with name and level columns"


def read_import_file(
    path: Path, profile: str | None = None, progress: Progress | None = None
) -> FileImport:
    """Parse and validate one file of any supported format; nothing touches a library.

    `profile` sets the rules profile of Foundry actors and CSV creatures (default: the
    Foundry type's game, "cypher" for CSV). `progress(bytes read, size)` follows the
    reading and may raise to cancel. Every entry is checked against the limits of
    `numdesk.model.limits`, so nothing a widget cannot show gets in.
    """
    path = Path(path)
    result = _read(path, profile, progress)
    check_entries(result, native=result.format == "numdesk")
    return result


def _read(path: Path, profile: str | None, progress: Progress | None) -> FileImport:
    text = read_text(path, progress)
    start = text.lstrip()[:1]
    if not start:
        raise ImportFormatError(path, "the file", _WHAT_ANY, "an empty file")
    if start in "{[":
        doc = parse_json(text, path)
        if is_native(doc):
            return read_document(doc, path)
        if is_csrd(doc):
            return read_csrd(doc, path)
        if is_foundry_actor(doc):
            return read_foundry(doc, path, profile)
        raise ImportFormatError(path, "$", _WHAT_JSON)
    if looks_like_creature_csv(text):
        check_entry_count(text.count("\n"), path)
        return read_creatures_csv(text, path, profile or "cypher")
    raise ImportFormatError(path, "the start of the file", _WHAT_ANY)
