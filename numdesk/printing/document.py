"""Painting planned pages onto a paged device: the one path for PDF files and printers.

Every `paint_*` function takes a `QPagedPaintDevice` (a `QPdfWriter` or a `QPrinter`
set up by a print dialog), opens its own painter on it and finishes the document, so
the same code fills a PDF file, a print preview and a real printer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from PySide6.QtGui import QPagedPaintDevice

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter
from numdesk.printing.canvas import Canvas, tr
from numdesk.printing.character_sheet import plan_character
from numdesk.printing.encounter_sheet import plan_encounter
from numdesk.printing.flow import Page
from numdesk.printing.furniture import page_furniture
from numdesk.printing.statblocks import plan_creatures

#: Called with (done, total) as a batch goes on.
Progress = Callable[[int, int], None]
#: Returns True when the user asked to stop.
Cancelled = Callable[[], bool]
#: Plans the pages of one part of a document (a sheet, stat blocks, an encounter).
Part = Callable[[Canvas], list[Page]]


class Document:
    """A painter session on a device that parts of a document are added to in turn."""

    def __init__(self, device: QPagedPaintDevice) -> None:
        self.canvas = Canvas(device)
        self._pages_painted = 0

    def __enter__(self) -> Document:
        self.canvas.begin()
        return self

    def __exit__(self, *exc: object) -> None:
        self.canvas.end()

    def add(self, pages: Iterable[Page]) -> None:
        """Paint `pages`, each on a fresh page of the device."""
        c = self.canvas
        for page in pages:
            if self._pages_painted:
                c.new_page()
            for op in page.ops:
                c.painter.save()
                op(c)
                c.painter.restore()
            self._pages_painted += 1

    @property
    def page_count(self) -> int:
        """Pages painted so far."""
        return self._pages_painted


def paint_parts(
    device: QPagedPaintDevice,
    parts: Sequence[Part],
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> bool:
    """Paint the parts one after another; False if `cancelled` stopped it early."""
    total = len(parts)
    with Document(device) as doc:
        if progress:
            progress(0, total)
        for done, part in enumerate(parts, start=1):
            if cancelled is not None and cancelled():
                return False
            doc.add(part(doc.canvas))
            if progress:
                progress(done, total)
        if doc.page_count == 0:
            doc.add([Page()])
    return True


def character_part(character: Character, blank: bool = False) -> Part:
    """The pages of one character sheet."""
    return lambda c: plan_character(c, character, blank)


def creatures_part(creatures: Sequence[Creature], blank: bool = False) -> Part:
    """Stat blocks of `creatures`, two columns to a page."""

    def plan(c: Canvas) -> list[Page]:
        title = tr("Stat blocks") if len(creatures) > 1 else ""
        pages = plan_creatures(c, creatures, title=title, blank=blank)
        name = creatures[0].name if len(creatures) == 1 else tr("Creatures")
        page_furniture(pages, name, tr("Stat block"))
        return pages

    return plan


def encounter_part(
    encounter: Encounter,
    creatures_by_uid: Mapping[str, Creature],
    characters_by_uid: Mapping[str, Character],
    blank: bool = False,
) -> Part:
    """An encounter sheet with the stat blocks of its creatures."""
    return lambda c: plan_encounter(c, encounter, creatures_by_uid, characters_by_uid, blank)


def paint_character(device: QPagedPaintDevice, character: Character, blank: bool = False) -> None:
    """Paint one character sheet."""
    paint_parts(device, [character_part(character, blank)])


def paint_characters(
    device: QPagedPaintDevice,
    characters: Sequence[Character],
    blank: bool = False,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> bool:
    """Paint many sheets, each from a new page; False if cancelled part way."""
    return paint_parts(
        device, [character_part(ch, blank) for ch in characters], progress, cancelled
    )


def paint_creatures(
    device: QPagedPaintDevice, creatures: Sequence[Creature], blank: bool = False
) -> None:
    """Paint stat blocks, two columns to a page."""
    paint_parts(device, [creatures_part(creatures, blank)])


def paint_encounter(
    device: QPagedPaintDevice,
    encounter: Encounter,
    creatures_by_uid: Mapping[str, Creature],
    characters_by_uid: Mapping[str, Character],
    blank: bool = False,
) -> None:
    """Paint an encounter sheet followed by its creatures' stat blocks."""
    paint_parts(device, [encounter_part(encounter, creatures_by_uid, characters_by_uid, blank)])
