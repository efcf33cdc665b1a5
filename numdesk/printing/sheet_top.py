"""The fixed top of a character sheet: who, the numbers, the three stats, harm and rests.

This part has the look of a printed form: values sit on ruled lines with small captions
under them, stats are big boxes, tracks are marks to fill in. Its height depends only on
how long the name and sentence are, so it is laid out first and the lists flow below it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtGui import QImage

from numdesk.model.character import Character
from numdesk.printing.blocks import HINT_GRAY, SMALL
from numdesk.printing.canvas import Canvas, font, tr
from numdesk.printing.labels import (
    advancement_slots,
    armor_summary,
    money_label,
    recovery_text,
    rest_labels,
    stat_label,
    track_states,
    wound_rows,
)
from numdesk.rules.profiles import get_profile
from numdesk.rules.types import STAT_ORDER

GAP = 8.0
CAPTION = 5.8


@dataclass
class TopArea:
    """The drawing of the top part and how tall it is."""

    height: float
    draw: Callable[[Canvas], None]


def _caption(
    c: Canvas, x: float, y: float, text: str, width: float | None = None, align: str = "left"
) -> None:
    c.text(x, y, text.upper(), font(CAPTION, bold=True), width=width, align=align, gray=HINT_GRAY)


def _field_lines(c: Canvas, value: str, width: float, size: float, bold: bool) -> list[str]:
    return c.wrap(value, font(size, bold), width) or [""]


def _draw_field(
    c: Canvas, x: float, y: float, w: float, lines: list[str], caption: str, size: float, bold: bool
) -> None:
    """Value lines on a rule with a caption under it (a form field)."""
    f = font(size, bold)
    lh = c.line_height(f)
    for i, line in enumerate(lines):
        c.text(x + 1, y + i * lh, line, f)
    rule = y + len(lines) * lh + 0.5
    c.hline(x, x + w, rule, weight=0.6)
    _caption(c, x, rule + 1.2, caption)


def _portrait(data: bytes | None) -> QImage | None:
    if not data:
        return None
    image = QImage()
    return image if image.loadFromData(data) and not image.isNull() else None


def _header(c: Canvas, ch: Character, width: float) -> TopArea:
    """Name, player and rules on ruled lines, the sentence beneath, portrait at the right."""
    profile = get_profile(ch.profile)
    image = _portrait(ch.portrait)
    portrait_w = 78.0 if image is not None else 0.0
    inner = width - portrait_w - (GAP if image is not None else 0.0)
    name_w, player_w = inner * 0.56, inner * 0.26
    profile_w = inner - name_w - player_w - 2 * GAP
    name_size = c.fit_size(ch.name, name_w - 2, 18.0, 11.0, bold=True)
    name_lines = _field_lines(c, ch.name, name_w - 2, name_size, True)
    player_size = c.fit_size(ch.player, player_w - 2, 10.0, 7.0, bold=False)
    player_lines = _field_lines(c, ch.player, player_w - 2, player_size, False)
    rules_size = c.fit_size(profile.label, profile_w - 2, 10.0, 6.5, bold=False)
    rules_lines = _field_lines(c, profile.label, profile_w - 2, rules_size, False)
    name_lh = c.line_height(font(name_size, True))
    row1 = max(len(name_lines) * name_lh, len(player_lines) * c.line_height(font(player_size)))
    # the sentence: "I am a" [descriptor] [type] "who" [focus]
    type_text = f"{ch.type} ({ch.flavor})" if ch.flavor else ch.type
    words = (ch.descriptor, type_text, ch.focus)
    glue_am, glue_who = tr("I am a"), tr("who")
    size = 12.0
    while True:
        f = font(size, True)
        glue_w = c.text_width(glue_am, font(size)) + c.text_width(glue_who, font(size)) + 4 * 5
        natural = [max(c.text_width(w, f) + 12, 70.0) for w in words]
        if glue_w + sum(natural) <= inner or size <= 8.0:
            break
        size -= 0.5
    spare = inner - glue_w - sum(natural)
    if spare > 0:
        natural = [n + spare * share for n, share in zip(natural, (0.25, 0.25, 0.5), strict=True)]
    else:
        # too long for one line: descriptor and type keep up to a quarter each, the focus
        # takes the rest, and whatever still does not fit wraps inside its field
        room = inner - glue_w
        first, second = (min(n, room * 0.25) for n in natural[:2])
        natural = [first, second, room - first - second]
    sentence_lines = [
        _field_lines(c, w, n - 4, size, True) for w, n in zip(words, natural, strict=True)
    ]
    sentence_h = max(len(lines) for lines in sentence_lines) * c.line_height(font(size, True))
    top2 = row1 + 14.0
    height = max(top2 + sentence_h + 10.0, portrait_w)
    captions = (tr("descriptor"), tr("type (flavor)") if ch.flavor else tr("type"), tr("focus"))

    def draw(c: Canvas) -> None:
        _draw_field(
            c,
            0,
            row1 - len(name_lines) * name_lh,
            name_w,
            name_lines,
            tr("Character name"),
            name_size,
            True,
        )
        base = row1 - len(player_lines) * c.line_height(font(player_size))
        _draw_field(c, name_w + GAP, base, player_w, player_lines, tr("Player"), player_size, False)
        base = row1 - len(rules_lines) * c.line_height(font(rules_size))
        _draw_field(
            c,
            name_w + player_w + 2 * GAP,
            base,
            profile_w,
            rules_lines,
            tr("Rules"),
            rules_size,
            False,
        )
        x = 0.0
        plain = font(size)
        y = top2
        for i, (lines, w) in enumerate(zip(sentence_lines, natural, strict=True)):
            glue = glue_am if i == 0 else (glue_who if i == 2 else "")
            if glue:
                c.text(x, y, glue, plain)
                x += c.text_width(glue, plain) + 5
            _draw_field(c, x, y, w - 5, lines, captions[i], size, True)
            x += w
        if image is not None:
            c.box(width - portrait_w, 0, portrait_w, portrait_w, weight=0.8)
            c.image(width - portrait_w + 2, 2, portrait_w - 4, portrait_w - 4, image)

    return TopArea(height, draw)


def _number_box(c: Canvas, x: float, y: float, w: float, h: float, value: str, label: str) -> None:
    c.box(x, y, w, h, weight=1.0, radius=3)
    size = c.fit_size(value, w - 6, 15.0, 7.0, bold=True)
    f = font(size, True)
    c.text(x, y + (h - 9 - c.line_height(f)) / 2 + 1, value, f, width=w, align="center")
    _caption(c, x, y + h - 8.5, label, width=w, align="center")


def _numbers(c: Canvas, ch: Character, width: float, blank: bool) -> TopArea:
    """Tier, Effort, XP, Armor, Shins boxes and this tier's advancements."""
    h = 38.0
    boxes = [
        (str(ch.tier), tr("Tier")),
        (str(ch.effort), tr("Effort")),
        (str(ch.xp), tr("XP")),
        (armor_summary(ch), tr("Armor")),
        (str(ch.shins), money_label(ch)),
    ]
    box_w = 50.0
    adv_x = len(boxes) * (box_w + 5) + 4

    def draw(c: Canvas) -> None:
        for i, (value, label) in enumerate(boxes):
            _number_box(c, i * (box_w + 5), 0, box_w, h, value, label)
        c.box(adv_x, 0, width - adv_x, h, weight=0.7, radius=3)
        _caption(c, adv_x + 5, 3, tr("Advancements this tier · 4 XP each"))
        slots = advancement_slots(ch)
        slot_w = (width - adv_x - 10) / len(slots)
        f = font(7.5)
        for i, (label, bought) in enumerate(slots):
            sx = adv_x + 5 + i * slot_w
            c.checkbox(sx, 15, 9, bought and not blank)
            for j, line in enumerate(c.wrap(label, f, slot_w - 14)[:2]):
                c.text(sx + 12, 14 + j * 8.5, line, f)

    return TopArea(h, draw)


