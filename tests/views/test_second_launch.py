"""A second launch against a running numdesk that does not answer (a real first app,
stopped with SIGSTOP): no second full app is started; the user is told and chooses to
wait for it or to open the library read-only."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from main_window_helpers import make_settings
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from numdesk.app import open_read_only_window
from numdesk.instance import KEY_VARIABLE, SingleInstance
from numdesk.model.creature import Creature
from numdesk.model.errors import DomainError
from numdesk.store import Library
from numdesk.views.second_launch import Outcome, reach_running

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="POSIX signals")


@dataclass
class FirstApp:
    process: subprocess.Popen[bytes]
    library: Path


@dataclass
class Answers:
    """Presses buttons of the second launch's question, one per time it is asked."""

    buttons: list[str]
    before: Callable[[], None] = lambda: None
    seen: list[str] = field(default_factory=list)

    def start(self) -> QTimer:
        timer = QTimer()
        timer.timeout.connect(self._poll)
        timer.start(20)
        return timer

    def _poll(self) -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox) or box.objectName() != "secondLaunchBox":
            return
        self.seen.append(f"{box.text()} {box.informativeText()}")
        self.before()
        wanted = self.buttons.pop(0)
        for button in box.buttons():
            if button.text().replace("&", "") == wanted:
                button.click()
                return
        raise AssertionError(wanted)


@pytest.fixture
def first_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FirstApp]:
    """A real numdesk app on a library, answering handoffs, in its own settings."""
    runtime = Path(tempfile.mkdtemp(prefix="rt-", dir="/tmp"))
    runtime.chmod(0o700)
    key = f"second-{os.getpid()}"
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        KEY_VARIABLE: key,
        "XDG_RUNTIME_DIR": str(runtime),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    monkeypatch.setenv(KEY_VARIABLE, key)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    library = tmp_path / "table.numdesk"
    with Library.create(library, starter=False) as lib:
        lib.creatures.save(Creature("Margr", level=3))
    process = subprocess.Popen(
        [sys.executable, "-m", "numdesk", "--library", str(library)], env=env
    )
    try:
        deadline = time.monotonic() + 120
        while not SingleInstance().hand_over([]):  # up and answering
            assert process.poll() is None, "the first numdesk stopped"
            assert time.monotonic() < deadline, "the first numdesk never answered"
            time.sleep(0.5)
        yield FirstApp(process, library)
    finally:
        process.send_signal(signal.SIGCONT)
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(runtime, ignore_errors=True)


def test_a_stopped_first_app_is_named_and_the_library_opens_read_only(
    qtbot: QtBot, first_app: FirstApp, tmp_path: Path
) -> None:
    first_app.process.send_signal(signal.SIGSTOP)
    second = SingleInstance()
    assert not second.claim()  # the first still holds it: no second full app
    answers = Answers(["Open Read-Only"])
    timer = answers.start()
    try:
        outcome = reach_running(second, [first_app.library])
    finally:
        timer.stop()
    assert outcome is Outcome.READ_ONLY
    assert "does not answer" in answers.seen[0] and "read-only" in answers.seen[0]
    before = first_app.library.read_bytes()
    window = open_read_only_window(first_app.library, make_settings(tmp_path))
    assert window is not None
    qtbot.addWidget(window)
    assert "read-only" in window.windowTitle()
    controller = window.controller
    assert controller.library.creatures.find_by_name("Margr") is not None
    with pytest.raises(DomainError, match="read-only"):
        controller.create(Creature("Intruder", level=1))
    controller.close()
    assert first_app.library.read_bytes() == before
    assert first_app.process.poll() is None  # the first app was left alone


def test_waiting_hands_over_once_the_first_app_answers_again(
    qtbot: QtBot, first_app: FirstApp
) -> None:
    first_app.process.send_signal(signal.SIGSTOP)
    answers = Answers(["Wait"], before=lambda: first_app.process.send_signal(signal.SIGCONT))
    timer = answers.start()
    try:
        outcome = reach_running(SingleInstance(), [first_app.library])
    finally:
        timer.stop()
    assert outcome is Outcome.HANDED and len(answers.seen) == 1
    assert first_app.process.poll() is None


# -- the running app when a launch hands it a library (in one process, real widgets) ----


def _fight_window(qtbot: QtBot, tmp_path: Path) -> tuple[object, str]:
    from main_window_helpers import make_controller, make_window

    from numdesk.model.encounter import Encounter

    (tmp_path / "main").mkdir()
    controller = make_controller(tmp_path / "main")
    window = make_window(qtbot, controller)
    fight_uid = controller.create(Encounter("Ambush at the ford", profile="numenera"))
    qtbot.addWidget(window.open_entry(fight_uid))
    return window, fight_uid


