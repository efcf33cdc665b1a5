"""Row builders for printed sections: headings, paragraphs, entries and tables.

Every builder returns `Row`s one text line high (or close to it), so any amount of text
splits cleanly between columns and pages. Sizes are in points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from PySide6.QtGui import QFont

from numdesk.printing.canvas import Canvas, font, tr
from numdesk.printing.flow import DrawRow, Row

BODY = 8.0
SMALL = 6.8
HEADING = 9.0
#: light gray for hints; still dark enough to survive a photocopier
HINT_GRAY = 70


def heading_row(
    canvas: Canvas, title: str, note: str = "", space_before: float = 9.0, upper: bool = True
) -> Row:
    """A section title over a strong rule; `note` is printed small at the right.

    Our own titles print in capitals; a title holding user text (`upper=False`) prints
    exactly as typed.
    """
    title_font = font(HEADING, bold=True)
    note_font = font(SMALL, bold=True)
    height = canvas.line_height(title_font) + 3.0

    def draw(c: Canvas, x: float, y: float, w: float) -> None:
        c.text(x, y, title.upper() if upper else title, title_font)
        if note:
            offset = c.ascent(title_font) - c.ascent(note_font)
            c.text(x, y + offset, note, note_font, width=w, align="right")
        c.hline(x, x + w, y + c.line_height(title_font) + 0.8, weight=1.3)

    return Row(height, draw, keep_with_next=True, space_before=space_before)


def section(
    canvas: Canvas,
    title: str,
    body: Sequence[Row],
    note: str = "",
    repeat: Sequence[Row] = (),
) -> list[Row]:
    """A heading and its rows; rows that open a new column repeat the heading (continued)."""
    head = heading_row(canvas, title, note)
    again = heading_row(canvas, tr("{title} (continued)").format(title=title), "", 0.0)
    cont = (again, *repeat)
    rows = [head, *repeat]
    rows.extend(replace(row, continuation=cont) for row in body)
    return rows


def paragraph_rows(
    canvas: Canvas,
    text: str,
    width: float,
    f: QFont | None = None,
    indent: float = 0.0,
    gray: int = 0,
    keep_lines: int = 2,
) -> list[Row]:
    """`text` wrapped to `width`, one row per line; the first lines stay together."""
    f = f or font(BODY)
    height = canvas.line_height(f)
    rows: list[Row] = []
    for line in canvas.wrap(text, f, width - indent):

        def draw(c: Canvas, x: float, y: float, w: float, line: str = line) -> None:
            c.text(x + indent, y, line, f, gray=gray)

        rows.append(Row(height, draw))
    for row in rows[: keep_lines - 1]:
        row.keep_with_next = len(rows) > 1
    return rows


def entry_rows(
    canvas: Canvas,
    width: float,
    title: str,
    right: str = "",
    meta: str = "",
    body: str = "",
) -> list[Row]:
    """A named entry: bold title (and a figure at the right), a small meta line, a text."""
    title_font = font(BODY + 0.5, bold=True)
    right_font = font(BODY, bold=True)
    right_w = canvas.text_width(right, right_font) + 6 if right else 0.0
    rows: list[Row] = []
    title_lines = canvas.wrap(title, title_font, width - right_w)
    lh = canvas.line_height(title_font)
    for i, line in enumerate(title_lines):

        def draw(c: Canvas, x: float, y: float, w: float, line: str = line, i: int = i) -> None:
            c.text(x, y, line, title_font)
            if i == 0 and right:
                c.text(x, y + 0.4, right, right_font, width=w, align="right")

        rows.append(Row(lh, draw, keep_with_next=True))
    rows[0].space_before = 4.0
    if meta:
        rows.extend(paragraph_rows(canvas, meta, width, font(SMALL, italic=True), gray=HINT_GRAY))
        rows[-1].keep_with_next = True
    if body:
        rows.extend(paragraph_rows(canvas, body, width, indent=0.0))
    rows[-1].keep_with_next = False
    return rows


def note_rows(canvas: Canvas, text: str, width: float) -> list[Row]:
    """A small hint line (rules reminders), wrapped."""
    return paragraph_rows(canvas, text, width, font(SMALL, italic=True), gray=HINT_GRAY)


def label_value_rows(canvas: Canvas, label: str, value: str, width: float) -> list[Row]:
    """`Label: value` with the label bold; the value wraps under itself."""
    label_font = font(BODY, bold=True)
    label_text = f"{label}:"
    label_w = canvas.text_width(label_text, label_font) + 4
    if label_w > width * 0.45:
        return paragraph_rows(canvas, f"{label}: {value}", width)
    rows = paragraph_rows(canvas, value or " ", width - label_w)
    first = rows[0].draw

    def draw(c: Canvas, x: float, y: float, w: float) -> None:
        c.text(x, y, label_text, label_font)
        first(c, x + label_w, y, w - label_w)

    rows[0] = replace(rows[0], draw=draw)
    for i in range(1, len(rows)):

        def shifted(c: Canvas, x: float, y: float, w: float, inner: DrawRow = rows[i].draw) -> None:
            inner(c, x + label_w, y, w)

        rows[i] = replace(rows[i], draw=shifted)
    return rows


@dataclass(frozen=True)
class Column:
    """A table column: `share` of the spare width (or a fixed `width`), and alignment."""

    title: str
    share: float = 1.0
    width: float | None = None
    align: str = "left"


@dataclass(frozen=True)
class Boxes:
    """A row of `total` tick boxes, the first `ticked` of them marked (wounds, health)."""

    ticked: int
    total: int


#: A table cell: text, a bool drawn as a tick box, a row of boxes, or None (nothing).
Cell = str | bool | Boxes | None


def _column_widths(columns: Sequence[Column], width: float) -> list[float]:
    fixed = sum(c.width or 0.0 for c in columns)
    shares = sum(c.share for c in columns if c.width is None) or 1.0
    spare = max(width - fixed, 10.0)
    return [c.width if c.width is not None else spare * c.share / shares for c in columns]


def _boxes_per_line(cell_width: float, line_height: float, pad: float) -> int:
    return max(1, int((cell_width - 2 * pad + 1.5) / (line_height * 0.72 + 1.5)))


def table_rows(
    canvas: Canvas,
    columns: Sequence[Column],
    data: Sequence[Sequence[Cell]],
    width: float,
) -> tuple[list[Row], list[Row]]:
    """(header rows, body rows) of a table; cells wrap, tall rows split by line."""
    widths = _column_widths(columns, width)
    pad = 2.0
    head_font = font(SMALL, bold=True)
    body_font = font(BODY)
    lh = canvas.line_height(body_font)
    head_h = canvas.line_height(head_font) + 2.5

    def draw_head(c: Canvas, x: float, y: float, w: float) -> None:
        left = x
        for col, cw in zip(columns, widths, strict=True):
            c.text(left + pad, y + 1, col.title, head_font, width=cw - 2 * pad, align=col.align)
            left += cw
        c.hline(x, x + w, y + head_h - 0.3, weight=0.6)

    header = [Row(head_h, draw_head, keep_with_next=True)]
    body: list[Row] = []
    for cells in data:
        wrapped: list[list[str]] = []
        for cell, cw in zip(cells, widths, strict=True):
            if isinstance(cell, str):
                wrapped.append(canvas.wrap(cell, body_font, cw - 2 * pad) or [""])
            elif isinstance(cell, Boxes):
                wrapped.append([""] * max(1, -(-cell.total // _boxes_per_line(cw, lh, pad))))
            else:
                wrapped.append([""])
        count = max(len(lines) for lines in wrapped)
        for index in range(count):
            first, last = index == 0, index == count - 1

            def draw(
                c: Canvas,
                x: float,
                y: float,
                w: float,
                index: int = index,
                wrapped: list[list[str]] = wrapped,
                cells: Sequence[Cell] = cells,
                first: bool = first,
                last: bool = last,
            ) -> None:
                top = y + (1.5 if first else 0.0)
                left = x
                for col, cw, lines, cell in zip(columns, widths, wrapped, cells, strict=True):
                    if index < len(lines) and lines[index]:
                        c.text(
                            left + pad,
                            top,
                            lines[index],
                            body_font,
                            width=cw - 2 * pad,
                            align=col.align,
                        )
                    size = lh * 0.72
                    if first and isinstance(cell, bool):
                        c.checkbox(left + (cw - size) / 2, top + (lh - size) / 2, size, cell)
                    elif isinstance(cell, Boxes):
                        per_line = _boxes_per_line(cw, lh, pad)
                        start = index * per_line
                        for n in range(start, min(cell.total, start + per_line)):
                            bx = left + pad + (n - start) * (size + 1.5)
                            c.checkbox(bx, top + (lh - size) / 2, size, n < cell.ticked)
                    left += cw
                if last:
                    bottom = top + lh + 1.5
                    c.hline(x, x + w, bottom, weight=0.25, gray=120)

            height = lh + (1.5 if first else 0.0) + (2.0 if last else 0.0)
            body.append(Row(height, draw, keep_with_next=not last and count <= 4))
    return header, body


def spacer_row(height: float) -> Row:
    """Empty space (dropped at the top of a column like any `space_before`)."""
    return Row(0.0, lambda c, x, y, w: None, space_before=height)


def pencil_rows(count: int, height: float = 14.0) -> list[Row]:
    """Empty ruled lines to write on by hand (blank sheets)."""

    def draw(c: Canvas, x: float, y: float, w: float) -> None:
        c.hline(x, x + w, y + height - 1.0, weight=0.3, gray=120)

    return [Row(height, draw) for _ in range(count)]