def _stats(c: Canvas, ch: Character, width: float, blank: bool) -> TopArea:
    """Three big stat boxes: Pool now (empty when blank), Pool maximum and Edge."""
    h = 82.0
    box_w = (width - 2 * GAP) / 3

    def draw(c: Canvas) -> None:
        for i, stat in enumerate(STAT_ORDER):
            pool = ch.pool(stat)
            x = i * (box_w + GAP)
            c.box(x, 0, box_w, h, weight=1.6, radius=5)
            c.text(x, 4, stat_label(stat).upper(), font(12.0, True), width=box_w, align="center")
            inner_w = box_w - 20
            pool_w, small_w = inner_w * 0.44, inner_w * 0.28
            top = 24.0
            px = x + 6
            c.box(px, top, pool_w, 42, weight=1.2, radius=4)
            if not blank:
                c.text(
                    px, top + 7, str(pool.current), font(22.0, True), width=pool_w, align="center"
                )
            _caption(c, px, top + 45, tr("Pool"), width=pool_w, align="center")
            mx = px + pool_w + 4
            c.box(mx, top + 8, small_w, 30, weight=0.8, radius=3)
            c.text(mx, top + 14, str(pool.maximum), font(13.0, True), width=small_w, align="center")
            _caption(c, mx, top + 45, tr("Maximum"), width=small_w, align="center")
            ex = mx + small_w + 4
            c.box(ex, top + 8, small_w, 30, weight=0.8, radius=3)
            c.text(ex, top + 14, str(pool.edge), font(13.0, True), width=small_w, align="center")
            _caption(c, ex, top + 45, tr("Edge"), width=small_w, align="center")

    return TopArea(h, draw)


