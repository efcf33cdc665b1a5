"""CSV import of creatures, for GMs who prepare stat blocks in a spreadsheet.

Columns (header names in any case, any order): name, level, health, armor, damage,
movement, notes. Only `name` and `level` are required; an empty health means the
default (3 × level). Row numbers in messages are spreadsheet rows (the header is row 1).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

from numdesk.io.entries import FileImport, ImportedEntry
from numdesk.io.errors import ImportFormatError, shown
from numdesk.model.creature import Creature
from numdesk.model.limits import MAX_NUMBER, range_of

COLUMNS = ("name", "level", "health", "armor", "damage", "movement", "notes")
REQUIRED = ("name", "level")


def header_of(text: str) -> list[str]:
    """The first row's cells, lower-cased and trimmed (empty if the text has none)."""
    try:
        first = next(csv.reader(io.StringIO(text, newline="")), [])
    except csv.Error:
        return []
    return [cell.strip().lower() for cell in first]


def looks_like_creature_csv(text: str) -> bool:
    """Whether the first row names at least the required columns."""
    header = header_of(text)
    return all(col in header for col in REQUIRED)


def _span(field: str) -> tuple[int, int]:
    """The bounds `numdesk.model.limits` sets for a creature field."""
    bounds = range_of(*field.split("."))
    return bounds.low, bounds.high


def _number(file: Path, row: int, column: str, raw: str, low: int, high: int | None) -> int | None:
    text = raw.strip()
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"of {low} or more"
        raise ImportFormatError(
            file, f"row {row}, column '{column}'", f"a whole number {span}", shown(raw)
        )
    return value


def _records(text: str, file: Path) -> Iterator[list[str]]:
    """The CSV records; damaged quoting or NUL bytes are reported with their line."""
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        yield from reader
    except csv.Error as err:
        raise ImportFormatError(
            file, f"line {reader.line_num}", "well-formed CSV", str(err).split(" - ")[0]
        ) from None


def read_creatures_csv(text: str, file: Path, profile: str = "cypher") -> FileImport:
    """Every data row as a creature; raises on the first bad row with its number."""
    reader = _records(text, file)
    header = [cell.strip().lower() for cell in next(reader, [])]
    for col in REQUIRED:
        if col not in header:
            raise ImportFormatError(
                file, "row 1", f"a header with a '{col}' column", shown(",".join(header))
            )
    unknown = [h for h in header if h and h not in COLUMNS]
    result = FileImport(path=file, format="csv")
    if unknown:
        result.notes.append("ignored column(s): " + ", ".join(unknown))
    index = {name: header.index(name) for name in COLUMNS if name in header}
    for row_number, cells in enumerate(reader, start=2):
        if not any(cell.strip() for cell in cells):
            continue

        def cell(name: str, cells: list[str] = cells) -> str:
            at = index.get(name)
            return cells[at].strip() if at is not None and at < len(cells) else ""

        name = cell("name")
        if not name:
            raise ImportFormatError(file, f"row {row_number}, column 'name'", "a name")
        low, high = _span("Creature.level")
        level = _number(file, row_number, "level", cell("level"), low, high)
        if level is None:
            raise ImportFormatError(
                file, f"row {row_number}, column 'level'", f"a whole number from {low} to {high}"
            )
        creature = Creature(
            name=name,
            level=level,
            profile=profile,
            health=_number(file, row_number, "health", cell("health"), 0, MAX_NUMBER),
            armor=_number(file, row_number, "armor", cell("armor"), *_span("Creature.armor")) or 0,
            damage=cell("damage"),
            movement=cell("movement"),
            description=cell("notes"),
        )
        result.entries.append(ImportedEntry(creature))
    return result
