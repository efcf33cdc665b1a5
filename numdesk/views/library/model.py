"""The Qt table model of search results, and the drag format for library entries.

The model holds the `EntrySummary` rows the last search returned (the store does the
filtering and ranking); a `QSortFilterProxyModel` on top sorts by any column, using the
raw values under `SORT_ROLE` so levels sort as numbers and names case-insensitively.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from numdesk.model.entry_kind import EntryKind, NewerKind
from numdesk.model.summary import EntrySummary
from numdesk.rules.profiles import PROFILES

#: The MIME type of dragged library entries: a JSON list of {"uid", "kind", "name"}.
ENTRY_MIME_TYPE = "application/x-numdesk-entry"
#: Kinds that can be dragged onto an encounter.
DRAGGABLE_KINDS = frozenset({EntryKind.CHARACTER, EntryKind.CREATURE, EntryKind.FOLLOWER})
#: The role holding the value a column sorts by.
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
#: The role holding the row's uid.
UID_ROLE = Qt.ItemDataRole.UserRole + 2

Index = QModelIndex | QPersistentModelIndex
#: Rows loaded at a time as the user scrolls down the table.
PAGE_SIZE = 100
#: Loads `limit` rows of the current search starting at `offset`.
Fetcher = Callable[[int, int], list[EntrySummary]]


class Column(IntEnum):
    """The columns of the browser table."""

    FAVOURITE = 0
    NAME = 1
    KIND = 2
    LEVEL = 3
    PROFILE = 4
    TAGS = 5


def kind_label(kind: EntryKind | NewerKind) -> str:
    """The name of a kind as the user reads it (an entry of a kind only a newer numdesk
    knows is listed as made by one)."""
    if isinstance(kind, NewerKind):
        return QCoreApplication.translate("EntryKind", "Made by a newer numdesk")
    labels = {
        EntryKind.CHARACTER: QT_TRANSLATE_NOOP("EntryKind", "Character"),
        EntryKind.CREATURE: QT_TRANSLATE_NOOP("EntryKind", "Creature / NPC"),
        EntryKind.FOLLOWER: QT_TRANSLATE_NOOP("EntryKind", "Follower"),
        EntryKind.CYPHER: QT_TRANSLATE_NOOP("EntryKind", "Cypher"),
        EntryKind.ARTIFACT: QT_TRANSLATE_NOOP("EntryKind", "Artifact"),
        EntryKind.ODDITY: QT_TRANSLATE_NOOP("EntryKind", "Oddity"),
        EntryKind.EQUIPMENT: QT_TRANSLATE_NOOP("EntryKind", "Equipment"),
        EntryKind.WEAPON: QT_TRANSLATE_NOOP("EntryKind", "Weapon"),
        EntryKind.ARMOR: QT_TRANSLATE_NOOP("EntryKind", "Armor"),
        EntryKind.SHIELD: QT_TRANSLATE_NOOP("EntryKind", "Shield"),
        EntryKind.ABILITY: QT_TRANSLATE_NOOP("EntryKind", "Ability"),
        EntryKind.SKILL: QT_TRANSLATE_NOOP("EntryKind", "Skill"),
        EntryKind.TYPE: QT_TRANSLATE_NOOP("EntryKind", "Type"),
        EntryKind.DESCRIPTOR: QT_TRANSLATE_NOOP("EntryKind", "Descriptor"),
        EntryKind.FOCUS: QT_TRANSLATE_NOOP("EntryKind", "Focus"),
        EntryKind.FLAVOR: QT_TRANSLATE_NOOP("EntryKind", "Flavor"),
        EntryKind.ENCOUNTER: QT_TRANSLATE_NOOP("EntryKind", "Encounter"),
        EntryKind.TABLE: QT_TRANSLATE_NOOP("EntryKind", "Roll table"),
        EntryKind.RULES_SET: QT_TRANSLATE_NOOP("EntryKind", "Rules set"),
    }
    return QCoreApplication.translate("EntryKind", labels[kind])


def profile_label(profile: str | None) -> str:
    """The rules profile as the user reads it."""
    if profile == "numenera":
        return QCoreApplication.translate("Profile", "Numenera")
    if profile == "cypher":
        return QCoreApplication.translate("Profile", "Cypher System")
    if profile in PROFILES:  # a house rules set: the name the group gave it
        return PROFILES[profile].label
    return profile or ""


class EntryTableModel(QAbstractTableModel):
    """Search results as table rows, loaded a page at a time.

    A search can match the whole library (2,500 CSRD entries and more); the model
    loads the first page and Qt's `canFetchMore`/`fetchMore` pull the next one when
    the view scrolls near the end, so every match is reachable and none costs time
    before it is shown.
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[EntrySummary] = []
        self._total = 0
        self._fetch: Fetcher | None = None

    def set_rows(self, rows: list[EntrySummary]) -> None:
        """Show exactly `rows` (nothing more to load)."""
        self.beginResetModel()
        self._rows = list(rows)
        self._total = len(self._rows)
        self._fetch = None
        self.endResetModel()

    def set_source(self, fetch: Fetcher, total: int) -> None:
        """Show the `total` matches `fetch` pages through, loading the first page now."""
        self.beginResetModel()
        self._fetch = fetch
        self._total = total
        self._rows = fetch(0, PAGE_SIZE) if total else []
        if len(self._rows) < PAGE_SIZE:
            self._total = len(self._rows)  # the library changed since counting
        self.endResetModel()

    def total(self) -> int:
        """How many rows the search matched (loaded or not)."""
        return self._total

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and self._fetch is not None and len(self._rows) < self._total

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: B008
        if not self.canFetchMore(parent) or self._fetch is None:
            return
        batch = self._fetch(len(self._rows), min(PAGE_SIZE, self._total - len(self._rows)))
        if not batch:
            self._total = len(self._rows)
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(batch) - 1)
        self._rows.extend(batch)
        self.endInsertRows()

    def fetch_all(self) -> None:
        """Load every remaining match (before sorting by a column, which needs them all)."""
        while self.canFetchMore():
            before = len(self._rows)
            self.fetchMore()
            if len(self._rows) == before:
                return

    def summary(self, row: int) -> EntrySummary:
        """The entry in `row`."""
        return self._rows[row]

    def rows(self) -> list[EntrySummary]:
        """Every entry shown, in search order."""
        return list(self._rows)

    def row_of(self, uid: str) -> int | None:
        """The row showing `uid`, if any."""
        for row, summary in enumerate(self._rows):
            if summary.uid == uid:
                return row
        return None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(Column)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        column = Column(section)
        if role == Qt.ItemDataRole.DisplayRole:
            return {
                Column.FAVOURITE: "★",
                Column.NAME: self.tr("Name"),
                Column.KIND: self.tr("Kind"),
                Column.LEVEL: self.tr("Level"),
                Column.PROFILE: self.tr("Rules"),
                Column.TAGS: self.tr("Tags"),
            }[column]
        if role == Qt.ItemDataRole.ToolTipRole and column is Column.FAVOURITE:
            return self.tr("Favourite")
        if role == Qt.ItemDataRole.ToolTipRole and column is Column.LEVEL:
            return self.tr("Level, or tier for characters")
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        summary = self._rows[index.row()]
        column = Column(index.column())
        if role == UID_ROLE:
            return summary.uid
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(summary, column)
        if role == SORT_ROLE:
            return self._sort_key(summary, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return summary.subtitle or summary.name
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (
            Column.FAVOURITE,
            Column.LEVEL,
        ):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _display(self, summary: EntrySummary, column: Column) -> str:
        if column is Column.FAVOURITE:
            return "★" if summary.favourite else ""
        if column is Column.NAME:
            return summary.name
        if column is Column.KIND:
            return kind_label(summary.kind)
        if column is Column.LEVEL:
            if summary.level is None:
                return ""
            if summary.kind is EntryKind.CHARACTER:
                return self.tr("Tier {0}").format(summary.level)
            return str(summary.level)
        if column is Column.PROFILE:
            return profile_label(summary.profile)
        return ", ".join(summary.tags)

    def _sort_key(self, summary: EntrySummary, column: Column) -> Any:
        if column is Column.FAVOURITE:
            return 0 if summary.favourite else 1
        if column is Column.LEVEL:
            return -1 if summary.level is None else summary.level
        return self._display(summary, column).casefold()

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.isValid() and self._rows[index.row()].kind in DRAGGABLE_KINDS:
            base |= Qt.ItemFlag.ItemIsDragEnabled
        return base

    def mimeTypes(self) -> list[str]:
        return [ENTRY_MIME_TYPE]

    def mimeData(self, indexes: Any) -> QMimeData:
        """The dragged entries (one per row, in row order)."""
        rows = sorted({i.row() for i in indexes if i.isValid()})
        payload = [
            {"uid": s.uid, "kind": s.kind.value, "name": s.name}
            for s in (self._rows[r] for r in rows)
            if s.kind in DRAGGABLE_KINDS
        ]
        mime = QMimeData()
        mime.setData(ENTRY_MIME_TYPE, json.dumps(payload).encode("utf-8"))
        mime.setText("\n".join(p["name"] for p in payload))
        return mime

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction


def decode_entry_mime(mime: QMimeData) -> list[dict[str, str]]:
    """The entries carried by a drag of `ENTRY_MIME_TYPE` (empty if none)."""
    if not mime.hasFormat(ENTRY_MIME_TYPE):
        return []
    try:
        payload = json.loads(bytes(mime.data(ENTRY_MIME_TYPE).data()).decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return []
    if not isinstance(payload, list):
        return []
    return [p for p in payload if isinstance(p, dict) and isinstance(p.get("uid"), str)]


class EntrySortProxy(QSortFilterProxyModel):
    """Sorts by `SORT_ROLE`; with no column chosen the search's ranking order stays."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.setDynamicSortFilter(True)
