"""Printing: character sheets, creature stat blocks and encounter sheets, to PDF or printer.

`render_*_pdf` write PDF files; `paint_*` draw onto any `QPagedPaintDevice` (a
`QPdfWriter` or a `QPrinter` from a print dialog); `print_dialog` and `print_preview`
are the Qt dialogs around them for the main window.
"""

from __future__ import annotations

from numdesk.printing.document import (
    Cancelled,
    Part,
    Progress,
    character_part,
    creatures_part,
    encounter_part,
    paint_character,
    paint_characters,
    paint_creatures,
    paint_encounter,
    paint_parts,
)
from numdesk.printing.pdf import (
    PAGE_SIZES,
    render_character_pdf,
    render_characters_pdf,
    render_creatures_pdf,
    render_encounter_pdf,
    write_pdf,
)

__all__ = [
    "PAGE_SIZES",
    "Cancelled",
    "Part",
    "Progress",
    "character_part",
    "creatures_part",
    "encounter_part",
    "paint_character",
    "paint_characters",
    "paint_creatures",
    "paint_encounter",
    "paint_parts",
    "render_character_pdf",
    "render_characters_pdf",
    "render_creatures_pdf",
    "render_encounter_pdf",
    "write_pdf",
]
