"""Running `numdesk --smoke-test` as a user would, and reading what it reports."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import IO

#: the phases `numdesk.bench.smoke` reports, in order
PHASES = ("library", "window", "character", "pdf", "close")
WINDOW_SHOWN = re.compile(r"^window shown after (\d+\.\d{3}) s$", re.MULTILINE)


def isolated_env(home: Path) -> dict[str, str]:
    """An environment whose home and XDG folders are `home`: the user's are never touched."""
    home.mkdir(parents=True, exist_ok=True)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_CACHE_HOME": str(home / "cache"),
        "TMPDIR": str(home / "tmp"),
    }
    (home / "tmp").mkdir(exist_ok=True)
    return env


def run_smoke(
    command: Sequence[str], home: Path, pdf: Path | None = None, timeout: float = 180
) -> subprocess.CompletedProcess[str]:
    """Run `command --smoke-test` (keeping the PDF in `pdf`) in an isolated home."""
    args = [*command, "--smoke-test"]
    if pdf is not None:
        args += ["--smoke-pdf", str(pdf)]
    return subprocess.run(
        args, capture_output=True, text=True, timeout=timeout, env=isolated_env(home)
    )


def pdf_text(pdf: Path) -> str:
    """The text of a PDF as poppler reads it."""
    return subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout


def files_under(folder: Path) -> list[Path]:
    """Every file below `folder`."""
    return sorted(p for p in folder.rglob("*") if p.is_file())


def assert_user_folders_untouched(home: Path) -> None:
    """No library, settings or temporary file was left in the user's folders."""
    for folder in ("data", "config", "tmp"):
        assert files_under(home / folder) == [], folder


def read_line(stream: IO[str] | None, timeout: float = 90.0) -> str:
    """The child's next output line, or AssertionError after `timeout` seconds.

    A bare `readline()` waits forever for a child that hangs before it prints: the test
    would then only end with the suite's timeout, which takes its worker down with it."""
    assert stream is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: lines.put(stream.readline()), daemon=True).start()
    try:
        return lines.get(timeout=timeout)
    except queue.Empty:
        raise AssertionError(f"no output line within {timeout:.0f} s") from None
