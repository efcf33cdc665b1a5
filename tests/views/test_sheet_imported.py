"""A character imported from Foundry on the sheet: the extra parts are there to see and edit."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from numdesk.io.importer import import_files
from numdesk.store import Library
from numdesk.views.forms import child
from tests.views.sheet_helpers import open_sheet, type_into

FIXTURES = Path(__file__).parents[1] / "io" / "fixtures"


def test_an_imported_sheet_shows_its_extras(
    qtbot: QtBot, library: Library, artifacts_dir: Path
) -> None:
    import_files(
        library, [FIXTURES / "cypher_v3_pc_unmasked.json", FIXTURES / "cypher_v3_companion.json"]
    )
    maya = library.characters.find_by_name("Maya Quill")
    assert maya is not None
    controller, sheet = open_sheet(qtbot, library, maya.uid)
    assert sheet.line("currencyEdit").text() == "Crowns"
    assert sheet.line("shinsEdit").text() == "45"
    assert child(sheet.form, QLabel, "shinsLabel").text() == "Crowns"  # not "Shins"
    sprocket = controller.character.followers[0]
    assert [i.line() for i in sprocket.items] == ["Lantern Eye: Sheds light."]
    followers = sheet.list_editors["followers"].model
    shown = [str(followers.index(0, c).data()) for c in range(followers.columnCount())]
    assert "Lantern Eye: Sheds light." in shown
    assert sheet.line("stressEdit").text() == "2"
    rows = {name: editor.model.rowCount() for name, editor in sheet.list_editors.items()}
    assert (rows["extra_pools"], rows["money"], rows["lasting_damage"]) == (1, 1, 1)
    assert (rows["recursions"], rows["power_shifts"], rows["followers"]) == (3, 1, 1)
    extras = child(sheet.form, QLabel, "extrasText").text()
    assert "Extra one-action recoveries: 1 used of 2." in extras
    assert "Second form: Little Maya (Curious), not in play" in extras
    assert "Might 6/7" in extras
    combo = sheet.play_panel.cypher_combo
    assert combo.itemText(0) == "Odd pebble (not identified) (level 4)"
    sheet.grab().save(str(artifacts_dir / "sheet-imported-foundry.png"))
    editor = sheet.list_editors["recursions"]
    sheet.scroll_area.ensureWidgetVisible(editor)
    sheet.grab().save(str(artifacts_dir / "sheet-imported-foundry-extras.png"))
    type_into(qtbot, sheet.line("initiativeBonusEdit"), "2")
    assert controller.character.initiative_bonus == 2
    controller.undo_stack.undo()
    assert controller.character.initiative_bonus == 0
