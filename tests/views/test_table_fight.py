"""A whole fight across the table: the GM's app hosts and runs the fight, a player's
numdesk (a real process, its own library) follows it, sends initiative and a roll,
answers a GM intrusion; damage and XP land on both libraries, which end identical."""

from __future__ import annotations

import time
from pathlib import Path

from encounter_helpers import Table, add_from_library, npc
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from numdesk.model.operations.encounter import NextTurn
from numdesk.model.serialize import to_data
from numdesk.store import Library
from numdesk.views.encounter.defense_step import DefenseStep
from numdesk.views.encounter.initiative_dialog import InitiativeDialog
from numdesk.views.main_window import MainWindow
from tests.link import procs
from tests.views.main_window_helpers import answer_next_dialog

WAIT_MS = int(procs.WAIT * 1000)


def _player_library(path: Path, table: Table) -> Path:
    with Library.create(path, starter=False) as lib:
        lib.characters.save(table.sheet("Ana"))
    return path


def test_a_fight_played_across_the_table_ends_identical(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "cypher")
    main = MainWindow(table.library_controller)
    qtbot.addWidget(main)
    link = main.table_menu.link
    link.host("Friday", code="K7M-Q2P", announce=False)
    qtbot.waitUntil(lambda: link.port != 0, timeout=WAIT_MS)
    ana_uid = table.sheet("Ana").uid
    player_lib = _player_library(tmp_path / "ana.numdesk", table)
    player = procs.join(player_lib, link.port, "Ana")
    player.wait_for("joined 'Friday'")
    qtbot.waitUntil(lambda: link.people == ["Ana"], timeout=WAIT_MS)

    window = table.open(qtbot)
    add_from_library(window, ("Ana", "Bo"))
    add_from_library(window, ("Bandit",))
    main.table_menu._share(window)
    player.wait_for(r"fight 'Ambush at the ford': round 0")
    main.table_menu.show_window()
    gm_table = main.table_menu.table_window
    assert gm_table is not None
    assert "The players see the fight you work in" in gm_table.no_fight.text()

    # New initiative: the player's die arrives in the GM's dialog
    def initiative(dialog: QWidget) -> None:
        assert isinstance(dialog, InitiativeDialog)
        player.wait_for("the GM asks for initiative")
        player.send("initiative 17")
        ana = npc(window, "Ana").uid
        qtbot.waitUntil(lambda: dialog.faces[ana].value() == 17, timeout=WAIT_MS)
        dialog.faces[npc(window, "Bo").uid].setValue(8)
        dialog.accept()

    answer = answer_next_dialog(qtbot, initiative, InitiativeDialog)
    window.new_initiative()
    assert answer.done
    assert npc(window, "Ana").initiative == 17
    window.controller.apply(NextTurn())
    player.wait_for(r"fight 'Ambush at the ford': round 1, turn: Ana")

    # damage in the fight reaches the player's own library
    window.controller.damage_pc(npc(window, "Ana").uid, 3)
    with Library.open(player_lib, create=False) as lib:
        qtbot.waitUntil(
            lambda: to_data(lib.characters.load(ana_uid)) == to_data(table.sheet("Ana")),
            timeout=WAIT_MS,
        )

    # a defense roll inside the GM's fight (the attacker's level filled in): the roll and
    # the hit land on the player's sheet too
    window.select_name("Ana")
    before = table.sheet("Ana")

    def defend(dialog: QWidget) -> None:
        assert isinstance(dialog, DefenseStep)
        # Ana's own turn: the GM names the attacker (the step does not guess)
        dialog.attacker.setCurrentIndex(dialog.attacker.findData(npc(window, "Bandit").uid))
        dialog.face.setValue(2)  # a miss: the hit lands
        dialog.accept()

    answer_next_dialog(qtbot, defend, DefenseStep)
    window.defend()
    assert to_data(table.sheet("Ana")) != to_data(before)
    with Library.open(player_lib, create=False) as lib:
        qtbot.waitUntil(
            lambda: to_data(lib.characters.load(ana_uid)) == to_data(table.sheet("Ana")),
            timeout=WAIT_MS,
        )

    # the player's roll lands in the GM's fight log
    player.send("roll Ana: Speed defense 14 vs 15 — failure")
    qtbot.waitUntil(
        lambda: any("Speed defense 14 vs 15" in e.text for e in window.controller.encounter.log),
        timeout=WAIT_MS,
    )

    # a GM intrusion is asked on the player's laptop; the answer and the XP land on both
    xp_before = table.sheet("Ana").xp
    window.select_name("Ana")
    window.panel.reason.setText("the rope snaps")
    window.panel.intrude_button.click()
    qtbot.waitUntil(lambda: "waiting for the answer" in window.message.text())
    player.wait_for("GM intrusion offered: the rope snaps")
    player.send("accept Bo")
    qtbot.waitUntil(lambda: table.sheet("Ana").xp == xp_before + 1, timeout=WAIT_MS)
    assert any("GM intrusion on Ana" in e.text for e in window.controller.encounter.log)
    end = time.monotonic() + procs.WAIT
    with Library.open(player_lib, create=False) as lib:
        while to_data(lib.characters.load(ana_uid)) != to_data(table.sheet("Ana")):
            assert time.monotonic() < end, "the libraries never met"
            qtbot.wait(200)
        assert lib.characters.load(ana_uid).xp == xp_before + 1
    link.leave()
    assert player.wait() == 0
