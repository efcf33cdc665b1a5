"""The import error users see: which file, where in it, and what was expected there."""

from __future__ import annotations

from pathlib import Path

from numdesk.model.errors import DomainError


class ImportFormatError(DomainError):
    """A file numdesk cannot import; nothing was written when this is raised.

    `file` is the file's name, `location` the JSON path (``$.entries[3].data.level``) or
    CSV row ("row 5"), `expected` what would have been accepted there.
    """

    def __init__(self, file: str | Path, location: str, expected: str, found: str = "") -> None:
        name = Path(file).name if str(file) else "the file"
        text = f"{name}: {location}: expected {expected}"
        if found:
            text += f", found {found}"
        super().__init__(text + ".", field=location)
        self.file = name
        self.location = location
        self.expected = expected
        self.found = found


def shown(value: object, limit: int = 40) -> str:
    """A short readable form of a bad value for an error message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def in_file(file: str | Path, err: DomainError) -> DomainError:
    """`err` (e.g. from `serialize.from_data`, which names the JSON path) with the file named."""
    return DomainError(f"{Path(file).name}: {err.message}", field=err.field)
