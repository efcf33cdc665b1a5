"""Shared setup for the encounter window tests: a real library file with three PCs, two
creatures and a follower, an empty encounter, and helpers that act as a GM would
(select a row, fill the side panel, click)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.controllers.settings import AppSettings
from numdesk.model.character import Character, StatPool
from numdesk.model.creature import Creature
from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.follower import Follower
from numdesk.model.operations.encounter import current_slot, slot_label
from numdesk.model.serialize import to_data
from numdesk.rules.dice import Dice
from numdesk.rules.types import Stat
from numdesk.store import Library
from numdesk.views.encounter import EncounterWindow, open_encounter_window


def pc(name: str, profile: str, might: int = 10, xp: int = 0) -> Character:
    pools = {
        Stat.MIGHT: StatPool(might, might),
        Stat.SPEED: StatPool(10, 10),
        Stat.INTELLECT: StatPool(10, 10),
    }
    return Character(name, profile=profile, pools=pools, xp=xp, type="Glaive")


class Table:
    """A library file with PCs and creatures, and an empty encounter, for one profile."""

    def __init__(self, folder: Path, profile: str) -> None:
        self.path = folder / "library.numdesk"
        self.settings = AppSettings(
            QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        )
        library = Library.create(self.path, starter=False)
        self.pcs = [
            pc("Ana", profile, xp=2),
            pc("Bo", profile, xp=1),
            pc("Cy", profile, might=5),
        ]
        self.creatures = [
            Creature(
                "Bandit",
                level=2,
                profile=profile,
                damage="4 with a blade",
                combat="Fights in pairs",
                intrusions=["A second bandit shows up"],
            ),
            Creature("Margr", level=2, profile=profile, armor=1, movement="short"),
        ]
        self.follower = Follower("Rex", level=2, profile=profile)
        self.encounter = Encounter("Ambush at the ford", profile=profile)
        library.save_many([*self.pcs, *self.creatures, self.follower, self.encounter])
        self.library_controller = LibraryController(library, settings=self.settings)

    def open(self, qtbot: QtBot, dice: Dice | None = None) -> EncounterWindow:
        window = open_encounter_window(self.library_controller, self.encounter.uid, dice=dice)
        assert isinstance(window, EncounterWindow)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        return window

    def restart(self) -> None:
        """Drop the open library and controller and open the same file afresh."""
        self.library_controller.library.close()
        self.library_controller = LibraryController(Library.open(self.path), settings=self.settings)

    def sheet(self, name: str) -> Character:
        found = self.library_controller.library.characters.find_by_name(name)
        assert found is not None
        return found


def add_from_library(window: EncounterWindow, names: tuple[str, ...], count: int = 1) -> None:
    window.builder.search.setText("")
    window.builder.select_names(*names)
    window.builder.count.setValue(count)
    window.builder.add_button.click()
    assert window.message.text() == ""


def act(window: EncounterWindow, name: str, button: str, **values: object) -> None:
    """Select `name`'s row, fill the panel's widgets and click `button`, like a GM."""
    window.select_name(name)
    panel = window.panel
    for widget, value in values.items():
        target = getattr(panel, widget)
        if hasattr(target, "setValue"):
            target.setValue(value)
        elif hasattr(target, "setChecked"):
            target.setChecked(value)
        elif hasattr(target, "setEditText"):
            index = target.findData(value)
            if index >= 0:
                target.setCurrentIndex(index)
            else:
                target.setEditText(str(value))
        else:
            target.setText(str(value))
    getattr(panel, button).click()
    assert window.message.text() == "", window.message.text()


def order(window: EncounterWindow) -> list[str]:
    enc = window.controller.encounter
    return [slot_label(enc, s) for s in enc.order]


def turn(window: EncounterWindow) -> str:
    enc = window.controller.encounter
    slot = current_slot(enc)
    return f"R{enc.round} {slot_label(enc, slot) if slot else '-'}"


def next_turn(window: EncounterWindow, qtbot: QtBot) -> None:
    qtbot.keyClick(window.table, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)


def npc(window: EncounterWindow, name: str) -> Combatant:
    return next(c for c in window.controller.encounter.combatants if c.name == name)


def resume_check(table: Table, window: EncounterWindow, qtbot: QtBot) -> EncounterWindow:
    """Close, reopen the library file with a new Library, reopen the window: same state."""
    before = to_data(window.controller.encounter)
    label = window.round_label.text()
    window.close()
    table.restart()
    again = table.open(qtbot)
    assert to_data(again.controller.encounter) == before
    assert again.round_label.text() == label
    assert again.log_model.rowCount() == len(before["log"])
    return again
