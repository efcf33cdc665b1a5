"""Defense where the hit lands: "PC is hit" opens the defense step over the fight, with
the attacker's level and the fight's picks already counted; the typed d20 and Enter
apply the roll and the harm to the PC's real sheet as one fight action (one log line,
one undo step), in both rules, in at most 8 keys from selecting the PC."""

from __future__ import annotations

from pathlib import Path

from encounter_helpers import Table, add_from_library, npc, turn
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from numdesk.rules.table_picks import GUARD, HELP_DEFENSE
from numdesk.rules.types import Stat
from numdesk.views.encounter import EncounterWindow
from numdesk.views.encounter.defense_step import DefenseStep
from tests.views.fight_keys import CTRL, CTRL_SHIFT, Keys, back_to, initiative_by_keys
from tests.views.sheet_helpers import with_modal


def fight(qtbot: QtBot, tmp_path: Path, profile: str) -> tuple[Table, EncounterWindow, Keys]:
    """Ana 15, Bo 9, Cy 4 against a level 2 Bandit (target 6): Ana, Bo, Bandit, Cy."""
    table = Table(tmp_path, profile)
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo", "Cy"))
    add_from_library(window, ("Bandit",))
    window.table.setFocus()
    keys = Keys(qtbot)
    initiative_by_keys(qtbot, window, ("15", "9", "4"), keys)
    window.table.setFocus()
    keys.press(Qt.Key.Key_Right, CTRL)  # round 1: Ana
    return table, window, keys


def pick(window: EncounterWindow, keys: Keys, name: str, key: str) -> None:
    window.select_name(name)
    window.panel.pick.setCurrentIndex(window.panel.pick.findData(key))
    keys.press(Qt.Key.Key_T, CTRL_SHIFT)
    assert window.message.text() == "", window.message.text()


def hit_by_keys(
    qtbot: QtBot, window: EncounterWindow, keys: Keys, face: str, seen: list[str]
) -> None:
    """Ctrl+H on the selected PC, the player's face typed, Enter."""

    def roll(dialog: QWidget) -> None:
        assert isinstance(dialog, DefenseStep)
        try:
            seen.append(dialog.chance.text())
            seen.append(dialog.reasons.text())
            dialog.activateWindow()  # offscreen there is no window manager to do it
            qtbot.waitUntil(dialog.face.hasFocus)  # the step opens on the d20 field
            keys.type(face)
            keys.press(Qt.Key.Key_Return)
        finally:
            if dialog.isVisible():
                seen.append("still open: " + dialog.error.text())
                dialog.reject()

    with_modal(lambda: keys.press(Qt.Key.Key_H, CTRL), roll)
    back_to(window, qtbot)


def test_a_numenera_pc_defends_with_help_inside_the_fight(qtbot: QtBot, tmp_path: Path) -> None:
    table, window, keys = fight(qtbot, tmp_path, "numenera")
    keys.press(Qt.Key.Key_Right, CTRL)  # Bo's turn: he helps Ana defend (T1)
    pick(window, keys, "Ana", HELP_DEFENSE)
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Bandit"
    window.select_name("Bandit")
    controller = window.controller
    steps, lines = controller.undo_stack.count(), len(controller.encounter.log)

    keys.count = 0
    keys.press(Qt.Key.Key_Up, CTRL)
    keys.press(Qt.Key.Key_Up, CTRL)
    assert window.selected() is npc(window, "Ana")
    seen: list[str] = []
    hit_by_keys(qtbot, window, keys, "2", seen)
    assert keys.count <= 8, keys.count

    # level 2 eased 1 by the help (T1): difficulty 1, target 3 (G2), 90% (G5)
    assert "Difficulty 1 (Simple), target 3: 90% chance" in seen[0], seen
    assert "Ana is helped: defense eased 1 step (T1)" in seen[1]
    assert not [s for s in seen if s.startswith("still open")], seen
    # a 2 misses the 3: the Bandit's 4 (its stat block) comes off Might, no Armor
    assert table.sheet("Ana").pool(Stat.MIGHT).current == 6
    assert controller.undo_stack.count() == steps + 1
    added = [e.text for e in controller.encounter.log[lines:]]
    assert len(added) == 1, added
    assert added[0].startswith("Bandit hits Ana: Speed defense"), added
    assert "fail" in added[0]
    keys.press(Qt.Key.Key_Z, CTRL)  # the fight's Undo takes it back whole
    assert table.sheet("Ana").pool(Stat.MIGHT).current == 10
    assert len(controller.encounter.log) == lines


def test_a_cypher_pc_guards_and_blocks_inside_the_fight(qtbot: QtBot, tmp_path: Path) -> None:
    table, window, keys = fight(qtbot, tmp_path, "cypher")
    pick(window, keys, "Ana", GUARD)  # Ana guards on her turn (T4)
    keys.press(Qt.Key.Key_Right, CTRL)
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Bandit"
    window.select_name("Bandit")
    controller = window.controller
    steps, lines = controller.undo_stack.count(), len(controller.encounter.log)

    keys.count = 0
    keys.press(Qt.Key.Key_Up, CTRL)
    keys.press(Qt.Key.Key_Up, CTRL)
    seen: list[str] = []
    hit_by_keys(qtbot, window, keys, "2", seen)
    assert keys.count <= 8, keys.count

    # level 2 eased 1 by guarding (T4): difficulty 1, target 3
    assert "Difficulty 1 (Simple), target 3: 90% chance" in seen[0], seen
    assert "Ana is guarding: defense eased 1 step (T4)" in seen[1]
    # the stat block names no wound: a minor one, taken whole on a failed block (C5)
    assert table.sheet("Ana").wounds.minor == 1
    assert controller.undo_stack.count() == steps + 1
    added = [e.text for e in controller.encounter.log[lines:]]
    assert len(added) == 1 and added[0].startswith("Bandit hits Ana: Block"), added
    controller.undo_stack.undo()
    assert table.sheet("Ana").wounds.minor == 0
    assert len(controller.encounter.log) == lines


