"""Hosting a table: the GM's numdesk listens, admits players who know the join code,
keeps their characters in step with the GM's library and shows them the fight.

Everything runs on one asyncio loop (the app runs it on a thread of its own): the
websocket server, a 25 ms watch of the library for saves made by anyone, and one task
per connected player. The host listens only between `run` and `stop`.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from numdesk.link import discovery
from numdesk.link.connection import TABLE_ENDED, Peer, WrongCode, host_side
from numdesk.link.entry_sync import EntrySync
from numdesk.link.events import LinkEvents
from numdesk.link.exchange import Exchange
from numdesk.link.fight_share import FightShare
from numdesk.link.library_side import LinkLibrary
from numdesk.link.runner import LoopRunner
from numdesk.link.secure import MAX_FRAME, LinkRefused
from numdesk.model.entry_kind import EntryKind
from numdesk.model.errors import DomainError

#: How often the library is asked whether anyone saved (seconds).
WATCH_SECONDS = 0.025


@dataclass
class Guest:
    """A connected player: their name, connection and the characters they brought."""

    name: str
    exchange: Exchange
    uids: list[str] = field(default_factory=list)


class TableHost(LoopRunner):
    """The GM's side of a table on library `path`."""

    def __init__(
        self,
        path: Path,
        *,
        name: str,
        code: str,
        events: LinkEvents,
        port: int = 0,
        bind: str = "0.0.0.0",
        announce: bool = True,
        log_rolls: bool = True,
    ) -> None:
        """`log_rolls`: write players' rolls into the shared fight's log here (the app
        does it through its fight window instead)."""
        self.path = Path(path)
        self.name = name
        self.code = code
        self.port = port
        self._bind = bind
        self._announce = announce
        self._log_rolls = log_rolls
        self.events = events
        self._guests: list[Guest] = []
        self._entries: dict[str, EntrySync] = {}
        self._library: LinkLibrary | None = None
        self._fight: FightShare | None = None
        self._offers: dict[str, str] = {}
        #: connections being closed (kept referenced until they are)
        self._closing: set[asyncio.Future[None]] = set()
        self.ready = asyncio.Event()

    @property
    def here(self) -> str:
        """This side as histories name it."""
        return f"the GM's table '{self.name}'"

    # -- running -------------------------------------------------------------------------
    async def run(self) -> None:
        """Listen until `stop`; raises OSError if the port cannot be had."""
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._library = LinkLibrary(self.path)
        self._fight = FightShare(self._library)
        announcer = None
        try:
            async with serve(
                self._welcome,
                self._bind,
                self.port,
                max_size=MAX_FRAME,
                ping_interval=5,
                ping_timeout=10,
            ) as server:
                self.port = int(next(iter(server.sockets)).getsockname()[1])
                everywhere = self._bind in ("", "0.0.0.0", "::")
                shown = discovery.addresses() if everywhere else [self._bind]
                where = ", ".join(f"{a}:{self.port}" for a in shown)
                self.events.said(f"hosting '{self.name}' at {where}; join code {self.code}")
                if self._announce:
                    announcer = await discovery.announce(self.name, self.port, self.events)
                self.ready.set()
                watch = asyncio.create_task(self._watch())
                await self._stop.wait()
                watch.cancel()
                # no new players from now on; those at the table are told it ended
                server.close(close_connections=False)
                farewells = [self._say_goodbye(g) for g in list(self._guests)]
                if farewells:
                    await asyncio.wait([asyncio.ensure_future(f) for f in farewells], timeout=3.0)
        finally:
            if announcer is not None:
                await announcer.close()
            self._library.close()
            self.events.said(f"stopped hosting '{self.name}'")

    async def _say_goodbye(self, guest: Guest) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):
            await guest.exchange.peer.send({"t": "bye"})
        with contextlib.suppress(ConnectionClosed, OSError):
            await guest.exchange.peer.close(TABLE_ENDED)

    # -- players arriving ------------------------------------------------------------------
    async def _welcome(self, ws: ServerConnection) -> None:
        address = ws.remote_address[0] if ws.remote_address else "?"
        try:
            peer = await host_side(ws, self.code)
        except WrongCode:
            self.events.said(f"refused {address}: wrong join code")
            return
        except (LinkRefused, TimeoutError, ConnectionClosed, OSError) as err:
            self.events.said(f"dropped {address} during the handshake: {err}")
            return
        guest: Guest | None = None
        try:
            join = await asyncio.wait_for(peer.receive(), 15)
            if join["t"] != "join":
                raise LinkRefused("a player who did not say who they are")
            guest = await self._admit(peer, join)
            while await self._on_message(guest, await peer.receive()):
                pass
            self.events.said(f"{guest.name} left the table")
        except LinkRefused as err:
            who = guest.name if guest is not None else address
            self.events.said(f"dropped {who} ({address}): {err}")
        except ConnectionClosed as err:
            if guest is not None:
                self.events.said(_farewell(guest.name, address, err))
        except (TimeoutError, OSError):
            if guest is not None:
                self.events.said(f"{guest.name} left the table (the connection was lost)")
        except DomainError as err:  # a save the library refused: this player waits
            who = guest.name if guest is not None else address
            self.events.said(f"dropped {who}: {err.message}")
        finally:
            if guest is not None and guest in self._guests:
                self._guests.remove(guest)
                await self._tell_people()
            with contextlib.suppress(ConnectionClosed, OSError):
                await peer.close()

    async def _admit(self, peer: Peer, join: dict[str, Any]) -> Guest:
        assert self._library is not None
        name = join["name"].strip() or "a player"
        guest = Guest(name, Exchange(peer, f"{name}'s laptop", self._saved))
        accepted, refused = [], []
        for item in join["bring"]:
            why = self._refusal(item["uid"], guest) or self._take_rules(item, name)
            if why:
                refused.append({"uid": item["uid"], "why": why})
                continue
            entry = self._entries.get(item["uid"])
            if entry is None:
                entry = EntrySync(self._library, item["uid"], self.here)
                self._entries[item["uid"]] = entry
            accepted.append((entry, item))
        self._guests.append(guest)  # before the welcome: an End from now on says goodbye
        await peer.send(
            {
                "t": "welcome",
                "table": self.name,
                "gm": self.here,
                "accepted": [
                    {"uid": e.uid, "has_state": not e.shared.empty} for e, _item in accepted
                ],
                "refused": refused,
            }
        )
        for item in refused:
            self.events.said(f"refused {item['uid']} from {name}: {item['why']}")
        brought = ", ".join(item["name"] for _e, item in accepted) or "no character"
        self.events.said(f"{name} joined from {peer.address}, bringing {brought}")
        for entry, _item in accepted:
            guest.uids.append(entry.uid)
            await guest.exchange.open(entry, meet=entry.shared.empty)
        await self._tell_people()
        assert self._fight is not None
        await peer.send({"t": "table", "view": self._fight.view})
        return guest

    def _refusal(self, uid: str, guest: Guest) -> str:
        assert self._library is not None
        kind = self._library.kind(uid)
        if kind is not None and kind is not EntryKind.CHARACTER:
            return "the GM's library holds something else under this character's id"
        for other in list(self._guests):
            if uid in other.uids and other.name == guest.name:
                # the same player again: their laptop lost the connection before this
                # side noticed; the new connection takes over
                self._guests.remove(other)
                self.events.said(f"{guest.name} joined again; the earlier connection is closed")
                closing = asyncio.ensure_future(other.exchange.peer.close())
                self._closing.add(closing)
                closing.add_done_callback(self._closing.discard)
            elif uid in other.uids:
                return f"{other.name} has already brought this character to the table"
        if uid in guest.uids:
            return "brought twice"
        return ""

    def _take_rules(self, item: dict[str, Any], player: str) -> str:
        """Keep the house rules set a character plays by, if it came along; the
        refusal if it cannot be used ("" when all is well)."""
        assert self._library is not None
        if item.get("rules") is None:
            return ""
        try:
            name, new = self._library.add_rules(item["rules"])
        except DomainError as err:
            return f"its house rules cannot be used here: {err.message}"
        if new:
            self.events.said(f"{player} brought the house rules '{name}' with {item['name']}")
        return ""

    async def _tell_people(self) -> None:
        names = [g.name for g in self._guests]
        self.events.people(names)
        for guest in self._guests:
            with contextlib.suppress(ConnectionClosed, OSError):
                await guest.exchange.peer.send({"t": "people", "names": names})

    # -- while playing ---------------------------------------------------------------------
    async def _on_message(self, guest: Guest, message: dict[str, Any]) -> bool:
        """Act on one message from `guest`; False when they leave."""
        kind = message["t"]
        if kind == "sync":
            await guest.exchange.on_sync(message["uid"], message["m"], message["seen"])
        elif kind == "roll":
            self._own(guest, message["uid"])
            self.events.roll(guest.name, message["uid"], message["text"])
            if self._log_rolls:
                assert self._fight is not None
                self._fight.log(f"{guest.name}: {message['text']}")
        elif kind == "answer":
            if self._offers.pop(message["id"], None) != guest.name:
                raise LinkRefused("an answer to an intrusion that was not offered")
            self.events.answer(guest.name, message)
        elif kind == "initiative":
            self._own(guest, message["uid"])
            self.events.initiative(guest.name, message["uid"], message["face"])
        elif kind == "bye":
            return False
        else:  # "join" again
            raise LinkRefused(f"an unexpected '{kind}' message")
        return True

    def _own(self, guest: Guest, uid: str) -> None:
        if uid not in guest.uids:
            raise LinkRefused("a message about a character this player did not bring")

    async def _saved(self, uid: str) -> None:
        entry = self._entries[uid]
        self.events.entry_saved(uid, entry.name)

    async def _watch(self) -> None:
        assert self._library is not None and self._fight is not None
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            try:
                if not self._library.changed():
                    continue
                revisions = self._library.revisions(list(self._entries))
                for guest in list(self._guests):
                    with contextlib.suppress(ConnectionClosed, OSError):
                        await guest.exchange.take_library(revisions)
                if self._fight.refresh():
                    await self._send_all({"t": "table", "view": self._fight.view})
            except DomainError as err:
                self.events.said(f"could not read the library: {err.message}")
            except Exception as err:  # the watch must outlive any one bad round
                self.events.said(f"could not follow the library: {type(err).__name__}: {err}")

    async def _send_all(self, message: dict[str, Any]) -> None:
        for guest in list(self._guests):
            with contextlib.suppress(ConnectionClosed, OSError):
                await guest.exchange.peer.send(message)

    # -- the GM's actions (call them through `call`) ------------------------------------------
    async def share_fight(self, uid: str | None) -> None:
        """Show encounter `uid` to the players (None: no fight)."""
        assert self._fight is not None
        self._fight.share(uid)
        await self._send_all({"t": "table", "view": self._fight.view})

    async def offer_intrusion(
        self,
        uid: str,
        text: str,
        xp: int,
        refuse_cost: int | None,
        others: list[dict[str, str]],
        offer_id: str = "",
    ) -> None:
        """Offer a GM intrusion to the player who brought character `uid`; their answer
        comes back through `events.answer` carrying `offer_id`."""
        for guest in self._guests:
            if uid in guest.uids:
                offer_id = offer_id or uuid.uuid4().hex
                self._offers[offer_id] = guest.name
                await guest.exchange.peer.send(
                    {
                        "t": "offer",
                        "id": offer_id,
                        "uid": uid,
                        "text": text,
                        "xp": xp,
                        "refuse_cost": refuse_cost,
                        "others": others,
                    }
                )
                return
        self.events.said("that character's player is not at the table")

    async def ask_initiative(self) -> None:
        """Ask every player for their initiative die."""
        await self._send_all({"t": "initiative?"})

    def player_of(self, uid: str) -> str | None:
        """The name of the connected player who brought character `uid`."""
        return next((g.name for g in self._guests if uid in g.uids), None)


def _farewell(name: str, address: str, closed: ConnectionClosed) -> str:
    """The log line for a player whose connection closed."""
    frame = closed.sent or closed.rcvd
    code = frame.code if frame is not None else 1006
    if code == 1009:
        return f"dropped {name} ({address}): a frame over the size limit"
    if code in (1000, 1001):
        return f"{name} left the table"
    return f"{name} left the table (the connection was lost)"
