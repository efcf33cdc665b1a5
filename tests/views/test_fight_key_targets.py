"""Every control of the fight is a few keys away, asserted by driving the keys: a table
pick in at most 5, a condition with its duration in at most 6, an intrusion in at most
6 plus its reason, N copies of a creature in at most 6 (plus its name); every control
of the panel names its key in its tooltip, and F1 lists them all."""

from __future__ import annotations

from pathlib import Path

from encounter_helpers import Table, add_from_library, npc, turn
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from numdesk.model.creature import Creature
from numdesk.views.encounter import EncounterWindow
from numdesk.views.encounter.keys import FIGHT_KEYS, KEYS_BY_ID, KeysDialog, key_text
from numdesk.views.encounter.panel_look import PANEL_KEYS
from numdesk.views.library.model import PAGE_SIZE
from tests.views.fight_keys import ALT, CTRL, Keys, back_to, initiative_by_keys
from tests.views.sheet_helpers import with_modal


def fight(qtbot: QtBot, tmp_path: Path) -> tuple[Table, EncounterWindow, Keys]:
    """Cypher: Ana 15, Bo 9, Cy 4 and a Bandit (6): Ana, Bo, Bandit, Cy; Bo's turn."""
    table = Table(tmp_path, "cypher")
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Bandit",))
    window.table.setFocus()
    keys = Keys(qtbot)
    initiative_by_keys(qtbot, window, ("15", "9", "4"), keys)
    window.table.setFocus()
    keys.press(Qt.Key.Key_Right, CTRL)
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Bo"
    window.select_name("Bo")
    window.table.setFocus()
    keys.count = 0
    return table, window, keys


def test_a_table_pick_in_five_keys(qtbot: QtBot, tmp_path: Path) -> None:
    _table, window, keys = fight(qtbot, tmp_path)
    steps = window.controller.undo_stack.count()
    keys.press(Qt.Key.Key_Down, CTRL)  # the Bandit
    keys.press(Qt.Key.Key_T, ALT)  # the table actions
    keys.type("D")  # Distract
    keys.press(Qt.Key.Key_Return)
    assert keys.count <= 5, keys.count
    assert window.message.text() == ""
    assert [c.name for c in npc(window, "Bandit").conditions] == ["distracted"]
    assert window.controller.undo_stack.count() == steps + 1
    assert window.table.hasFocus()  # ready for the next action


def test_a_condition_with_its_duration_in_six_keys(qtbot: QtBot, tmp_path: Path) -> None:
    _table, window, keys = fight(qtbot, tmp_path)
    keys.press(Qt.Key.Key_Down, CTRL)  # the Bandit
    keys.press(Qt.Key.Key_C, ALT)  # the condition
    keys.type("d")  # completes "dazed"
    keys.press(Qt.Key.Key_Tab)  # its rounds
    keys.type("2")
    keys.press(Qt.Key.Key_Return)
    assert keys.count <= 6, keys.count
    assert window.message.text() == ""
    [dazed] = npc(window, "Bandit").conditions
    assert (dazed.name, dazed.rounds_left) == ("dazed", 2)


def test_an_intrusion_in_six_keys_plus_the_reason(qtbot: QtBot, tmp_path: Path) -> None:
    table, window, keys = fight(qtbot, tmp_path)
    keys.press(Qt.Key.Key_Up, CTRL)  # Ana
    keys.press(Qt.Key.Key_G, ALT)  # who gets 1 XP
    keys.type("B")  # completes "Bo"
    keys.press(Qt.Key.Key_N, ALT)  # the reason
    reason = "saved me"
    keys.type(reason)
    keys.press(Qt.Key.Key_Return)
    assert keys.count - len(reason) <= 6, keys.count
    assert window.message.text() == ""
    assert (table.sheet("Ana").xp, table.sheet("Bo").xp) == (3, 2)  # +1 each (Ex13)
    # the reason was for that intrusion: the next one starts with an empty field
    assert window.panel.reason.text() == ""


def test_a_refused_intrusion_keeps_its_reason(qtbot: QtBot, tmp_path: Path) -> None:
    """Cypher has no refusing (G16): the refusal is said and the reason stays typed."""
    _table, window, _keys = fight(qtbot, tmp_path)
    window.panel.reason.setText("the rope snaps")
    window.panel.refuse_button.click()
    assert "no refusing" in window.message.text()
    assert window.panel.reason.text() == "the rope snaps"
    window.panel.natural_one_button.click()  # a 1 rolled: a free intrusion, no XP
    assert window.message.text() == ""
    assert "the rope snaps" in window.controller.encounter.log[-1].text
    assert window.panel.reason.text() == ""