def test_a_paralysed_pc_gets_no_roll_and_a_distracted_foe_eases_the_defense(
    qtbot: QtBot, tmp_path: Path
) -> None:
    _table, window, keys = fight(qtbot, tmp_path, "cypher")
    window.select_name("Bandit")
    window.panel.pick.setCurrentIndex(window.panel.pick.findData("distract"))
    keys.press(Qt.Key.Key_T, CTRL_SHIFT)  # Ana distracts the Bandit (T2)
    window.select_name("Bo")
    window.panel.condition.setEditText("paralysed")
    keys.press(Qt.Key.Key_C, CTRL_SHIFT)
    assert window.message.text() == ""
    dialog = DefenseStep(window.controller, npc(window, "Bo"), window)
    # Ana's turn: the GM names the attacker (the step does not guess one)
    dialog.attacker.setCurrentIndex(dialog.attacker.findText("Bandit (level 2)"))
    assert dialog.helpless.isChecked()
    assert "no block or dodge" in dialog.reasons.text()
    assert "Bandit is distracted" in dialog.reasons.text()
    assert dialog.defense_input().eases == 1  # the distraction flips onto the defense (C13a)
    assert "Helpless" in dialog.chance.text()
    dialog.reject()


def test_on_a_pcs_turn_the_step_asks_who_attacks(qtbot: QtBot, tmp_path: Path) -> None:
    """Ana's turn: Bo is hit. Neither the Bandit nor the Margr is acting, so the step
    guesses neither: the attacker list is focused on "choose", nothing can be applied
    until one is picked, and the pick fills in its level."""
    table, window, keys = fight(qtbot, tmp_path, "cypher")
    add_from_library(window, ("Margr",))
    assert turn(window) == "R1 Ana"
    window.select_name("Bo")
    seen: list[str] = []

    def ask(dialog: QWidget) -> None:
        assert isinstance(dialog, DefenseStep)
        try:
            dialog.activateWindow()
            qtbot.waitUntil(dialog.attacker.hasFocus)
            seen.append(dialog.attacker.currentText())
            seen.append(str(dialog.level.value()))
            seen.append(dialog.error.text())
            keys.press(Qt.Key.Key_Return)  # Enter with nobody chosen applies nothing
            seen.append("open" if dialog.isVisible() else "closed")
            keys.type("M")  # the Margr, by its first letter
            seen.append(dialog.attacker.currentText())
            seen.append(str(dialog.level.value()))
            keys.press(Qt.Key.Key_2, Qt.KeyboardModifier.AltModifier)  # the d20 field
            keys.type("2")
            keys.press(Qt.Key.Key_Return)
        finally:
            if dialog.isVisible():
                seen.append("still open: " + dialog.error.text())
                dialog.reject()

    lines = len(window.controller.encounter.log)
    with_modal(lambda: keys.press(Qt.Key.Key_H, CTRL), ask)
    back_to(window, qtbot)
    assert seen[:4] == [
        "(choose who attacks)",
        "0",
        "Choose who attacks Bo: it is not an NPC's turn, so the fight cannot tell "
        "(or type the attacker's level).",
        "open",
    ], seen
    assert seen[4:] == ["Margr (level 2)", "2"], seen
    added = [e.text for e in window.controller.encounter.log[lines:]]
    assert len(added) == 1 and added[0].startswith("Margr hits Bo: Block"), added
    assert table.sheet("Bo").wounds.minor == 1

    # on an NPC's turn the NPC acting is filled in, as before
    while turn(window) != "R1 Bandit":
        keys.press(Qt.Key.Key_Right, CTRL)
    dialog = DefenseStep(window.controller, npc(window, "Bo"), window)
    assert not dialog.asks_attacker
    assert dialog.attacker.currentText() == "Bandit (level 2)" and dialog.level.value() == 2
    dialog.reject()


def test_the_log_says_when_the_defense_held(qtbot: QtBot, tmp_path: Path) -> None:
    """A block that succeeds is not logged as a hit: "Ana defends against Bandit"."""
    table, window, keys = fight(qtbot, tmp_path, "cypher")
    keys.press(Qt.Key.Key_Right, CTRL)
    keys.press(Qt.Key.Key_Right, CTRL)
    assert turn(window) == "R1 Bandit"
    window.select_name("Ana")
    lines = len(window.controller.encounter.log)
    seen: list[str] = []
    hit_by_keys(qtbot, window, keys, "18", seen)
    assert not [s for s in seen if s.startswith("still open")], seen
    [line] = [e.text for e in window.controller.encounter.log[lines:]]
    assert line.startswith("Ana defends against Bandit: Block: Rolled 18"), line
    assert "success" in line and " hits " not in line
    assert table.sheet("Ana").wounds.minor == 0
