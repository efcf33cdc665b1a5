"""Real numdesk processes for table link tests: `numdesk table host|join` and a sheet
editor, each a child process whose output lines the test can wait for."""

from __future__ import annotations

import contextlib
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
#: generous: the test machine may be busy with other work
WAIT = 90.0


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["PYTHONUNBUFFERED"] = "1"
    return env


#: every process started, so a failed test leaves none running (`stop_all`)
STARTED: list[Proc] = []


def stop_all(keep: int = 0) -> None:
    """Kill whatever was started after the first `keep` processes and is still running.

    A module's shared table (started before its tests) is kept; its fixture stops it."""
    while len(STARTED) > keep:
        proc = STARTED.pop()
        if proc.popen.poll() is None:
            proc.popen.kill()
            proc.popen.wait(30)


class Proc:
    """A child process; every output line is kept, in order."""

    def __init__(self, *args: str) -> None:
        STARTED.append(self)
        self.args = args
        self.popen = subprocess.Popen(
            [sys.executable, *args],
            cwd=REPO,
            env=_env(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            bufsize=1,
        )
        self.lines: list[str] = []
        self._new: queue.Queue[str] = queue.Queue()
        self._seen = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            self.lines.append(line.rstrip("\n"))
            self._new.put(line)

    def wait_for(self, pattern: str, timeout: float = WAIT) -> re.Match[str]:
        """The first line from now on matching `pattern` (AssertionError on timeout)."""
        regex = re.compile(pattern)
        end = time.monotonic() + timeout
        while True:
            while self._seen < len(self.lines):
                line = self.lines[self._seen]
                self._seen += 1
                found = regex.search(line)
                if found:
                    return found
            left = end - time.monotonic()
            if left <= 0 or (self.popen.poll() is not None and self._new.empty()):
                if self._seen < len(self.lines):
                    continue
                raise AssertionError(
                    f"no line matching {pattern!r} from {self.args[:4]}; got:\n"
                    + "\n".join(self.lines[-30:])
                )
            with contextlib.suppress(queue.Empty):
                self._new.get(timeout=min(left, 0.5))

    def saw(self, pattern: str, timeout: float = WAIT) -> None:
        """Wait until any line so far (in any order) matches `pattern`."""
        regex = re.compile(pattern)
        end = time.monotonic() + timeout
        while not any(regex.search(line) for line in list(self.lines)):
            if time.monotonic() > end:
                raise AssertionError(f"never saw {pattern!r}; got:\n" + "\n".join(self.lines))
            time.sleep(0.1)

    def send(self, line: str) -> None:
        assert self.popen.stdin is not None
        self.popen.stdin.write(line + "\n")
        self.popen.stdin.flush()

    def stop(self, timeout: float = WAIT) -> int:
        """SIGTERM and wait; the exit status."""
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGTERM)
        return self.popen.wait(timeout)

    def kill(self) -> None:
        self.popen.kill()
        self.popen.wait(WAIT)

    def wait(self, timeout: float = WAIT) -> int:
        return self.popen.wait(timeout)


def host(library: Path, *extra: str, code: str = "K7M-Q2P", port: int = 0) -> tuple[Proc, int]:
    """`numdesk table host` on 127.0.0.1 on `port` (0: a free one); the process and port."""
    args = ["-m", "numdesk", "table", "host", "--library", str(library), "--code", code]
    args += ["--no-announce", "--bind", "127.0.0.1", "--name", "Friday", "--port", str(port)]
    proc = Proc(*args, *extra)
    # bound to one address: that address is the one said, not the machine's others
    found = int(proc.wait_for(r"hosting 'Friday' at 127\.0\.0\.1:(\d+);").group(1))
    return proc, found


def join(library: Path, port: int, *characters: str, code: str = "K7M-Q2P") -> Proc:
    """`numdesk table join` bringing `characters` from `library`."""
    args = ["-m", "numdesk", "table", "join", f"127.0.0.1:{port}", "--library", str(library)]
    args += ["--code", code]
    for name in characters:
        args += ["--character", name]
    return Proc(*args)


def edit(library: Path, name: str, *changes: str) -> Proc:
    """Run the sheet editor script once (see `sheet_edits.py`)."""
    return Proc(str(REPO / "tests" / "link" / "sheet_edits.py"), str(library), name, *changes)
