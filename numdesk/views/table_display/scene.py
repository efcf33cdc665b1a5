"""Where everything of the table display goes: a `TableView` and a size in, a list of
boxes and words to paint out.

Working the layout out once per view (or resize) and painting only the list keeps a
redraw cheap, and lets the widget say exactly which words it painted. Sizes are in
one unit, the height of a combatant's name, derived from the window's height and shrunk
only as far as needed to show everyone: more combatants first take more columns, then
smaller type. A TV three metres away needs the largest type that fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF

from numdesk.model.table_view import Seat, TableView
from numdesk.views.table_display.look import Look

#: Row measures, in units of the name's height.
PAD = 0.2
LINE = 1.45
SUB = 0.98
GAP = 0.24
#: The narrowest a column may be, in units (a name and a health word side by side).
MIN_WIDTH = 17.0
MAX_COLUMNS = 4
#: Where a row's text starts and ends, in units from its left and right edges.
TEXT_LEFT = 1.9
TEXT_RIGHT = 0.45
#: The most lines one condition's words take (a GM's own long text ends in "…").
CONDITION_LINES = 4


def tr(text: str) -> str:
    return QCoreApplication.translate("TableDisplay", text)


@dataclass(frozen=True, slots=True)
class Box:
    """A filled (rounded) rectangle, optionally outlined."""

    rect: QRectF
    color: QColor
    radius: float = 0.0
    outline: QColor | None = None
    outline_width: float = 0.0


@dataclass(frozen=True, slots=True)
class Words:
    """A piece of text painted in `rect` (already elided to fit)."""

    rect: QRectF
    text: str
    font: QFont
    color: QColor
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


Item = Box | Words


class Font:
    """A font of a pixel size with its metrics (measured once per layout)."""

    def __init__(self, family: str, pixels: float, bold: bool, spacing: float = 100.0) -> None:
        self.font = QFont(family)
        self.font.setPixelSize(max(6, round(pixels)))
        self.font.setBold(bold)
        if spacing != 100.0:
            self.font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, spacing)
        self.metrics = QFontMetricsF(self.font)

    def width(self, text: str) -> float:
        return self.metrics.horizontalAdvance(text)

    def elide(self, text: str, width: float) -> str:
        return self.metrics.elidedText(text, Qt.TextElideMode.ElideRight, max(0.0, width))


class RowFonts:
    """The fonts of a combatant's row at one unit."""

    def __init__(self, family: str, unit: float) -> None:
        self.name = Font(family, unit, True)
        self.small = Font(family, unit * 0.66, False)
        self.small_bold = Font(family, unit * 0.66, True)
        self.tag = Font(family, unit * 0.46, True, 110.0)
        self.badge = Font(family, unit * 0.62, True)
        self.health = Font(family, unit * 0.78, True)


@lru_cache(maxsize=8)
def row_fonts(family: str, unit: float) -> RowFonts:
    return RowFonts(family, unit)


def _wrap(text: str, font: Font, width: float) -> list[str]:
    """`text` cut at spaces into lines no wider than `width` (a word wider than that is
    elided on its own line)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        tried = f"{line} {word}" if line else word
        if font.width(tried) <= width or not line:
            line = tried
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return [font.elide(line, width) for line in lines]


@dataclass(frozen=True, slots=True)
class ConditionLines:
    """How one condition is laid out in a row: its chip, then its words in lines."""

    chip: str
    chip_width: float
    lines: tuple[str, ...]

    @property
    def height(self) -> int:
        """In lines of the row (`SUB` units each)."""
        return max(1, len(self.lines))


def condition_lines(
    name: str, said: Sequence[str], width: float, unit: float, family: str
) -> ConditionLines:
    """The condition `name` in a chip and what it does and when it ends (`said`) to its
    right, in `width`: on one line when it fits, else each part from a line of its own,
    wrapped at spaces — the timing is never the part cut off."""
    fonts = row_fonts(family, unit)
    chip = fonts.small_bold.elide(name, width * 0.5)
    chip_width = fonts.small_bold.width(chip) + unit * 0.5
    room = width - chip_width - unit * 0.35
    parts = [p for p in said if p]
    joined = " · ".join(parts)
    if not joined or fonts.small.width(joined) <= room:
        return ConditionLines(chip, chip_width, (joined,) if joined else ())
    lines = [line for part in parts for line in _wrap(part, fonts.small, room)]
    if len(lines) > CONDITION_LINES:
        last = " ".join(lines[CONDITION_LINES - 1 :])
        lines = [*lines[: CONDITION_LINES - 1], fonts.small.elide(last, room)]
    return ConditionLines(chip, chip_width, tuple(lines))


@dataclass(frozen=True, slots=True)
class RowPlace:
    """Where one seat's row goes, and the unit it is drawn at (`seat_row.row_items`)."""

    seat: Seat
    rect: QRectF
    unit: float


