"""Running `numdesk --smoke-test` as a user would, and reading what it reports."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Sequence
from pathlib import Path

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
