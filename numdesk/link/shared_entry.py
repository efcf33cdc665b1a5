"""One entry at the table, on one side: its document, and which of its fields this side
changed that the other side may not have seen yet.

Merging is the CRDT's job (`entry_doc`). What the CRDT does not say is *that* a field
was changed on both sides at once: the losing value simply disappears. numdesk must say
so in both histories, so each side remembers, per field it changes, the document clock
its change reached; every update from the other side carries that side's state vector
from when it made its change. A field the update changes whose local change the sender
had not seen is a conflict this side lost: `Conflict` names the value replaced and
where the winner came from, and the line written into the history travels to the other
side like any other change, so both histories end with it.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any

from pycrdt import Decoder, Doc

from numdesk.link import entry_doc
from numdesk.link.entry_doc import Edit, Path


@dataclass(frozen=True)
class Conflict:
    """`path` was changed here to `mine` while the other side changed it to `theirs`,
    and theirs won (the CRDT's choice, the same on every machine)."""

    path: Path
    mine: Any
    theirs: Any


@dataclass(frozen=True)
class Received:
    """What an update from the other side did: the entry's data now, the edits, and the
    fields where the other side's value replaced one set here at the same time."""

    data: dict[str, Any]
    edits: list[Edit]
    conflicts: list[Conflict]


def state_vector(encoded: bytes) -> dict[int, int]:
    """A Yjs state vector (client id -> next clock) from its encoded bytes."""
    decoder = Decoder(encoded)
    count = decoder.read_var_uint()
    return {decoder.read_var_uint(): decoder.read_var_uint() for _ in range(count)}


def _key(path: Path) -> str:
    return "/".join(str(p) for p in path)


class SharedEntry:
    """The document of entry `uid` and this side's not yet seen changes."""

    def __init__(self, uid: str, doc: Doc | None = None) -> None:
        self.uid = uid
        self.doc = doc if doc is not None else Doc()
        #: field path -> (client id, clock after the change) of this side's changes
        self._writes: dict[str, tuple[int, int]] = {}

    # -- kept in the library -------------------------------------------------------------
    def saved(self) -> dict[str, Any]:
        """What the library keeps (in the same transaction as the entry's save)."""
        return {
            "state": base64.b64encode(self.doc.get_update()).decode("ascii"),
            "writes": {k: list(v) for k, v in self._writes.items()},
        }

    @classmethod
    def restore(cls, uid: str, saved: Any) -> SharedEntry:
        """The entry as `saved` left it; a fresh one when nothing usable was kept."""
        entry = cls(uid)
        if not isinstance(saved, dict) or not isinstance(saved.get("state"), str):
            return entry
        try:
            entry.doc.apply_update(base64.b64decode(saved["state"], validate=True))
        except ValueError:
            return cls(uid)
        writes = saved.get("writes")
        if isinstance(writes, dict):
            for key, value in writes.items():
                if isinstance(value, list) and len(value) == 2:
                    entry._writes[str(key)] = (int(value[0]), int(value[1]))
        return entry

    @property
    def empty(self) -> bool:
        """No content yet (never met the table, or the kept state was lost)."""
        return len(entry_doc.root(self.doc)) == 0

    def data(self) -> dict[str, Any]:
        """The entry's plain data as the document holds it."""
        return entry_doc.read(self.doc)

    # -- changes made here ---------------------------------------------------------------
    def local(self, edits: list[Edit]) -> tuple[bytes, bytes] | None:
        """Take `edits` (worked out on the library's data) as this side's change.

        Returns (update, seen): the update to send and this side's state vector from
        before the change (what it had seen); None when nothing was changed.
        """
        seen = self.doc.get_state()
        done = entry_doc.apply(self.doc, edits, origin="local")
        if not done:
            return None
        client = self.doc.client_id
        clock = state_vector(self.doc.get_state()).get(client, 0)
        for edit in done:
            if edit.op == "set":
                self._writes[_key(edit.path)] = (client, clock)
        return self.doc.get_update(seen), seen

    # -- changes from the other side -------------------------------------------------------
    def preview(self, update: bytes) -> dict[str, Any]:
        """The entry's data as it would be after `update`, without changing anything.

        Raises ValueError if the update cannot be read or leaves no entry data."""
        scratch = Doc()
        scratch.apply_update(self.doc.get_update())
        scratch.apply_update(update)
        return entry_doc.read(scratch)

    def receive(self, update: bytes, seen: bytes | None) -> Received:
        """Apply the other side's `update`; `seen` is its state vector when it changed."""
        before = entry_doc.read(self.doc)
        self.doc.apply_update(update)
        after = entry_doc.read(self.doc)
        edits = entry_doc.changes(before, after)
        known = state_vector(seen) if seen is not None else None
        conflicts = []
        for edit in edits:
            if edit.op != "set" or known is None:
                continue
            write = self._write_under(edit.path)
            if write is not None and known.get(write[0], 0) < write[1]:
                conflicts.append(Conflict(edit.path, edit.old, edit.new))
        if known is not None:
            self._forget_seen(known)
        return Received(after, edits, conflicts)

    def _write_under(self, path: Path) -> tuple[int, int] | None:
        """This side's change at `path`, inside it, or of a field holding it."""
        key = _key(path)
        found = self._writes.get(key)
        if found is not None:
            return found
        for other, write in self._writes.items():
            if other.startswith(key + "/") or key.startswith(other + "/"):
                return write
        return None

    def _forget_seen(self, known: dict[int, int]) -> None:
        self._writes = {
            k: (client, clock)
            for k, (client, clock) in self._writes.items()
            if known.get(client, 0) < clock
        }
