"""A library open twice in one process (the app and its table link) keeps its saves when
another numdesk process works on the same file: opening it the second time must not
drop the process's SQLite locks (POSIX locks go with any closed descriptor)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.store import Library

REPO = Path(__file__).resolve().parents[2]


def test_a_second_open_here_and_an_import_elsewhere_lose_no_save(tmp_path: Path) -> None:
    path = tmp_path / "library.numdesk"
    app = Library.create(path, starter=False)
    app.characters.save(Character("Before"))
    link = Library.open(path, create=False)  # the table link's own connection
    export = tmp_path / "creatures.numdesk-json"
    source = tmp_path / "source.numdesk"
    with Library.create(source, starter=False) as other:
        other.creatures.save(Creature("Imported hound"))
    subprocess.run(
        [sys.executable, "-m", "numdesk", "export", "--library", str(source), "--out",
         str(export)],
        check=True, cwd=REPO, capture_output=True, timeout=120,
    )  # fmt: skip
    subprocess.run(
        [sys.executable, "-m", "numdesk", "import", "--library", str(path), str(export)],
        check=True, cwd=REPO, capture_output=True, timeout=120,
    )  # fmt: skip
    # the app still has the file open: the other process must not have taken the WAL
    # from under it (it could only if this process had lost its locks)
    assert Path(f"{path}-wal").exists()
    app.characters.save(Character("After the import"))
    link.close()
    app.close()
    with Library.open(path, create=False) as again:
        names = sorted(s.name for s in again.characters.list())
        creatures = [s.name for s in again.creatures.list()]
    assert names == ["After the import", "Before"]
    assert creatures == ["Imported hound"]
    assert json.loads(export.read_text(encoding="utf-8"))["entries"]