def test_a_launch_naming_the_open_library_only_brings_the_app_to_the_front(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from numdesk.app import FileOpener

    window, fight_uid = _fight_window(qtbot, tmp_path)
    controller = window.controller  # type: ignore[attr-defined]
    with qtbot.assertNotEmitted(controller.libraryOpened, wait=300):
        FileOpener(window).take_over([str(controller.path)])  # type: ignore[arg-type]
        qtbot.wait(200)
    assert fight_uid in window.documents.encounter_windows  # type: ignore[attr-defined]
    controller.close()


@pytest.mark.parametrize("answer", ["Keep This One", "Open Library"])
def test_another_library_while_a_fight_is_open_is_asked_first_and_leaves_no_stale_question(
    qtbot: QtBot, tmp_path: Path, answer: str
) -> None:
    from main_window_helpers import answer_next_dialog, make_controller, press

    from numdesk.app import FileOpener

    window, fight_uid = _fight_window(qtbot, tmp_path)
    controller = window.controller  # type: ignore[attr-defined]
    first = controller.path
    (tmp_path / "other").mkdir()
    other = make_controller(tmp_path / "other", "other.numdesk")
    other_path = other.path
    other.close()
    asked = answer_next_dialog(qtbot, press(answer))
    FileOpener(window).open_files([other_path])
    assert asked.done and "Ambush at the ford" not in asked.seen[0]
    assert "other.numdesk" in asked.seen[0] and "fight" in asked.seen[0]
    if answer == "Keep This One":
        assert controller.path == first
        assert fight_uid in window.documents.encounter_windows  # type: ignore[attr-defined]
    else:
        qtbot.waitUntil(lambda: controller.path == other_path)
        qtbot.wait(300)  # the new library's session: nothing to resume, nothing asked
        assert QApplication.activeModalWidget() is None
    controller.close()


def test_enter_resumes_the_fight(qtbot: QtBot, tmp_path: Path) -> None:
    from main_window_helpers import answer_next_dialog, make_settings, make_window

    from numdesk.controllers.library import LibraryController

    window, fight_uid = _fight_window(qtbot, tmp_path)
    controller = window.controller  # type: ignore[attr-defined]
    path = controller.path
    window.close()  # type: ignore[attr-defined]
    controller.close()
    again = LibraryController(Library.open(path), settings=make_settings(tmp_path))
    second = make_window(qtbot, again)

    def enter(box: object) -> None:
        from PySide6.QtCore import Qt

        qtbot.keyClick(box, Qt.Key.Key_Return)  # type: ignore[arg-type]

    answered = answer_next_dialog(qtbot, enter)
    second.resume_session()
    assert answered.done and "Resume the fight “Ambush at the ford”?" in answered.seen
    assert fight_uid in second.documents.encounter_windows
    qtbot.addWidget(second.documents.encounter_windows[fight_uid])
    again.close()


#: The user of a second launch: Open Read-Only, reads the notes, closes the window.
SECOND_USER = """
import sys
from pathlib import Path
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox
app = QApplication(sys.argv[:1])
seen = []
def act():
    box = QApplication.activeModalWidget()
    if isinstance(box, QMessageBox):
        seen.append(box.text())
        wanted = "Open Read-Only" if box.objectName() == "secondLaunchBox" else "OK"
        for button in box.buttons():
            if button.text().replace("&", "") == wanted:
                button.click()
        return
    for window in QApplication.topLevelWidgets():
        if isinstance(window, QMainWindow) and window.isVisible():
            seen.append("title: " + window.windowTitle())
            window.close()
timer = QTimer()
timer.timeout.connect(act)
timer.start(100)
from numdesk.app import run_app
code = run_app(library=Path(sys.argv[1]), imports=[Path(sys.argv[2])])
print("SEEN", seen, flush=True)
sys.exit(code)
"""


def test_a_read_only_second_launch_says_its_files_were_not_imported(
    first_app: FirstApp, tmp_path: Path
) -> None:
    first_app.process.send_signal(signal.SIGSTOP)
    export = tmp_path / "hero.numdesk-json"
    export.write_text('{"format": "numdesk", "version": 1, "entries": []}', encoding="utf-8")
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config2"),
        "XDG_DATA_HOME": str(tmp_path / "data2"),
    }
    done = subprocess.run(
        [sys.executable, "-c", SECOND_USER, str(first_app.library), str(export)],
        capture_output=True, text=True, timeout=180, env=env, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "does not answer" in done.stdout
    assert "hero.numdesk-json was not imported" in done.stdout
    assert "read-only" in done.stdout.split("title: ")[1]
