"""Writing PDF files with Qt's own PDF engine: vector text, fonts embedded, no external tool.

Each `render_*_pdf` writes to a temporary file beside the target and moves it into place
only when the document is complete, so a failed or cancelled export never leaves half a
PDF (or destroys the previous one).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter

from numdesk import __version__
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter
from numdesk.model.errors import DomainError
from numdesk.printing.canvas import ensure_gui, tr
from numdesk.printing.document import (
    Cancelled,
    Part,
    Progress,
    character_part,
    creatures_part,
    encounter_part,
    paint_parts,
)

PAGE_SIZES: dict[str, QPageSize.PageSizeId] = {
    "a4": QPageSize.PageSizeId.A4,
    "letter": QPageSize.PageSizeId.Letter,
}
#: page margins of a PDF sheet; wide enough for any office printer
MARGIN_MM = 10.0


def page_size_id(name: str) -> QPageSize.PageSizeId:
    """The Qt page size for "A4" or "Letter" (any case)."""
    try:
        return PAGE_SIZES[name.strip().lower()]
    except KeyError:
        raise DomainError(
            tr("Unknown page size {name!r}: use A4 or Letter.").format(name=name), "page_size"
        ) from None


def configure_page(device: QPdfWriter, page_size: str) -> None:
    """Set the paper size and margins numdesk prints with."""
    device.setPageSize(QPageSize(page_size_id(page_size)))
    device.setPageMargins(
        QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter
    )


def write_pdf(
    path: Path | str,
    parts: Sequence[Part],
    page_size: str = "A4",
    title: str = "",
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> bool:
    """Write `parts` into the PDF at `path`; False (and no file written) if cancelled."""
    ensure_gui()
    page_size_id(page_size)
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise DomainError(tr("The folder {folder} does not exist.").format(folder=folder), "path")
    try:
        fd, temp_name = tempfile.mkstemp(prefix=".numdesk-", suffix=".pdf.part", dir=folder)
    except OSError as err:
        raise DomainError(
            tr("Cannot write into {folder}: {reason}").format(folder=folder, reason=err.strerror),
            "path",
        ) from err
    os.close(fd)
    temp = Path(temp_name)
    try:
        writer = QPdfWriter(str(temp))
        configure_page(writer, page_size)
        writer.setTitle(title)
        writer.setCreator(f"numdesk {__version__}")
        finished = paint_parts(writer, parts, progress, cancelled)
        del writer
        if finished:
            os.chmod(temp, _file_mode(target))
            os.replace(temp, target)
        return finished
    finally:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()


def _file_mode(target: Path) -> int:
    """The permissions the finished file gets: the old file's, else the usual ones.

    The temporary file is private (0600) while it is written; a finished export should
    be readable like any file the user saves.
    """
    if target.exists():
        return target.stat().st_mode & 0o777
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def render_character_pdf(
    character: Character, path: Path | str, page_size: str = "A4", blank: bool = False
) -> None:
    """Write one character sheet as a PDF."""
    write_pdf(path, [character_part(character, blank)], page_size, title=character.name)


def render_characters_pdf(
    characters: Sequence[Character],
    path: Path | str,
    page_size: str = "A4",
    blank: bool = False,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> bool:
    """Write many sheets into one PDF; False (nothing written) if `cancelled()` said so."""
    parts = [character_part(ch, blank) for ch in characters]
    return write_pdf(path, parts, page_size, tr("Character sheets"), progress, cancelled)


def render_creatures_pdf(
    creatures: Sequence[Creature], path: Path | str, page_size: str = "A4", blank: bool = False
) -> None:
    """Write stat blocks (two columns) as a PDF."""
    title = creatures[0].name if len(creatures) == 1 else tr("Stat blocks")
    write_pdf(path, [creatures_part(creatures, blank)], page_size, title)


def render_encounter_pdf(
    encounter: Encounter,
    creatures_by_uid: Mapping[str, Creature],
    characters_by_uid: Mapping[str, Character],
    path: Path | str,
    page_size: str = "A4",
    blank: bool = False,
) -> None:
    """Write an encounter sheet (with its creatures' stat blocks) as a PDF."""
    part = encounter_part(encounter, creatures_by_uid, characters_by_uid, blank)
    write_pdf(path, [part], page_size, encounter.name)
