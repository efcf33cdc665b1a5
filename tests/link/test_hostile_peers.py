"""A neighbour who misbehaves: garbage, unsealed, oversized, replayed or tampered frames,
unknown messages and well-formed updates that break the limits. Each is dropped with a
line in the host's log, nothing it sent is applied, and the table plays on."""

from __future__ import annotations

import pytest

from numdesk.model.character import Character
from numdesk.store import Library
from tests.link import procs

MODES = {
    "garbage": r"dropped 127\.0\.0\.1 during the handshake",
    "unsealed": r"dropped Mallory .*unsealed frame",
    "oversized": r"dropped Mallory .*a frame over the size limit",
    "replay": r"dropped Mallory .*(forged, replayed or damaged)",
    "tampered": r"dropped Mallory .*(forged, replayed or damaged)",
    "unknown": r"dropped Mallory .*unknown type",
    "out_of_limits": r"dropped Mallory .*(out of limits|breaks the rules)",
    "overlong": r"dropped Mallory .*out of limits",
}


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("hostile")
    ana = Character("Ana Vell", player="Ana")
    with Library.create(folder / "gm.numdesk", starter=False):
        pass
    with Library.create(folder / "ana.numdesk", starter=False) as lib:
        lib.characters.save(ana)
    host, port = procs.host(folder / "gm.numdesk")
    player = procs.join(folder / "ana.numdesk", port, "Ana Vell")
    player.wait_for("joined 'Friday'")
    yield folder, host, port, ana.uid
    player.stop()
    host.stop()


@pytest.mark.parametrize("mode", list(MODES))
def test_a_misbehaving_peer_is_dropped_and_nothing_it_sent_is_kept(table, mode: str) -> None:  # type: ignore[no-untyped-def]
    folder, host, port, ana_uid = table
    peer = procs.Proc(str(procs.REPO / "tests" / "link" / "hostile_peer.py"), str(port),
                      "K7M-Q2P", mode)  # fmt: skip
    peer.wait_for("^closed$")
    host.wait_for(MODES[mode])
    with Library.open(folder / "gm.numdesk", create=False) as lib:
        names = [s.name for s in lib.characters.list()]
        mallory = [
            lib.characters.load(s.uid) for s in lib.characters.list() if s.name != "Ana Vell"
        ]
    # only the overlong peer's first, valid meeting may have left its character, unchanged
    assert set(names) <= {"Ana Vell", "Mallory"}, names
    assert all(m.name == "Mallory" and m.xp == 1 for m in mallory)
    # the table keeps running: the honest player's sheet still travels
    procs.edit(folder / "ana.numdesk", "Ana Vell", f"notes=after {mode}").wait_for("done")
    with Library.open(folder / "gm.numdesk", create=False) as lib:
        import time

        end = time.monotonic() + procs.WAIT
        while lib.characters.load(ana_uid).notes != f"after {mode}":
            assert time.monotonic() < end
            time.sleep(0.2)
