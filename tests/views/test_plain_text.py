"""Names that look like HTML show exactly as typed: labels, message boxes, tooltips,
titles, and the file names suggested from them (issue 11)."""

from __future__ import annotations

from pathlib import Path

import pytest
from encounter_helpers import Table, act, add_from_library
from main_window_helpers import answer_next_dialog, make_controller, make_window, press
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QToolTip, QWidget
from pytestqt.qtbot import QtBot
from sheet_helpers import open_sheet, stored_character

from numdesk.model.creature import Creature
from numdesk.model.items import Cypher
from numdesk.store import Library
from numdesk.views.actions import ActionId
from numdesk.views.encounter.name_edit import NameEdit
from numdesk.views.plain_text import file_name, literal_tip

BOSS = "<b>Boss</b> <font size=40>Big</font>"


def markup_labels(window: QWidget, text: str) -> list[QLabel]:
    """Every label of `window` showing `text`; each must be plain text."""
    found = [label for label in window.findChildren(QLabel) if text in label.text()]
    for label in found:
        assert label.textFormat() == Qt.TextFormat.PlainText, label.objectName()
    return found


def tooltip_at(view_viewport: QWidget, pos: QPoint) -> str:
    QToolTip.hideText()
    event = QHelpEvent(QEvent.Type.ToolTip, pos, view_viewport.mapToGlobal(pos))
    QApplication.sendEvent(view_viewport, event)
    return QToolTip.text()


def test_an_encounter_and_its_creature_named_in_markup(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "numenera")
    library = table.library_controller.library
    library.creatures.save(Creature(BOSS, level=1, profile="numenera"))
    table.library_controller.rename(table.encounter.uid, BOSS)
    window = table.open(qtbot)
    add_from_library(window, ("Ana",))
    window.builder.search.setText("Boss")
    window.builder.refresh()
    # the builder's tooltip on the creature shows the name literally
    view = window.builder.results
    qtbot.waitUntil(lambda: view.model().rowCount() > 0)
    rect = view.visualRect(view.model().index(0, 0))
    tip = tooltip_at(view.viewport(), rect.center())
    assert tip == literal_tip(view.model().index(0, 0).data(Qt.ItemDataRole.ToolTipRole))
    assert "&lt;b&gt;Boss" in tip
    window.builder.select_names(BOSS)
    window.builder.add_button.click()
    act(window, BOSS, "damage_button", amount=5)  # "… is dead"
    assert window.windowTitle().startswith(BOSS)
    # the fight's name is a field renamed in place: a line edit shows its text as
    # typed (it has no rich text mode), the stored name character for character
    title = window.findChild(NameEdit, "encounterTitle")
    assert title is not None and title.displayText() == BOSS
    # every label naming the creature ("Acting on: …") is plain text
    assert markup_labels(window, BOSS)
    # renamed in place to another markup name: kept and shown literally
    renamed = "<i>Ambush</i> &amp; <u>co</u>"
    qtbot.mouseClick(title, Qt.MouseButton.LeftButton)
    title.selectAll()
    qtbot.keyClicks(title, renamed)
    qtbot.keyClick(title, Qt.Key.Key_Return)
    assert table.library_controller.library.encounters.load(table.encounter.uid).name == renamed
    assert title.displayText() == renamed and window.windowTitle().startswith(renamed)
    window.grab().save(str(tmp_path / "markup-encounter.png"))


def test_a_sheet_and_the_delete_question_with_a_markup_name(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    hero = stored_character(library)
    hero.name = "<i>Kael</i>"
    hero.cypher_limit = 1
    hero.cyphers = [Cypher("A"), Cypher("B")]
    library.characters.save(hero)
    _controller, sheet = open_sheet(qtbot, library, hero.uid)
    warning = sheet.cypher_warning
    assert "<i>Kael</i> carries 2 cyphers" in warning.text()
    assert warning in markup_labels(sheet, "<i>Kael</i>")
    assert file_name(hero.name) == "i Kael i"
    assert file_name("../..") == "numdesk"

    (tmp_path / "main").mkdir()
    controller = make_controller(tmp_path / "main")
    window = make_window(qtbot, controller)
    uid = controller.create(Creature(BOSS, level=2))
    window.browser.refresh()
    window.browser.select_uids([uid])
    seen: list[Qt.TextFormat] = []

    def look_then_cancel(box: QWidget) -> None:
        seen.extend(
            label.textFormat() for label in box.findChildren(QLabel) if BOSS in label.text()
        )
        press("Cancel")(box)

    answer = answer_next_dialog(qtbot, look_then_cancel, QMessageBox)
    window.actions_by_id[ActionId.DELETE].trigger()
    assert answer.done and BOSS in answer.seen[0]
    assert seen and all(f == Qt.TextFormat.PlainText for f in seen)
    controller.close()


@pytest.mark.parametrize(
    ("name", "suggested"),
    [
        ("CON", "CON_"),
        ("nul", "nul_"),
        ("Aux", "Aux_"),
        ("PRN", "PRN_"),
        ("COM1", "COM1_"),
        ("lpt9", "lpt9_"),
        ("COM¹", "COM¹_"),
        ("con.backup", "con_.backup"),
        ("NUL ", "NUL_"),
        ("Console", "Console"),
        ("COM10", "COM10"),
        ("Kael\u202egpj.exe", "Kaelgpj.exe"),
        ("\u2067Ash\u2069 \u200fthe\u200e bold\u061c", "Ash the bold"),
        ("\u202e", "numdesk"),
    ],
)
def test_suggested_file_names_avoid_device_names_and_bidi_controls(
    name: str, suggested: str
) -> None:
    assert file_name(name) == suggested