#: a box or circle with the space after it, then the space after its label (points)
MARK = 12 + 6
SPACE = 6


def spread(needs: list[float], width: float, left: float) -> tuple[list[float], list[float]]:
    """Left edges and widths of cells in a row: each cell gets the width its content
    needs plus an equal share of what is left, so a long label ("10 minutes") never
    runs into the box after it the way equal cells let it."""
    spare = max(0.0, width - sum(needs)) / len(needs)
    lefts, widths = [], []
    x = left
    for need in needs:
        lefts.append(x)
        widths.append(need + spare)
        x += need + spare
    return lefts, widths


def _harm_and_rest(c: Canvas, ch: Character, width: float, blank: bool) -> TopArea:
    """Damage track or wound boxes at the left, the four recoveries at the right."""
    profile = get_profile(ch.profile)
    left_w = width * 0.56
    right_x = left_w + GAP
    right_w = width - right_x
    hint = font(SMALL - 0.6, italic=True)
    h = 60.0

    def draw_track(c: Canvas) -> None:
        c.box(0, 0, left_w, h, weight=0.9, radius=3)
        _caption(c, 5, 3, tr("Damage track"))
        states = track_states(ch)
        label_font = font(8.5, True)
        needs = [MARK + c.text_width(label, label_font) for label, _n, _c in states]
        for sx, cell, (label, note, current) in zip(
            *spread(needs, left_w - 10, 5), states, strict=True
        ):
            c.circle(sx, 15, 9, current and not blank)
            c.text(sx + MARK - SPACE, 15, label, label_font)
            for j, line in enumerate(c.wrap(note, hint, cell - SPACE)[:4]):
                c.text(sx, 28 + j * 7.2, line, hint, gray=HINT_GRAY)

    def draw_wounds(c: Canvas) -> None:
        c.box(0, 0, left_w, h, weight=0.9, radius=3)
        _caption(c, 5, 3, tr("Wounds"))
        for i, (label, taken, slots, note) in enumerate(wound_rows(ch)):
            y = 13 + i * 15.5
            c.text(5, y + 1, label, font(8.5, True))
            for s in range(slots):
                c.checkbox(64 + s * 13, y, 10, s < taken and not blank)
            note_x = 64 + max(slots, 3) * 13 + 6
            for j, line in enumerate(c.wrap(note, hint, left_w - note_x - 4)[:2]):
                c.text(note_x, y + j * 7.2, line, hint, gray=HINT_GRAY)

    def draw_rest(c: Canvas) -> None:
        c.box(right_x, 0, right_w, h, weight=0.9, radius=3)
        _caption(c, right_x + 5, 3, tr("Recovery"))
        c.text(right_x + 5, 12, recovery_text(ch), font(8.5, True))
        labels = rest_labels(ch)
        size = 7.5
        while (
            size > 5.5
            and sum(MARK + c.text_width(label, font(size)) for label, _u in labels) > right_w - 10
        ):
            size -= 0.25
        needs = [MARK + c.text_width(label, font(size)) for label, _u in labels]
        for sx, _cell, (label, used) in zip(
            *spread(needs, right_w - 10, right_x + 5), labels, strict=True
        ):
            c.checkbox(sx, 26, 9, used and not blank)
            c.text(sx + MARK - SPACE, 26.5, label, font(size))
        rule = (
            tr("Take them in order; a day has {hours} hours.")
            if profile.rests_in_order
            else tr("Any order, each once a day.")
        ).format(hours=profile.day_hours)
        if profile.last_action_recovery_bonus:
            rule += " " + tr("+{n} to the one-action roll taken as a Last action.").format(
                n=profile.last_action_recovery_bonus
            )
        for j, line in enumerate(c.wrap(rule, hint, right_w - 10)[:2]):
            c.text(right_x + 5, 43 + j * 7.2, line, hint, gray=HINT_GRAY)

    def draw(c: Canvas) -> None:
        (draw_track if profile.uses_damage_track else draw_wounds)(c)
        draw_rest(c)

    return TopArea(h, draw)


def top_area(c: Canvas, ch: Character, width: float, blank: bool) -> TopArea:
    """The whole top of page one, stacked; `draw` paints it at y = 0."""
    parts = [
        _header(c, ch, width),
        _numbers(c, ch, width, blank),
        _stats(c, ch, width, blank),
        _harm_and_rest(c, ch, width, blank),
    ]
    offsets: list[float] = []
    y = 0.0
    for part in parts:
        offsets.append(y)
        y += part.height + GAP

    def draw(c: Canvas) -> None:
        painter = c.painter
        for part, offset in zip(parts, offsets, strict=True):
            painter.save()
            painter.translate(0, offset * c.k)
            part.draw(c)
            painter.restore()

    return TopArea(y - GAP, draw)
