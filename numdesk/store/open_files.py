"""Which library files this process has open, so nothing else in it touches them raw.

On Linux and macOS a process's SQLite locks on a file are POSIX advisory locks, and
closing *any* file descriptor on that file drops *all* of them — SQLite's own
connections know this and share one descriptor, but a plain `open()`/`close()` of the
file (reading its header) does not. A second `Library` on a file the app already has
open (the table link opens its own) would then leave the app's connections holding no
locks: another numdesk process could fold and delete the WAL under them, and every
later save of the app would be lost. So opening a file that is open here skips the raw
read.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

_OPEN: Counter[Path] = Counter()

#: How long a connection to a library waits for another process's transaction before
#: giving up (every connection of this process: the store's and the readers').
BUSY_TIMEOUT_MS = 20_000


def _key(path: Path) -> Path:
    return Path(path).expanduser().resolve()


def opened(path: Path) -> None:
    """A `Library` of this process opened `path`."""
    _OPEN[_key(path)] += 1


def closed(path: Path) -> None:
    """A `Library` of this process closed `path`."""
    key = _key(path)
    _OPEN[key] -= 1
    if _OPEN[key] <= 0:
        del _OPEN[key]


def is_open(path: Path) -> bool:
    """Whether a `Library` of this process has `path` open now."""
    return _OPEN[_key(path)] > 0 if _key(path) in _OPEN else False
