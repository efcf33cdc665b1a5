"""The Qt table model of search results, and the drag format for library entries.

The model holds the rows of the browser's listing loaded so far (as plain tuples,
`packed_rows`); the store does the filtering, the ranking and the sorting by a column
(in SQL, a page at a time), so a click on a header asks for a new listing instead of
sorting rows here.
"""

from __future__ import annotations

import json
from enum import IntEnum
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from numdesk.model.entry_kind import EntryKind, NewerKind
from numdesk.model.listing import MatchCount
from numdesk.model.summary import EntrySummary
from numdesk.rules.profiles import PROFILES
from numdesk.views.library import packed_rows as packed

if TYPE_CHECKING:  # made on the first drag: PySide builds a Qt class when first named
    from PySide6.QtCore import QMimeData

#: The MIME type of dragged library entries: a JSON list of {"uid", "kind", "name"}.
ENTRY_MIME_TYPE = "application/x-numdesk-entry"
#: Kinds that can be dragged onto an encounter.
DRAGGABLE_KINDS = frozenset({EntryKind.CHARACTER, EntryKind.CREATURE, EntryKind.FOLLOWER})
#: The role holding the row's uid.
UID_ROLE = Qt.ItemDataRole.UserRole + 2

Index = QModelIndex | QPersistentModelIndex
#: Rows loaded at a time as the user scrolls down the table.
PAGE_SIZE = 100
#: Rows read at once when every remaining row is wanted (Ctrl+End): a sorted search's
#: long read collects its matches instead of looking each row up (sorted_sources).
ALL_AT_ONCE = 2_000


class RowSource(Protocol):
    """A listing read page by page (the library controller's `Listing`)."""

    @property
    def count(self) -> MatchCount: ...

    @property
    def done(self) -> bool: ...

    def next_rows(self, limit: int) -> list[EntrySummary]: ...


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
    """The rows of a listing, loaded a page at a time.

    A search can match the whole library (100,000 entries and more); the model loads
    the first page and Qt's `canFetchMore`/`fetchMore` pull the next one when the view
    scrolls near the end, so every match is reachable and none costs time before it
    is shown. A click on a column header only records the order and emits
    `sortRequested`: the browser asks the library for the listing in that order.
    """

    #: the user chose a column order (or none: best match first)
    sortRequested = Signal()
    #: a page came in, or the listing was found to end: `count` may say more now
    countChanged = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[packed.Packed] = []
        self._row_of: dict[str, int] = {}
        self._source: RowSource | None = None
        self._sort_column = -1
        self._sort_order = Qt.SortOrder.AscendingOrder

    def set_rows(self, rows: list[EntrySummary]) -> None:
        """Show exactly `rows` (nothing more to load)."""
        self.beginResetModel()
        self._source = None
        self._set(list(rows))
        self.endResetModel()

    def set_source(self, source: RowSource) -> None:
        """Show the listing `source`, loading its first page now."""
        self.beginResetModel()
        self._source = source
        self._set(source.next_rows(PAGE_SIZE))
        self.endResetModel()

    def _set(self, rows: list[EntrySummary]) -> None:
        self._rows = [packed.pack(summary) for summary in rows]
        self._row_of = {summary.uid: row for row, summary in enumerate(rows)}

    def count(self) -> MatchCount:
        """How many rows the listing holds (loaded or not); exact once all are loaded."""
        if self._source is None or self._source.done:
            return MatchCount(len(self._rows), True)
        return self._source.count

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and self._source is not None and not self._source.done

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: B008
        if self.canFetchMore(parent):
            self._fetch(PAGE_SIZE)

    def _fetch(self, rows: int) -> None:
        """Load the next `rows` rows of the listing."""
        if self._source is None:
            return
        # an entry saved since the listing began may come round again: shown once
        batch = [s for s in self._source.next_rows(rows) if s.uid not in self._row_of]
        if not batch:
            # the last page was full: only now is the listing known to end, and the
            # count exact ("1,000+" would stay on a list read to its end)
            self.countChanged.emit()
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(batch) - 1)
        for offset, summary in enumerate(batch):
            self._row_of[summary.uid] = first + offset
        self._rows.extend(packed.pack(summary) for summary in batch)
        self.endInsertRows()
        self.countChanged.emit()

    def fetch_all(self) -> None:
        """Load every remaining match (Ctrl+End: the very last one)."""
        while self.canFetchMore():  # each read moves the listing on: it ends
            self._fetch(ALL_AT_ONCE)

    def update_rows(self, summaries: list[EntrySummary]) -> None:
        """Show the new state of entries already shown (others are left alone)."""
        for summary in summaries:
            row = self._row_of.get(summary.uid)
            if row is None:
                continue
            self._rows[row] = packed.pack(summary)
            last = self.index(row, self.columnCount() - 1)
            self.dataChanged.emit(self.index(row, 0), last)

    def summary(self, row: int) -> EntrySummary:
        """The entry in `row`."""
        return packed.unpack(self._rows[row])

    def rows(self) -> list[EntrySummary]:
        """Every entry loaded, in the listing's order."""
        return [packed.unpack(row) for row in self._rows]

    def row_of(self, uid: str) -> int | None:
        """The row showing `uid`, if any."""
        return self._row_of.get(uid)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Record the column order the header asks for (-1: best match first)."""
        if (column, order) == (self._sort_column, self._sort_order):
            return
        self._sort_column, self._sort_order = column, order
        self.sortRequested.emit()

    def sort_state(self) -> tuple[int, Qt.SortOrder]:
        """The column the rows are sorted by (-1: none) and its direction."""
        return self._sort_column, self._sort_order

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
        row = self._rows[index.row()]
        column = Column(index.column())
        if role == UID_ROLE:
            return row[packed.UID]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return row[packed.SUBTITLE] or row[packed.NAME]
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (
            Column.FAVOURITE,
            Column.LEVEL,
        ):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _display(self, row: packed.Packed, column: Column) -> str:
        if column is Column.FAVOURITE:
            return "★" if row[packed.FAVOURITE] else ""
        if column is Column.NAME:
            return row[packed.NAME]
        if column is Column.KIND:
            return kind_label(packed.kind_of(row))
        if column is Column.LEVEL:
            level = row[packed.LEVEL]
            if level is None:
                return ""
            if packed.kind_of(row) is EntryKind.CHARACTER:
                return self.tr("Tier {0}").format(level)
            return str(level)
        if column is Column.PROFILE:
            return profile_label(row[packed.PROFILE])
        return ", ".join(row[packed.TAGS])

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.isValid() and packed.kind_of(self._rows[index.row()]) in DRAGGABLE_KINDS:
            base |= Qt.ItemFlag.ItemIsDragEnabled
        return base

    def mimeTypes(self) -> list[str]:
        return [ENTRY_MIME_TYPE]

    def mimeData(self, indexes: Any) -> QMimeData:
        """The dragged entries (one per row, in row order)."""
        rows = sorted({i.row() for i in indexes if i.isValid()})
        payload = [
            {"uid": s.uid, "kind": s.kind.value, "name": s.name}
            for s in (packed.unpack(self._rows[r]) for r in rows)
            if s.kind in DRAGGABLE_KINDS
        ]
        from PySide6.QtCore import QMimeData

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
