"""The two looks of the table display, light and dark, made for a TV across the table.

A TV or projector washes out pale tints and thin lines, so both looks use strong
contrast between text and background, one accent colour for whose turn it is, and a
colour per side and per state of health that is never the only sign (each comes with
its word).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor


@dataclass(frozen=True)
class Look:
    """The colours of one look."""

    background: QColor
    card: QColor
    acting_card: QColor
    text: QColor
    muted: QColor
    accent: QColor
    on_accent: QColor
    rule: QColor
    condition: QColor
    #: by side: "pc", "npc", "follower", "object"
    sides: dict[str, QColor]
    #: by health word (HEALTH_WORDS and the damage track's words); others use `muted`
    health: dict[str, QColor]

    def side(self, side: str) -> QColor:
        return self.sides.get(side, self.muted)

    def health_color(self, word: str) -> QColor:
        return self.health.get(word, self.muted)


def _look(**colors: str | dict[str, str]) -> Look:
    values = {
        key: {k: QColor(v) for k, v in value.items()} if isinstance(value, dict) else QColor(value)
        for key, value in colors.items()
    }
    return Look(**values)  # type: ignore[arg-type]


LIGHT = _look(
    background="#ece8df",
    card="#fbfaf7",
    acting_card="#fff1c7",
    text="#1b1f24",
    muted="#5b6169",
    accent="#b7791f",
    on_accent="#ffffff",
    rule="#cfc9bc",
    condition="#6d3fa6",
    sides={"pc": "#1d5fa8", "npc": "#b3261e", "follower": "#2e7d32", "object": "#6b7078"},
    health={
        "hale": "#1e7a45",
        "hurt": "#9a6200",
        "badly hurt": "#c2410c",
        "down": "#5b6169",
        "impaired": "#9a6200",
        "debilitated": "#c2410c",
        "dead": "#5b6169",
    },
)

DARK = _look(
    background="#121518",
    card="#1f2328",
    acting_card="#3a3220",
    text="#f1f0ec",
    muted="#a3abb5",
    accent="#f2b84b",
    on_accent="#1b1f24",
    rule="#3a4048",
    condition="#b99af0",
    sides={"pc": "#6cb2f0", "npc": "#f0786a", "follower": "#82cf86", "object": "#aab0b8"},
    health={
        "hale": "#6fd49a",
        "hurt": "#f2c14e",
        "badly hurt": "#f6904f",
        "down": "#9aa1aa",
        "impaired": "#f2c14e",
        "debilitated": "#f6904f",
        "dead": "#9aa1aa",
    },
)


def look_for(dark: bool) -> Look:
    return DARK if dark else LIGHT
