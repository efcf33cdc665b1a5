"""Wall-clock and CPU time of repeated actions, reported as median / p95."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


class Timer:
    """Wall-clock and CPU time of repeated actions: the box may be shared, so both count."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def time(self, action: Callable[[], object]) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        action()
        self.wall.append(time.perf_counter() - wall)
        self.cpu.append(time.process_time() - cpu)

    def report(self) -> str:
        def stats(samples: list[float]) -> str:
            ordered = sorted(samples)
            p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
            return f"{statistics.median(ordered) * 1000:.1f} / {p95 * 1000:.1f} ms"

        return f"{stats(self.wall)} (CPU {stats(self.cpu)})"

    def ratio(self, yardstick: Timer) -> str:
        """The medians of this timer over those of `yardstick` (wall and CPU)."""
        wall = statistics.median(self.wall) / statistics.median(yardstick.wall)
        cpu = statistics.median(self.cpu) / max(statistics.median(yardstick.cpu), 1e-9)
        return f"{wall:.2f} × (CPU {cpu:.2f} ×)"