@dataclass
class Scene:
    """What to paint, in order: `items`, then each row of `rows`, then `over`."""

    items: list[Item]
    rows: list[RowPlace] = field(default_factory=list)
    over: list[Item] = field(default_factory=list)


def build_scene(view: TableView | None, width: int, height: int, look: Look, family: str) -> Scene:
    """Everything to paint for `view` on a `width` × `height` display."""
    scene = Scene([Box(QRectF(0, 0, width, height), look.background)])
    items = scene.items
    if width < 50 or height < 50:
        return scene
    margin = height * 0.03
    side = max(margin, width * 0.025)
    header = height * 0.155
    body_top = margin + header + height * 0.035
    _header(items, view, QRectF(side, margin, width - 2 * side, header), look, family)
    items.append(Box(QRectF(side, body_top - height * 0.018, width - 2 * side, 2), look.rule))
    body = QRectF(side, body_top, width - 2 * side, height - body_top - margin)
    seats = view.seats if view is not None else ()
    if not seats:
        font = Font(family, height / 18, False)
        items.append(
            Words(
                body,
                tr("Nobody at the table yet"),
                font.font,
                look.muted,
                Qt.AlignmentFlag.AlignCenter,
            )
        )
        return scene
    _body(scene, seats, body, height, look, family)
    return scene


# -- the header: round, whose turn, the fight's name ------------------------------------
def _header(
    items: list[Item], view: TableView | None, rect: QRectF, look: Look, family: str
) -> None:
    h = rect.height()
    label = Font(family, h * 0.19, True, 112.0)
    big = Font(family, h * 0.5, True)
    label_h = label.metrics.height()
    big_top = rect.top() + label_h + h * 0.06
    big_h = rect.bottom() - big_top
    round_number = view.round if view is not None else 0
    round_text = str(round_number) if round_number >= 1 else "—"
    round_label = tr("ROUND")
    round_w = max(label.width(round_label), big.width(round_text))
    items.append(
        Words(
            QRectF(rect.left(), rect.top(), round_w, label_h), round_label, label.font, look.muted
        )
    )
    items.append(
        Words(QRectF(rect.left(), big_top, round_w, big_h), round_text, big.font, look.text)
    )

    now_x = rect.left() + round_w + h * 0.5
    name = view.name if view is not None else ""
    name_w = min(label.width(name), rect.width() * 0.3)
    now_w = rect.right() - now_x - name_w - h * 0.4
    if round_number < 1:
        items.append(
            Words(
                QRectF(now_x, rect.top(), now_w, label_h), tr("THE FIGHT"), label.font, look.muted
            )
        )
        text = big.elide(tr("Getting ready"), now_w)
        items.append(Words(QRectF(now_x, big_top, now_w, big_h), text, big.font, look.muted))
    else:
        items.append(
            Words(QRectF(now_x, rect.top(), now_w, label_h), tr("NOW"), label.font, look.muted)
        )
        turn = view.turn_label if view is not None else ""
        if turn:
            pad = h * 0.22
            text = big.elide(turn, now_w - 2 * pad)
            banner = QRectF(now_x, big_top, big.width(text) + 2 * pad, big_h)
            items.append(Box(banner, look.accent, h * 0.1))
            items.append(
                Words(banner, text, big.font, look.on_accent, Qt.AlignmentFlag.AlignCenter)
            )
        else:
            items.append(Words(QRectF(now_x, big_top, now_w, big_h), "—", big.font, look.muted))
    if name:
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        text = label.elide(name, name_w)
        items.append(
            Words(
                QRectF(rect.right() - name_w, rect.top(), name_w, label_h),
                text,
                label.font,
                look.muted,
                right,
            )
        )


