"""`numdesk export` and `export-pdf` only read: a library left with its write-ahead log
(a session that was killed, a copy taken with its -wal file) is read whole, the changes
in the log included, and no side file is made or changed beside it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from numdesk.model.creature import Creature
from numdesk.store import Library


def _with_leftover_wal(folder: Path) -> Path:
    """A library whose last saves are only in its -wal file (no -shm beside it)."""
    path = folder / "lib.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.creatures.save(Creature("Margr", level=3))
    code = (
        "import sqlite3, os, sys\n"
        "conn = sqlite3.connect(sys.argv[1])\n"
        "conn.execute('PRAGMA wal_autocheckpoint=0')\n"
        "conn.execute(\"UPDATE entries SET name='Margr in the log', \"\n"
        "             \"data=json_set(data, '$.name', 'Margr in the log') WHERE name='Margr'\")\n"
        "conn.commit()\n"
        "os._exit(0)\n"  # killed: no checkpoint, the change is in the -wal only
    )
    subprocess.run([sys.executable, "-c", code, str(path)], check=True)
    Path(f"{path}-shm").unlink(missing_ok=True)  # copied without it, say
    assert Path(f"{path}-wal").stat().st_size > 0
    return path


def _side_files(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in path.parent.iterdir() if p.name != path.name}


def test_export_reads_the_log_and_leaves_no_side_file(tmp_path: Path) -> None:
    folder = tmp_path / "lib"
    folder.mkdir()
    path = _with_leftover_wal(folder)
    before = _side_files(path)
    main_before = path.read_bytes()
    out = tmp_path / "out.json"
    done = subprocess.run(
        [sys.executable, "-m", "numdesk", "export", "--library", str(path), "--out", str(out)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    names = [e["data"]["name"] for e in json.loads(out.read_text())["entries"]]
    assert names == ["Margr in the log"]
    assert _side_files(path) == before and path.read_bytes() == main_before
    assert not Path(f"{path}-shm").exists()
