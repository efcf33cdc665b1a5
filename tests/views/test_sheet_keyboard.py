"""Keyboard-only use of a whole sheet: Tab visits every field of the paper in paper
order, then the side panels, and comes back round; nothing traps the focus."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from numdesk.store import Library
from numdesk.views.sheet import SheetWidget
from tests.views.sheet_helpers import open_sheet, stored_character


def _walk(qtbot: QtBot, sheet: SheetWidget) -> list[QWidget]:
    """Press Tab from the name until the focus comes back to it."""
    start = sheet.line("nameEdit")
    start.setFocus()
    visited: list[QWidget] = []
    for _ in range(400):
        focused = QApplication.focusWidget()
        visited.append(focused)
        qtbot.keyClick(focused, Qt.Key.Key_Tab)
        if QApplication.focusWidget() is start:
            return visited
    raise AssertionError("Tab never came back to the name: the focus is trapped")


@pytest.mark.parametrize("profile", ["numenera", "cypher"])
def test_tab_walks_the_whole_paper_in_order_then_the_panels(
    qtbot: QtBot, library: Library, profile: str
) -> None:
    character = stored_character(library, profile)
    controller, sheet = open_sheet(qtbot, library, character.uid)
    visited = _walk(qtbot, sheet)
    on_paper = [sheet.paper.isAncestorOf(w) for w in visited]
    # the paper comes first, in one run; then the play and history panels
    assert on_paper == sorted(on_paper, reverse=True)
    reachable = [
        w
        for w in sheet.paper.findChildren(QWidget)
        if w.isVisibleTo(sheet) and w.isEnabled() and w.focusPolicy() & Qt.FocusPolicy.TabFocus
    ]
    assert [w.objectName() or w.accessibleName() for w in reachable if w not in visited] == []
    names = [w.objectName() or w.accessibleName() for w in visited]
    order = ["nameEdit", "intellectEdge", "restOneAction", "skillsTable", "notesEdit"]
    if profile == "cypher":  # the wound boxes sit between the stats and the rests
        order[2:2] = ["Minor 1", "Major 3"]
    assert [names.index(n) for n in order] == sorted(names.index(n) for n in order)

    if profile == "cypher":  # and a wound is ticked with the keyboard alone
        box = next(w for w in visited if w.accessibleName() == "Minor 1")
        box.setFocus()
        qtbot.keyClick(box, Qt.Key.Key_Space)
        assert library.characters.load(character.uid).wounds.minor == 1
        assert controller.character.wounds.minor == 1
