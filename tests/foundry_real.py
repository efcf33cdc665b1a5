"""The real Foundry VTT actor documents beside the repository, and the three ways a test
follows a value out of them: into a library, onto a printed sheet, and through numdesk's
own export and import.

The documents are read in place (`../shared/data/foundry-actors/`, see its MANIFEST);
printing and exchange run the `numdesk` command in a real process, as a user would.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from numdesk.io.importer import import_files
from numdesk.model.character import Character
from numdesk.store import Library
from tests.conftest import SHARED_DATA

FOUNDRY_ACTORS = SHARED_DATA / "foundry-actors"


def real_actor(name: str) -> Path:
    """One real actor document by file name; the test fails if the shared data is missing."""
    path = FOUNDRY_ACTORS / name
    if not path.exists():
        pytest.fail(f"shared test data missing: {path}")
    return path


def run_numdesk(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """`python -m numdesk ARGS` in its own process; the caller checks the outcome."""
    return subprocess.run(
        [sys.executable, "-m", "numdesk", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


def import_real(library: Library, name: str) -> Character:
    """Import one real PC document into `library` and return its character."""
    path = real_actor(name)
    import_files(library, [path])
    found = library.characters.find_by_name(json.loads(path.read_text(encoding="utf-8"))["name"])
    assert found is not None, f"{name} gave no character"
    return found


def printed(library_file: Path, character: str, out: Path, kind: str = "--character") -> str:
    """`numdesk export-pdf` of one character (or, with `kind` "--creature", one stat
    block), read back with pdftotext."""
    done = run_numdesk("export-pdf", "--library", library_file, kind, character, "--out", out)
    assert done.returncode == 0, done.stderr
    text = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    return " ".join(text.split())


def exchanged(library_file: Path, folder: Path) -> Path:
    """`numdesk export` of a whole library, then `numdesk import` of that file into a new
    one: the path of the new library."""
    exported = folder / "exchange.numdesk-json"
    done = run_numdesk("export", "--library", library_file, "--out", exported)
    assert done.returncode == 0, done.stderr
    other = folder / "other.numdesk"
    done = run_numdesk("import", exported, "--library", other)
    assert done.returncode == 0, done.stderr
    return other


def exchanged_character(library_file: Path, folder: Path, name: str) -> Character:
    """The character `name` as it comes back from `exchanged`."""
    with Library.open_read_only(exchanged(library_file, folder)) as lib:
        found = lib.characters.find_by_name(name)
        assert found is not None, f"{name} did not come back"
        return found
