"""Renders the fight at 1366 × 768 with the defense step open (both rules) to PNG for
people to look at: `test-artifacts/`, copied to docs/screenshots/. The asserts check
only that the step was drawn over the whole window."""

from __future__ import annotations

from pathlib import Path

import pytest
from encounter_helpers import Table, add_from_library
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from numdesk.rules.table_picks import GUARD, HELP_DEFENSE
from numdesk.views.encounter import EncounterWindow
from numdesk.views.encounter.defense_step import DefenseStep
from tests.views.fight_keys import CTRL, CTRL_SHIFT, Keys, initiative_by_keys
from tests.views.sheet_helpers import with_modal


def over(window: EncounterWindow, dialog: QWidget) -> QPixmap:
    """The window with the dialog drawn where a window manager would centre it."""
    picture = window.grab()
    top_left = QPoint(
        (window.width() - dialog.width()) // 2, (window.height() - dialog.height()) // 3
    )
    painter = QPainter(picture)
    painter.drawPixmap(top_left, dialog.grab())
    # the frame and title bar a window manager would draw
    bar = 24
    painter.fillRect(
        top_left.x() - 1, top_left.y() - bar, dialog.width() + 2, bar, QColor("#d6d6d6")
    )
    painter.setPen(QColor("#202020"))
    painter.drawText(
        top_left.x() + 8,
        top_left.y() - bar,
        dialog.width() - 16,
        bar,
        Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
        dialog.windowTitle(),
    )
    painter.setPen(QColor("#505050"))
    painter.drawRect(
        top_left.x() - 1, top_left.y() - bar, dialog.width() + 1, dialog.height() + bar
    )
    painter.end()
    return picture


@pytest.mark.parametrize("profile", ["numenera", "cypher"])
def test_the_defense_step_over_the_fight(
    qtbot: QtBot, tmp_path: Path, artifacts_dir: Path, profile: str
) -> None:
    table = Table(tmp_path, profile)
    window = table.open(qtbot)
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(1366, 768)
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Bandit",), count=2)
    add_from_library(window, ("Margr",))
    window.table.setFocus()
    keys = Keys(qtbot)
    initiative_by_keys(qtbot, window, ("15", "9", "4"), keys)
    window.table.setFocus()
    keys.press(Qt.Key.Key_Right, CTRL)  # Ana's turn
    if profile == "numenera":
        keys.press(Qt.Key.Key_Right, CTRL)  # Bo helps Ana defend
    window.select_name("Ana")
    window.panel.pick.setCurrentIndex(
        window.panel.pick.findData(GUARD if profile == "cypher" else HELP_DEFENSE)
    )
    keys.press(Qt.Key.Key_T, CTRL_SHIFT)
    while window.controller.encounter.order[window.controller.encounter.turn].uid != next(
        c.uid for c in window.controller.encounter.combatants if c.name == "Bandit 1"
    ):
        keys.press(Qt.Key.Key_Right, CTRL)
    window.select_name("Ana")
    shots: list[QPixmap] = []

    def shoot(dialog: QWidget) -> None:
        assert isinstance(dialog, DefenseStep)
        try:
            dialog.face.setValue(11)
            dialog.adjustSize()
            shots.append(over(window, dialog))
        finally:
            dialog.reject()

    window.select_name("Bandit 1")
    window.panel.condition.setEditText("dazed")
    window.panel.add_condition_button.click()
    window.select_name("Ana")
    qtbot.wait(50)  # the layout settles once the builder folded away
    window.grab().save(str(artifacts_dir / f"fight-{profile}.png"))
    with_modal(lambda: keys.press(Qt.Key.Key_H, CTRL), shoot)
    path = artifacts_dir / f"fight-defense-step-{profile}.png"
    shots[0].save(str(path))
    assert (shots[0].width(), shots[0].height()) == (1366, 768)
