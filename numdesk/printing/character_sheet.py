"""A character sheet laid out on pages: the form at the top, two columns of lists below,
the written parts across the page, and as many further pages as the content needs.

Left column: skills and abilities (what the character can do), then extra Pools,
power shifts, recursions and lasting damage when it has them. Right column: attacks,
armor, cyphers, artifacts, oddities, equipment and money, followers, a second form
(what it carries and who is with it). Both continue onto further pages side by side;
background, connections and notes then fill what is left of the columns and go on two
columns to a page.
"""

from __future__ import annotations

from itertools import chain

from numdesk.model.character import Character
from numdesk.printing import sheet_extras as extras
from numdesk.printing import sheet_sections as sections
from numdesk.printing.canvas import Canvas, tr
from numdesk.printing.flow import (
    FlowEnd,
    Frame,
    Page,
    column_frames,
    flow_rows,
    newspaper_frames,
)
from numdesk.printing.furniture import FOOTER, LATER_TOP, page_furniture
from numdesk.printing.sheet_top import top_area

GUTTER = 14.0


def plan_character(c: Canvas, ch: Character, blank: bool = False) -> list[Page]:
    """The pages of `ch`'s sheet; `blank` leaves current Pools and marks for pencil."""
    width = c.width
    bottom = c.height - FOOTER
    col_w = (width - GUTTER) / 2
    top = top_area(c, ch, width, blank)
    start = top.height + 9.0
    pages: list[Page] = [Page([top.draw])]
    left = [
        *sections.skills(c, ch, col_w, blank),
        *sections.abilities(c, ch, col_w, blank),
        *extras.pools_and_state(c, ch, col_w),
        *extras.power_shifts(c, ch, col_w),
        *extras.recursions(c, ch, col_w),
        *extras.lasting_damage(c, ch, col_w),
    ]
    right = [
        *sections.attacks(c, ch, col_w, blank),
        *sections.armor(c, ch, col_w, blank),
        *sections.cyphers(c, ch, col_w, blank),
        *sections.artifacts(c, ch, col_w, blank),
        *sections.oddities(c, ch, col_w, blank),
        *sections.equipment(c, ch, col_w, blank),
        *sections.followers(c, ch, col_w),
        *extras.second_form(c, ch, col_w),
    ]
    end_left = flow_rows(left, column_frames(0, start, 0, col_w, bottom, LATER_TOP), pages)
    end_right = flow_rows(
        right, column_frames(0, start, col_w + GUTTER, col_w, bottom, LATER_TOP), pages
    )
    # the written parts fill what is left of both columns on the last page, then
    # continue two columns to a page
    last = max(end_left.page, end_right.page)

    def rest_of(end: FlowEnd, x: float) -> Frame:
        top = end.y + 4.0 if end.page == last else (LATER_TOP if last else start)
        return Frame(last, x, top, col_w, bottom)

    frames = chain(
        (rest_of(end_left, 0.0), rest_of(end_right, col_w + GUTTER)),
        newspaper_frames(last + 1, LATER_TOP, 0.0, width, GUTTER, bottom, LATER_TOP),
    )
    flow_rows(sections.writing(c, ch, col_w, blank), frames, pages)
    page_furniture(pages, ch.name, tr("Character sheet"))
    return pages
