"""Creature stat blocks, two columns to a page, as a GM keeps them beside the table.

A stat block is a titled group of rows: name and level, the numbers that matter in a
fight (target number, health, Armor) in a strip, then labelled paragraphs. A long one
continues in the next column under "Name (continued)".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from numdesk.model.creature import Creature, block_numbers, item_groups
from numdesk.printing.blocks import (
    HINT_GRAY,
    SMALL,
    Boxes,
    Cell,
    Column,
    heading_row,
    label_value_rows,
    paragraph_rows,
    spacer_row,
    table_rows,
)
from numdesk.printing.canvas import Canvas, font, tr
from numdesk.printing.flow import Page, Row, flow_rows, newspaper_frames
from numdesk.printing.furniture import FOOTER, LATER_TOP
from numdesk.rules.profiles import PROFILES

COLUMN_GUTTER = 16.0
#: a stat block up to this tall (points) moves whole to the next column rather than split
KEEP_WHOLE = 330.0


def _title_rows(c: Canvas, creature: Creature, width: float) -> list[Row]:
    """Name (wrapping if long) with the level at the right, over a strong rule."""
    name_font = font(11.0, bold=True)
    level_font = font(9.0, bold=True)
    level = tr("Level {level}").format(level=creature.level)
    room = width - c.text_width(level, level_font) - 8
    lines = c.wrap(creature.name, name_font, room) or [""]
    lh = c.line_height(name_font)
    rows: list[Row] = []
    for i, line in enumerate(lines):
        last = i == len(lines) - 1

        def draw(
            cv: Canvas,
            x: float,
            y: float,
            w: float,
            i: int = i,
            line: str = line,
            last: bool = last,
        ) -> None:
            cv.text(x, y, line, name_font)
            if i == 0:
                cv.text(x, y + 1.5, level, level_font, width=w, align="right")
            if last:
                cv.hline(x, x + w, y + lh + 1.0, weight=1.4)

        rows.append(Row(lh + (3.0 if last else 0.0), draw, keep_with_next=True))
    return rows


def _numbers_rows(c: Canvas, creature: Creature, width: float, blank: bool) -> list[Row]:
    """Target number, health (boxes to tick), Armor."""
    columns = [
        Column(tr("Target"), width=38, align="center"),
        Column(tr("Armor"), width=34, align="center"),
        Column(tr("Health {n}").format(n=creature.max_health)),
    ]
    data: list[list[Cell]] = [
        [str(creature.target_number), str(creature.armor), Boxes(0, creature.max_health)]
    ]
    if blank or creature.max_health > 60:
        data = [[str(creature.target_number), str(creature.armor), str(creature.max_health)]]
    header, body = table_rows(c, columns, data, width)
    for row in (*header, *body):
        row.keep_with_next = True
    return [*header, *body]


def creature_rows(c: Canvas, creature: Creature, width: float, blank: bool = False) -> list[Row]:
    """All rows of one stat block at `width` points."""
    profile = PROFILES.get(creature.profile)
    meta = " · ".join(part for part in (creature.kind, profile.label if profile else "") if part)
    head = _title_rows(c, creature, width)
    head[0] = replace(head[0], space_before=12.0)
    rows: list[Row] = [*head]
    rows.extend(paragraph_rows(c, meta, width, font(SMALL, italic=True), gray=HINT_GRAY))
    rows[-1].keep_with_next = True
    if creature.description:
        rows.extend(paragraph_rows(c, creature.description, width, font(7.8, italic=True)))
    rows.append(spacer_row(2.0))
    rows.extend(_numbers_rows(c, creature, width, blank))
    fields = [
        *((tr(label), value) for label, value in block_numbers(creature)),
        (tr("Damage"), creature.damage),
        (tr("Armor against"), ", ".join(f"{k} +{v}" for k, v in creature.armor_against.items())),
        (tr("Movement"), creature.movement),
        (tr("Motive"), creature.motive),
        (tr("Environment"), creature.environment),
    ]
    for label, value in fields:
        if value:
            rows.append(spacer_row(1.5))
            rows.extend(label_value_rows(c, label, value, width))
    if creature.modifications:
        rows.append(spacer_row(1.5))
        rows.extend(
            label_value_rows(c, tr("Modifications"), "; ".join(creature.modifications), width)
        )
    for title, lines in item_groups(creature.items):
        rows.append(spacer_row(1.5))
        rows.extend(label_value_rows(c, tr(title), " · ".join(lines), width))
    for label, value in (
        (tr("Combat"), creature.combat),
        (tr("Interaction"), creature.interaction),
        (tr("Use"), creature.use),
        (tr("Loot"), creature.loot),
    ):
        if value:
            rows.append(spacer_row(1.5))
            rows.extend(label_value_rows(c, label, value, width))
    for intrusion in creature.intrusions:
        rows.append(spacer_row(1.5))
        rows.extend(label_value_rows(c, tr("GM intrusion"), intrusion, width))
    again = heading_row(
        c, tr("{name} (continued)").format(name=creature.name), space_before=0.0, upper=False
    )
    if sum(r.height + r.space_before for r in rows) <= KEEP_WHOLE:
        for row in rows[:-1]:
            row.keep_with_next = True
    return rows[: len(head)] + [replace(r, continuation=(again,)) for r in rows[len(head) :]]


def plan_creatures(
    c: Canvas,
    creatures: Sequence[Creature],
    title: str = "",
    first_page: int = 0,
    first_top: float = 0.0,
    pages: list[Page] | None = None,
    blank: bool = False,
) -> list[Page]:
    """Stat blocks in two columns from `first_top` on `first_page`, onto further pages."""
    pages = [] if pages is None else pages
    top = first_top
    bottom = c.height - FOOTER
    if top > LATER_TOP and top + 120.0 > bottom:
        first_page, top = first_page + 1, LATER_TOP
    if title:
        title_font = font(14.0, bold=True)
        while len(pages) <= first_page:
            pages.append(Page())
        y0 = top

        def draw_title(cv: Canvas) -> None:
            cv.text(0, y0, title, title_font)
            cv.hline(0, cv.width, y0 + cv.line_height(title_font) + 1, weight=1.6)

        pages[first_page].ops.append(draw_title)
        top += c.line_height(title_font) + 4
    col_w = (c.width - COLUMN_GUTTER) / 2
    rows: list[Row] = []
    for creature in creatures:
        rows.extend(creature_rows(c, creature, col_w, blank))
    frames = newspaper_frames(first_page, top, 0, c.width, COLUMN_GUTTER, bottom, LATER_TOP)
    flow_rows(rows, frames, pages)
    return pages
