"""`numdesk table host` and `numdesk table join`: the table link without a window.

Each prints one line per connection and per synced entry, stops cleanly on Ctrl+C or
SIGTERM, and reads simple commands from standard input so scripts can play too
(`help` lists them). Exit statuses of `join`: 0 left, 1 failed, 3 wrong code,
4 no table at that address, 5 a character refused.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from numdesk.io.cli_commands import library_path
from numdesk.link.codes import new_code, normalise
from numdesk.link.events import PrintedEvents
from numdesk.link.host import TableHost
from numdesk.link.join import TableJoin
from numdesk.link.library_side import LinkLibrary
from numdesk.model.errors import DomainError

_HOST_HELP = "commands: fight NAME | nofight | initiative? | stop"
_JOIN_HELP = "commands: roll TEXT | initiative FACE | accept [NAME] | refuse | leave"


def run_host(args: argparse.Namespace) -> int:
    """Host a table until stopped."""
    path = library_path(args, create_folder=False)
    code = args.code or new_code()
    host = TableHost(
        path,
        name=args.name,
        code=normalise(code),
        events=_HostEvents(code),
        port=args.port,
        bind=args.bind,
        announce=not args.no_announce,
    )
    fight = _encounter_uid(path, args.fight) if args.fight else None

    async def main() -> int:
        _stop_on_signals(host.stop)
        task = asyncio.create_task(host.run())
        await _started(host, task)
        if fight:
            await host.share_fight(fight)
        _read_commands(lambda line: _host_command(host, path, line), host.stop)
        await task
        return 0

    return asyncio.run(main())


class _HostEvents(PrintedEvents):
    """Printed events that show the code as the GM typed it."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self._code = code

    def said(self, line: str) -> None:
        super().said(line.replace(normalise(self._code), self._code))

    def people(self, names: list[str]) -> None:
        self._print("at the table: " + (", ".join(names) if names else "nobody"))


async def _started(host: TableHost, task: asyncio.Task[None]) -> None:
    waiting = asyncio.create_task(host.ready.wait())
    await asyncio.wait({waiting, task}, return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        waiting.cancel()
        task.result()  # raises what stopped it (a port in use: OSError)


def _encounter_uid(path: Path, name: str) -> str:
    library = LinkLibrary(path)
    try:
        return library.encounter_named(name)
    finally:
        library.close()


def _host_command(host: TableHost, path: Path, line: str) -> None:
    word, _, rest = line.strip().partition(" ")
    if word == "fight":
        try:
            host.call(host.share_fight, _encounter_uid(path, rest.strip()))
        except DomainError as err:
            print(err.message, flush=True)
    elif word == "nofight":
        host.call(host.share_fight, None)
    elif word == "initiative?":
        host.call(host.ask_initiative)
    elif word == "stop":
        host.stop()
    elif word:
        print(_HOST_HELP, flush=True)


def run_join(args: argparse.Namespace) -> int:
    """Join a table until stopped; the exit status says why it ended."""
    path = library_path(args, create_folder=False)
    library = LinkLibrary(path)
    try:
        uids = [library.character_named(name) for name in args.character]
        players = {library.character(uid)[0].player for uid in uids} - {""}
    finally:
        library.close()
    name = args.name or (players.pop() if len(players) == 1 else args.character[0])
    events = _JoinEvents()
    joiner = TableJoin(path, args.address, normalise(args.code), uids, name=name, events=events)
    events.joiner = joiner

    async def main() -> int:
        _stop_on_signals(joiner.stop)
        task = asyncio.create_task(joiner.run())
        _read_commands(lambda line: _join_command(joiner, events, uids, line), joiner.stop)
        return await task

    return asyncio.run(main())


class _JoinEvents(PrintedEvents):
    """Printed events that remember the latest intrusion offer for `accept`/`refuse`."""

    joiner: TableJoin | None = None
    offer_seen: dict[str, Any] | None = None

    def people(self, names: list[str]) -> None:
        self._print("at the table: " + (", ".join(names) if names else "nobody"))

    def offer(self, offer: dict[str, Any]) -> None:
        self.offer_seen = offer
        super().offer(offer)

    def table_view(self, view: dict[str, Any] | None) -> None:
        if view is None:
            self._print("no fight shown")
            return
        turn = view.get("turn_label") or "nobody yet"
        self._print(f"fight '{view.get('name')}': round {view.get('round')}, turn: {turn}")

    def initiative_asked(self) -> None:
        self._print("the GM asks for initiative: type 'initiative FACE'")


def _join_command(joiner: TableJoin, events: _JoinEvents, uids: list[str], line: str) -> None:
    word, _, rest = line.strip().partition(" ")
    rest = rest.strip()
    offer = events.offer_seen
    if word == "roll" and rest:
        joiner.call(joiner.send_roll, uids[0], rest)
    elif word == "initiative" and rest.isdigit():
        joiner.call(joiner.send_initiative, uids[0], int(rest))
    elif word in ("accept", "refuse") and offer is not None:
        give_to = ""
        if word == "accept" and rest:
            give_to = next(
                (o["uid"] for o in offer["others"] if o["name"].casefold() == rest.casefold()),
                "",
            )
        joiner.call(joiner.answer, offer["id"], word == "accept", give_to)
        events.offer_seen = None
    elif word == "leave":
        joiner.stop()
    elif word:
        print(_JOIN_HELP, flush=True)


def _stop_on_signals(stop: Any) -> None:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: no handlers
            loop.add_signal_handler(sig, stop)


def _read_commands(handle: Any, on_end: Any) -> None:
    """Read command lines from standard input on a thread of their own."""

    def read() -> None:
        for line in sys.stdin:
            handle(line)

    if sys.stdin is not None and not sys.stdin.closed:
        threading.Thread(target=read, name="table-commands", daemon=True).start()
