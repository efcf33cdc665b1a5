"""One combatant's row of the table display, in the row's own coordinates.

A row depends only on its seat, its size, the unit and the look, so the display keeps
each row's picture and paints again only the rows whose seat changed: a hit or the next
turn touches two or three rows of thirty.

The row: the side's colour down its left edge, the place in the order (filled in the
accent colour for whoever acts now), the name with a small side tag, health at the right
(NPCs: a word, or the numbers with a bar when the GM reveals them; PCs: the damage track
or their wounds), then a line of Pools for a PC and one line per condition with what it
does and when it ends.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QRectF, Qt
from PySide6.QtGui import QColor

from numdesk.model.table_view import Seat
from numdesk.views.table_display.look import Look
from numdesk.views.table_display.scene import (
    LINE,
    PAD,
    SUB,
    TEXT_LEFT,
    TEXT_RIGHT,
    Box,
    ConditionLines,
    Item,
    RowFonts,
    Words,
    condition_lines,
    row_fonts,
    tr,
)

_SIDES = {
    "pc": QT_TRANSLATE_NOOP("TableDisplay", "PC"),
    "npc": QT_TRANSLATE_NOOP("TableDisplay", "NPC"),
    "follower": QT_TRANSLATE_NOOP("TableDisplay", "follower"),
    "object": QT_TRANSLATE_NOOP("TableDisplay", "object"),
}
#: The words the projection gives, registered for translation (shown through `tr`).
_WORDS = (
    QT_TRANSLATE_NOOP("TableDisplay", "hale"),
    QT_TRANSLATE_NOOP("TableDisplay", "hurt"),
    QT_TRANSLATE_NOOP("TableDisplay", "badly hurt"),
    QT_TRANSLATE_NOOP("TableDisplay", "down"),
    QT_TRANSLATE_NOOP("TableDisplay", "impaired"),
    QT_TRANSLATE_NOOP("TableDisplay", "debilitated"),
    QT_TRANSLATE_NOOP("TableDisplay", "dead"),
    QT_TRANSLATE_NOOP("TableDisplay", "knocked out"),
    QT_TRANSLATE_NOOP("TableDisplay", "Might"),
    QT_TRANSLATE_NOOP("TableDisplay", "Speed"),
    QT_TRANSLATE_NOOP("TableDisplay", "Intellect"),
)
_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
_CENTRE = Qt.AlignmentFlag.AlignCenter


def _tint(color: QColor, share: float, base: QColor) -> QColor:
    """`color` laid over `base` at `share` opacity, as one opaque colour (cheaper to
    paint than a translucent one)."""
    return QColor.fromRgbF(
        share * color.redF() + (1 - share) * base.redF(),
        share * color.greenF() + (1 - share) * base.greenF(),
        share * color.blueF() + (1 - share) * base.blueF(),
    )


def row_items(
    seat: Seat, width: float, height: float, u: float, look: Look, family: str
) -> list[Item]:
    """Everything of `seat`'s row, in a `width` × `height` box at (0, 0)."""
    fonts = row_fonts(family, u)
    items: list[Item] = [Box(QRectF(0, 0, width, height), look.background)]
    card = QRectF(0, 0, width, height)
    base = look.acting_card if seat.acting else look.card
    if seat.acting:
        items.append(Box(card, base, u * 0.22, look.accent, max(2.0, u * 0.09)))
    else:
        items.append(Box(card, base, u * 0.22))
    items.append(Box(QRectF(0, 0, u * 0.16, height), look.side(seat.side), u * 0.08))
    line = QRectF(0, PAD * u, width, LINE * u)
    if seat.place:
        _badge(items, seat, line, u, fonts, look)
    text_x = u * TEXT_LEFT
    right = width - u * TEXT_RIGHT
    health_left = _health(
        items, seat, QRectF(text_x, line.top(), right - text_x, line.height()), u, fonts, look, base
    )
    _name(
        items, seat, QRectF(text_x, line.top(), health_left - text_x, line.height()), u, fonts, look
    )
    y = line.bottom()
    sub_width = right - text_x
    if seat.pools:
        _pools(items, seat, QRectF(text_x, y, sub_width, SUB * u), u, fonts, look)
        y += SUB * u
    for condition in seat.conditions:
        laid = condition_lines(
            condition.name, (condition.does, condition.ends), sub_width, u, family
        )
        _condition(items, laid, QRectF(text_x, y, sub_width, SUB * u), u, fonts, look, base)
        y += SUB * u * laid.height
    return items


def _badge(
    items: list[Item], seat: Seat, line: QRectF, u: float, fonts: RowFonts, look: Look
) -> None:
    """The place in the order, in a circle (a rounded box for two digits)."""
    size = u * 1.08
    text = str(seat.place)
    wide = max(size, fonts.badge.width(text) + u * 0.34)
    badge = QRectF(u * 0.45 + (size - wide) / 2, line.center().y() - size / 2, wide, size)
    if seat.acting:
        items.append(Box(badge, look.accent, size / 2))
        color = look.on_accent
    else:
        items.append(Box(badge, look.card, size / 2, look.muted, max(1.5, u * 0.06)))
        color = look.muted
    items.append(Words(badge, text, fonts.badge.font, color, _CENTRE))


