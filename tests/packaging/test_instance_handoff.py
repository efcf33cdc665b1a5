"""The handoff between launches keeps working as the start got quicker.

The name the running numdesk is found by stays what earlier versions computed (a SHA-1
of the user and the instance key): a launch after an update must still find the numdesk
started before it, or the two would open the same library. And the app's start answers
later launches only from its first paint on (`SingleInstance.claim(serve=False)`): a
launch in the meantime waits in the listening socket and is handed over, never told the
running numdesk does not answer.
"""

from __future__ import annotations

import getpass
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from smoke_helpers import read_line

from numdesk.instance import KEY_VARIABLE, SingleInstance, instance_key, separate_instance_env

REPO = Path(__file__).resolve().parents[2]

LATER_LAUNCH = textwrap.dedent(
    """
    import json
    from pathlib import Path
    from PySide6.QtCore import QCoreApplication
    app = QCoreApplication([])
    from numdesk.instance import SingleInstance
    later = SingleInstance()
    claims = later.claim()
    print("claimed" if claims else "handing over", flush=True)
    print(json.dumps(not claims and later.hand_over([Path("/library/b.numdesk")])), flush=True)
    """
)


@pytest.fixture
def runtime() -> Iterator[Path]:
    """A runtime folder with a path short enough for a Unix socket in it (pytest's own
    temporary folders are too long: the socket would get a recorded name instead)."""
    folder = Path(tempfile.mkdtemp(prefix="nd-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("key", [None, "player-laptop"])
def test_the_instance_key_is_the_sha1_of_user_and_key(
    monkeypatch: pytest.MonkeyPatch, key: str | None
) -> None:
    if key is None:
        monkeypatch.delenv(KEY_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(KEY_VARIABLE, key)
    seed = f"{getpass.getuser()}:{key or 'numdesk'}"
    assert instance_key() == "numdesk-" + hashlib.sha1(seed.encode()).hexdigest()[:16]


def test_a_launch_before_the_running_app_serves_waits_and_is_handed_over(
    qtbot: QtBot, runtime: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    instance_env = separate_instance_env(runtime, f"serve-{os.getpid()}")
    for name, value in instance_env.items():
        monkeypatch.setenv(name, value)
    running = SingleInstance()
    assert running.claim(serve=False)
    assert Path(running.server_name).parent == runtime / "numdesk"  # a socket path
    received: list[list[str]] = []
    running.filesReceived.connect(received.append)
    later = subprocess.Popen(
        [sys.executable, "-c", LATER_LAUNCH],
        stdout=subprocess.PIPE, text=True, cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"},
    )  # fmt: skip
    try:
        assert read_line(later.stdout).strip() == "handing over"  # the lock is held
        qtbot.wait(300)  # connected, and waiting for an answer
        assert later.poll() is None and received == []
        running.serve()
        running.serve()  # (again: nothing more)
        qtbot.waitUntil(lambda: received != [], timeout=10_000)
        assert json.loads(read_line(later.stdout)) is True
        assert later.wait(timeout=30) == 0
        assert received == [[str(Path("/library/b.numdesk").resolve())]]
        # the connection is closed and deleted (left over, it would be torn down with
        # the app at the interpreter's exit, its Python slots with it)
        from PySide6.QtNetwork import QLocalSocket

        qtbot.waitUntil(lambda: not running.findChildren(QLocalSocket), timeout=10_000)
    finally:
        later.kill()
        running.release()
    # with nobody running, a launch claims the instance itself (the socket is gone or stale)
    again = SingleInstance()
    assert again.claim()
    again.release()


def test_while_its_library_cannot_be_opened_the_app_takes_no_later_launch(
    runtime: Path, tmp_path: Path
) -> None:
    """The first app's library is no library: it asks its user what to do. A later
    launch meanwhile is not told that its files were taken (no window could open
    them): it gets no answer, and its own user is asked what to do."""
    bad = tmp_path / "bad.numdesk"
    bad.write_bytes(bytes(range(256)) * 80)
    env = {
        **os.environ,
        **separate_instance_env(runtime, f"unopened-{os.getpid()}"),
        "PYTHONPATH": str(REPO),
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    first = subprocess.Popen(
        [sys.executable, "-m", "numdesk", "--library", str(bad)], env=env, cwd=REPO
    )
    try:
        folder = runtime / "numdesk"
        for _ in range(600):  # the first app holds the instance and listens
            if folder.is_dir() and any(folder.glob("*.socket")):
                break
            assert first.poll() is None, "the first numdesk stopped"
            time.sleep(0.1)
        time.sleep(2.5)  # past the moment an app with a window answers at the latest
        later = subprocess.run(
            [sys.executable, "-c", LATER_LAUNCH],
            capture_output=True, text=True, cwd=REPO, env=env, timeout=60,
        )  # fmt: skip
        said = later.stdout.split()
        assert said[:3] == ["handing", "over", "false"], later.stdout
        assert first.poll() is None  # still asking its user
    finally:
        first.kill()
        first.wait(timeout=30)
