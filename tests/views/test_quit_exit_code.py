"""Quit after a library failed to open in full (after the first screen listed it) ends
numdesk with exit code 1, as quitting at an earlier failure does: a script or a desktop
launcher must see that the app did not run."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from numdesk.model.creature import Creature
from numdesk.store import Library

#: The user: presses Quit on the box saying the library could not be opened.
USER = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox
    app = QApplication(sys.argv[:1])
    seen = []
    def quit_on_failure():
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.objectName() == "startupErrorBox":
            seen.append(box.informativeText())
            for button in box.buttons():
                if button.text().replace("&", "") == "Quit":
                    button.click()
    timer = QTimer()
    timer.timeout.connect(quit_on_failure)
    timer.start(50)
    QTimer.singleShot(60_000, app.quit)
    from numdesk.app import run_app
    code = run_app(library=sys.argv[1])
    print("SEEN", seen, flush=True)
    sys.exit(code)
    """
)


def test_quit_after_a_late_open_failure_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "table.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.creatures.save(Creature("Margr", level=3))
    path.chmod(stat.S_IRUSR)  # listed by the first screen, refused by the full open
    runtime = Path(tempfile.mkdtemp(prefix="rt-", dir="/tmp"))
    runtime.chmod(0o700)
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "NUMDESK_INSTANCE_KEY": f"quit-{os.getpid()}",
        "XDG_RUNTIME_DIR": str(runtime),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    try:
        done = subprocess.run(
            [sys.executable, "-c", USER, str(path)],
            capture_output=True, text=True, timeout=180, env=env, check=False,
        )  # fmt: skip
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)
    assert "read-only" in done.stdout, done.stdout + done.stderr
    assert done.returncode == 1, done.stdout + done.stderr
