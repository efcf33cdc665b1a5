"""Preparing and reusing encounters, and the GM tools around a fight, driven through the
real windows: a drop of the library browser's own drag data, entries of the other
rules profile in the builder, a fight run again from a saved one, the natural-1 and
refused intrusions on the stored sheets, and the log exported through the file dialog."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog
from pytestqt.qtbot import QtBot

from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter
from numdesk.rules.dice import Dice
from numdesk.views.encounter import EncounterWindow
from numdesk.views.library.browser import LibraryBrowser
from tests.views.encounter_helpers import Table, act, add_from_library, next_turn, npc, pc


def dragged(browser: LibraryBrowser, uids: list[str]) -> QMimeData:
    """What the browser's view hands to a drag of the rows of `uids`, selected."""
    browser.select_uids(uids)
    assert len(browser.selected_uids()) == len(uids)
    view = browser.table
    return view.model().mimeData(view.selectionModel().selectedIndexes())


def drag(mime: QMimeData) -> tuple[object, ...]:
    """The arguments after the position of a copy drag with the left button."""
    copy, left = Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton
    return (copy, mime, left, Qt.KeyboardModifier.NoModifier)


def test_a_drop_of_the_browsers_selection_adds_it(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot)
    browser = LibraryBrowser(table.library_controller)
    qtbot.addWidget(browser)
    browser.show()
    # the GM selects a PC, a creature and the encounter itself in the browser
    mime = dragged(browser, [table.pcs[0].uid, table.creatures[0].uid, table.encounter.uid])
    window.builder.count.setValue(2)
    # dropped on the combatant table: Qt passes the drag up to the window
    target = window.table.viewport()
    where = target.rect().center()
    args = drag(mime)
    enter = QDragEnterEvent(where, *args)
    QApplication.sendEvent(target, enter)
    assert enter.isAccepted()
    move = QDragMoveEvent(where, *args)
    QApplication.sendEvent(target, move)
    assert move.isAccepted()
    drop = QDropEvent(QPointF(where), *args)
    QApplication.sendEvent(target, drop)
    assert drop.isAccepted()
    # the encounter is not something to fight: only the PC and two bandits came
    names = [c.name for c in window.controller.encounter.combatants]
    assert names == ["Ana", "Bandit 1", "Bandit 2"]
    assert window.message.text() == ""
    assert window.builder.count.value() == 1  # the copies were for that drop only
    # dropped on the builder's search box: it joins the fight, nothing is typed there
    window.builder.count.setValue(2)
    margr = dragged(browser, [table.creatures[1].uid])
    field = window.builder.search
    field.setText("")
    inside = field.rect().center()
    enter = QDragEnterEvent(inside, *drag(margr))
    QApplication.sendEvent(field, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(field, QDropEvent(QPointF(inside), *drag(margr)))
    assert field.text() == ""
    assert [c.name for c in window.controller.encounter.combatants][-2:] == ["Margr 1", "Margr 2"]
    # plain text still drops into the field as usual
    text = QMimeData()
    text.setText("bandit")
    plain = drag(text)
    QApplication.sendEvent(field, QDragEnterEvent(inside, *plain))
    QApplication.sendEvent(field, QDragMoveEvent(inside, *plain))
    QApplication.sendEvent(field, QDropEvent(QPointF(inside), *plain))
    assert field.text() == "bandit"
    # dropping the same PC again is refused with a message, nothing changes
    QApplication.sendEvent(target, QDragEnterEvent(where, *args))
    QApplication.sendEvent(target, QDropEvent(QPointF(where), *args))
    assert "already in this encounter" in window.message.text()
    assert len(window.controller.encounter.combatants) == 5


def test_entries_of_the_other_rules_are_marked_and_said(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "numenera")
    library = table.library_controller.library
    library.save_many([Creature("Ghoul", level=3, profile="cypher", armor=1), pc("Dee", "cypher")])
    window = table.open(qtbot)
    builder = window.builder
    builder.search.setText("")
    rows = {e.name: row for row, e in enumerate(builder.model.entries)}
    text = builder.model.index(rows["Ghoul"]).data()
    assert text == "Ghoul (Cypher System) — Level 3 creature"
    assert "Cypher System" not in builder.model.index(rows["Bandit"]).data()
    tip = builder.model.index(rows["Ghoul"]).data(Qt.ItemDataRole.ToolTipRole)
    assert "not Numenera" in tip and "can join" in tip
    tip = builder.model.index(rows["Dee"]).data(Qt.ItemDataRole.ToolTipRole)
    assert "only a fight of its own rules" in tip
    assert builder.model.index(rows["Ghoul"]).data(Qt.ItemDataRole.ForegroundRole) is not None
    # the creature joins, and the log says it comes from the other rules
    add_from_library(window, ("Ghoul",))
    assert npc(window, "Ghoul").health == 9
    assert "Ghoul comes from the Cypher System rules" in window.controller.log_markdown()
    window.undo_action.trigger()
    assert window.controller.encounter.combatants == []
    assert "Ghoul comes from" not in window.controller.log_markdown()
    # a PC of the other rules cannot join: its sheet follows its own rules
    builder.select_names("Dee")
    builder.add_button.click()
    assert "uses the Cypher System rules" in window.message.text()
    assert window.controller.encounter.combatants == []


def test_a_fought_encounter_gives_a_new_prepared_fight(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot, dice=Dice(script=[9]))
    add_from_library(window, ("Ana", "Bo"))
    add_from_library(window, ("Bandit",), count=2)
    window.builder.object_name.setText("Door")
    window.builder.object_level.setValue(2)
    window.builder.add_object_button.click()
    act(window, "Ana", "roll_button", eases=1)  # 9 + 3
    act(window, "Bo", "set_roll_button", roll_value=3)
    next_turn(window, qtbot)
    act(window, "Bandit 1", "damage_button", amount=6)
    act(window, "Bandit 2", "damage_button", amount=2)
    act(window, "Bandit 2", "add_condition_button", condition="dazed", rounds=3)
    act(window, "Door", "damage_button", amount=13)
    fought = window.controller.encounter
    assert fought.round == 1 and npc(window, "Bandit 1").defeated

    window.new_fight_action.trigger()
    assert window.message.text() == ""
    copies = [s for s in table.library_controller.library.encounters.list() if s.uid != fought.uid]
    assert [s.name for s in copies] == ["Ambush at the ford (new fight)"]
    opened = [
        w
        for w in QApplication.topLevelWidgets()
        if isinstance(w, EncounterWindow) and w.controller.uid == copies[0].uid
    ]
    assert len(opened) == 1
    again = opened[0]
    qtbot.addWidget(again)
    fresh = again.controller.encounter
    assert (fresh.round, fresh.turn, fresh.log) == (0, 0, [])
    assert [c.name for c in fresh.combatants] == ["Ana", "Bo", "Bandit 1", "Bandit 2", "Door"]
    assert all(c.health == c.max_health and not c.defeated for c in fresh.combatants)
    assert all(c.conditions == [] for c in fresh.combatants)
    assert npc(again, "Door").object_state.name == "INTACT"
    assert npc(again, "Ana").initiative is None and npc(again, "Ana").initiative_eases == 1
    assert npc(again, "Ana").source_uid == table.pcs[0].uid  # still her real sheet
    assert again.round_label.text().startswith("Preparing")
    assert again.builder.isVisible()
    # the first fight stays as it was, the record of that evening
    stored = table.library_controller.library.encounters.load(fought.uid)
    assert stored.round == 1 and any(c.defeated for c in stored.combatants)
    assert {c.uid for c in fresh.combatants}.isdisjoint({c.uid for c in stored.combatants})
    # the copy is an ordinary library entry: undo on the library takes it away
    table.library_controller.undo_stack.undo()
    assert [s.uid for s in table.library_controller.library.encounters.list()] == [fought.uid]


def test_natural_one_and_refused_intrusions_reach_the_sheets(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo"))
    window.select_name("Ana")
    assert window.panel.natural_one_button.isVisibleTo(window)
    assert window.panel.refuse_button.isVisibleTo(window)
    act(window, "Ana", "natural_one_button", reason="the rope snaps")
    ana = table.sheet("Ana")
    assert ana.xp == 2  # free: no XP changes hands
    assert ana.history[-1].summary == "GM intrusion on a natural 1 (no XP): the rope snaps"
    assert table.sheet("Bo").xp == 1
    log = window.controller.log_markdown()
    assert "GM intrusion on Ana from a natural 1 (no XP): the rope snaps" in log
    act(window, "Ana", "refuse_button", reason="not today")
    ana = table.sheet("Ana")
    assert ana.xp == 1
    assert "refuse" in ana.history[-1].summary.casefold()
    assert "Ana refused the GM intrusion (1 XP): not today" in window.controller.log_markdown()
    # one undo each, on the stored sheet and in the log
    window.undo_action.trigger()
    assert table.sheet("Ana").xp == 2
    assert "refused" not in window.controller.log_markdown()
    window.undo_action.trigger()
    assert all("natural 1" not in h.summary for h in table.sheet("Ana").history)
    # refusing costs 1 XP: with none left it is refused with a message
    act(window, "Bo", "refuse_button")
    window.select_name("Bo")
    window.panel.refuse_button.click()
    assert window.message.text() != ""
    assert table.sheet("Bo").xp == 0


def test_cypher_has_no_refusing_intrusions(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "cypher")
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo"))
    window.select_name("Ana")
    assert not window.panel.refuse_button.isVisibleTo(window)
    assert window.panel.natural_one_button.isVisibleTo(window)


def test_the_log_exports_through_the_file_dialog(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot)
    add_from_library(window, ("Ana",))
    add_from_library(window, ("Bandit",), count=2)
    act(window, "Ana", "set_roll_button", roll_value=9)
    next_turn(window, qtbot)
    act(window, "Bandit 1", "damage_button", amount=4)
    asked: list[tuple[str, str]] = []
    target = tmp_path / "exports" / "ford.md"
    target.parent.mkdir()

    def answer(parent: object, caption: str, start: str, filters: str) -> tuple[str, str]:
        asked.append((start, filters))
        return str(target), filters

    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer)
    qtbot.keyClick(window.table, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    [(start, filters)] = asked
    assert filters == "Markdown (*.md)" and Path(start).name == "Ambush at the ford.md"
    # in the documents folder (or home), never where numdesk was started from
    assert Path(start).is_absolute() and Path(start).parent != Path.cwd()
    assert window.message.text() == ""
    text = target.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[:5] == ["# Ambush at the ford", "", "Rules: Numenera", "", "## Preparation"]
    assert "## Preparation" in lines and "## Round 1" in lines
    after_round = lines[lines.index("## Round 1") + 2 :]
    assert after_round[0].startswith("- `") and "Round 1" in after_round[0]
    assert any("Bandit 1 takes 4" in line for line in after_round)
    # cancelled: nothing written, nothing said
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: ("", ""))
    target.unlink()
    window.export_action.trigger()
    assert not target.exists() and window.message.text() == ""
    # a folder that cannot be written to: the GM is told, nothing breaks
    blocked = tmp_path / "missing" / "log.md"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(blocked), ""))
    window.export_action.trigger()
    assert "Could not write" in window.message.text()


