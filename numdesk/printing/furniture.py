"""What every printed page carries: a footer with the page number and, after the first
page, a running head naming what the page continues.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from numdesk.printing.canvas import Canvas, font, tr
from numdesk.printing.flow import Page

#: room kept at the bottom of each page for the footer
FOOTER = 16.0
#: where content starts on pages after the first (below the running head)
LATER_TOP = 22.0


def page_furniture(pages: list[Page], title: str, kind: str) -> None:
    """Footer on every page ("title · kind", "Page i of n") and a running head after page 1."""
    total = len(pages)
    foot_font = font(6.5)
    head_font = font(9.0, bold=True)
    elide = Qt.TextElideMode.ElideRight
    for index, page in enumerate(pages):
        label = tr("Page {i} of {n}").format(i=index + 1, n=total)

        def draw(c: Canvas, index: int = index, label: str = label) -> None:
            y = c.height - FOOTER + 6
            c.hline(0, c.width, y - 2, weight=0.4)
            room = c.width - c.text_width(label, foot_font) - 20
            left = c.metrics(foot_font).elidedText(f"{title} · {kind}", elide, room * c.k)
            c.text(0, y, left, foot_font)
            c.text(0, y, label, foot_font, width=c.width, align="right")
            if index > 0:
                head = tr("{title} — continued").format(title=title)
                head = c.metrics(head_font).elidedText(head, elide, c.width * c.k)
                c.text(0, 0, head, head_font)
                c.hline(0, c.width, c.line_height(head_font) + 1.5, weight=0.8)

        page.ops.insert(0, draw)
