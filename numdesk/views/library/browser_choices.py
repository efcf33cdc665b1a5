"""What the library browser's choices ask the library for: the kind filter's entries,
and the order each column's header sorts by (as its labels sort, in the reader's
language)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from numdesk.model.entry_kind import EntryKind
from numdesk.model.listing import Sort, SortKey
from numdesk.views.library.model import Column, kind_label, profile_label

#: What each column sorts by in the library.
SORT_KEYS = {
    Column.FAVOURITE: SortKey.FAVOURITE,
    Column.NAME: SortKey.NAME,
    Column.KIND: SortKey.KIND,
    Column.LEVEL: SortKey.LEVEL,
    Column.PROFILE: SortKey.PROFILE,
    Column.TAGS: SortKey.TAGS,
}

#: The kind filter's choices: a label and the kinds it selects (None: every kind).
KIND_FILTERS: tuple[tuple[str, tuple[EntryKind, ...] | None], ...] = (
    (QT_TRANSLATE_NOOP("LibraryBrowser", "All kinds"), None),
    (QT_TRANSLATE_NOOP("LibraryBrowser", "Characters"), (EntryKind.CHARACTER,)),
    (QT_TRANSLATE_NOOP("LibraryBrowser", "Creatures and NPCs"), (EntryKind.CREATURE,)),
    (QT_TRANSLATE_NOOP("LibraryBrowser", "Encounters"), (EntryKind.ENCOUNTER,)),
    (QT_TRANSLATE_NOOP("LibraryBrowser", "Cyphers"), (EntryKind.CYPHER,)),
    (QT_TRANSLATE_NOOP("LibraryBrowser", "Artifacts"), (EntryKind.ARTIFACT,)),
    (QT_TRANSLATE_NOOP("LibraryBrowser", "Oddities"), (EntryKind.ODDITY,)),
    (
        QT_TRANSLATE_NOOP("LibraryBrowser", "Equipment, weapons, armor"),
        (EntryKind.EQUIPMENT, EntryKind.WEAPON, EntryKind.ARMOR, EntryKind.SHIELD),
    ),
    (
        QT_TRANSLATE_NOOP("LibraryBrowser", "Abilities and skills"),
        (EntryKind.ABILITY, EntryKind.SKILL),
    ),
    (
        QT_TRANSLATE_NOOP("LibraryBrowser", "Templates"),
        (EntryKind.TYPE, EntryKind.DESCRIPTOR, EntryKind.FOCUS, EntryKind.FLAVOR),
    ),
    (QT_TRANSLATE_NOOP("LibraryBrowser", "Followers"), (EntryKind.FOLLOWER,)),
    (QT_TRANSLATE_NOOP("LibraryBrowser", "Roll tables"), (EntryKind.TABLE,)),
    (QT_TRANSLATE_NOOP("LibraryBrowser", "Rules sets"), (EntryKind.RULES_SET,)),
)


def column_sort(column: int, descending: bool, rules_sets: list[str]) -> Sort | None:
    """The library's order for the table sorted by `column` (None: no column, best match
    first). Kinds and rules sort as their labels do; `rules_sets` are the uids of the
    library's house rules."""
    if column < 0:
        return None
    key = SORT_KEYS[Column(column)]
    if key is SortKey.KIND:
        kinds = sorted(EntryKind, key=lambda k: kind_label(k).casefold())
        return Sort(key, descending, tuple(k.value for k in kinds))
    if key is SortKey.PROFILE:
        profiles: list[str | None] = [None, "numenera", "cypher", *rules_sets]
        profiles.sort(key=lambda p: profile_label(p).casefold())
        return Sort(key, descending, tuple(profiles))
    return Sort(key, descending)
