"""How a history line names a value that changed: in a player's words, so a blank cypher
level given a number reads "level set to 5", never "level None → 5"."""

from __future__ import annotations

from enum import Enum

from numdesk.rules.types import DamageTrackState


def _blank(value: object) -> bool:
    return value is None or value == "" or value == []


def shown_value(value: object) -> str:
    """A value as the history shows it: yes/no, enum words, lists joined, "blank"."""
    if _blank(value):
        return "blank"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, DamageTrackState):
        return value.name.lower()
    if isinstance(value, Enum):
        return str(value.value).replace("_", " ")
    if isinstance(value, list | tuple):
        return ", ".join(shown_value(v) for v in value)
    return str(value)


def change_phrase(label: str, old: object, new: object) -> str:
    """ "level 3 → 5", "level set to 5" (it was blank) or "level cleared (was 5)"."""
    if _blank(old):
        return f"{label} set to {shown_value(new)}"
    if _blank(new):
        return f"{label} cleared (was {shown_value(old)})"
    return f"{label} {shown_value(old)} → {shown_value(new)}"
