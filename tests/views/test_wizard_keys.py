"""The New Character wizard and the tier-up step driven from the keyboard alone: Enter in
an ability's name box adds it (never finishes), Esc asks before typed values are thrown
away, and Back keeps what was typed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget, QWizard
from pytestqt.qtbot import QtBot

from numdesk.rules.types import Stat
from numdesk.store import Library
from numdesk.views.sheet.tier_up import TierAbilitiesDialog
from numdesk.views.sheet.wizard import NewCharacterWizard
from tests.views.main_window_helpers import answer_next_dialog, press


def _focus() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def _key(key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(_focus(), key, modifier)


def _type(text: str) -> None:
    QTest.keyClicks(_focus(), text)


def _tab_to(name: str, limit: int = 40) -> None:
    """Press Tab until the widget called `name` has the focus."""
    for _ in range(limit):
        if _focus().objectName() == name:
            return
        _key(Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reached {name}")


def _spin(value: int) -> None:
    _key(Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    _type(str(value))


def _open(qtbot: QtBot, library: Library) -> NewCharacterWizard:
    wizard = NewCharacterWizard(library)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.activateWindow()
    assert QTest.qWaitForWindowActive(wizard)
    return wizard


def test_keyboard_only_creation_adds_three_typed_abilities(qtbot: QtBot, library: Library) -> None:
    wizard = _open(qtbot, library)
    _key(Qt.Key.Key_Return)  # Numenera is the default rules: Next
    assert wizard.currentPage() is wizard.name_page
    _type("Vel")
    _key(Qt.Key.Key_Return)
    assert wizard.currentPage() is wizard.parts_page
    _type("Glaive")  # the type box has the focus
    _key(Qt.Key.Key_Return)
    assert wizard.currentPage() is wizard.values_page
    for stat, pool in zip(Stat, (11, 10, 7), strict=True):
        _tab_to(f"pool_{stat.value}")
        _spin(pool)
    _tab_to("edge_might")
    _spin(1)
    _tab_to("free_points")
    _spin(0)
    _tab_to("effort")
    _spin(1)
    _tab_to("cypher_limit")
    _spin(2)
    assert wizard.values_page.error.text() == ""
    _key(Qt.Key.Key_Return)
    page = wizard.abilities_page
    assert wizard.currentPage() is page
    _tab_to("ownAbilityName")
    for name in ("Fleet of Foot", "Trained in Armor", "Pierce"):
        _type(name)
        _key(Qt.Key.Key_Return)  # adds; the wizard stays open
        assert wizard.isVisible() and page.own_name.text() == ""
    assert [page.own_list.item(i).text().split(" (")[0] for i in range(3)] == [
        "Fleet of Foot",
        "Trained in Armor",
        "Pierce",
    ]
    _key(Qt.Key.Key_Return)  # an empty name box: Enter still does not finish
    assert wizard.isVisible() and wizard.created is None
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    for _ in range(40):  # Tab to Finish and press it
        if _focus() is finish:
            break
        _key(Qt.Key.Key_Tab)
    _key(Qt.Key.Key_Space)
    assert wizard.created is not None
    vel = library.characters.load(wizard.created.uid)
    assert [a.name for a in vel.abilities] == ["Fleet of Foot", "Trained in Armor", "Pierce"]


def test_back_keeps_the_name_and_every_choice(qtbot: QtBot, library: Library) -> None:
    wizard = _open(qtbot, library)
    _key(Qt.Key.Key_Return)
    _type("Vel")
    _key(Qt.Key.Key_Return)
    _type("Glaive")
    wizard.back()
    assert wizard.currentPage() is wizard.name_page
    assert wizard.name_page.name.text() == "Vel"
    wizard.back()
    wizard.next()
    assert wizard.name_page.name.text() == "Vel"
    wizard.next()
    assert wizard.parts_page.combos["type"].currentText() == "Glaive"


def test_escape_asks_before_throwing_typed_values_away(qtbot: QtBot, library: Library) -> None:
    wizard = _open(qtbot, library)
    _key(Qt.Key.Key_Return)
    _type("Vel")
    asked = answer_next_dialog(qtbot, press("Keep Editing"), QMessageBox)
    _key(Qt.Key.Key_Escape)
    assert asked.done and "Vel" in " ".join(asked.seen)
    assert wizard.isVisible() and wizard.name_page.name.text() == "Vel"
    asked = answer_next_dialog(qtbot, press("Discard"), QMessageBox)
    # offscreen Qt gives no focus back after a message box: press Esc where it was
    QTest.keyClick(wizard.name_page.name, Qt.Key.Key_Escape)
    assert asked.done and not wizard.isVisible()


def test_escape_closes_an_untouched_wizard_at_once(qtbot: QtBot, library: Library) -> None:
    wizard = _open(qtbot, library)
    _key(Qt.Key.Key_Escape)  # nothing typed: nothing to lose, no question
    assert not wizard.isVisible()


def test_enter_in_the_tier_up_name_box_adds_and_never_closes(
    qtbot: QtBot, library: Library
) -> None:
    dialog = TierAbilitiesDialog(2, [], library=library)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    assert QTest.qWaitForWindowActive(dialog)
    dialog.own_name.setFocus()
    for name in ("Second Wind", "Hard Target", "Wreck"):
        _type(name)
        _key(Qt.Key.Key_Return)
        assert dialog.isVisible()
    assert [a.name for a in dialog.chosen()] == ["Second Wind", "Hard Target", "Wreck"]
