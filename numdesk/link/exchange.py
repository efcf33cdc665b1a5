"""The Yjs sync protocol for the entries one connection carries.

Both sides open with SYNC_STEP1 (their state vector) for every shared entry and answer
the other's with SYNC_STEP2 (what it lacks); afterwards each change is one SYNC_UPDATE
carrying the sender's state vector from when it made the change (`shared_entry` uses
it to tell a conflict from an overwrite). The state vector of the other side's step 1
plays that part for its step 2: everything it changed while apart, it changed knowing
at most that much.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from pycrdt import (
    YMessageType,
    YSyncMessageType,
    create_sync_message,
    create_update_message,
    read_message,
    write_message,
)

from numdesk.link.connection import Peer
from numdesk.link.entry_sync import EntrySync, Sent
from numdesk.link.messages import decoded, encoded
from numdesk.link.secure import LinkRefused


class Exchange:
    """The entries one connection carries, kept in step both ways.

    `source` names the other side in histories ("Ana's laptop"); `saved(uid)` is
    called after the link saved entry `uid` in the local library.
    """

    def __init__(self, peer: Peer, source: str, saved: Callable[[str], Awaitable[None]]) -> None:
        self.peer = peer
        self.source = source
        self._saved = saved
        self.entries: dict[str, EntrySync] = {}
        self._their_state: dict[str, bytes] = {}
        self._meet: dict[str, bool] = {}
        self._synced: set[str] = set()

    async def open(self, entry: EntrySync, meet: bool = False, ours_wins: bool = False) -> None:
        """Start syncing `entry`; with `meet`, the other side's document is folded into
        the library's copy at the first meeting (`EntrySync.meet`)."""
        self.entries[entry.uid] = entry
        if meet:
            self._meet[entry.uid] = ours_wins
        else:
            entry.take_library()  # edits made while apart become changes made here
            entry.keep_state()
        message = create_sync_message(entry.shared.doc)
        await self.peer.send({"t": "sync", "uid": entry.uid, "m": encoded(message), "seen": None})

    @property
    def synced(self) -> set[str]:
        """The entries whose first exchange is complete."""
        return set(self._synced)

    async def on_sync(self, uid: str, raw: str, seen: str | None) -> None:
        """Handle one sync message from the other side."""
        entry = self.entries.get(uid)
        if entry is None:
            raise LinkRefused(f"a change to an entry that is not at the table ({uid})")
        message = decoded(raw, "sync message")
        if len(message) < 3 or message[0] != YMessageType.SYNC:
            raise LinkRefused("a sync message of the wrong kind")
        kind, body = message[1], message[2:]
        try:
            payload = read_message(body)
            if kind == YSyncMessageType.SYNC_STEP1:
                self._their_state[uid] = payload
                reply = entry.shared.doc.get_update(payload)
        except (ValueError, AssertionError) as err:
            raise LinkRefused("a sync message that cannot be read") from err
        if kind == YSyncMessageType.SYNC_STEP1:
            message = bytes([YMessageType.SYNC, YSyncMessageType.SYNC_STEP2]) + write_message(reply)
            await self.peer.send({"t": "sync", "uid": uid, "m": encoded(message), "seen": None})
            return
        if kind == YSyncMessageType.SYNC_STEP2:
            replies = self._first(entry, payload)
        elif kind == YSyncMessageType.SYNC_UPDATE:
            their = decoded(seen, "state vector") if seen is not None else None
            replies = entry.receive(payload, their, self.source)
        else:
            raise LinkRefused(f"a sync message of unknown kind {kind}")
        for sent in replies:
            await self.push(uid, sent)
        await self._saved(uid)

    def _first(self, entry: EntrySync, update: bytes) -> list[Sent]:
        uid = entry.uid
        if uid in self._meet:
            entry.absorb(update)
            replies = entry.meet(self._meet.pop(uid), self.source)
        else:
            replies = entry.receive(update, self._their_state.get(uid), self.source)
        self._synced.add(uid)
        return replies

    async def push(self, uid: str, sent: Sent) -> None:
        """Send a change made here to entry `uid`."""
        update, seen = sent
        message = create_update_message(update)
        await self.peer.send(
            {"t": "sync", "uid": uid, "m": encoded(message), "seen": encoded(seen)}
        )

    async def take_library(self, revisions: dict[str, int] | None = None) -> list[str]:
        """Send what was saved here to the shared entries; the uids that changed.

        `revisions` (uid -> revision stored now, from one query) lets entries whose
        revision did not move skip reading the library."""
        changed = []
        for uid, entry in self.entries.items():
            if uid in self._meet:
                continue  # its first meeting decides what the library's copy becomes
            if revisions is not None and revisions.get(uid) == entry.revision:
                continue
            replies = entry.take_library()
            for sent in replies:
                await self.push(uid, sent)
            entry.keep_state()
            if replies:
                changed.append(uid)
        return changed
