"""The stat block items of a creature or follower as a table: an attack, skill, ability
or carried thing per row, with a column per value (damage, range, level, steps…)."""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from numdesk.model.creature import ITEM_KINDS, CreatureItem
from numdesk.model.errors import DomainError
from numdesk.views.entry_editor.fields import parse_optional_int
from numdesk.views.entry_editor.tables import TableField

translate = QCoreApplication.translate


def _optional(text: str, row: int, what: str, minimum: int | None = 0) -> int | None:
    """A blank cell is "none"; otherwise a whole number (at least `minimum`)."""
    label = translate("EntryEditor", "Row {0}: {1}").format(row, what)
    return parse_optional_int(text, "items", label, -(10**9) if minimum is None else minimum)


class StatItemsTable(TableField):
    """Attacks, skills, abilities and things carried (`CreatureItem`); "Steps ±" is how
    many steps the attack or skill is eased (+) or hindered (−)."""

    headers = (
        QT_TRANSLATE_NOOP("EntryEditor", "Name"),
        QT_TRANSLATE_NOOP("EntryEditor", "Kind"),
        QT_TRANSLATE_NOOP("EntryEditor", "Damage"),
        QT_TRANSLATE_NOOP("EntryEditor", "Range"),
        QT_TRANSLATE_NOOP("EntryEditor", "Level"),
        QT_TRANSLATE_NOOP("EntryEditor", "Depletion"),
        QT_TRANSLATE_NOOP("EntryEditor", "Steps ±"),
        QT_TRANSLATE_NOOP("EntryEditor", "Rating"),
        QT_TRANSLATE_NOOP("EntryEditor", "Quantity"),
        QT_TRANSLATE_NOOP("EntryEditor", "What it does"),
    )
    stretch_column = 9

    def rows(self, value: Any) -> list[tuple[Any, list[str]]]:
        def text(number: int | None) -> str:
            return "" if number is None else str(number)

        return [
            (
                i,
                [
                    i.name,
                    i.kind,
                    text(i.damage),
                    i.range,
                    text(i.level),
                    i.depletion,
                    str(i.steps) if i.steps else "",
                    i.rating,
                    text(i.quantity),
                    i.text,
                ],
            )
            for i in value
        ]

    def record(self, kept: Any, cells: list[str], row: int) -> Any:
        name, kind = cells[0], cells[1].casefold() or "ability"
        if not name:
            raise DomainError(
                translate("EntryEditor", "Row {0}: the name cannot be empty.").format(row)
            )
        if kind not in ITEM_KINDS:
            raise DomainError(
                translate("EntryEditor", "Row {0}: the kind must be one of {1}.").format(
                    row, ", ".join(ITEM_KINDS)
                )
            )
        item = copy.deepcopy(kept) if isinstance(kept, CreatureItem) else CreatureItem(name)
        item.name, item.kind = name, kind
        item.damage = _optional(cells[2], row, translate("EntryEditor", "the damage"))
        item.range = cells[3]
        item.level = _optional(cells[4], row, translate("EntryEditor", "the level"))
        item.depletion = cells[5]
        steps = _optional(cells[6], row, translate("EntryEditor", "the steps"), minimum=None)
        item.steps = steps or 0
        item.rating = cells[7]
        item.quantity = _optional(cells[8], row, translate("EntryEditor", "the quantity"))
        item.text = cells[9]
        return item

    def blank(self) -> tuple[Any, list[str]]:
        new = CreatureItem(translate("EntryEditor", "New attack"), "attack")
        return new, [new.name, "attack", "", "", "", "", "", "", "", ""]
