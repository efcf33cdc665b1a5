"""The player's side in the app: a GM intrusion offered in the GM's fight is accepted in
the player's Table window, and a task rolled on the player's own sheet lands in the
GM's fight log. Both apps run here, each on its own library file."""

from __future__ import annotations

from pathlib import Path

from encounter_helpers import Table, add_from_library, npc
from pytestqt.qtbot import QtBot

from numdesk.controllers.character import CharacterController
from numdesk.model.operations.encounter import NextTurn, SetInitiative
from numdesk.model.operations.task import PerformTask, TaskInput
from numdesk.rules.dice import Dice
from numdesk.rules.types import Stat
from numdesk.store import Library
from numdesk.views.main_window import MainWindow
from tests.link import procs
from tests.views.main_window_helpers import make_controller

WAIT_MS = int(procs.WAIT * 1000)


def test_an_intrusion_is_accepted_in_the_players_window_and_a_sheet_roll_reaches_the_gm(
    qtbot: QtBot, tmp_path: Path
) -> None:
    gm_folder, player_folder = tmp_path / "gm", tmp_path / "ana"
    gm_folder.mkdir()
    player_folder.mkdir()
    table = Table(gm_folder, "numenera")
    gm = MainWindow(table.library_controller)
    qtbot.addWidget(gm)
    gm_link = gm.table_menu.link
    gm_link.host("Friday", code="K7M-Q2P", announce=False)
    qtbot.waitUntil(lambda: gm_link.port != 0, timeout=WAIT_MS)
    fight = table.open(qtbot)
    add_from_library(fight, ("Ana", "Bo"))
    add_from_library(fight, ("Bandit",))
    gm.table_menu._share(fight)
    for name in ("Ana", "Bo"):
        fight.controller.apply(SetInitiative(npc(fight, name).uid, 12))
    fight.controller.apply(NextTurn())  # players see who is in the fight once it starts

    player_controller = make_controller(player_folder)
    ana = table.sheet("Ana")
    player_controller.library.characters.save(ana)
    player = MainWindow(player_controller)
    qtbot.addWidget(player)
    menu = player.table_menu
    menu.link.join(f"127.0.0.1:{gm_link.port}", "k7mq2p", [ana.uid], "Ana")
    menu.show_window()
    window = menu.table_window
    qtbot.waitUntil(
        lambda: menu.link.view is not None and "Bandit" in [s.name for s in menu.link.view.seats],
        timeout=WAIT_MS,
    )

    # the GM intrudes; the player's window asks; Accept gives the other XP to Bo
    xp_ana, xp_bo = table.sheet("Ana").xp, table.sheet("Bo").xp
    fight.select_name("Ana")
    fight.panel.reason.setText("the bridge gives way")
    fight.panel.intrude_button.click()
    qtbot.waitUntil(window.intrusion.isVisible, timeout=WAIT_MS)
    assert "the bridge gives way" in window.intrusion.text.text()
    assert window.intrusion.refuse_button.isVisible()  # Numenera: refusing costs 1 XP
    assert "1 XP" in window.intrusion.refuse_button.text()
    window.intrusion.recipient.setCurrentIndex(window.intrusion.recipient.findText("Bo"))
    window.intrusion.accept_button.click()
    qtbot.waitUntil(lambda: table.sheet("Bo").xp == xp_bo + 1, timeout=WAIT_MS)
    assert table.sheet("Ana").xp == xp_ana + 1
    with Library.open(player_controller.path, create=False) as lib:
        qtbot.waitUntil(lambda: lib.characters.load(ana.uid).xp == xp_ana + 1, timeout=WAIT_MS)

    # a task rolled on the player's own sheet is said in the GM's fight log
    sheet = CharacterController(
        player_controller.library, ana.uid, player_controller, dice=Dice(seed=3)
    )
    sheet.apply(PerformTask(TaskInput(stat=Stat.SPEED, difficulty=2), sheet.dice))
    qtbot.waitUntil(
        lambda: any(e.text.startswith("Ana: ") for e in fight.controller.encounter.log),
        timeout=WAIT_MS,
    )
    # the player's Undo undoes the player's own step only: the GM's XP stays, both sides
    rolled = table.library_controller.library.characters.load(ana.uid)
    spent = rolled.pools[Stat.SPEED].current
    sheet.apply(PerformTask(TaskInput(stat=Stat.SPEED, difficulty=3, effort_ease=1), sheet.dice))
    qtbot.waitUntil(lambda: table.sheet("Ana").pools[Stat.SPEED].current < spent, timeout=WAIT_MS)
    sheet.undo_stack.undo()
    qtbot.waitUntil(lambda: table.sheet("Ana").pools[Stat.SPEED].current == spent, timeout=WAIT_MS)
    assert table.sheet("Ana").xp == xp_ana + 1
    menu.link.leave()
    gm_link.leave()
