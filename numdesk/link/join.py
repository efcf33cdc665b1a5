"""Joining a table: a player's numdesk connects to the GM's, proves the join code,
brings characters from its own library and keeps them in step; it shows the GM's
fight, sends rolls and answers intrusions. A dropped connection is re-joined by
itself; edits made meanwhile merge when it is back.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from numdesk.link.connection import Peer, WrongCode, ended_by_host, player_side
from numdesk.link.entry_sync import EntrySync
from numdesk.link.events import LinkEvents
from numdesk.link.exchange import Exchange
from numdesk.link.library_side import LinkLibrary
from numdesk.link.runner import LoopRunner
from numdesk.link.secure import MAX_FRAME, LinkRefused
from numdesk.link.status import FAILED, OK, REFUSED, UNREACHABLE, WRONG_CODE
from numdesk.model.errors import DomainError
from numdesk.model.limits import check_limits
from numdesk.model.serialize import from_data
from numdesk.model.table_view import TableView

WATCH_SECONDS = 0.025
#: a first join tries this many times while the table answers too slowly (busy saving)
SLOW_TRIES = 3


def websocket_uri(address: str) -> str:
    """ "192.168.1.20:48213" (or a bare host and port) as the URI to connect to."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    return f"ws://{address}"


class TableJoin(LoopRunner):
    """A player's side of a table: characters `uids` of library `path` at `address`.

    `stop_on_refusal`: end (status REFUSED) if the table refuses any character (the
    CLI); the app plays on with the ones accepted.
    """

    def __init__(
        self,
        path: Path,
        address: str,
        code: str,
        uids: list[str],
        *,
        name: str,
        events: LinkEvents,
        stop_on_refusal: bool = True,
        table: str = "",
    ) -> None:
        """`table`: the name the table had last time, to find it by if its address
        changed (the GM's laptop restarted)."""
        self.path = Path(path)
        self.address = address
        self.code = code
        self.uids = list(uids)
        self.name = name
        self.events = events
        self._stop_on_refusal = stop_on_refusal
        self.status = OK
        self.table = table
        self._library: LinkLibrary | None = None
        self._exchange: Exchange | None = None

    # -- running -------------------------------------------------------------------------
    async def run(self) -> int:
        """Play until stopped, the GM ends the table or the code is refused."""
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._library = LinkLibrary(self.path)
        try:
            return await self._keep_joining()
        finally:
            self._library.close()

    async def _keep_joining(self) -> int:
        assert self._stop is not None
        wait, joined_once, failures, slow = 0.5, False, 0, 0
        while not self._stop.is_set():
            uri = websocket_uri(self.address)
            try:
                async with connect(
                    uri, max_size=MAX_FRAME, open_timeout=10, ping_interval=5, ping_timeout=10
                ) as ws:
                    peer = await player_side(ws, self.code)
                    joined_once, wait, failures, slow = True, 0.5, 0, 0
                    ended = await self._play(peer)
                    if ended or self.status == REFUSED:
                        return self.status
            except WrongCode as err:
                self.events.said(f"not joined: {err}")
                self.status = WRONG_CODE
                return self.status
            except LinkRefused as err:
                self.events.said(f"left the table: it sent {err}")
                self.status = FAILED
                return self.status
            except InvalidURI as err:
                self.events.said(f"'{self.address}' is not an address to join ({err})")
                self.status = UNREACHABLE
                return self.status
            except DomainError as err:  # this library refused a save (a full disk)
                self.events.said(f"the table's changes wait: {err.message}")
                self.events.people([])
            except ConnectionClosed as err:
                if ended_by_host(err):
                    self.events.said(f"the GM ended the table '{self.table}'")
                    return self.status
                if not joined_once:
                    self.events.said(f"cannot reach a table at {self.address} ({err})")
                    self.status = UNREACHABLE
                    return self.status
                self._lost(wait)
                failures += 1
            except TimeoutError as err:
                # Something answers but is slow (a host busy saving): worth a few tries.
                slow += 1
                if not joined_once and slow >= SLOW_TRIES:
                    self.events.said(f"cannot reach a table at {self.address} ({err})")
                    self.status = UNREACHABLE
                    return self.status
                if not joined_once:
                    self.events.said(f"the table at {self.address} is slow to answer; trying again")
                else:
                    self._lost(wait)
                    failures += 1
            except (OSError, InvalidHandshake) as err:
                if not joined_once and self.table and failures == 0:
                    failures = 3  # first try failed: look for the table by its name once
                    self.events.said(f"no table at {self.address}; looking for '{self.table}'")
                    before = self.address
                    await self._look_again()
                    if self.address != before:
                        continue
                if not joined_once:
                    self.events.said(f"cannot reach a table at {self.address} ({err})")
                    self.status = UNREACHABLE
                    return self.status
                self._lost(wait)
                failures += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), wait)
            wait = min(wait * 2, 5.0)
            if failures >= 3 and self.table:
                await self._look_again()
        return self.status

    def _lost(self, wait: float) -> None:
        self.events.said(f"lost the table; joining again in {wait:.1f} s")
        self.events.people([])
        self.events.connected(False)

    async def _look_again(self) -> None:
        """The table may be back at another address (the GM's laptop restarted): listen
        for it by name and follow it."""
        from numdesk.link.discovery import find_table

        found = await find_table(self.table)
        if found is not None and found != self.address:
            self.events.said(f"'{self.table}' is now at {found}")
            self.address = found

    # -- one connection --------------------------------------------------------------------
    async def _play(self, peer: Peer) -> bool:
        """One connection; True when it ended for good (the GM ended the table, stop)."""
        assert self._library is not None and self._stop is not None
        entries = {uid: EntrySync(self._library, uid, self.here) for uid in self.uids}
        await peer.send(
            {
                "t": "join",
                "name": self.name,
                "bring": [_brought(self._library, e) for e in entries.values()],
            }
        )
        welcome = await asyncio.wait_for(peer.receive(), 15)
        if welcome["t"] != "welcome":
            raise LinkRefused("a table that did not welcome this player")
        self.table = welcome["table"]
        exchange = Exchange(peer, welcome["gm"], self._saved)
        self._exchange = exchange
        for item in welcome["refused"]:
            self.events.refused(item["uid"], item["why"])
            self.events.said(
                f"the table refused {_name_of(self._library, item['uid'])}: {item['why']}"
            )
            if self._stop_on_refusal:
                self.status = REFUSED
        if not welcome["accepted"]:
            self.status = REFUSED
        if self.status == REFUSED:
            await peer.send({"t": "bye"})
            return True
        self.events.said(f"joined '{self.table}' at {self.address}")
        self.events.connected(True)
        for item in welcome["accepted"]:
            entry = entries.get(item["uid"])
            if entry is None:
                raise LinkRefused("a table accepting a character that was not brought")
            meet = not entry.had_state and item["has_state"]
            await exchange.open(entry, meet=meet, ours_wins=True)
        watch = asyncio.create_task(self._watch(exchange))
        stopping = asyncio.create_task(self._stop.wait())
        try:
            while True:
                receiving = asyncio.create_task(peer.receive())
                done, _pending = await asyncio.wait(
                    {receiving, stopping}, return_when=asyncio.FIRST_COMPLETED
                )
                if stopping in done:
                    receiving.cancel()
                    with contextlib.suppress(ConnectionClosed, OSError):
                        await peer.send({"t": "bye"})
                    return True
                if not await self._on_message(exchange, receiving.result()):
                    self.events.said(f"the GM ended the table '{self.table}'")
                    return True
        finally:
            watch.cancel()
            stopping.cancel()
            self._exchange = None

    @property
    def here(self) -> str:
        return f"{self.name}'s laptop"

    async def _on_message(self, exchange: Exchange, message: dict[str, Any]) -> bool:
        kind = message["t"]
        if kind == "sync":
            await exchange.on_sync(message["uid"], message["m"], message["seen"])
        elif kind == "people":
            self.events.people(message["names"])
        elif kind == "table":
            self.events.table_view(_checked_view(message["view"]))
        elif kind == "offer":
            if message["uid"] not in exchange.entries:
                raise LinkRefused("an intrusion offered to a character not at the table")
            self.events.offer(message)
        elif kind == "initiative?":
            self.events.initiative_asked()
        elif kind == "refused":
            self.events.refused(message["uid"], message["why"])
        elif kind == "bye":
            return False
        else:
            raise LinkRefused(f"an unexpected '{kind}' message")
        return True

    async def _saved(self, uid: str) -> None:
        assert self._library is not None
        self.events.entry_saved(uid, _name_of(self._library, uid))

    async def _watch(self, exchange: Exchange) -> None:
        assert self._library is not None
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            try:
                if self._library.changed():
                    await exchange.take_library(self._library.revisions(list(exchange.entries)))
            except DomainError as err:
                self.events.said(f"could not read the library: {err.message}")
            except (ConnectionClosed, OSError):
                return

    # -- the player's actions (call them through `call`) ---------------------------------------
    async def send_roll(self, uid: str, text: str) -> None:
        await self._send({"t": "roll", "uid": uid, "text": text[:2000]})

    async def answer(self, offer_id: str, accept: bool, give_to: str = "") -> None:
        await self._send({"t": "answer", "id": offer_id, "accept": accept, "give_to": give_to})

    async def send_initiative(self, uid: str, face: int) -> None:
        await self._send({"t": "initiative", "uid": uid, "face": face})

    async def _send(self, message: dict[str, Any]) -> None:
        if self._exchange is None:
            self.events.said("not sent: the table is not connected right now")
            return
        with contextlib.suppress(ConnectionClosed, OSError):
            await self._exchange.peer.send(message)


def _brought(library: LinkLibrary, entry: EntrySync) -> dict[str, Any]:
    """What the join message says of one character: its uid, name, whether it met a
    table before, and the house rules set it plays by (the GM's library may lack it)."""
    item: dict[str, Any] = {
        "uid": entry.uid,
        "name": _name_of(library, entry.uid),
        "has_state": entry.had_state,
    }
    rules = library.rules_of(entry.uid)
    if rules is not None:
        item["rules"] = rules
    return item


def _name_of(library: LinkLibrary, uid: str) -> str:
    try:
        return library.character(uid)[0].name
    except DomainError:
        return uid


def _checked_view(view: dict[str, Any] | None) -> dict[str, Any] | None:
    """The GM's fight view, if it is one (LinkRefused otherwise)."""
    if view is None:
        return None
    try:
        check_limits(from_data(TableView, view))
    except DomainError as err:
        raise LinkRefused(f"a fight view that does not fit: {err.message}") from err
    return view
