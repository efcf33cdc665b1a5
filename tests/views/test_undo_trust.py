"""Undo that can be trusted at the table: library undo never destroys a played fight
silently, sheet/fight/library stacks never clear one another, and every stack comes
back after a restart (issue 11)."""

from __future__ import annotations

import random
from pathlib import Path

from encounter_helpers import Table, act, add_from_library
from main_window_helpers import answer_next_dialog, make_controller, make_window, press
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from sheet_helpers import with_modal

from numdesk.controllers.character import CharacterController
from numdesk.controllers.encounter import EncounterController
from numdesk.model.character import Character
from numdesk.model.encounter import Encounter
from numdesk.model.operations.edits import SetField
from numdesk.model.operations.xp import AwardXp
from numdesk.model.serialize import to_data
from numdesk.rules.types import Stat
from numdesk.store import Library
from numdesk.views.actions import ActionId
from numdesk.views.encounter import EncounterWindow


def test_undoing_the_creation_of_a_played_encounter_asks_and_redo_brings_it_all_back(
    qtbot: QtBot, tmp_path: Path
) -> None:
    controller = make_controller(tmp_path)
    window = make_window(qtbot, controller)
    library = controller.library
    window.actions_by_id[ActionId.NEW_ENCOUNTER].trigger()
    [fight] = list(window.documents.encounter_windows.values())
    assert isinstance(fight, EncounterWindow)
    qtbot.addWidget(fight)
    hero = Character("Kael", profile=fight.controller.encounter.profile)
    library.characters.save(hero)
    fight.controller.add_entries([hero.uid])
    fight.controller.add_object("Door", 3)
    with_modal(fight.reroll_action.trigger, lambda dialog: dialog.accept())  # the app rolls
    fight.controller.damage_pc(fight.controller.encounter.combatants[0].uid, 3)
    uid = fight.controller.uid
    played = to_data(library.encounters.load(uid))
    stack = controller.undo_stack
    assert stack.undoText().startswith("Create")

    # Edit > Undo in the main window: it asks, and Cancel keeps everything
    answer = answer_next_dialog(qtbot, press("Cancel"))
    window.browser.table.setFocus()
    window.actions_by_id[ActionId.UNDO].trigger()
    assert answer.done
    assert "has 4 change(s) since it was made" in " ".join(answer.seen)
    assert library.has(uid) and to_data(library.encounters.load(uid)) == played
    qtbot.waitUntil(lambda: stack.index() == 1)  # the step is still there to undo
    assert uid in window.documents.encounter_windows

    # asked again, Delete: the encounter goes, its window closes; Redo brings it back whole
    answer = answer_next_dialog(qtbot, press("Delete It"))
    stack.undo()
    assert answer.done
    assert not library.has(uid)
    assert uid not in window.documents.encounter_windows
    stack.redo()
    assert to_data(library.encounters.load(uid)) == played
    # the PC keeps its damage all along: it was made by the fight, not by the creation
    assert library.characters.load(hero.uid).pool(Stat.MIGHT).current < 10
    controller.close()


