"""The table link from the menus: a GM hosting from the app with a real player process,
and a player joining from the app a real host process that shows a fight."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from numdesk.model.character import Character
from numdesk.model.encounter import Combatant, Encounter
from numdesk.store import Library
from numdesk.views.table.join_dialog import JoinDialog
from numdesk.views.table.prompts import InitiativePrompt
from tests.link import procs
from tests.views.main_window_helpers import (
    answer_next_dialog,
    make_controller,
    make_window,
    type_and_accept,
)

WAIT_MS = int(procs.WAIT * 1000)


def _library_with(path: Path, *objs: object) -> Path:
    with Library.create(path, starter=False) as lib:
        lib.save_many(objs)  # type: ignore[arg-type]
    return path


def _join_with(address: str, code: str, name: str = "Ana"):  # type: ignore[no-untyped-def]
    def act(dialog: QWidget) -> None:
        assert isinstance(dialog, JoinDialog)
        dialog.address.setText(address)
        dialog.code.setText(code)
        dialog.player.setText(name)
        dialog.join_button.click()

    return act


def test_a_gm_hosts_from_the_menu_and_a_player_process_brings_a_character(
    qtbot: QtBot, tmp_path: Path, artifacts_dir: Path
) -> None:
    controller = make_controller(tmp_path)
    window = make_window(qtbot, controller)
    menu = window.table_menu
    menu._listen = False  # no multicast on the test machine: the address is typed
    answer_next_dialog(qtbot, type_and_accept("Friday"))
    menu.host_action.trigger()
    link = menu.link
    qtbot.waitUntil(lambda: link.port != 0, timeout=WAIT_MS)
    table = menu.table_window
    assert table is not None and table.isVisible()
    assert link.code in table.code.text()
    assert table.no_fight.isVisible() and "No fight is shown to the players yet" in (
        table.no_fight.text()
    )
    ana = Character("Ana Vell", profile="cypher", player="Ana")
    player = _library_with(tmp_path / "ana.numdesk", ana)
    joined = procs.join(player, link.port, "Ana Vell", code=link.code.lower())
    joined.wait_for("joined 'Friday'")
    qtbot.waitUntil(lambda: link.people == ["Ana"], timeout=WAIT_MS)
    qtbot.waitUntil(lambda: controller.library.has(ana.uid), timeout=WAIT_MS)
    assert "Ana" in menu.status.text() and "Friday" in menu.status.text()
    window.resize(1366, 768)
    window.grab().save(str(artifacts_dir / "table-link-gm-main.png"))
    table.grab().save(str(artifacts_dir / "table-link-gm-window.png"))
    # a change made in the GM's app reaches the player's library
    sheet = controller.library.characters.load(ana.uid)
    assert sheet.name == "Ana Vell"
    procs.edit(controller.path, "Ana Vell", "xp=4").wait_for("done")
    with Library.open(player, create=False) as lib:
        qtbot.waitUntil(lambda: lib.characters.load(ana.uid).xp == 4, timeout=WAIT_MS)
    link.leave()
    assert joined.wait() == 0
    assert not link.role and menu.host_action.isEnabled()


def test_a_player_joins_from_the_menu_and_follows_the_fight_without_hidden_foes(
    qtbot: QtBot, tmp_path: Path, artifacts_dir: Path
) -> None:
    ana = Character("Ana Vell", profile="cypher", player="Ana")
    fight = Encounter(
        "Ambush",
        profile="cypher",
        round=1,
        combatants=[
            Combatant("Ana Vell", side="pc", source_uid=ana.uid, initiative=12),
            Combatant("Abomination", level=4, health=20, max_health=20),
            Combatant("Lurker in the dark", level=3, health=9, max_health=9, hidden=True),
        ],
    )
    gm = _library_with(tmp_path / "gm.numdesk", Character(ana.name, uid=ana.uid), fight)
    host, port = procs.host(gm, "--fight", "Ambush")
    controller = make_controller(tmp_path)
    controller.library.characters.save(ana)
    window = make_window(qtbot, controller)
    menu = window.table_menu
    menu._listen = False
    answer_next_dialog(qtbot, _join_with(f"127.0.0.1:{port}", "k7m q2p"), JoinDialog)
    menu.join_action.trigger()
    link = menu.link
    qtbot.waitUntil(lambda: link.view is not None, timeout=WAIT_MS)
    table = menu.table_window
    assert table is not None
    qtbot.waitUntil(lambda: table.display.isVisible(), timeout=WAIT_MS)
    assert [s.name for s in link.view.seats] == ["Ana Vell", "Abomination"]
    table.display.repaint()
    painted = " ".join(table.display.painted_texts)
    assert "Abomination" in painted and "Lurker" not in painted
    table.resize(1366, 768)
    table.grab().save(str(artifacts_dir / "table-link-player-window.png"))
    host.wait_for("Ana joined")
    host.stop()
    qtbot.waitUntil(lambda: not link.role, timeout=WAIT_MS)


def test_a_wrong_code_is_said_next_to_the_menu(qtbot: QtBot, tmp_path: Path) -> None:
    gm = _library_with(tmp_path / "gm.numdesk")
    host, port = procs.host(gm)
    controller = make_controller(tmp_path)
    ana = Character("Ana Vell", player="Ana")
    controller.library.characters.save(ana)
    window = make_window(qtbot, controller)
    window.table_menu._listen = False
    answer_next_dialog(qtbot, _join_with(f"127.0.0.1:{port}", "WRONG1"), JoinDialog)
    box = answer_next_dialog(qtbot, lambda d: d.accept(), QMessageBox)
    window.table_menu.join_action.trigger()
    qtbot.waitUntil(lambda: box.done, timeout=WAIT_MS)
    assert "refused the join code" in " ".join(box.seen)
    host.wait_for("wrong join code")
    host.stop()


def test_enter_in_the_join_dialog_joins(qtbot: QtBot, artifacts_dir: Path) -> None:
    dialog = JoinDialog([("u1", "Ana Vell")], listen=False)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.address.setText("127.0.0.1:48213")
    dialog.player.setText("Ana")
    dialog.grab().save(str(artifacts_dir / "table-link-join-dialog.png"))
    dialog.code.setFocus()
    qtbot.keyClicks(dialog.code, "K7M-Q2P")
    qtbot.keyClick(dialog.code, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.choice().uids == ["u1"]


def test_the_initiative_die_starts_empty_and_sends_only_what_was_typed(qtbot: QtBot) -> None:
    prompt = InitiativePrompt()
    qtbot.addWidget(prompt)
    sent: list[tuple[str, int]] = []
    prompt.sent.connect(lambda uid, face: sent.append((uid, face)))
    prompt.ask([("u1", "Ana Vell")])
    face = prompt.findChild(QSpinBox, "initiativeFace:u1")
    assert face.value() == 0 and not prompt.send_button.isEnabled()
    qtbot.keyClick(face, Qt.Key.Key_Return)
    assert sent == []
    face.setValue(17)
    prompt.send_button.click()
    assert sent == [("u1", 17)]


def test_the_gm_hosting_the_same_table_again_keeps_code_and_port_and_players_rejoin(
    qtbot: QtBot, tmp_path: Path
) -> None:
    controller = make_controller(tmp_path)
    window = make_window(qtbot, controller)
    menu = window.table_menu
    menu._listen = False
    answer_next_dialog(qtbot, type_and_accept("Friday"))
    menu.host_action.trigger()
    link = menu.link
    qtbot.waitUntil(lambda: link.port != 0, timeout=WAIT_MS)
    code, port = link.code, link.port
    ana = Character("Ana Vell", profile="cypher", player="Ana")
    player = _library_with(tmp_path / "ana.numdesk", ana)
    joined = procs.join(player, port, "Ana Vell", code=code)
    joined.wait_for("joined 'Friday'")
    link.leave()  # End the Table
    joined.wait_for("the GM ended the table 'Friday'")
    assert joined.wait() == 0  # "bye": the GM ended it; the player's link stops cleanly
    answer_next_dialog(qtbot, type_and_accept("Friday"))
    menu.host_action.trigger()
    qtbot.waitUntil(lambda: link.port != 0, timeout=WAIT_MS)
    assert (link.code, link.port) == (code, port)
    again = procs.join(player, port, "Ana Vell", code=code)
    again.wait_for("joined 'Friday'")
    again.stop()
    link.leave()


def test_re_join_works_after_the_players_app_restarts(qtbot: QtBot, tmp_path: Path) -> None:
    gm = _library_with(tmp_path / "gm.numdesk")
    host, port = procs.host(gm)
    controller = make_controller(tmp_path)
    ana = Character("Ana Vell", player="Ana")
    controller.library.characters.save(ana)
    window = make_window(qtbot, controller)
    window.table_menu._listen = False
    answer_next_dialog(qtbot, _join_with(f"127.0.0.1:{port}", "K7M-Q2P"), JoinDialog)
    window.table_menu.join_action.trigger()
    qtbot.waitUntil(lambda: window.table_menu.link.connected, timeout=WAIT_MS)
    window.table_menu.link.leave()
    window.close()
    # the app starts again on the same settings: Re-join is one click
    restarted = make_window(qtbot, controller)
    menu = restarted.table_menu
    assert menu.rejoin_action.isEnabled()
    menu.show_window()  # its middle says how to go back
    assert "Re-join goes back to the last table." in menu.table_window.no_fight.text()
    assert menu.table_window.rejoin_button.isVisible()
    menu.rejoin_action.trigger()
    qtbot.waitUntil(lambda: menu.link.connected, timeout=WAIT_MS)
    assert menu.link.table_name == "Friday"
    menu.link.leave()
    host.stop()


def test_quitting_while_hosting_ends_the_table(qtbot: QtBot, tmp_path: Path) -> None:
    controller = make_controller(tmp_path)
    window = make_window(qtbot, controller)
    link = window.table_menu.link
    link.host("Friday", announce=False)
    qtbot.waitUntil(lambda: link.port != 0, timeout=WAIT_MS)
    window.table_menu.show_window()
    ana = Character("Ana Vell", player="Ana")
    player = _library_with(tmp_path / "ana.numdesk", ana)
    joined = procs.join(player, link.port, "Ana Vell", code=link.code)
    joined.wait_for("joined 'Friday'")
    window.close()
    qtbot.waitUntil(lambda: not link.role, timeout=WAIT_MS)
    joined.wait_for("the GM ended the table 'Friday'")
    assert joined.wait() == 0
    assert window.table_menu.table_window is None


def test_a_second_app_with_its_own_instance_runs_beside_the_first(tmp_path: Path) -> None:
    """`--instance` gives a separate app (a player's beside the GM's on one laptop);
    without it a second launch only hands over to the first."""
    import os
    import subprocess
    import sys
    import time

    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": str(runtime)}
    env.pop("NUMDESK_INSTANCE_KEY", None)

    def launch(*args: str) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-m", "numdesk", *args], env=env, text=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip

    gm, ana = tmp_path / "gm.numdesk", tmp_path / "ana.numdesk"
    first = launch("--library", str(gm))
    second = None
    try:
        end = time.monotonic() + procs.WAIT
        while not Path(f"{gm}-wal").exists():
            assert time.monotonic() < end and first.poll() is None
            time.sleep(0.2)
        handed = launch("--library", str(tmp_path / "other.numdesk"))
        assert handed.wait(procs.WAIT) == 0  # handed over to the running app
        second = launch("--instance", "player", "--library", str(ana))
        while not Path(f"{ana}-wal").exists():
            assert time.monotonic() < end, "the second app never opened its library"
            assert second.poll() is None, "the second app ended instead of running"
            time.sleep(0.2)
    finally:
        for proc in (first, second):
            if proc is not None:
                proc.terminate()
                proc.wait(60)


def test_the_table_log_keeps_the_lines_the_link_keeps(qtbot: QtBot) -> None:
    from numdesk.controllers.table_link import KEPT_LINES, TableLinkController
    from numdesk.views.table.table_window import TableWindow

    link = TableLinkController(None)
    window = TableWindow(link, {})
    qtbot.addWidget(window)
    for n in range(KEPT_LINES + 50):
        link.said.emit(f"lost the table; joining again ({n})")
    shown = [window.log.item(row).text() for row in range(window.log.count())]
    assert shown == link.lines
    assert len(shown) == KEPT_LINES and shown[-1].endswith(f"({KEPT_LINES + 49})")
    reopened = TableWindow(link, {})
    qtbot.addWidget(reopened)
    assert [reopened.log.item(row).text() for row in range(reopened.log.count())] == shown


def test_the_table_window_says_what_to_do_when_not_at_a_table(qtbot: QtBot) -> None:
    """Table > Show the Table Window before hosting or joining: its middle was empty."""
    from numdesk.controllers.table_link import TableLinkController
    from numdesk.views.table.table_window import TableWindow

    link = TableLinkController(None)
    window = TableWindow(link, {})
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.status.text() == "Not at a table"
    assert window.no_fight.isVisible() and not window.display.isVisible()
    said = window.no_fight.text()
    assert "not at a table" in said and "Host a Table" in said and "Join a Table" in said
    assert "Re-join" not in said  # no table to go back to yet
    assert not window.rejoin_button.isVisible()
