"""How a list of library entries is asked for: its sort order, and how many it holds.

Plain data shared by the browser (which knows the columns' labels), the controller and
the store (which turns them into SQL), so views never import the store.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class SortKey(StrEnum):
    """The columns a list of entries can be sorted by."""

    NAME = "name"
    KIND = "kind"
    LEVEL = "level"
    PROFILE = "profile"
    FAVOURITE = "favourite"
    TAGS = "tags"


class Sort(NamedTuple):
    """A column order, then by name.

    `order` lists a KIND or PROFILE column's stored values in the order their labels
    are shown (only the view knows the labels, in the user's language); values not
    listed come after them.
    """

    key: SortKey
    descending: bool = False
    order: tuple[str | None, ...] = ()


class MatchCount(NamedTuple):
    """How many entries a search lists: `entries` exactly, or (`exact` False) more than
    `entries`, which is all that was counted so a key press stays fast."""

    entries: int
    exact: bool
