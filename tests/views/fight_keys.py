"""Driving the fight window with key presses alone, as a keyboard user does, and
counting them: the key targets of issue 21 are asserted by driving the keys."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from numdesk.views.encounter import EncounterWindow
from numdesk.views.encounter.initiative_dialog import InitiativeDialog
from tests.views.sheet_helpers import with_modal

NONE = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier
CTRL_SHIFT = CTRL | SHIFT


class Keys:
    """Presses keys where the focus is now and counts them (typed text counts one key
    per character)."""

    def __init__(self, qtbot: QtBot) -> None:
        self.qtbot = qtbot
        self.count = 0

    def press(self, key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE) -> None:
        target = QApplication.focusWidget()
        assert target is not None, "no widget has the focus"
        self.count += 1
        self.qtbot.keyClick(target, key, modifiers)

    def type(self, text: str) -> None:
        for char in text:
            target = QApplication.focusWidget()
            assert target is not None, "no widget has the focus"
            self.count += 1
            self.qtbot.keyClicks(target, char)


def back_to(window: EncounterWindow, qtbot: QtBot) -> None:
    """Offscreen, a closed dialog does not hand activation back: do it as the WM would."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def initiative_by_keys(
    qtbot: QtBot, window: EncounterWindow, faces: Sequence[str], keys: Keys | None = None
) -> None:
    """Ctrl+I, each player's d20 typed (in the dialog's order), Enter to set."""
    keys = keys or Keys(qtbot)

    def fill(dialog: QWidget) -> None:
        assert isinstance(dialog, InitiativeDialog)
        try:
            for pc, face in zip(dialog.pcs, faces, strict=True):
                field = dialog.faces[pc.uid]
                field.setFocus()
                qtbot.keyClick(field, Qt.Key.Key_A, CTRL)  # select "app rolls"
                qtbot.keyClicks(field, face)
            qtbot.keyClick(dialog.faces[dialog.pcs[-1].uid], Qt.Key.Key_Return)
        finally:
            if dialog.isVisible():  # a failed step must not leave the test waiting
                dialog.reject()

    with_modal(lambda: keys.press(Qt.Key.Key_I, CTRL), fill)
    back_to(window, qtbot)
