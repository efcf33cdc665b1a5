"""The rest of the fight window: the encounter sheet printed or saved as a PDF from the
fight itself, the fight renamed in place, the selection following the turn, and a
refusal that reads as English."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from encounter_helpers import Table, add_from_library, npc, turn
from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from numdesk.views.actions import ActionId
from numdesk.views.encounter import EncounterWindow
from numdesk.views.main_window import MainWindow
from tests.printing.conftest import flat, pdf_text
from tests.views.fight_keys import CTRL, Keys, initiative_by_keys
from tests.views.sheet_helpers import with_modal


def fight(qtbot: QtBot, tmp_path: Path, profile: str = "numenera") -> tuple[Table, EncounterWindow]:
    """Ana 15, Bo 9, Cy 4 and a Bandit (6): Ana, Bo, Bandit, Cy; round 1, Ana's turn."""
    table = Table(tmp_path, profile)
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Bandit",))
    window.table.setFocus()
    initiative_by_keys(qtbot, window, ("15", "9", "4"))
    window.table.setFocus()
    Keys(qtbot).press(Qt.Key.Key_Right, CTRL)
    return table, window


def test_the_encounter_sheet_as_a_pdf_from_the_fight(qtbot: QtBot, tmp_path: Path) -> None:
    _table, window = fight(qtbot, tmp_path)
    window.select_name("Bandit")
    window.panel.condition.setEditText("dazed")
    window.panel.add_condition_button.click()
    out = tmp_path / "sheet.pdf"

    def save(dialog: QWidget) -> None:
        assert isinstance(dialog, QFileDialog)
        dialog.selectFile(str(out))
        dialog.accept()

    assert window.pdf_action.shortcut().toString() == "Ctrl+Alt+P"
    assert window.print_action.shortcut().toString() == "Ctrl+P"
    with_modal(window.pdf_action.trigger, save)
    text = flat(pdf_text(out))
    for word in ("Ambush at the ford", "Ana", "Bandit", "conditions: dazed", "Stat blocks"):
        assert word in text, word
    assert str(out) in window.statusBar().currentMessage()


def test_the_fight_is_renamed_in_place_and_undone(qtbot: QtBot, tmp_path: Path) -> None:
    table, window = fight(qtbot, tmp_path)
    keys = Keys(qtbot)
    window.table.setFocus()
    keys.press(Qt.Key.Key_R, CTRL)
    assert window.title.hasFocus()
    keys.type("Ford, second try")
    keys.press(Qt.Key.Key_Return)
    assert window.controller.encounter.name == "Ford, second try"
    assert table.library_controller.library.load(window.controller.uid).name == "Ford, second try"
    assert window.windowTitle() == "Ford, second try — encounter"
    assert window.table.hasFocus()
    assert "Renamed the fight from 'Ambush at the ford' to 'Ford, second try'" in (
        window.controller.log_markdown()
    )
    keys.press(Qt.Key.Key_Z, CTRL)
    assert window.title.text() == "Ambush at the ford"
    # Esc keeps the old name
    keys.press(Qt.Key.Key_R, CTRL)
    keys.type("Nope")
    keys.press(Qt.Key.Key_Escape)
    assert window.controller.encounter.name == "Ambush at the ford"
    assert window.title.text() == "Ambush at the ford"


def test_the_selection_follows_the_turn(qtbot: QtBot, tmp_path: Path) -> None:
    _table, window = fight(qtbot, tmp_path)
    assert turn(window) == "R1 Ana"
    window.select_name("Cy")  # the GM looks at someone else meanwhile
    keys = Keys(qtbot)
    window.table.setFocus()
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Bo" and window.selected() is npc(window, "Bo")
    keys.press(Qt.Key.Key_Right, CTRL)
    assert window.selected() is npc(window, "Bandit")
    keys.press(Qt.Key.Key_Z, CTRL)  # back to Bo's turn: the selection goes with it
    assert window.selected() is npc(window, "Bo")


def test_a_refusal_without_the_xp_reads_as_english(qtbot: QtBot, tmp_path: Path) -> None:
    table, window = fight(qtbot, tmp_path)
    assert table.sheet("Cy").xp == 0
    window.select_name("Cy")
    window.panel.refuse_button.click()
    assert window.message.text() == ("Refusing a GM intrusion costs 1 XP; only 0 XP are available.")


def test_export_dialogs_open_in_documents_then_in_the_last_folder_used(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Neither Export PDF dialog (the fight's, the main window's for a sheet) opens in
    the folder numdesk was started from: the documents folder (home without one) at
    first, then wherever the last PDF went."""
    table, window = fight(qtbot, tmp_path)
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    first = Path(documents) if documents and Path(documents).is_dir() else Path.home()
    assert first != Path.cwd()
    prints = tmp_path / "prints"
    prints.mkdir()
    opened: list[Path] = []

    def save_in(folder: Path, name: str) -> Callable[[QWidget], None]:
        def save(dialog: QWidget) -> None:
            assert isinstance(dialog, QFileDialog)
            opened.append(Path(dialog.directory().absolutePath()))
            dialog.selectFile(str(folder / name))
            dialog.accept()

        return save

    with_modal(window.pdf_action.trigger, save_in(prints, "fight.pdf"))
    assert (prints / "fight.pdf").is_file()
    main = MainWindow(table.library_controller)
    qtbot.addWidget(main)
    main.show()
    main.open_entry(table.sheet("Ana").uid)
    main.documents.current_widget().setFocus()
    with_modal(main.actions_by_id[ActionId.EXPORT_PDF].trigger, save_in(prints, "ana.pdf"))
    assert (prints / "ana.pdf").is_file()
    with_modal(window.pdf_action.trigger, save_in(tmp_path, "again.pdf"))
    assert opened == [first.resolve(), prints.resolve(), prints.resolve()], opened
