"""The table display opened from the GM's fight window and following the fight, driven
as a GM would (keys on the real window, a real library file): three fight actions, a
combatant hidden from the players, health revealed as numbers, the two looks; and the
screenshots players see on the TV."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from numdesk.gui import register_fonts
from numdesk.model.creature import Creature
from numdesk.rules.table_picks import GUARD
from numdesk.views.encounter import EncounterWindow
from numdesk.views.encounter.keys import KeysDialog
from numdesk.views.table_display.look import DARK, LIGHT
from numdesk.views.table_display.window import TableDisplayWindow
from tests.views.encounter_helpers import Table, add_from_library, npc, turn
from tests.views.fight_keys import CTRL, CTRL_SHIFT, Keys, back_to, initiative_by_keys
from tests.views.sheet_helpers import with_modal


def _fight(qtbot: QtBot, tmp_path: Path, profile: str = "cypher") -> tuple[EncounterWindow, Keys]:
    """3 PCs, 2 bandits and a margr; initiative 15 / 9 / 4; the fight started (Ana's turn)."""
    register_fonts()
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
    keys.press(Qt.Key.Key_Right, CTRL)
    return window, keys


def _open_display(qtbot: QtBot, window: EncounterWindow, keys: Keys) -> TableDisplayWindow:
    keys.press(Qt.Key.Key_D, CTRL_SHIFT)
    display = window.table_display_window
    assert display is not None and window.table_display_action.isChecked()
    qtbot.waitExposed(display)
    display.resize(1366, 768)  # a TV's size (the offscreen screen is smaller)
    QApplication.processEvents()  # the platform's activation of the new window, handed back
    back_to(window, qtbot)  # the GM goes on in the fight
    window.table.setFocus()
    return display


def _texts(display: TableDisplayWindow) -> tuple[str, ...]:
    """The words on the display once the pending paints are done."""
    QApplication.sendPostedEvents()
    QApplication.processEvents()
    display.display.grab()
    return display.display.painted_texts


def _every_text(display: TableDisplayWindow) -> str:
    """Everything a player could read in the display window: painted words, and the
    title, tooltips, accessible texts and labels of the window and every widget in it."""
    parts = list(_texts(display))
    for widget in [display, *display.findChildren(QWidget)]:
        parts += [
            widget.windowTitle(),
            widget.toolTip(),
            widget.accessibleName(),
            widget.accessibleDescription(),
            widget.statusTip(),
            widget.whatsThis(),
        ]
        if isinstance(widget, QLabel | QAbstractButton):
            parts.append(widget.text())
    return "\n".join(parts)


def test_the_display_follows_damage_the_next_turn_and_a_condition(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window, keys = _fight(qtbot, tmp_path)
    display = _open_display(qtbot, window, keys)
    assert _texts(display)[:4] == ("ROUND", "1", "NOW", "Ana")
    assert "Bandit 1" in _texts(display) and "hale" in _texts(display)

    # 1. damage: Bandit 1 (6 health) takes 4, typed over the table, Enter
    window.select_name("Bandit 1")
    window.table.setFocus()
    keys.type("4")
    keys.press(Qt.Key.Key_Return)
    assert npc(window, "Bandit 1").health == 2
    assert "badly hurt" in _texts(display)

    # 2. the next turn: Bo's
    keys.press(Qt.Key.Key_Right, CTRL)
    assert _texts(display)[:4] == ("ROUND", "1", "NOW", "Bo")

    # 3. a condition: Bo dazes Bandit 2 for a round
    window.select_name("Bandit 2")
    window.panel.condition.setCurrentText("dazed")
    window.panel.rounds.setValue(1)
    keys.press(Qt.Key.Key_C, CTRL_SHIFT)
    assert window.message.text() == ""
    texts = _texts(display)
    assert "dazed" in texts
    assert "all tasks hindered 1 step · ends in round 2, as Bo's turn starts" in texts

    # Undo takes the condition off the display too
    keys.press(Qt.Key.Key_Z, CTRL)
    assert "dazed" not in _texts(display)

    # closing the fight closes the display that follows it
    window.close()
    qtbot.waitUntil(lambda: not display.isVisible())


def test_opening_the_display_leaves_the_keyboard_with_the_fight(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A display for a TV: Ctrl+Shift+D opens it and the very next Ctrl+→ still turns the
    fight (nobody has to click back into the fight window)."""
    window, keys = _fight(qtbot, tmp_path)
    back_to(window, qtbot)
    window.table.setFocus()
    assert turn(window) == "R1 Ana"
    keys.press(Qt.Key.Key_D, CTRL_SHIFT)
    display = window.table_display_window
    assert display is not None
    qtbot.waitExposed(display)
    # the offscreen platform, like some window managers, activates every window shown
    # (a moment later): the fight must have the keyboard back once that has happened
    QApplication.processEvents()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    assert window.table.hasFocus()
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Bo"
    assert _texts(display)[:4] == ("ROUND", "1", "NOW", "Bo")
    assert display.testAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
    # the GM may still go to the display on purpose: it keeps the keyboard then
    display.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is display)
    qtbot.keyClick(display, Qt.Key.Key_L)
    assert not display.display.dark
    QApplication.processEvents()
    assert QApplication.activeWindow() is display


def test_what_a_condition_does_and_when_it_ends_is_never_cut_off(
    qtbot: QtBot, tmp_path: Path, artifacts_dir: Path
) -> None:
    """Eight at the table on a 1366 × 768 TV (two columns): "ends in round 2, as
    Abomination's turn starts" is what the players most need, so it wraps onto a line of
    its own instead of ending in "…"."""
    register_fonts()
    table = Table(tmp_path, "cypher")
    table.library_controller.library.save_many(
        [
            Creature("Abomination", level=5, profile="cypher"),
            Creature("Berserker", level=3, profile="cypher"),
            Creature("AI Zombie", level=3, profile="cypher"),
        ]
    )
    window = table.open(qtbot)
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(1366, 768)
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Abomination",))
    add_from_library(window, ("Berserker",), count=3)
    add_from_library(window, ("AI Zombie",))
    window.table.setFocus()
    keys = Keys(qtbot)
    initiative_by_keys(qtbot, window, ("15", "9", "4"), keys)
    window.table.setFocus()
    keys.press(Qt.Key.Key_Right, CTRL)
    display = _open_display(qtbot, window, keys)
    # Ana is dazed until the Abomination's turn in round 2; Bo guards
    window.select_name("Ana")
    window.panel.condition.setCurrentText("dazed")
    window.panel.rounds.setValue(2)
    window.panel.ends_anchor.setCurrentIndex(
        window.panel.ends_anchor.findData(npc(window, "Abomination").uid)
    )
    keys.press(Qt.Key.Key_C, CTRL_SHIFT)
    window.select_name("Bo")
    window.panel.pick.setCurrentIndex(window.panel.pick.findData(GUARD))
    keys.press(Qt.Key.Key_T, CTRL_SHIFT)
    assert window.message.text() == ""
    seats = {seat.name: seat for seat in display.display.view.seats}
    said = [
        part
        for name in ("Ana", "Bo")
        for condition in seats[name].conditions
        for part in (condition.does, condition.ends)
        if part
    ]
    assert "ends in round 2, as Abomination's turn starts" in said, said
    texts = _texts(display)
    assert not [t for t in texts if "…" in t], texts
    painted = " ".join(texts)
    for part in said:
        assert part in painted, (part, texts)
    picture = display.display.grab()
    assert (picture.width(), picture.height()) == (1366, 768)
    picture.save(str(artifacts_dir / "table-display-wrapped.png"))


def test_a_hidden_combatant_is_gone_from_the_display_entirely(qtbot: QtBot, tmp_path: Path) -> None:
    window, keys = _fight(qtbot, tmp_path)
    display = _open_display(qtbot, window, keys)
    assert "Margr" in _every_text(display)
    window.select_name("Margr")
    keys.press(Qt.Key.Key_V, CTRL_SHIFT)
    margr = npc(window, "Margr")
    assert margr.hidden and window.hide_action.isChecked()
    assert window.controller.encounter.log[-1].text == "Hidden from the players: Margr"
    status = window.model.index(window.model.row_of(margr.uid), window.model.columnCount() - 1)
    assert status.data() == "hidden"  # the GM sees who the players do not
    assert "Hidden from the players" in status.data(Qt.ItemDataRole.ToolTipRole)
    assert "Margr" not in _every_text(display)
    # the places close up: five seats numbered 1 to 5 (Margr acted 4th of six)
    assert [s.place for s in display.display.view.seats if s.place] == [1, 2, 3, 4, 5]

    # when its turn comes the players see no name
    while window.controller.encounter.order[window.controller.encounter.turn].uid != margr.uid:
        keys.press(Qt.Key.Key_Right, CTRL)
    assert _texts(display)[:4] == ("ROUND", "1", "NOW", "—")
    assert "Margr" not in _every_text(display)

    # one Undo step brings it back (the turns first)
    stack = window.controller.undo_stack
    while stack.undoText() != "Hidden from the players: Margr":
        keys.press(Qt.Key.Key_Z, CTRL)
    keys.press(Qt.Key.Key_Z, CTRL)
    assert not npc(window, "Margr").hidden and "Margr" in _texts(display)

    # shown again with the same key
    window.select_name("Margr")
    keys.press(Qt.Key.Key_V, CTRL_SHIFT)
    keys.press(Qt.Key.Key_V, CTRL_SHIFT)
    assert window.controller.encounter.log[-1].text == "Shown to the players: Margr"
    assert "Margr" in _texts(display)


def test_revealing_numbers_switches_the_display_from_words(qtbot: QtBot, tmp_path: Path) -> None:
    window, keys = _fight(qtbot, tmp_path)
    display = _open_display(qtbot, window, keys)
    window.select_name("Bandit 1")
    window.table.setFocus()
    keys.type("2")
    keys.press(Qt.Key.Key_Return)
    assert "hurt" in _texts(display) and "4 / 6" not in _texts(display)
    keys.press(Qt.Key.Key_R, CTRL_SHIFT)
    assert window.reveal_action.isChecked()
    texts = _texts(display)
    assert "4 / 6" in texts and "6 / 6" in texts and "hurt" not in texts
    assert window.controller.encounter.log[-1].text == "The players see NPC health as numbers"
    keys.press(Qt.Key.Key_Z, CTRL)
    assert not window.reveal_action.isChecked()
    assert "hurt" in _texts(display) and "4 / 6" not in _texts(display)


def test_light_and_dark_from_the_fight_and_from_the_display(qtbot: QtBot, tmp_path: Path) -> None:
    window, keys = _fight(qtbot, tmp_path)
    display = _open_display(qtbot, window, keys)

    def corner() -> str:
        return display.display.grab().toImage().pixelColor(2, 2).name()

    assert corner() == DARK.background.name()
    window.dark_display_action.trigger()  # the fight's Players menu
    assert corner() == LIGHT.background.name()
    display.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is display)
    qtbot.keyClick(display, Qt.Key.Key_L)  # the display's own key
    assert corner() == DARK.background.name() and window.dark_display_action.isChecked()
    qtbot.keyClick(display, Qt.Key.Key_W, CTRL)  # closing it unchecks the fight's switch
    qtbot.waitUntil(lambda: window.table_display_window is None)
    assert not window.table_display_action.isChecked()


def test_the_keys_are_in_f1_and_the_tooltips(qtbot: QtBot, tmp_path: Path) -> None:
    window, keys = _fight(qtbot, tmp_path)
    for action, key in (
        (window.table_display_action, "Ctrl+Shift+D"),
        (window.hide_action, "Ctrl+Shift+V"),
        (window.reveal_action, "Ctrl+Shift+R"),
    ):
        assert action.toolTip().endswith(f"({key})")
    listed: list[str] = []

    def read(dialog: QWidget) -> None:
        assert isinstance(dialog, KeysDialog)
        table = dialog.table
        listed.extend(table.item(row, 0).text() for row in range(table.rowCount()))
        dialog.reject()

    with_modal(lambda: keys.press(Qt.Key.Key_F1), read)
    assert {"Ctrl+Shift+D", "Ctrl+Shift+V", "Ctrl+Shift+R"} <= set(listed)


def test_screenshots_light_and_dark(qtbot: QtBot, tmp_path: Path, artifacts_dir: Path) -> None:
    """The display at 1366 × 768 on Bandit 1's turn of a Cypher fight: the bandits hurt,
    Bo dazed by one, Ana guarding, Cy wounded (what players see on the TV)."""
    window, keys = _fight(qtbot, tmp_path)
    display = _open_display(qtbot, window, keys)
    window.select_name("Ana")
    window.panel.pick.setCurrentIndex(window.panel.pick.findData("guard"))
    keys.press(Qt.Key.Key_T, CTRL_SHIFT)
    window.select_name("Bandit 1")
    window.table.setFocus()
    keys.type("5")
    keys.press(Qt.Key.Key_Return)
    window.select_name("Bandit 2")
    window.table.setFocus()
    keys.type("2")
    keys.press(Qt.Key.Key_Return)
    window.select_name("Cy")
    window.panel.wound.setCurrentIndex(1)  # moderate
    keys.press(Qt.Key.Key_W, CTRL_SHIFT)
    assert window.message.text() == ""
    while (
        window.controller.encounter.order[window.controller.encounter.turn].uid
        != npc(window, "Bandit 1").uid
    ):
        keys.press(Qt.Key.Key_Right, CTRL)
    window.select_name("Bo")
    window.panel.condition.setCurrentText("dazed")
    window.panel.rounds.setValue(1)
    keys.press(Qt.Key.Key_C, CTRL_SHIFT)
    assert window.message.text() == ""
    for dark, name in ((False, "light"), (True, "dark")):
        display.display.set_dark(dark)
        _texts(display)
        picture = display.display.grab()
        assert (picture.width(), picture.height()) == (1366, 768)
        # looked at, then copied to docs/screenshots/ by hand
        picture.save(str(artifacts_dir / f"table-display-{name}.png"))


_TWO_SCREENS = """
import json, sys
from pathlib import Path
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
app = QApplication([])
from tests.views.encounter_helpers import Table, add_from_library
from numdesk.views.encounter import open_encounter_window

table = Table(Path(sys.argv[1]), "numenera")
fight = open_encounter_window(table.library_controller, table.encounter.uid)
fight.show()
add_from_library(fight, ("Ana", "Bandit"))
fight.table_display_action.trigger()
app.processEvents()
def where():
    d = fight.table_display_window
    return [d.screen().name(), bool(d.windowState() & Qt.WindowState.WindowFullScreen),
            d.geometry().getRect()]
seen = {"fight": fight.screen().name(), "first": where()}
fight.show_display_on(app.screens()[0])  # the GM moves it (Players > Table display on)
app.processEvents()
seen["moved"] = where()
fight.table_display_action.trigger()
app.processEvents()
seen["closed"] = fight.table_display_window is None
print(json.dumps(seen))
"""


def test_with_two_screens_it_opens_full_screen_on_the_other_one(tmp_path: Path) -> None:
    """A real process whose Qt sees a laptop screen and a TV (the offscreen platform
    configured with two screens)."""
    screens = tmp_path / "screens.json"
    screens.write_text(
        json.dumps(
            {
                "screens": [
                    {"name": "LAPTOP", "x": 0, "y": 0, "width": 1366, "height": 768},
                    {"name": "TV", "x": 1366, "y": 0, "width": 1920, "height": 1080},
                ]
            }
        )
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={screens}"}
    result = subprocess.run(
        [sys.executable, "-c", _TWO_SCREENS, str(tmp_path)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["fight"] == "LAPTOP"
    assert seen["first"] == ["TV", True, [1366, 0, 1920, 1080]]
    assert seen["moved"] == ["LAPTOP", True, [0, 0, 1366, 768]]
    assert seen["closed"] is True
