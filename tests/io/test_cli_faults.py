"""The command line on hostile input and awkward machines: no display, read-only and
empty files, a failed upgrade, broken text. One line, exit 1, nothing written."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from numdesk.cli import main
from numdesk.model.creature import Creature
from numdesk.store import Library
from numdesk.store.migrate import downgrade
from numdesk.store.revisions import FIRST


def _run(*args: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "numdesk", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )


def _library(folder: Path) -> Path:
    path = folder / "lib.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.creatures.save(Creature("Yovok", level=5, armor=2))
    return path


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def _one_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("numdesk: "), err
    assert "Traceback" not in err
    return err


def test_export_pdf_runs_without_a_display(tmp_path: Path) -> None:
    path = _library(tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    out = tmp_path / "yovok.pdf"
    done = _run("export-pdf", "--library", path, "--creature", "Yovok", "--out", out, env=env)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF")


def test_read_only_commands_work_on_a_read_only_file_and_change_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _library(tmp_path)
    path.chmod(0o444)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    before = _snapshot(tmp_path)
    try:
        assert main(["export", "--library", str(path), "--out", str(out_dir / "a.json")]) == 0
        pdf = out_dir / "a.pdf"
        args = ["export-pdf", "--library", str(path), "--creature", "Yovok", "--out", str(pdf)]
        assert main(args) == 0
    finally:
        path.chmod(0o644)
    assert _snapshot(tmp_path) == before
    assert not (tmp_path / "backups").exists()
    doc = json.loads((out_dir / "a.json").read_text(encoding="utf-8"))
    assert [e["data"]["name"] for e in doc["entries"]] == ["Yovok"]


@pytest.mark.parametrize("command", ["export", "export-pdf"])
def test_an_empty_file_is_never_made_a_library_by_a_read_only_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    empty = tmp_path / "empty.numdesk"
    empty.touch()
    extra = ["--creature", "Yovok"] if command == "export-pdf" else []
    code = main([command, "--library", str(empty), "--out", str(tmp_path / "x.out"), *extra])
    assert code == 1
    err = _one_line(capsys.readouterr().err)
    assert "empty, not a numdesk library" in err
    assert empty.stat().st_size == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.numdesk"]


def test_a_failed_upgrade_is_one_line_in_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _library(tmp_path)
    downgrade(path, FIRST)
    con = sqlite3.connect(path)
    con.execute("CREATE INDEX ix_entries_kind_name_key ON entries (kind)")  # 0002 fails
    con.commit()
    con.close()
    before = path.read_bytes()
    csv_file = tmp_path / "imp.csv"
    csv_file.write_text("name,level\nImp,1\n", encoding="utf-8")
    assert main(["import", str(csv_file), "--library", str(path)]) == 1
    err = _one_line(capsys.readouterr().err)
    assert "could not upgrade the library" in err and "it is unchanged; a copy is at" in err
    assert path.read_bytes() == before


def test_a_lone_surrogate_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    doc = {"format": "numdesk", "version": 1, "entries": [{"kind": "creature", "data": {}}]}
    text = json.dumps(doc).replace('"data": {}', '"data": {"name": "Imp\\ud800", "level": 2}')
    bad.write_text(text, encoding="utf-8")
    lib = tmp_path / "lib.numdesk"
    done = _run("import", bad, "--library", lib)
    assert done.returncode == 1
    assert done.stderr == (
        "numdesk: broken.json: $.entries[0].data.name: expected text, found a broken "
        "character (a lone UTF-16 surrogate \\ud800).\n"
    )
    assert not lib.exists()
