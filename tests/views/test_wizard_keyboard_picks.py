"""What the QA walk met in the wizard from the keyboard (issue 22): the book's choices
page gives its first choice the focus, each "choose" list has a current row so Space
picks, an ability typed by name that the type offers is ticked in its list (and counts
toward "choose 4"), and the abilities page's "Still to do" is fresh after Back."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QListWidget, QRadioButton, QWizard
from pytestqt.qtbot import QtBot

from numdesk.rules.types import Stat
from numdesk.store import Library
from numdesk.views.sheet.wizard import NewCharacterWizard
from tests.views.wizard_helpers import press_next, start


def _checked(listing: QListWidget) -> list[str]:
    return [
        listing.item(r).text()
        for r in range(listing.count())
        if listing.item(r).checkState() == Qt.CheckState.Checked
    ]


def _warrior(qtbot: QtBot, csrd_library: Library) -> NewCharacterWizard:
    """The wizard, active, past its first page with a Strong Warrior who Bears a Halo of
    Fire chosen: on the book's choices."""
    wizard = start(qtbot, csrd_library, "Brakka", "cypher")
    wizard.activateWindow()
    assert QTest.qWaitForWindowActive(wizard)
    for part, name in (
        ("type", "Warrior"),
        ("descriptor", "Strong"),
        ("focus", "Bears a Halo of Fire"),
    ):
        wizard.parts_page.select(part, name)
    press_next(qtbot, wizard)
    return wizard


def test_the_warrior_from_the_keyboard(qtbot: QtBot, csrd_library: Library) -> None:
    wizard = _warrior(qtbot, csrd_library)

    # the book's choices: the first choice has the keyboard, Space picks it
    nature = wizard.choices_page.box("Physical Nature")
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), QRadioButton))
    focus = QApplication.focusWidget()
    assert focus is nature.radios[0]
    QTest.keyClick(focus, Qt.Key.Key_Down)  # to the second option
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Space)
    assert nature.answers() == ["Might Edge 0, Speed Edge 1, Intellect Edge 0"]
    press_next(qtbot, wizard)
    for stat in Stat:
        wizard.values_page.spins[stat].setValue(2)
    press_next(qtbot, wizard)

    # an ability of the Warrior's own list, typed by name, is ticked there
    page = wizard.abilities_page
    offer, box, listing = next(g for g in page.groups if not g[0].grants_all)
    # the list has a current row: Space ticks it without an arrow key first
    assert listing.currentRow() == 0
    listing.setFocus()
    first = listing.currentItem().text()
    QTest.keyClick(listing, Qt.Key.Key_Space)
    assert _checked(listing) == [first] and first != "Overwatch"
    page.own_name.setFocus()
    qtbot.keyClicks(page.own_name, "overwatch")
    QTest.keyClick(page.own_name, Qt.Key.Key_Return)
    assert set(_checked(listing)) == {first, "Overwatch"}
    assert page.own_list.count() == 0 and page.added == []
    assert box.title() == f"{offer.label}: choose {offer.choose} (2 ticked)"
    assert "ticked in the list above" in page.note.text()
    for name in ("Physical Skills", "Swipe", "Bash"):
        if len(_checked(listing)) < offer.choose and name not in _checked(listing):
            page.tick(name)
    assert len(_checked(listing)) == offer.choose == 4
    assert "Physical Skills asks you to choose 2" in page.summary.toPlainText()
    press_next(qtbot, wizard)

    # Skills: each list has a current row, so Space picks at once
    skills = wizard.skills_page
    physical = skills.box("Physical Skills")
    assert physical.listing is not None and physical.listing.currentRow() == 0
    physical.listing.setFocus()
    QTest.keyClick(physical.listing, Qt.Key.Key_Space)
    assert len(physical.answers()) == 1
    assert physical.answers() == ["Balancing"]
    physical.choose("Climbing")
    assert not skills.error.text(), skills.error.text()

    # Back: the abilities page no longer says the skills are still to choose
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.BackButton), Qt.MouseButton.LeftButton)
    assert wizard.currentPage() is page
    assert "Physical Skills asks you to choose" not in page.summary.toPlainText()


def test_a_read_only_pane_shows_when_it_has_the_keyboard(
    qtbot: QtBot, csrd_library: Library, artifacts_dir: Path
) -> None:
    """Tab stops on the abilities page's text panes: the pane is framed in the highlight
    colour while it has the keyboard (the style drew nothing, so focus seemed lost); Tab
    follows the page's reading order."""
    wizard = _warrior(qtbot, csrd_library)
    wizard.choices_page.box("Physical Nature").radios[0].click()
    press_next(qtbot, wizard)
    for stat in Stat:
        wizard.values_page.spins[stat].setValue(2)
    press_next(qtbot, wizard)
    pane = wizard.abilities_page.summary
    highlight = pane.palette().color(QPalette.ColorRole.Highlight).rgb()

    def edge() -> int:
        return pane.grab().toImage().pixelColor(0, pane.height() // 2).rgb()

    pane.setFocus()
    qtbot.waitUntil(pane.hasFocus)
    assert edge() == highlight
    wizard.grab().save(str(artifacts_dir / "wizard-pane-focus.png"))
    page = wizard.abilities_page
    page.own_name.setFocus()
    qtbot.waitUntil(lambda: not pane.hasFocus())
    assert edge() != highlight
    # Shift+Tab from the typed-ability field goes up the page, to the list above it
    QTest.keyClick(page.own_name, Qt.Key.Key_Backtab)
    assert QApplication.focusWidget() is page.groups[-1][2]