def _name(
    items: list[Item], seat: Seat, room: QRectF, u: float, fonts: RowFonts, look: Look
) -> None:
    """The name (elided to its room) and its side tag when that fits too."""
    tag = tr(str(_SIDES.get(seat.side, seat.side)))
    tag_w = fonts.tag.width(tag)
    name = fonts.name.elide(seat.name, room.width() - u * 1.0 - tag_w)
    name_w = fonts.name.width(name)
    color = look.muted if seat.defeated else look.text
    items.append(
        Words(
            QRectF(room.left(), room.top(), name_w + 2, room.height()), name, fonts.name.font, color
        )
    )
    tag_x = room.left() + name_w + u * 0.4
    if tag_x + tag_w <= room.right():
        items.append(
            Words(
                QRectF(tag_x, room.top(), tag_w + 2, room.height()),
                tag,
                fonts.tag.font,
                look.side(seat.side),
            )
        )


def _health(
    items: list[Item],
    seat: Seat,
    line: QRectF,
    u: float,
    fonts: RowFonts,
    look: Look,
    base: QColor,
) -> float:
    """Draw the seat's health at the right of its first line; return where it begins."""
    if seat.defeated:
        return _pill(items, tr(seat.defeated), look.health_color("down"), base, line, u, fonts)
    if seat.side == "pc":
        if seat.damage_track:
            color = look.health_color(seat.damage_track)
            return _pill(items, tr(seat.damage_track), color, base, line, u, fonts)
        if seat.wounds:
            return _pill(items, seat.wounds, look.side("pc"), base, line, u, fonts)
        return line.right()
    if seat.health is not None and seat.max_health:
        return _numbers(items, seat, seat.health, seat.max_health, line, u, fonts, look)
    if seat.health_words:
        color = look.health_color(seat.health_words)
        return _pill(items, tr(seat.health_words), color, base, line, u, fonts)
    return line.right()


def _numbers(
    items: list[Item],
    seat: Seat,
    health: int,
    maximum: int,
    line: QRectF,
    u: float,
    fonts: RowFonts,
    look: Look,
) -> float:
    """ "12 / 20" with a bar: the numbers the GM revealed."""
    color = look.health_color(seat.health_words)
    text = f"{health} / {maximum}"
    text_w = fonts.name.width(text)
    text_rect = QRectF(line.right() - text_w, line.top(), text_w + 2, line.height())
    items.append(Words(text_rect, text, fonts.name.font, color))
    bar_w = u * 3.2
    bar = QRectF(text_rect.left() - u * 0.5 - bar_w, line.center().y() - u * 0.16, bar_w, u * 0.32)
    items.append(Box(bar, look.rule, u * 0.16))
    share = max(0.0, min(1.0, health / maximum))
    if share > 0:
        items.append(
            Box(QRectF(bar.left(), bar.top(), bar_w * share, bar.height()), color, u * 0.16)
        )
    return bar.left()


def _pill(
    items: list[Item],
    text: str,
    color: QColor,
    base: QColor,
    line: QRectF,
    u: float,
    fonts: RowFonts,
) -> float:
    """The health word in a rounded box of its colour, at the right of `line`."""
    text = fonts.health.elide(text, line.width() * 0.55)
    width = fonts.health.width(text) + u * 0.9
    pill = QRectF(line.right() - width, line.center().y() - u * 0.56, width, u * 1.12)
    items.append(Box(pill, _tint(color, 0.17, base), u * 0.56))
    items.append(Words(pill, text, fonts.health.font, color, _CENTRE))
    return pill.left()


def _pools(
    items: list[Item], seat: Seat, line: QRectF, u: float, fonts: RowFonts, look: Look
) -> None:
    """ "Might 8/10   Speed 10/10   Intellect 7/10" (initials when the column is narrow)."""
    gap = u * 0.8
    words = [tr(pool.stat.title()) for pool in seat.pools]
    numbers = [f"{pool.current}/{pool.maximum}" for pool in seat.pools]
    total = sum(
        fonts.small.width(w + " ") + fonts.small_bold.width(n) + gap
        for w, n in zip(words, numbers, strict=True)
    )
    if total - gap > line.width():
        words = [w[:1] for w in words]
    x = line.left()
    for word, number in zip(words, numbers, strict=True):
        label = word + " "
        w = fonts.small.width(label)
        items.append(
            Words(QRectF(x, line.top(), w + 1, line.height()), label, fonts.small.font, look.muted)
        )
        x += w
        n = fonts.small_bold.width(number)
        items.append(
            Words(
                QRectF(x, line.top(), n + 2, line.height()),
                number,
                fonts.small_bold.font,
                look.text,
            )
        )
        x += n + gap


def _condition(
    items: list[Item],
    laid: ConditionLines,
    line: QRectF,
    u: float,
    fonts: RowFonts,
    look: Look,
    base: QColor,
) -> None:
    """The condition's name in a chip, then what it does and when it ends: one line
    each below the first when it does not fit beside the chip (`condition_lines`)."""
    chip = QRectF(line.left(), line.top() + u * 0.1, laid.chip_width, line.height() - u * 0.2)
    items.append(Box(chip, _tint(look.condition, 0.16, base), u * 0.16))
    items.append(Words(chip, laid.chip, fonts.small_bold.font, look.condition, _CENTRE))
    left = chip.right() + u * 0.35
    for number, text in enumerate(laid.lines):
        rest = QRectF(left, line.top() + number * line.height(), line.right() - left, line.height())
        items.append(Words(rest, text, fonts.small.font, look.muted))
