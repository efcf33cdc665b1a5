"""A real start sets what it made aside from the garbage collector once the library is
open in full (`numdesk.app.freeze_start_objects`): a full collection then no longer walks the
start's objects, which paused a big library's scrolling for 75–85 ms now and then."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from numdesk.instance import separate_instance_env
from numdesk.model.creature import Creature
from numdesk.store import Library

#: Starts numdesk as `python -m numdesk` does and reports the collector's state.
START = textwrap.dedent(
    """
    import gc, sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication(sys.argv[:1])
    paused = []
    def report():
        paused.append(not gc.isenabled())
        if gc.get_freeze_count():
            print("FROZEN", gc.get_freeze_count(), len(gc.get_objects()), flush=True)
            print("PAUSED", paused[0], "ENABLED", gc.isenabled(), flush=True)
            app.quit()
    timer = QTimer()
    timer.timeout.connect(report)
    timer.start(50)
    QTimer.singleShot(60_000, app.quit)
    print("BEFORE", gc.get_freeze_count(), flush=True)
    from numdesk.app import run_app
    sys.exit(run_app(library=sys.argv[1]))
    """
)


def test_the_start_is_frozen_out_of_later_collections(tmp_path: Path) -> None:
    path = tmp_path / "table.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.creatures.save(Creature("Margr", level=3))
    runtime = Path(tempfile.mkdtemp(prefix="rt-", dir="/tmp"))  # short: a socket path
    env = {
        **os.environ,
        **separate_instance_env(runtime, f"settle-{os.getpid()}"),
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    done = subprocess.run(
        [sys.executable, "-c", START, str(path)],
        capture_output=True, text=True, timeout=180, env=env, check=False,
    )  # fmt: skip
    assert "BEFORE 0" in done.stdout, done.stdout + done.stderr
    frozen = next(line for line in done.stdout.splitlines() if line.startswith("FROZEN"))
    _word, count, left = frozen.split()
    # the start's objects frozen; what the collector still walks is a small part of them
    assert int(count) > 20_000 and int(left) < int(count) / 4, frozen
    # the collector waited for the start (its first look, in the event loop) and runs
    # again once the start's objects are frozen
    assert "PAUSED True ENABLED True" in done.stdout, done.stdout
    assert done.returncode == 0, done.stdout + done.stderr
