"""A peer that misbehaves against a real `numdesk table host`, for the security tests.

    hostile_peer.py PORT CODE MODE

MODE: garbage (not a handshake), unsealed (a plain frame after the handshake),
oversized (a frame over the limit), replay (an earlier sealed frame again),
tampered (a sealed frame with one bit flipped), out_of_limits (a character whose XP
is negative), overlong (a name over the limit after a valid first meeting),
unknown (a message type the host does not take). Prints "closed" when the host
hung up on it, "open" if it did not within the time allowed.
"""

from __future__ import annotations

import asyncio
import json
import sys

from pycrdt import Doc, YMessageType, YSyncMessageType, create_sync_message, write_message
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from numdesk.link import entry_doc
from numdesk.link.codes import normalise
from numdesk.link.connection import player_side
from numdesk.link.messages import encoded
from numdesk.model.character import Character
from numdesk.model.serialize import to_data


def _step2(doc: Doc) -> bytes:
    return bytes([YMessageType.SYNC, YSyncMessageType.SYNC_STEP2]) + write_message(doc.get_update())


async def _closed(ws: object) -> bool:
    try:
        await asyncio.wait_for(ws.recv(), 20)  # type: ignore[attr-defined]
        while True:
            await asyncio.wait_for(ws.recv(), 20)  # type: ignore[attr-defined]
    except ConnectionClosed:
        return True
    except TimeoutError:
        return False


async def main(port: int, code: str, mode: str) -> None:
    async with connect(f"ws://127.0.0.1:{port}", max_size=None) as ws:
        if mode == "garbage":
            await ws.send("\x00not a handshake")
            print("closed" if await _closed(ws) else "open", flush=True)
            return
        peer = await player_side(ws, normalise(code))
        channel = peer._channel
        character = Character("Mallory", xp=1)
        await peer.send(
            {"t": "join", "name": "Mallory", "bring": [
                {"uid": character.uid, "name": "Mallory", "has_state": True}]}
        )  # fmt: skip
        if mode == "unsealed":
            await ws.send(json.dumps({"t": "roll"}))
        elif mode == "oversized":
            await ws.send(b"\x00" * (5 * 1024 * 1024))
        elif mode == "replay":
            frame = channel.seal({"t": "roll", "uid": character.uid, "text": "once"})
            await ws.send(frame)
            await ws.send(frame)
        elif mode == "tampered":
            frame = bytearray(channel.seal({"t": "roll", "uid": character.uid, "text": "x"}))
            frame[3] ^= 1
            await ws.send(bytes(frame))
        elif mode == "unknown":
            await peer.send({"t": "give-me-the-library"})
        elif mode in ("out_of_limits", "overlong"):
            doc = Doc()
            data = to_data(character)
            if mode == "out_of_limits":
                data["xp"] = -5
            entry_doc.write(doc, data)
            await peer.send({"t": "sync", "uid": character.uid,
                             "m": encoded(create_sync_message(doc)), "seen": None})  # fmt: skip
            await peer.send({"t": "sync", "uid": character.uid,
                             "m": encoded(_step2(doc)), "seen": None})  # fmt: skip
            if mode == "overlong":
                await asyncio.sleep(1.0)
                seen = doc.get_state()
                data["name"] = "M" * 5000
                entry_doc.write(doc, data)
                update = doc.get_update(seen)
                message = bytes([YMessageType.SYNC, YSyncMessageType.SYNC_UPDATE])
                await peer.send({"t": "sync", "uid": character.uid,
                                 "m": encoded(message + write_message(update)),
                                 "seen": encoded(seen)})  # fmt: skip
        print("closed" if await _closed(ws) else "open", flush=True)


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), sys.argv[2], sys.argv[3]))
