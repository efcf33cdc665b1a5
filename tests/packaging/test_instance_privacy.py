"""The single-instance handoff is private to the user: its lock and socket live in a
folder only the user can enter, so another local user can neither pose as the running
numdesk nor receive the file and library paths a second launch hands over."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from smoke_helpers import read_line

from numdesk.instance import KEY_VARIABLE

REPO = Path(__file__).resolve().parents[2]
NOBODY = 65534

#: Another user's process squatting every name in the shared temp folder that a
#: numdesk of `key` could use: the lock (held, as a live owner holds it) and a socket
#: anyone may connect to, which records what it is sent.
SQUATTER = textwrap.dedent(
    """
    import fcntl, os, socket, sys
    key, out, folder = sys.argv[1], sys.argv[2], sys.argv[3]
    names = [os.path.join(folder, key), os.path.join(folder, "numdesk-%d" % int(sys.argv[4]))]
    os.makedirs(names[1], mode=0o777, exist_ok=True)
    os.chmod(names[1], 0o777)
    lock = os.open(names[0] + ".lock", os.O_CREAT | os.O_RDWR, 0o644)
    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    exe = os.path.basename(os.readlink("/proc/self/exe"))
    os.write(lock, ("%d\\n%s\\n%s\\n" % (os.getpid(), exe, socket.gethostname())).encode())
    servers = []
    for path in (names[0], os.path.join(names[1], key), os.path.join(names[1], key + ".socket")):
        server = socket.socket(socket.AF_UNIX)
        server.bind(path)
        os.chmod(path, 0o777)
        server.listen(5)
        server.setblocking(False)
        servers.append(server)
    print("ready", flush=True)
    import select, time
    end = time.time() + 60
    while time.time() < end:
        ready, _, _ = select.select(servers, [], [], 0.5)
        for server in ready:
            conn, _ = server.accept()
            conn.settimeout(5)
            data = conn.recv(65536)
            conn.sendall(b"ok\\n")
            with open(out, "ab") as f:
                f.write(data)
    """
)

FIRST = textwrap.dedent(
    """
    import json
    from PySide6.QtCore import QCoreApplication, QTimer
    app = QCoreApplication([])
    from numdesk.instance import SingleInstance
    first = SingleInstance()
    claimed = first.claim()
    print(json.dumps({"claimed": claimed, "lock": str(first.lock_path),
                      "socket": first.server_name}), flush=True)
    first.filesReceived.connect(lambda paths: (print(json.dumps(paths), flush=True),
                                               QTimer.singleShot(200, app.quit)))
    QTimer.singleShot(60_000, app.quit)
    app.exec()
    first.release()
    """
)

SECOND = textwrap.dedent(
    """
    import json
    from pathlib import Path
    from PySide6.QtCore import QCoreApplication
    app = QCoreApplication([])
    from numdesk.instance import SingleInstance
    second = SingleInstance()
    claims = second.claim()
    print(json.dumps({"claims": claims,
                      "handed": not claims and second.hand_over([Path("/secret/c.numdesk")])}))
    """
)


@pytest.fixture
def shared_temp() -> Iterator[Path]:
    """A temp folder every user may write to (sticky, like /tmp), for this test alone."""
    folder = Path(tempfile.mkdtemp(prefix="numdesk-shared-", dir="/tmp"))
    folder.chmod(0o1777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0 or not Path("/usr/bin/python3").exists(),
    reason="needs root to run a process as another user, and the system Python for it",
)
def test_another_user_cannot_take_the_handoff(shared_temp: Path) -> None:
    import json

    key = f"privacy-{os.getpid()}"
    from numdesk.instance import SingleInstance  # noqa: F401  (the module the launch uses)

    seed_key = subprocess.run(
        [sys.executable, "-c", "from numdesk.instance import instance_key; print(instance_key())"],
        capture_output=True, text=True, check=True, cwd=REPO,
        env={**os.environ, KEY_VARIABLE: key},
    ).stdout.strip()  # fmt: skip
    out = shared_temp / "received"
    squatter = subprocess.Popen(
        ["/usr/bin/python3", "-c", SQUATTER, seed_key, str(out), str(shared_temp), "0"],
        user=NOBODY, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert read_line(squatter.stdout).strip() == "ready"
        env = {**os.environ, KEY_VARIABLE: key, "TMPDIR": str(shared_temp)}
        env.pop("XDG_RUNTIME_DIR", None)
        first = subprocess.Popen(
            [sys.executable, "-c", FIRST], stdout=subprocess.PIPE, text=True, env=env, cwd=REPO
        )
        report = json.loads(read_line(first.stdout))
        done = subprocess.run(
            [sys.executable, "-c", SECOND], capture_output=True, text=True, timeout=120,
            env=env, cwd=REPO, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        second = json.loads(done.stdout.strip().splitlines()[-1])
        received = json.loads(read_line(first.stdout))
        first.wait(timeout=60)
    finally:
        squatter.kill()
        squatter.wait(60)
    assert not out.exists()  # the other user received nothing
    assert report["claimed"] is True  # not fooled into handing over to them
    assert second == {"claims": False, "handed": True}  # the user's own launch still is
    assert received == ["/secret/c.numdesk"]
    folder = Path(report["lock"]).parent
    info = folder.stat()
    assert info.st_uid == os.geteuid() and stat.S_IMODE(info.st_mode) == 0o700
    assert Path(report["socket"]).parent == folder
    assert folder != shared_temp / "numdesk-0"  # the folder the other user made


@pytest.mark.parametrize("deep", [False, True], ids=["socket-path", "recorded-name"])
def test_the_lock_and_socket_live_in_the_users_runtime_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qapp: object, deep: bool
) -> None:
    """The socket is a path in the private folder; where that path is too long for a
    Unix socket, a random name is used and recorded in the private folder."""
    from numdesk.instance import SingleInstance

    short = Path(tempfile.mkdtemp(prefix="rt-", dir="/tmp"))
    runtime = tmp_path / "run" if deep else short / "run"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.setenv(KEY_VARIABLE, f"runtime-{os.getpid()}")
    first = SingleInstance()
    try:
        assert first.claim()
        folder = runtime / "numdesk"
        assert first.lock_path.parent == folder
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        if deep:
            recorded = (folder / f"{first.key}.name").read_text(encoding="utf-8")
            assert first.server_name == recorded and len(recorded) > 30
        else:
            assert Path(first.server_name).parent == folder
            assert Path(first.server_name).exists()
        assert not SingleInstance().claim()
    finally:
        first.release()
        shutil.rmtree(short, ignore_errors=True)
