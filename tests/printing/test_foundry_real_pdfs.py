"""Every real Foundry actor document (issue 24) prints: each character and creature it
imports as is printed by `numdesk export-pdf` in a process of its own, which exits 0, and
the PDF's text (pdftotext) names it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from numdesk.io.importer import import_files
from numdesk.store import Library
from tests.foundry_real import FOUNDRY_ACTORS, run_numdesk

ACTORS = sorted(p.name for p in FOUNDRY_ACTORS.glob("*.json"))


def test_the_folder_holds_the_documents() -> None:
    assert len(ACTORS) >= 38, f"expected the 38 real actor documents in {FOUNDRY_ACTORS}"


@pytest.mark.parametrize("name", ACTORS)
def test_every_imported_character_and_creature_prints(name: str, tmp_path: Path) -> None:
    library_file = tmp_path / "library.numdesk"
    with Library.create(library_file, starter=False) as lib:
        import_files(lib, [FOUNDRY_ACTORS / name])
        wanted = [("character", s.name) for s in lib.characters.list()]
        wanted += [("creature", s.name) for s in lib.creatures.list()]
        followers = [s.name for s in lib.followers.list()]
    if not wanted:
        # markers and tokens are skipped with a reason; a lone companion is a follower,
        # which prints on its character's sheet, not on its own
        assert "marker" in name or "token" in name or followers, name
        return
    out = tmp_path / "printed.pdf"
    args: list[str | Path] = ["export-pdf", "--library", library_file, "--out", out]
    for kind, entry in wanted:
        args += [f"--{kind}", entry]
    done = run_numdesk(*args)
    assert done.returncode == 0, done.stderr
    text = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    text = " ".join(text.split())
    for _kind, entry in wanted:
        assert " ".join(entry.split()) in text, f"{entry} is not named in the PDF of {name}"
