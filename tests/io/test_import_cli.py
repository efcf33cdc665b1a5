"""`numdesk import` / `numdesk export` run as real processes: exit codes and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import FIXTURES

from numdesk.model.kinds import EntryKind
from numdesk.store import Library


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "numdesk", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_import_then_export(tmp_path: Path) -> None:
    lib = tmp_path / "cli.numdesk"
    csv_file = tmp_path / "monsters.csv"
    csv_file.write_text("name,level,health\nBog hag,5,18\n", encoding="utf-8")
    done = _run("import", csv_file, FIXTURES / "foundry_npc.json", "--library", lib)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "Imported 1 entry from monsters.csv (1 creature)." in done.stdout
    assert "Imported 1 entry from foundry_npc.json (1 creature)." in done.stdout
    out = tmp_path / "creatures.json"
    exported = _run("--library", lib, "export", "--out", out, "--kind", "creature")
    assert exported.returncode == 0, exported.stderr
    names = {e["data"]["name"] for e in json.loads(out.read_text(encoding="utf-8"))["entries"]}
    assert {"Bog hag", "Harbour Smuggler"} <= names
    with Library.open(lib, create=False) as opened:
        assert opened.count(EntryKind.CREATURE) == len(names)


def test_bad_file_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    lib = tmp_path / "cli.numdesk"
    good = tmp_path / "good.csv"
    good.write_text("name,level\nImp,1\n", encoding="utf-8")
    bad = tmp_path / "bad.csv"
    bad.write_text("name,level\nOgre,huge\n", encoding="utf-8")
    done = _run("import", good, bad, "--library", lib)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == (
        "numdesk: bad.csv: row 2, column 'level': expected a whole number from 1 to 10, "
        "found 'huge'.\n"
    )
    assert not lib.exists()  # validated before the library was even opened


def test_missing_file_and_missing_library(tmp_path: Path) -> None:
    missing = _run("import", tmp_path / "nowhere.json", "--library", tmp_path / "l.numdesk")
    assert missing.returncode == 1
    assert missing.stderr.count("\n") == 1 and "nowhere.json" in missing.stderr, missing.stderr
    assert "Traceback" not in missing.stderr
    export = _run("export", "--out", tmp_path / "x.json", "--library", tmp_path / "none.numdesk")
    assert export.returncode == 1
    assert export.stderr.startswith("numdesk: There is no library at"), export.stderr
    assert not (tmp_path / "x.json").exists()


def test_export_to_a_missing_folder_or_a_folder_names_the_file(tmp_path: Path) -> None:
    library = tmp_path / "l.numdesk"
    Library.create(library, starter=False).close()
    out = tmp_path / "no such folder" / "x.json"
    missing = _run("export", "--out", out, "--library", library)
    assert missing.returncode == 1 and "Traceback" not in missing.stderr
    assert (
        missing.stderr
        == f"numdesk: Cannot export to {out}: the folder {out.parent} does not exist.\n"
    )
    folder = _run("export", "--out", tmp_path, "--library", library)
    assert folder.returncode == 1
    assert (
        folder.stderr
        == f"numdesk: Cannot export to {tmp_path}: it is a folder; choose a file name.\n"
    )
    assert not [p for p in tmp_path.rglob("*") if "x.json" in p.name or p.name.startswith(".")]