def test_sheet_and_fight_edits_interleave_with_undo_in_both_places(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo"))
    ana_uid = table.pcs[0].uid
    sheet = CharacterController(table.library_controller.library, ana_uid, table.library_controller)
    notices: list[str] = []
    sheet.notice.connect(notices.append)
    window.controller.notice.connect(notices.append)

    sheet.apply(SetField("notes", "Map"))  # tab
    act(window, "Ana", "damage_button", amount=2)  # fight
    sheet.apply(AwardXp(3, "scouting"))  # tab
    act(window, "Ana", "damage_button", amount=1)  # fight
    assert sheet.character.pool(Stat.MIGHT).current == 7
    assert sheet.character.xp == 5

    sheet.undo_stack.undo()  # the XP: the fight's damage stays
    assert table.sheet("Ana").xp == 2
    assert table.sheet("Ana").pool(Stat.MIGHT).current == 7
    window.undo_action.trigger()  # the 1 damage: the notes stay
    assert table.sheet("Ana").pool(Stat.MIGHT).current == 8
    assert table.sheet("Ana").notes == "Map"
    sheet.undo_stack.undo()  # the notes
    window.undo_action.trigger()  # the 2 damage
    ana = table.sheet("Ana")
    assert (ana.notes, ana.xp, ana.pool(Stat.MIGHT).current) == ("", 2, 10)
    assert not any("Took" in h.summary for h in ana.history)
    assert notices == []
    # both stacks redo in the other order and arrive at the same place
    window.redo_action.trigger()
    window.redo_action.trigger()
    sheet.undo_stack.redo()
    sheet.undo_stack.redo()
    ana = table.sheet("Ana")
    assert (ana.notes, ana.xp, ana.pool(Stat.MIGHT).current) == ("Map", 5, 7)
    assert sheet.undo_stack.count() == 2 and window.controller.undo_stack.count() >= 3


def test_an_undo_that_would_overwrite_a_later_change_is_refused_with_the_reason(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = Table(tmp_path, "numenera")
    library = table.library_controller.library
    ana_uid = table.pcs[0].uid
    tab = CharacterController(library, ana_uid, table.library_controller)
    other = CharacterController(library, ana_uid, table.library_controller)
    notices: list[str] = []
    tab.notice.connect(notices.append)
    tab.apply(SetField("notes", "Map"))
    other.apply(SetField("notes", "Map and compass"))
    tab.undo_stack.undo()
    assert table.sheet("Ana").notes == "Map and compass"  # not wiped
    assert len(notices) == 1 and "notes was changed since" in notices[0]
    qtbot.waitUntil(lambda: tab.undo_stack.index() == 1)
    other.undo_stack.undo()
    assert table.sheet("Ana").notes == "Map"
    tab.undo_stack.undo()  # now it applies
    assert table.sheet("Ana").notes == ""


def test_undo_survives_a_restart_and_the_fight_resumes_with_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    table = Table(tmp_path, "numenera")
    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bandit"))
    act(window, "Ana", "damage_button", amount=3)
    ana_uid = table.pcs[0].uid
    sheet = CharacterController(table.library_controller.library, ana_uid, table.library_controller)
    sheet.apply(SetField("notes", "Map"))
    steps = window.controller.undo_stack.count()
    window.controller.undo_stack.undo()  # one undone step: redo must survive too
    window.close()
    sheet.deleteLater()
    table.restart()

    fight = EncounterController(table.library_controller, table.encounter.uid)
    assert fight.undo_stack.count() == steps
    assert fight.undo_stack.index() == steps - 1
    assert fight.undo_stack.canRedo()
    fight.undo_stack.redo()
    assert table.sheet("Ana").pool(Stat.MIGHT).current == 7
    again = CharacterController(table.library_controller.library, ana_uid, table.library_controller)
    assert again.undo_stack.count() == 1
    assert again.undo_stack.undoText() == "Edited the notes"
    again.undo_stack.undo()
    assert table.sheet("Ana").notes == ""
    while fight.undo_stack.canUndo():
        fight.undo_stack.undo()
    assert fight.encounter.combatants == []
    assert table.sheet("Ana").pool(Stat.MIGHT).current == 10


def test_random_operations_across_windows_all_undo_back_to_the_start(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """500 random actions from a sheet tab, a second tab on another sheet, the fight and
    the library, then every stack undone: the library is exactly as it started."""
    table = Table(tmp_path, "numenera")
    hub = table.library_controller
    library = hub.library
    start = {
        uid: to_data(library.load(uid))
        for uid in [p.uid for p in table.pcs] + [table.encounter.uid]
    }
    fight = EncounterController(hub, table.encounter.uid)
    fight.add_entries([p.uid for p in table.pcs])
    fight.add_entries([table.creatures[0].uid], count=2)
    tabs = [CharacterController(library, p.uid, hub) for p in table.pcs[:2]]
    start_entries = library.count()
    refused: list[str] = []
    for owner in (*tabs, fight):
        owner.notice.connect(refused.append)
    hub.notice.connect(refused.append)
    rng = random.Random(11)
    pcs = [c for c in fight.encounter.combatants if c.side == "pc"]
    created: list[str] = []
    crates: list[int] = []

    def step() -> None:
        roll = rng.randrange(10)
        if roll == 0:
            rng.choice(tabs).apply(SetField("notes", f"note {rng.randrange(1000)}"))
        elif roll == 1:
            rng.choice(tabs).apply(AwardXp(rng.randrange(1, 3), "play"))
        elif roll in (2, 3):
            fight.damage_pc(rng.choice(pcs).uid, rng.randrange(1, 3))
        elif roll == 4:
            fight.gm_intrusion(pcs[0].uid, "accept", pcs[1].uid, "a twist")
        elif roll == 5:
            hub.rename(table.pcs[2].uid, f"Cy {len(created)}-{rng.randrange(1000)}")
        elif roll == 6:
            created.append(hub.create(Encounter(f"Fight {rng.randrange(1000)}")))
        elif roll == 7:
            stack = rng.choice([*(t.undo_stack for t in tabs), fight.undo_stack])
            if stack.canUndo():
                stack.undo()
        elif roll == 8:
            stack = rng.choice([*(t.undo_stack for t in tabs), fight.undo_stack])
            if stack.canRedo():
                stack.redo()
        else:
            crates.append(len(crates))
            fight.add_object(f"Crate {len(crates)}", 2)

    for _ in range(500):
        step()
        QApplication.processEvents()
    # undo everything, newest stacks first (a refused step is retried after the others)
    stacks = [hub.undo_stack, *(t.undo_stack for t in tabs), fight.undo_stack]
    progress = True
    while progress:
        progress = False
        for stack in stacks:
            while stack.canUndo():
                before = stack.index()
                stack.undo()
                QApplication.processEvents()
                if stack.index() == before:
                    break
                progress = True
    assert all(s.index() == 0 for s in stacks), refused[-3:]
    for uid, data in start.items():
        assert to_data(library.load(uid)) == data
    assert library.count() == start_entries
    assert not any(library.has(uid) for uid in created)


def test_the_tabs_and_the_fight_that_were_open_come_back_with_their_undo(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from main_window_helpers import make_settings

    from numdesk.controllers.library import LibraryController

    controller = make_controller(tmp_path)
    path = controller.path
    assert path is not None
    window = make_window(qtbot, controller)
    hero = Character("Kael", profile="numenera")
    controller.library.characters.save(hero)
    fight_uid = controller.create(Encounter("Ambush at the ford", profile="numenera"))
    sheet = window.open_entry(hero.uid)
    window.documents.controller_for(sheet).apply(SetField("notes", "Map"))  # type: ignore[union-attr]
    fight = window.open_entry(fight_uid)
    qtbot.addWidget(fight)
    fight.close()  # closed by the user: not offered again ...
    fight = window.open_entry(fight_uid)  # ... opened again: offered
    qtbot.addWidget(fight)
    window.close()  # quitting keeps the list
    controller.close()

    again = LibraryController(Library.open(path), settings=make_settings(tmp_path))
    second = make_window(qtbot, again)
    answer = answer_next_dialog(qtbot, press("Resume"))
    second.resume_session()
    assert answer.done and "Resume the fight “Ambush at the ford”?" in answer.seen
    assert second.documents.open_uids() == [hero.uid]
    tab = second.documents.widget_for(hero.uid)
    assert tab is not None
    tab_controller = second.documents.controller_for(tab)
    assert tab_controller.undo_stack.undoText() == "Edited the notes"  # type: ignore[union-attr]
    assert fight_uid in second.documents.encounter_windows
    qtbot.addWidget(second.documents.encounter_windows[fight_uid])
    second.close()
    again.close()
