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
    print(f"peak-kb {peak_kb()}", flush=True)
    os._exit(0)


def peak_kb() -> int:
    """This process's peak resident memory in kB (`VmHWM`; 0 where /proc is missing).

    Read by the process itself: the benchmark's own size must not count, and a child's
    `ru_maxrss` on Linux includes its parent's size at the fork.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0
