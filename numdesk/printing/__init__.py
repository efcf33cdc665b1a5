"""Printing: character sheets, creature stat blocks and encounter sheets, to PDF or printer.

`render_*_pdf` write PDF files; `paint_*` draw onto any `QPagedPaintDevice` (a
`QPdfWriter` or a `QPrinter` from a print dialog); `print_dialog` and `print_preview`
are the Qt dialogs around them for the main window.

The names below are imported from their modules on first use: the app's first
window and the command line (which registers `numdesk.printing.cli`) must not pay
for the page layout code before anything is printed.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

#: Where each public name lives.
_HOMES: dict[str, str] = {
    "Cancelled": "numdesk.printing.document",
    "Part": "numdesk.printing.document",
    "Progress": "numdesk.printing.document",
    "character_part": "numdesk.printing.document",
    "creatures_part": "numdesk.printing.document",
    "encounter_part": "numdesk.printing.document",
    "paint_character": "numdesk.printing.document",
    "paint_characters": "numdesk.printing.document",
    "paint_creatures": "numdesk.printing.document",
    "paint_encounter": "numdesk.printing.document",
    "paint_parts": "numdesk.printing.document",
    "PAGE_SIZES": "numdesk.printing.pdf",
    "render_character_pdf": "numdesk.printing.pdf",
    "render_characters_pdf": "numdesk.printing.pdf",
    "render_creatures_pdf": "numdesk.printing.pdf",
    "render_encounter_pdf": "numdesk.printing.pdf",
    "write_pdf": "numdesk.printing.pdf",
}

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


def __getattr__(name: str) -> Any:
    """A public name, imported from its module when first asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
