"""Renders the sheet (both profiles) and the task dialog to PNG for people to look at.

The images land in `test-artifacts/`; the ones in docs/screenshots/ were made this way.
The asserts only check that something was drawn at the size a 1366×768 screen offers.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from numdesk.rules.dice import Dice
from numdesk.rules.types import Stat
from numdesk.store import Library
from tests.views.sheet_helpers import open_sheet, stored_character


def _portrait(path: Path) -> Path:
    image = QImage(150, 180, QImage.Format.Format_RGB32)
    image.fill(QColor("#6b4f3a"))
    for y in range(40, 120):
        for x in range(45, 105):
            if (x - 75) ** 2 / 900 + (y - 80) ** 2 / 1600 <= 1:
                image.setPixelColor(x, y, QColor("#e0b48c"))
    image.save(str(path))
    return path


def _shoot(widget, path: Path) -> QImage:  # type: ignore[no-untyped-def]
    widget.grab().save(str(path))
    image = QImage(str(path))
    assert not image.isNull()
    return image


def test_sheet_and_dialog_screenshots(
    qtbot: QtBot, library: Library, artifacts_dir: Path, tmp_path: Path
) -> None:
    for profile in ("numenera", "cypher"):
        character = stored_character(library, profile=profile)
        controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(seed=4))
        sheet.set_portrait_file(str(_portrait(tmp_path / "portrait.png")))
        damage = sheet.play_panel.open_damage()
        qtbot.addWidget(damage)
        if profile == "numenera":
            damage.amount.setValue(17)
        else:
            damage.apply_wound_now()
            damage.amount.setValue(3)
        damage.apply_damage()
        _shoot(damage, artifacts_dir / f"damage-dialog-{profile}.png")
        damage.close()
        recover = sheet.play_panel.open_recover()
        qtbot.addWidget(recover)
        recover.roll_dice()
        _shoot(recover, artifacts_dir / f"recover-dialog-{profile}.png")
        recover.close()
        image = _shoot(sheet, artifacts_dir / f"sheet-{profile}.png")
        assert (image.width(), image.height()) == (1366, 768)

    task = sheet.play_panel.open_task()
    qtbot.addWidget(task)
    task.select(task.stat, "Might")
    task.select(task.weapon, "Broadsword")
    task.difficulty.setValue(5)
    task.effort_ease.setValue(1)
    task.modifiers.item(0).setCheckState(task.modifiers.item(0).checkState().Checked)
    task.roll()
    assert controller.character.pool(Stat.MIGHT).current < 15
    _shoot(task, artifacts_dir / "task-dialog.png")
    sheet.side.setCurrentWidget(sheet.history_panel)
    _shoot(sheet, artifacts_dir / "sheet-history.png")
    assert sheet.history_panel.lines()[0].endswith(controller.character.history[-1].summary)