def test_a_prepared_copy_leaves_the_original_alone(tmp_path: Path) -> None:
    """`prepared_copy` leaves the encounter it copies as it was."""
    from numdesk.model.encounter_prep import prepared_copy
    from numdesk.model.serialize import to_data

    enc = Encounter("Ford", round=2, turn=1)
    before = to_data(enc)
    copy = prepared_copy(enc, "Ford again")
    assert to_data(enc) == before
    assert copy.uid != enc.uid and copy.name == "Ford again" and copy.round == 0


def test_the_rules_of_a_new_encounter_are_chosen_before_the_fight(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # a Cypher System group; File > New Encounter made a Numenera one (the default)
    table = Table(tmp_path, "cypher")
    fresh = Encounter("New encounter")
    table.library_controller.library.encounters.save(fresh)
    table.encounter = fresh
    window = table.open(qtbot, dice=Dice(script=[12]))
    combo = window.profile_combo
    assert combo.currentText() == "Numenera" and combo.isEnabled()
    add_from_library(window, ("Bandit",))
    window.builder.object_name.setText("Door")
    window.builder.object_level.setValue(2)
    window.builder.add_object_button.click()
    assert npc(window, "Door").max_health == 0  # Numenera: objects take the damage track
    window.builder.select_names("Ana")
    window.builder.add_button.click()
    assert "uses the Cypher System rules" in window.message.text()
    assert "Rules box" in window.message.text()

    # the GM picks the group's rules in the Rules box
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert window.controller.encounter.profile == "cypher"
    assert combo.currentText() == "Cypher System" and window.message.text() == ""
    assert npc(window, "Door").health == npc(window, "Door").max_health == 2  # C11
    assert "now uses the Cypher System rules" in window.controller.log_markdown()
    rows = {e.name: row for row, e in enumerate(window.builder.model.entries)}
    assert window.builder.model.index(rows["Bandit"]).data() == "Bandit — Level 2 creature"
    add_from_library(window, ("Ana",))
    window.select_name("Ana")
    assert window.panel.timing_box.isVisibleTo(window)  # cypher's First/Last actions

    # back to Numenera with a Cypher System PC in the fight: refused, the box says so
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Up)
    assert "Ana uses the Cypher System rules" in window.message.text()
    assert window.controller.encounter.profile == "cypher"
    assert combo.currentText() == "Cypher System"
    # undo takes the PC and then the change of rules back
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert window.controller.encounter.profile == "numenera"
    assert combo.currentText() == "Numenera" and npc(window, "Door").max_health == 0
    window.redo_action.trigger()
    window.redo_action.trigger()
    act(window, "Ana", "roll_button")
    window.next_action.trigger()
    assert window.controller.encounter.round == 1
    assert not combo.isEnabled()  # fixed once the fight is on
    stored = table.library_controller.library.encounters.load(fresh.uid)
    assert stored.profile == "cypher"
