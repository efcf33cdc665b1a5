"""Flowing content over columns and pages, so long lists continue instead of being cut.

Content is a list of `Row`s: thin horizontal strips (one text line, one table row, a
heading) that each know their height and how to draw themselves. `flow_rows` places
them into a sequence of `Frame`s (a column on a page), moving on when a frame is full.
A row can carry `continuation` rows ("Abilities (continued)" and a table header) that
are drawn first when it has to open a new frame, and `keep_with_next` so a heading never
ends a column alone. Nothing is dropped: a row that does not fit is moved to the next
frame and placed there even if it is taller than the frame.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from numdesk.printing.canvas import Canvas

#: Draws a row: canvas, left x, top y, width (points).
DrawRow = Callable[[Canvas, float, float, float], None]
#: Draws something fixed on a page.
PageOp = Callable[[Canvas], None]


@dataclass
class Row:
    """One strip of content, laid out for a known column width."""

    height: float
    draw: DrawRow
    keep_with_next: bool = False
    space_before: float = 0.0
    continuation: tuple[Row, ...] = ()


@dataclass(frozen=True)
class Frame:
    """A column on a page that rows fill from `top` down to `bottom`."""

    page: int
    x: float
    top: float
    width: float
    bottom: float


@dataclass
class Page:
    """What to draw on one page, in order."""

    ops: list[PageOp] = field(default_factory=list)


@dataclass(frozen=True)
class FlowEnd:
    """Where a flow stopped: the page index and the y below its last row."""

    page: int
    y: float


def _place(pages: list[Page], frame: Frame, y: float, row: Row) -> None:
    while len(pages) <= frame.page:
        pages.append(Page())
    x, width, draw = frame.x, frame.width, row.draw
    pages[frame.page].ops.append(lambda canvas: draw(canvas, x, y, width))


def _chain_height(rows: Sequence[Row], start: int) -> float:
    """Height of `rows[start]` plus the rows it must stay with."""
    total = rows[start].height
    index = start
    while rows[index].keep_with_next and index + 1 < len(rows):
        index += 1
        total += rows[index].space_before + rows[index].height
    return total


def flow_rows(rows: Sequence[Row], frames: Iterator[Frame], pages: list[Page]) -> FlowEnd:
    """Place `rows` into `frames` (consumed in order), appending draw ops to `pages`."""
    frame = next(frames)
    y = frame.top
    at_top = True  # space before the first row of a frame is dropped
    for index, row in enumerate(rows):
        gap = 0.0 if at_top else row.space_before
        if y + gap + _chain_height(rows, index) > frame.bottom:
            frame = next(frames)
            y = frame.top
            gap = 0.0
            for extra in row.continuation:
                _place(pages, frame, y, extra)
                y += extra.height
        y += gap
        _place(pages, frame, y, row)
        y += row.height
        at_top = False
    while len(pages) <= frame.page:
        pages.append(Page())
    return FlowEnd(frame.page, y)


def column_frames(
    first_page: int,
    first_top: float,
    x: float,
    width: float,
    bottom: float,
    later_top: float,
) -> Iterator[Frame]:
    """One column down the pages: from `first_top` on `first_page`, from `later_top` after."""
    yield Frame(first_page, x, first_top, width, bottom)
    page = first_page + 1
    while True:
        yield Frame(page, x, later_top, width, bottom)
        page += 1


def newspaper_frames(
    first_page: int,
    first_top: float,
    left: float,
    width: float,
    gutter: float,
    bottom: float,
    later_top: float,
) -> Iterator[Frame]:
    """Two columns per page, left then right, then the next page (stat block lists)."""
    column = (width - gutter) / 2
    page, top = first_page, first_top
    while True:
        yield Frame(page, left, top, column, bottom)
        yield Frame(page, left + column + gutter, top, column, bottom)
        page, top = page + 1, later_top
