"""Table fields of the entry editor: a template's skills, equipment and abilities by tier,
one row per record with a column per value, instead of nested data typed as text.

Each cell edit (and each added or removed row) is one commit; a bad cell is refused
with a message naming its row, like every other field.
"""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from numdesk.model.abilities import Ability, Skill
from numdesk.model.errors import DomainError
from numdesk.model.items import Equipment
from numdesk.model.templates import TierAbilities
from numdesk.rules.types import SkillLevel
from numdesk.views.entry_editor.fields import Field

translate = QCoreApplication.translate
_RECORD = Qt.ItemDataRole.UserRole


class TableField(Field):
    """A list of records as a table; subclasses say the columns and how rows map."""

    #: column titles, marked for lupdate (QT_TRANSLATE_NOOP) and translated when shown
    headers: tuple[object, ...] = ()
    stretch_column = 0

    def _build(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        self.table = QTableWidget(0, len(self.headers))
        self.table.setHorizontalHeaderLabels(
            [translate("EntryEditor", str(h)) for h in self.headers]
        )
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(True)
        self.table.setMinimumHeight(120)
        self.table.setMaximumHeight(320)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self.stretch_column, QHeaderView.ResizeMode.Stretch)
        self.table.itemChanged.connect(lambda _i: self._commit())
        buttons = QHBoxLayout()
        add = QPushButton(translate("EntryEditor", "Add row"))
        remove = QPushButton(translate("EntryEditor", "Remove row"))
        add.clicked.connect(self.add_row)
        remove.clicked.connect(self.remove_row)
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        return box

    # -- rows ------------------------------------------------------------------------

    def rows(self, value: Any) -> list[tuple[Any, list[str]]]:
        """(record kept with the row, cell texts) for each row of `value`."""
        raise NotImplementedError

    def record(self, kept: Any, cells: list[str], row: int) -> Any:
        """The record a row now holds; DomainError naming `row` (1-based) if a cell is bad."""
        raise NotImplementedError

    def collect(self, records: list[Any]) -> Any:
        """The field's value from the rows' records."""
        return records

    def blank(self) -> tuple[Any, list[str]]:
        """A new row."""
        raise NotImplementedError

    # -- Field -----------------------------------------------------------------------

    def load(self, value: Any) -> None:
        self.table.blockSignals(True)
        self.table.setRowCount(0)
        for kept, cells in self.rows(value or []):
            self._append(kept, cells)
        self.table.blockSignals(False)
        self.table.resizeRowsToContents()

    def _append(self, kept: Any, cells: list[str]) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if column == 0:
                item.setData(_RECORD, kept)
            self.table.setItem(row, column, item)

    def parse(self) -> Any:
        records = []
        for row in range(self.table.rowCount()):
            cells = [self._text(row, c) for c in range(self.table.columnCount())]
            first = self.table.item(row, 0)
            kept = first.data(_RECORD) if first is not None else None
            records.append(self.record(kept, cells, row + 1))
        return self.collect(records)

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text().strip() if item is not None else ""

    def add_row(self) -> None:
        self.table.blockSignals(True)
        self._append(*self.blank())
        self.table.blockSignals(False)
        self._commit()

    def remove_row(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self.table.removeRow(row)
            self._commit()


def _whole(text: str, row: int, what: str, minimum: int = 0) -> int:
    try:
        value = int(text)
    except ValueError:
        raise DomainError(
            translate("EntryEditor", "Row {0}: {1} must be a whole number.").format(row, what)
        ) from None
    if value < minimum:
        raise DomainError(
            translate("EntryEditor", "Row {0}: {1} must be at least {2}.").format(
                row, what, minimum
            )
        )
    return value


def _named(text: str, row: int) -> str:
    if not text:
        raise DomainError(
            translate("EntryEditor", "Row {0}: the name cannot be empty.").format(row)
        )
    return text


class SkillsTable(TableField):
    headers = (
        QT_TRANSLATE_NOOP("EntryEditor", "Skill"),
        QT_TRANSLATE_NOOP("EntryEditor", "Level (trained, specialized, expert, inability)"),
        QT_TRANSLATE_NOOP("EntryEditor", "Notes"),
    )

    def rows(self, value: Any) -> list[tuple[Any, list[str]]]:
        return [(s, [s.name, s.level.value, s.description]) for s in value]

    def record(self, kept: Any, cells: list[str], row: int) -> Any:
        try:
            level = SkillLevel(cells[1].casefold() or "trained")
        except ValueError:
            raise DomainError(
                translate("EntryEditor", "Row {0}: the level must be one of {1}.").format(
                    row, ", ".join(v.value for v in SkillLevel)
                )
            ) from None
        skill = copy.deepcopy(kept) if isinstance(kept, Skill) else Skill("")
        skill.name, skill.level, skill.description = _named(cells[0], row), level, cells[2]
        return skill

    def blank(self) -> tuple[Any, list[str]]:
        return Skill("New skill"), ["New skill", "trained", ""]


class EquipmentTable(TableField):
    headers = (
        QT_TRANSLATE_NOOP("EntryEditor", "Item"),
        QT_TRANSLATE_NOOP("EntryEditor", "Quantity"),
        QT_TRANSLATE_NOOP("EntryEditor", "Notes"),
    )

    def rows(self, value: Any) -> list[tuple[Any, list[str]]]:
        return [(e, [e.name, str(e.quantity), e.description]) for e in value]

    def record(self, kept: Any, cells: list[str], row: int) -> Any:
        item = copy.deepcopy(kept) if isinstance(kept, Equipment) else Equipment("")
        item.name = _named(cells[0], row)
        item.quantity = _whole(cells[1] or "1", row, translate("EntryEditor", "the quantity"))
        item.description = cells[2]
        return item

    def blank(self) -> tuple[Any, list[str]]:
        return Equipment("New item"), ["New item", "1", ""]


class TiersTable(TableField):
    """Abilities by tier: a row per ability; "Choose" 0 means given, N means "choose N"
    among the rows of that tier with the same N."""

    headers = (
        QT_TRANSLATE_NOOP("EntryEditor", "Tier"),
        QT_TRANSLATE_NOOP("EntryEditor", "Choose (0: given)"),
        QT_TRANSLATE_NOOP("EntryEditor", "Ability"),
        QT_TRANSLATE_NOOP("EntryEditor", "Cost as written"),
        QT_TRANSLATE_NOOP("EntryEditor", "What it does"),
    )
    stretch_column = 4

    def rows(self, value: Any) -> list[tuple[Any, list[str]]]:
        out = []
        for group in value:
            for ability in group.abilities:
                cells = [str(group.tier), str(group.choose), ability.name, ability.cost_text]
                out.append((ability, [*cells, ability.description]))
        return out

    def record(self, kept: Any, cells: list[str], row: int) -> Any:
        tier = _whole(cells[0], row, translate("EntryEditor", "the tier"), 1)
        if tier > 10:
            raise DomainError(translate("EntryEditor", "Row {0}: tiers run 1 to 6.").format(row))
        choose = _whole(cells[1] or "0", row, translate("EntryEditor", "Choose"))
        ability = copy.deepcopy(kept) if isinstance(kept, Ability) else Ability("")
        ability.name = _named(cells[2], row)
        ability.tier, ability.cost_text, ability.description = tier, cells[3], cells[4]
        return (tier, choose, ability)

    def collect(self, records: list[Any]) -> Any:
        groups: dict[tuple[int, int], TierAbilities] = {}
        for tier, choose, ability in records:
            groups.setdefault((tier, choose), TierAbilities(tier, [], choose)).abilities.append(
                ability
            )
        return list(groups.values())

    def blank(self) -> tuple[Any, list[str]]:
        return Ability("New ability"), ["1", "0", "New ability", "", ""]