# -- the seats, in turn order, in as many columns as make the type largest --------------
def row_units(seat: Seat, width: float, unit: float, family: str) -> float:
    """A seat's row height in units, drawn `width` wide at `unit`: its name line, its
    Pools and the lines of each condition (`condition_lines`)."""
    sub_width = width - unit * (TEXT_LEFT + TEXT_RIGHT)
    lines = sum(
        condition_lines(c.name, (c.does, c.ends), sub_width, unit, family).height
        for c in seat.conditions
    )
    return 2 * PAD + LINE + SUB * ((1 if seat.pools else 0) + lines)


def _split(units: Sequence[float], columns: int) -> list[list[int]]:
    """Seats in order, cut into `columns` runs of about equal height."""
    total = sum(u + GAP for u in units)
    runs: list[list[int]] = [[]]
    filled = 0.0
    for index, u in enumerate(units):
        left = len(units) - index
        if (
            runs[-1]
            and len(runs) < columns
            and (
                filled + (u + GAP) / 2 > total * len(runs) / columns
                or left < columns - len(runs) + 1
            )
        ):
            runs.append([])
        runs[-1].append(index)
        filled += u + GAP
    return runs


@dataclass(frozen=True, slots=True)
class _Fit:
    unit: float
    columns: list[list[int]]
    column_width: float
    column_gap: float


def _fit(seats: Sequence[Seat], body: QRectF, height: int, family: str) -> _Fit:
    """The largest unit (and its columns) at which every seat shows.

    A condition's words wrap by the column's width in units, so each column count is
    measured at the largest unit it allows (the most lines); a smaller unit only
    leaves more room.
    """
    start = height / 21
    gap = body.width() * 0.02
    best: _Fit | None = None
    for count in range(1, min(MAX_COLUMNS, len(seats)) + 1):
        column_width = (body.width() - gap * (count - 1)) / count
        top = min(start, column_width / MIN_WIDTH)
        units = [row_units(s, round(column_width), top, family) for s in seats]
        runs = _split(units, count)
        need = max(sum(units[i] + GAP for i in run) - GAP for run in runs)
        column_width = (body.width() - gap * (len(runs) - 1)) / len(runs)
        unit = min(top, body.height() / need)
        if best is None or unit > best.unit * 1.25:
            best = _Fit(unit, runs, column_width, gap)
    assert best is not None
    return best


def _body(
    scene: Scene, seats: Sequence[Seat], body: QRectF, height: int, look: Look, family: str
) -> None:
    fit = _fit(seats, body, height, family)
    unit = max(fit.unit, height / 45, 12.0)  # smaller nobody reads: show fewer instead
    units = [row_units(s, round(fit.column_width), unit, family) for s in seats]
    left_out = 0
    for column, run in enumerate(fit.columns):
        x = body.left() + column * (fit.column_width + fit.column_gap)
        y = body.top()
        for index in run:
            row_h = units[index] * unit
            if y + row_h > body.bottom() + 0.5:
                left_out += 1
                continue
            # whole pixels: the row's picture is reused as it is
            rect = QRectF(round(x), round(y), round(fit.column_width), round(row_h))
            scene.rows.append(RowPlace(seats[index], rect, unit))
            y += row_h + GAP * unit
    if left_out:
        text = tr("{0} more not shown: make the window larger").format(left_out)
        note = Font(family, unit * 0.66, True)
        line = note.metrics.height()
        rect = QRectF(body.left(), body.bottom() + line * 0.2, body.width(), line)
        scene.over.append(
            Words(
                rect,
                text,
                note.font,
                look.muted,
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            )
        )
