"""One authenticated connection between the GM's numdesk and a player's, over a websocket.

Before the code is proven only four small plain frames pass (the two SPAKE2 messages
and the two proofs, as JSON text); a wrong code ends the connection there, with one
"refused" frame and nothing else exchanged. Afterwards every frame is sealed
(`secure.Channel`) and every message is checked (`messages.check`) before use.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.connection import Connection

from numdesk.link.messages import FROM_HOST, FROM_PLAYER, check, decoded, encoded
from numdesk.link.secure import Channel, Handshake, LinkRefused

#: Longest a handshake step may take before the other side is given up on.
HANDSHAKE_SECONDS = 15.0
_GREETING = "numdesk-table"
_VERSION = 1


class WrongCode(LinkRefused):
    """The two sides typed different join codes."""


#: The close reason of a table the GM ended (players stop rather than join again).
TABLE_ENDED = "table ended"


def ended_by_host(closed: Exception) -> bool:
    """Whether a closed connection was the GM ending the table (not a lost network)."""
    frame = getattr(closed, "rcvd", None)
    return frame is not None and frame.reason == TABLE_ENDED


class Peer:
    """An authenticated connection: sealed, checked messages both ways."""

    def __init__(self, ws: Connection, channel: Channel, accepts: frozenset[str]) -> None:
        self._ws = ws
        self._channel = channel
        self._accepts = accepts
        self._sending = asyncio.Lock()
        address = ws.remote_address
        self.address = str(address[0]) if address else "?"

    async def send(self, message: dict[str, Any]) -> None:
        async with self._sending:  # frames are numbered: seal and send in one step
            await self._ws.send(self._channel.seal(message))

    async def receive(self) -> dict[str, Any]:
        """The next message; LinkRefused if it is not sealed, not ours or malformed."""
        frame = await self._ws.recv()
        if isinstance(frame, str):
            raise LinkRefused("an unsealed frame after the handshake")
        return check(self._channel.open(frame), self._accepts)

    async def close(self, reason: str = "") -> None:
        await self._ws.close(1000, reason)


async def _plain(ws: Connection) -> dict[str, Any]:
    frame = await asyncio.wait_for(ws.recv(), HANDSHAKE_SECONDS)
    if not isinstance(frame, str) or len(frame) > 1_000:
        raise LinkRefused("a handshake frame of the wrong kind")
    try:
        message = json.loads(frame)
    except ValueError as err:
        raise LinkRefused("a handshake frame that is not JSON") from err
    if not isinstance(message, dict):
        raise LinkRefused("a handshake frame that is not an object")
    return message


async def host_side(ws: Connection, code: str) -> Peer:
    """Run the handshake as the GM's side; WrongCode after telling the player so."""
    hello = await _plain(ws)
    if hello.get("hello") != _GREETING:
        raise LinkRefused("not a numdesk player")
    if hello.get("v") != _VERSION:
        await ws.send(json.dumps({"refused": "version"}))
        raise LinkRefused(f"a player speaking table link version {hello.get('v')!r}")
    handshake = Handshake(code, "host")
    handshake.receive(decoded(hello.get("spake"), "handshake"))
    await ws.send(json.dumps({"spake": encoded(handshake.message)}))
    proof = await _plain(ws)
    try:
        handshake.check(decoded(proof.get("proof"), "proof"))
    except LinkRefused:
        await asyncio.sleep(1.0)  # one guess a second per connection, at most
        await ws.send(json.dumps({"refused": "wrong code"}))
        raise WrongCode("wrong code") from None
    await ws.send(json.dumps({"proof": encoded(handshake.proof())}))
    return Peer(ws, handshake.channel(), FROM_PLAYER)


async def player_side(ws: Connection, code: str) -> Peer:
    """Run the handshake as a player; WrongCode if the table refuses the code."""
    handshake = Handshake(code, "player")
    greeting = {"hello": _GREETING, "v": _VERSION, "spake": encoded(handshake.message)}
    await ws.send(json.dumps(greeting))
    reply = await _plain(ws)
    if reply.get("refused") == "version":
        raise LinkRefused("the table runs another version of numdesk's table link")
    handshake.receive(decoded(reply.get("spake"), "handshake"))
    await ws.send(json.dumps({"proof": encoded(handshake.proof())}))
    answer = await _plain(ws)
    if answer.get("refused") == "wrong code":
        raise WrongCode("the table refused the join code")
    try:
        handshake.check(decoded(answer.get("proof"), "proof"))
    except LinkRefused:
        raise WrongCode("the table answered with another code") from None
    return Peer(ws, handshake.channel(), FROM_HOST)
