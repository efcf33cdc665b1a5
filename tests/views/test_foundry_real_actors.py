"""Values of the real Foundry actor documents, one cause of issue 24 per test: each value
is in the imported entry, shown on the sheet, printed by `numdesk export-pdf` and kept
through `numdesk export` and `import`."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from numdesk.model.items import in_use
from numdesk.model.operations import worn_armor
from numdesk.store import Library
from numdesk.views.sheet.task_dialog import TaskDialog
from tests.foundry_real import exchanged_character, import_real, printed
from tests.views.sheet_helpers import open_sheet


def _column(sheet: object, list_name: str, header: str) -> int:
    model = sheet.list_editors[list_name].model  # type: ignore[attr-defined]
    count = model.columnCount()
    headers = [model.headerData(c, Qt.Orientation.Horizontal, 0) for c in range(count)]
    return headers.index(header)


def test_archived_items_are_kept_as_archived_and_not_offered_for_use(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    pc = import_real(library, "cs2-pc-griselda-tags-f12.json")
    weapons = {w.name: w for w in pc.weapons}
    assert weapons["Heavy crossbow"].archived and weapons["Battleaxe"].archived
    assert not weapons["Broadsword"].archived
    assert [e.archived for e in pc.equipment if e.name == "Crossbow bolts"] == [True]
    assert [e.archived for e in pc.equipment if e.name == "Priestly vestments"] == [True]
    assert "Heavy crossbow" not in [w.name for w in in_use(pc.weapons)]

    controller, sheet = open_sheet(qtbot, library, pc.uid)
    model = sheet.list_editors["weapons"].model
    row = [w.name for w in model.items()].index("Heavy crossbow")
    cell = model.index(row, _column(sheet, "weapons", "Archived"))
    assert cell.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert "not in use" in model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole)
    dialog = TaskDialog(controller, sheet)
    qtbot.addWidget(dialog)
    offered = [dialog.weapon.itemText(i) for i in range(dialog.weapon.count())]
    assert any("Broadsword" in t for t in offered)
    assert not any("Heavy crossbow" in t or "Battleaxe" in t for t in offered)
    # untick Archived on the sheet: the crossbow is offered again, undo puts it back
    model.setData(cell, Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
    assert not controller.character.weapons[row].archived
    controller.undo_stack.undo()
    assert controller.character.weapons[row].archived
    assert worn_armor(controller.character) == worn_armor(pc)

    text = printed(library.path, pc.name, tmp_path / "griselda.pdf")
    assert "Archived (kept, not in use): Heavy crossbow, Battleaxe" in text
    assert "Archived (kept, not in use): Crossbow bolts, Priestly vestments" in text

    back = exchanged_character(library.path, tmp_path, pc.name)
    assert {w.name for w in back.weapons if w.archived} == {"Heavy crossbow", "Battleaxe"}
    archived = {e.name for e in back.equipment if e.archived}
    assert archived == {"Crossbow bolts", "Priestly vestments"}
