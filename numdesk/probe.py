"""The start-up benchmark's probe: end the process when the start reaches a point.

`python -m numdesk.bench startup` sets `NUMDESK_STARTUP_PROBE` to "painted" (the
main window with the library list has been painted) or "ready" (the library is fully
open as well). The app then prints "painted" and leaves at once with `os._exit`, like
the bare window it is compared with, so no teardown is timed. Without the variable
nothing here runs.
"""

from __future__ import annotations

import os
from collections.abc import Callable

PROBE_ENV = "NUMDESK_STARTUP_PROBE"


def wanted() -> str | None:
    """The point the benchmark waits for, or None on a normal start."""
    return os.environ.get(PROBE_ENV) or None


def finish(before: Callable[[], object] | None = None) -> None:
    """Say the point was reached and end the process without any teardown (but
    `before`, if given)."""
    if before is not None:
        before()
    print("painted", flush=True)
    os._exit(0)
