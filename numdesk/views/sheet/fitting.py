"""Fitting the sheet to the width it gets: rows of boxes that stack when narrow, and
table columns that narrow together so that none drops out of sight.

The sheet must read at 1366×768 beside the library without a sideways scroll bar
(the Intellect column used to be cut off there), and still make sense when wider.
"""

from __future__ import annotations

from PySide6.QtWidgets import QBoxLayout, QHeaderView

#: what the last column (notes, effect) keeps at least before the others are narrowed
LAST_COLUMN_ROOM = 90
#: no column gets narrower than this
MIN_COLUMN = 36
#: the name column gives way first, down to this
NAME_COLUMN_MIN = 90


def reflow(rows: list[QBoxLayout], room: int) -> None:
    """Lay each row's visible boxes side by side if their minimum widths fit in `room`
    pixels, else stack them top to bottom."""
    for row in rows:
        items = [row.itemAt(i) for i in range(row.count())]
        widths = [item.minimumSize().width() for item in items if not item.isEmpty()]
        needed = sum(widths) + max(row.spacing(), 0) * max(len(widths) - 1, 0)
        direction = (
            QBoxLayout.Direction.LeftToRight if room >= needed else QBoxLayout.Direction.TopToBottom
        )
        if row.direction() != direction:
            row.setDirection(direction)


def fit_columns(header: QHeaderView, wanted: list[int], room: int) -> None:
    """Size every column but the last (which stretches) from `wanted` to fit `room`
    pixels: the first (name) column gives way first, then the others shrink together
    down to their headings."""
    widths = list(wanted)
    excess = sum(widths) - (room - LAST_COLUMN_ROOM)
    if excess > 0 and widths:
        give = min(excess, max(widths[0] - NAME_COLUMN_MIN, 0))
        widths[0] -= give
        excess -= give
    if excess > 0:
        floors = [min(w, header.sectionSizeHint(n)) for n, w in enumerate(widths)]
        floors[0] = widths[0]  # the name keeps what it has left
        slack = sum(w - f for w, f in zip(widths, floors, strict=True))
        if slack > 0:
            share = min(1.0, excess / slack)
            widths = [w - int((w - f) * share) for w, f in zip(widths, floors, strict=True)]
    for number, width in enumerate(widths):
        if width:
            header.resizeSection(number, max(width, MIN_COLUMN))
