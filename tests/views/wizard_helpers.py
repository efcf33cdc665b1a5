"""Driving the New Character wizard in tests: start it, press Next and Finish."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard
from pytestqt.qtbot import QtBot

from numdesk.store import Library
from numdesk.views.sheet.wizard import NewCharacterWizard


def press_next(qtbot: QtBot, wizard: NewCharacterWizard) -> None:
    button = wizard.button(QWizard.WizardButton.NextButton)
    assert button.isEnabled(), getattr(wizard.currentPage(), "error", button).text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def press_finish(qtbot: QtBot, wizard: NewCharacterWizard) -> None:
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    error = getattr(wizard.currentPage(), "error", wizard.abilities_page.error)
    assert finish.isVisible() and finish.isEnabled(), error.text()
    qtbot.mouseClick(finish, Qt.MouseButton.LeftButton)


def start(qtbot: QtBot, library: Library, name: str, profile: str = "numenera") -> Any:
    """A wizard on its "I am a … who …" page, with `profile` and `name` given."""
    wizard = NewCharacterWizard(library)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.profile_page.radios[profile].setChecked(True)
    press_next(qtbot, wizard)
    qtbot.keyClicks(wizard.name_page.name, name)
    press_next(qtbot, wizard)
    return wizard


def next_enabled(wizard: NewCharacterWizard) -> bool:
    return wizard.button(QWizard.WizardButton.NextButton).isEnabled()
