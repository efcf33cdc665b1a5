"""Putting a backup back in place of a library."""

from __future__ import annotations

import shutil
from pathlib import Path

from numdesk.store import backups
from numdesk.store.errors import LibraryError
from numdesk.store.migrate import check_location, read_revision


def restore(backup: Path, target: Path) -> None:
    """Replace the library `target` (which must be closed) by the copy `backup`.

    The current `target`, if any, is first kept as a backup itself, so a restore can be
    undone by restoring that one; a damaged `target` is kept byte for byte. The copy is
    written beside the target and renamed over it, so the target is never half-written.
    """
    if not backup.is_file():
        raise LibraryError(f"There is no backup at {backup}.")
    if read_revision(backup, writable=False) is None:
        raise LibraryError(f"The backup {backup} is empty.")
    check_location(target)
    if target.exists() and target.stat().st_size > 0:
        folder = backups.backups_dir(target)
        folder.mkdir(exist_ok=True)
        safety = folder / f"{target.stem}-{backups.stamp()}{target.suffix}"
        try:
            backups.copy_database(target, safety)
        except LibraryError:
            shutil.copy2(target, safety)
    staged = target.with_name(target.name + ".restoring")
    backups.copy_database(backup, staged)
    # the target's WAL files belong to the replaced database and must not be replayed
    for side in ("-wal", "-shm"):
        Path(f"{target}{side}").unlink(missing_ok=True)
    staged.replace(target)
