"""Finding tables: a real host announces itself with zeroconf, the Join dialog lists it
and picking it fills in the address to join."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from numdesk.link.discovery import TableFinder
from numdesk.store import Library
from numdesk.views.table.join_dialog import JoinDialog
from tests.link import procs


def test_an_announced_table_is_heard_listed_and_picked(qtbot: QtBot, tmp_path: Path) -> None:
    gm = tmp_path / "gm.numdesk"
    Library.create(gm, starter=False).close()
    host = procs.Proc(
        "-m", "numdesk", "table", "host", "--library", str(gm), "--code", "K7M-Q2P",
        "--name", "Zeroconf night",
    )  # fmt: skip
    try:
        port = int(host.wait_for(r"hosting 'Zeroconf night' at \S+:(\d+);").group(1))
        try:
            TableFinder(lambda _tables: None).close()
        except OSError as err:  # pragma: no cover - a machine with no network at all
            pytest.skip(f"this machine cannot listen for tables: {err}")
        assert not any("not announced" in line for line in host.lines), host.lines
        dialog = JoinDialog([("uid-1", "Ana Vell")], listen=True)
        qtbot.addWidget(dialog)
        end = time.monotonic() + 30
        while dialog.found.count() == 0:
            assert time.monotonic() < end, "the table was never heard"
            qtbot.wait(100)
        item = dialog.found.item(0)
        assert item.text().startswith("Zeroconf night")
        dialog.found.setCurrentItem(item)
        assert dialog.address.text().endswith(f":{port}")
        dialog.reject()
    finally:
        host.stop()