def test_n_copies_of_a_creature_in_six_keys_and_the_numbers(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot)
    window.table.setFocus()
    keys = Keys(qtbot)
    keys.press(Qt.Key.Key_F, CTRL)  # the builder's search
    name = "Bandit"
    keys.type(name)
    keys.press(Qt.Key.Key_X, ALT)  # how many
    keys.type("4")
    keys.press(Qt.Key.Key_Return)
    assert keys.count - len(name) <= 6, keys.count
    assert window.message.text() == ""
    names = [c.name for c in window.controller.encounter.combatants]
    assert names == ["Bandit 1", "Bandit 2", "Bandit 3", "Bandit 4"]
    # a single Margr, then a second one: "Margr", "Margr 2"
    add_from_library(window, ("Margr",))
    add_from_library(window, ("Margr",))
    names = [c.name for c in window.controller.encounter.combatants]
    assert names[-2:] == ["Margr", "Margr 2"]
    # Down from the search enters the results; a digit there sets the copies
    window.builder.search.setFocus()
    window.builder.search.setText("Margr")
    keys.press(Qt.Key.Key_Down)
    assert window.builder.results.hasFocus()
    keys.type("3")
    assert window.builder.count.value() == 3


def test_the_count_goes_back_to_one_after_an_add(qtbot: QtBot, tmp_path: Path) -> None:
    """Two Bandits by keys, then one Margr the same way: one Margr, not two (the
    copies are for the one add they were typed for)."""
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot)
    window.table.setFocus()
    keys = Keys(qtbot)
    keys.press(Qt.Key.Key_F, CTRL)
    keys.type("Bandit")
    keys.press(Qt.Key.Key_X, ALT)
    keys.type("2")
    keys.press(Qt.Key.Key_Return)
    assert window.builder.count.value() == 1
    keys.press(Qt.Key.Key_F, CTRL)
    keys.type("Margr")
    keys.press(Qt.Key.Key_Down)
    keys.press(Qt.Key.Key_Return)
    names = [c.name for c in window.controller.encounter.combatants]
    assert names == ["Bandit 1", "Bandit 2", "Margr"]
    # a refused add keeps the count typed, to try again
    window.builder.count.setValue(3)
    window.builder.results.clearSelection()
    window.builder.add_button.click()
    assert window.message.text() == "Select an entry to add."
    assert window.builder.count.value() == 3


def test_ctrl_end_reaches_the_last_match_in_one_press(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "numenera")
    many = [Creature(f"Wolf {n:03d}", level=2) for n in range(2 * PAGE_SIZE + 30)]
    table.library_controller.library.save_many(many)
    window = table.open(qtbot)
    window.builder.search.setText("Wolf")
    assert window.builder.model.rowCount() == PAGE_SIZE  # one page loaded
    window.builder.search.setFocus()
    keys = Keys(qtbot)
    keys.press(Qt.Key.Key_Down)
    keys.press(Qt.Key.Key_End, CTRL)
    results = window.builder.results
    assert results.currentIndex().row() == len(many) - 1
    assert window.builder.model.entries[results.currentIndex().row()].name == "Wolf 229"


def _controls(root: QWidget) -> list[QWidget]:
    kinds = (QAbstractButton, QAbstractSpinBox, QComboBox, QLineEdit)
    found = [w for w in root.findChildren(QWidget) if isinstance(w, kinds)]
    # the line edits inside spin boxes and editable combo boxes are parts, not controls
    return [w for w in found if not isinstance(w.parent(), QAbstractSpinBox | QComboBox)]


def test_every_panel_control_has_its_key_in_its_tooltip_and_in_f1(
    qtbot: QtBot, tmp_path: Path
) -> None:
    _table, window, keys = fight(qtbot, tmp_path)
    by_name = {name: key_id for name, key_id, _what in PANEL_KEYS}
    for control in _controls(window.panel):
        assert control.objectName() in by_name, f"{control.objectName()} has no key"
        key_id = by_name[control.objectName()]
        hint = "Enter" if key_id == "enter" else key_text(key_id)
        tip = control.property("normalToolTip") or control.toolTip()
        assert hint in tip, (control.objectName(), tip)
        assert key_id in KEYS_BY_ID
    # no two entries of the map share a key
    chords = [k.keys for k in FIGHT_KEYS]
    assert len(chords) == len(set(chords)), chords
    # every field key takes the focus to its field
    for name, key_id, _what in PANEL_KEYS:
        if not key_id.startswith("focus_"):
            continue
        field = window.panel.findChild(QWidget, name)
        assert field is not None
        if not field.isEnabled() or not field.isVisible():
            continue
        window.table.setFocus()
        sequence = KEYS_BY_ID[key_id].keys
        letter = sequence.split("+")[-1]
        keys.press(getattr(Qt.Key, f"Key_{letter}"), ALT)
        focus = QApplication.focusWidget()
        assert focus is field or (focus is not None and focus.parent() is field), name
    listed: list[str] = []

    def read(dialog: QWidget) -> None:
        assert isinstance(dialog, KeysDialog)
        listed.extend(dialog.table.item(r, 0).text() for r in range(dialog.table.rowCount()))
        dialog.reject()

    window.table.setFocus()
    with_modal(lambda: keys.press(Qt.Key.Key_F1), read)
    back_to(window, qtbot)
    for _name, key_id, _what in PANEL_KEYS:
        assert key_text(key_id if key_id != "enter" else "enter") in listed
