"""Copies taken before migrations are pruned by copy, not by file: a copy's `-wal`,
`-shm` and `-journal` side files are part of it, never counted as copies of their own."""

from __future__ import annotations

from pathlib import Path

from numdesk.store import Library
from numdesk.store.backups import (
    KEEP_MIGRATION_COPIES,
    list_migration_copies,
    prune_migration_copies,
)


def test_side_files_are_not_counted_as_copies_and_go_with_their_copy(tmp_path: Path) -> None:
    library = tmp_path / "lib.numdesk"
    with Library.create(library, starter=False):
        pass
    copies = []
    for n in range(KEEP_MIGRATION_COPIES + 2):
        copy = tmp_path / f"lib.numdesk.backup-abc123-20260{n + 1}01T100000Z"
        copy.write_bytes(library.read_bytes())
        for side in ("-wal", "-shm"):
            Path(f"{copy}{side}").write_bytes(b"side")
        copies.append(copy)
    newest_first = list(reversed(copies))
    assert list_migration_copies(library) == newest_first
    prune_migration_copies(library)
    kept = newest_first[:KEEP_MIGRATION_COPIES]
    assert list_migration_copies(library) == kept
    for copy in copies:
        for side in ("", "-wal", "-shm"):
            assert Path(f"{copy}{side}").exists() == (copy in kept), f"{copy.name}{side}"
