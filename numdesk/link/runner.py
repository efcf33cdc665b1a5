"""What the GM's and the player's side share: one asyncio loop, stopped and called into
from other threads (the app's window thread, a signal handler)."""

from __future__ import annotations

import asyncio
from typing import Any


class LoopRunner:
    """A side of the table running on its own asyncio loop (`run` sets `_loop`)."""

    _loop: asyncio.AbstractEventLoop | None = None
    _stop: asyncio.Event | None = None

    def stop(self) -> None:
        """End this side (from any thread)."""
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)

    def call(self, action: Any, *args: Any) -> None:
        """Run `action(*args)` (a coroutine function of this side) on its loop."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(lambda: asyncio.ensure_future(action(*args)))
