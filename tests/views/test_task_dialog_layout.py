"""The task dialog lays out its own fields: on a 1366×768 and a 1024×600 screen, in both
rules, before and after a roll (a plain one, a natural 19 and a natural 20 on an attack),
no visible widget is painted over another, and every field can be reached with Tab and
clicked where it is drawn."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QScrollBar,
    QWidget,
)
from pytestqt.qtbot import QtBot

from numdesk.rules.dice import Dice
from numdesk.store import Library
from numdesk.views.sheet.task_dialog import TaskDialog
from tests.views.sheet_helpers import open_sheet, stored_character

SCREENS = {"1366x768": QSize(1366, 768), "1024x600": QSize(1024, 600)}
#: faces the app rolls in each state ("fresh": no roll yet)
STATES = {"fresh": None, "rolled 10": 10, "natural 19": 19, "natural 20": 20}


def _inside_composite(widget: QWidget, top: QWidget) -> bool:
    """A part Qt draws inside a spin box, combo box or scroll area (its line edit, its
    scroll bars, its viewport): laid out by that widget, not by our layouts."""
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        if isinstance(parent, QComboBox | QAbstractSpinBox):
            return True
        if isinstance(parent, QAbstractScrollArea) and not parent.objectName():
            return True  # a list's own viewport and scroll bars (the dialog's is named)
        parent = parent.parentWidget()
    return isinstance(widget, QScrollBar) or widget.objectName().startswith("qt_")


def _shown_rect(widget: QWidget, top: QWidget) -> QRect:
    """Where `widget` is drawn in `top`'s coordinates, clipped by every parent."""
    rect = QRect(widget.mapTo(top, QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        rect = rect.intersected(QRect(parent.mapTo(top, QPoint(0, 0)), parent.size()))
        parent = parent.parentWidget()
    return rect


def _is_ancestor(older: QWidget, younger: QWidget) -> bool:
    parent = younger.parentWidget()
    while parent is not None:
        if parent is older:
            return True
        parent = parent.parentWidget()
    return False


def _overlaps(dialog: TaskDialog) -> list[str]:
    shown = [
        (w, _shown_rect(w, dialog))
        for w in dialog.findChildren(QWidget)
        if w.isVisible() and not w.isWindow() and not _inside_composite(w, dialog)
    ]
    shown = [(w, r) for w, r in shown if not r.isEmpty()]
    found = []
    for i, (first, first_rect) in enumerate(shown):
        for second, second_rect in shown[i + 1 :]:
            if _is_ancestor(first, second) or _is_ancestor(second, first):
                continue
            if first_rect.intersects(second_rect):
                found.append(f"{_name(first)} {first_rect} × {_name(second)} {second_rect}")
    return found


def _name(widget: QWidget) -> str:
    text = widget.text() if isinstance(widget, QAbstractButton) else ""
    return f"{type(widget).__name__}({widget.objectName() or text})"


def _fields(dialog: TaskDialog) -> list[QWidget]:
    return [
        dialog.stat,
        dialog.difficulty,
        dialog.skill,
        dialog.ability,
        dialog.assets,
        dialog.effort_ease,
        dialog.effort_damage,
        dialog.weapon,
        dialog.eases,
        dialog.hinders,
        dialog.modifiers,
        dialog.face,
        dialog.roll_button,
        dialog.roll_anyway,
        dialog.effect_pick,
        dialog.effect_button,
        dialog.reroll_button,
        dialog.close_button,
    ]


def _reach(qtbot: QtBot, dialog: TaskDialog, field: QWidget) -> None:
    """Tab to `field` from the first field, then check it is drawn where a click lands."""
    dialog.stat.setFocus()
    for _ in range(60):
        if field.hasFocus() or field.isAncestorOf(QApplication.focusWidget()):
            break
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    else:
        raise AssertionError(f"Tab never reaches {_name(field)}")
    QApplication.processEvents()
    centre = field.mapTo(dialog, field.rect().center())
    assert dialog.rect().contains(centre), f"{_name(field)} is outside the dialog"
    hit = dialog.childAt(centre)
    assert hit is field or field.isAncestorOf(hit), (
        f"a click on {_name(field)} lands on {_name(hit) if hit else None}"
    )


@pytest.mark.parametrize("profile", ["numenera", "cypher"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_no_field_covers_another_and_each_is_reachable(
    qtbot: QtBot, library: Library, profile: str, screen: str
) -> None:
    character = stored_character(library, profile=profile)
    faces = [face for face in STATES.values() if face is not None]
    _controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=faces))
    task = sheet.play_panel.open_task()
    qtbot.addWidget(task)
    task.fit_to_screen(QRect(QPoint(0, 0), SCREENS[screen]))
    assert task.width() <= SCREENS[screen].width()
    assert task.height() <= SCREENS[screen].height() - 40  # a title bar and a task bar
    for state, face in STATES.items():
        if face is not None:
            if face >= 19:
                task.select(task.weapon, "Broadsword")
            assert task.roll() is not None, state
        QApplication.processEvents()
        assert _overlaps(task) == [], (profile, screen, state)
        for field in _fields(task):
            if field.isVisibleTo(task) and field.isEnabled():
                _reach(qtbot, task, field)
        if face == 20:
            assert task.effect_pick.isEnabled() and task.effect_button.isEnabled()


@pytest.mark.parametrize("profile", ["numenera", "cypher"])
def test_task_dialog_after_a_twenty_screenshot(
    qtbot: QtBot, library: Library, profile: str, artifacts_dir: Path
) -> None:
    """The pictures in docs/screenshots/task-dialog-*.png: an attack with an ability and
    Effort that rolled a 20, on a 1366×768 screen."""
    character = stored_character(library, profile=profile)
    _controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[20]))
    task = sheet.play_panel.open_task()
    qtbot.addWidget(task)
    task.fit_to_screen(QRect(QPoint(0, 0), SCREENS["1366x768"]))
    task.select(task.stat, "Speed")
    task.select(task.ability, "Pierce")
    task.select(task.weapon, "Broadsword")
    task.effort_ease.setValue(1)
    assert task.roll() is not None
    for _ in range(3):
        QApplication.processEvents()
    assert _overlaps(task) == []
    assert task.effect_pick.isEnabled()
    path = artifacts_dir / f"task-dialog-{profile}.png"
    assert task.grab().save(str(path))


def _cut_short(dialog: TaskDialog) -> list[str]:
    """Word-wrapped labels given fewer pixels than their text needs (drawn over the next)."""
    return [
        f"{label.objectName()}: {label.height()} < {label.heightForWidth(label.width())}"
        for label in dialog.findChildren(QLabel)
        if label.isVisible()
        and label.wordWrap()
        and label.height() < label.heightForWidth(label.width())
    ]


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_result_grows_with_the_effect_taken(
    qtbot: QtBot, library: Library, screen: str
) -> None:
    """A 19 on a task that is no attack, then its effect taken: the longer result text
    makes room for itself (it was drawn over the line above it)."""
    character = stored_character(library)
    _controller, sheet = open_sheet(qtbot, library, character.uid, dice=Dice(script=[19]))
    task = sheet.play_panel.open_task()
    qtbot.addWidget(task)
    task.fit_to_screen(QRect(QPoint(0, 0), SCREENS[screen]))
    task.show()
    assert task.roll() is not None
    QApplication.processEvents()
    assert _cut_short(task) == []
    assert task.take_effect()
    QApplication.processEvents()
    assert "Effect taken" in task.values["specialValue"].text()
    assert _cut_short(task) == [], screen
    assert _overlaps(task) == []
