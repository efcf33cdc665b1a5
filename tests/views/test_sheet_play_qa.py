"""Problems found by playing the real app as a player (each test failed before its fix)."""

from __future__ import annotations

from pathlib import Path

from main_window_helpers import make_controller, make_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QToolButton
from pytestqt.qtbot import QtBot

from numdesk.model.character import Character
from numdesk.rules.types import Stat
from numdesk.store import Library
from numdesk.views.actions import ActionId
from tests.views.sheet_helpers import open_sheet, stored_character, type_into


def test_a_refused_edit_message_goes_once_the_player_moves_on(
    qtbot: QtBot, library: Library
) -> None:
    character = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, character.uid)
    type_into(qtbot, sheet.line("mightCurrent"), "-3")
    assert "cannot be negative" in sheet.error_text("mightError")
    type_into(qtbot, sheet.line("xpEdit"), "lots")
    assert sheet.error_text("numbersError")

    # damage then empties Might: "cannot be negative" beside a 0 Pool would mislead
    damage = sheet.play_panel.open_damage()
    qtbot.addWidget(damage)
    damage.amount.setValue(16)  # 1 is stopped by the leather jerkin
    qtbot.mouseClick(damage.apply_pool, Qt.MouseButton.LeftButton)
    assert controller.character.pool(Stat.MIGHT).current == 0
    assert sheet.error_text("mightError") == ""
    assert sheet.error_text("numbersError") == ""
    assert not sheet.form.findChild(QLabel, "mightError").isVisible()


def test_the_toolbar_undo_button_keeps_a_short_label(qtbot: QtBot, tmp_path: Path) -> None:
    controller = make_controller(tmp_path)
    try:
        window = make_window(qtbot, controller)
        character = stored_character(controller.library)
        sheet = window.open_entry(character.uid)
        damage = sheet.play_panel.open_damage()
        qtbot.addWidget(damage)
        damage.amount.setValue(3)
        qtbot.mouseClick(damage.apply_pool, Qt.MouseButton.LeftButton)

        undo = window.actions_by_id[ActionId.UNDO]
        assert undo.text().startswith("&Undo Took 2 Might damage")  # the menu names the step
        button = window.toolbar.widgetForAction(undo)
        assert isinstance(button, QToolButton)
        assert button.text() == "Undo"  # the toolbar does not grow with each step
        assert "Took 2 Might damage" in undo.toolTip()
    finally:
        controller.close()


def test_the_gift_list_fills_when_a_keyboard_user_reaches_it(
    qtbot: QtBot, library: Library
) -> None:
    character = stored_character(library)
    library.characters.save(Character("Vesh", profile="numenera"))
    _controller, sheet = open_sheet(qtbot, library, character.uid)
    combo = sheet.play_panel.recipient_combo
    combo.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: combo.count() == 1)
    assert combo.currentIndex() == -1  # nobody is picked for the player by accident
    qtbot.keyClick(combo, Qt.Key.Key_Down)  # the arrow keys now have something to pick
    assert combo.currentText() == "Vesh"


def test_ctrl_z_in_a_field_just_committed_undoes_the_stored_edit(
    qtbot: QtBot, tmp_path: Path
) -> None:
    controller = make_controller(tmp_path)
    try:
        window = make_window(qtbot, controller)
        character = stored_character(controller.library)
        sheet = window.open_entry(character.uid)
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)  # the Edit > Undo shortcut works in it
        edit = sheet.line("cypherLimitEdit")
        type_into(qtbot, edit, "0")
        assert sheet.controller.character.cypher_limit == 0
        # still in the field, the player presses Ctrl+Z: the sheet's edit is undone (the
        # field's own text undo showed "2" while 0 stayed stored)
        qtbot.keyClick(edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        assert sheet.controller.character.cypher_limit == 2
        assert edit.text() == "2"
        assert controller.library.characters.load(character.uid).cypher_limit == 2
    finally:
        controller.close()


def test_the_greyed_out_track_step_says_why(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    _controller, sheet = open_sheet(qtbot, library, character.uid)
    damage = sheet.play_panel.open_damage()
    qtbot.addWidget(damage)
    damage.amount.setValue(16)  # Might to 0: impaired
    qtbot.mouseClick(damage.apply_pool, Qt.MouseButton.LeftButton)
    recover = sheet.play_panel.open_recover()
    qtbot.addWidget(recover)
    assert not recover.track_step.isEnabled()
    assert "every Pool above 0" in recover.track_step.toolTip()
