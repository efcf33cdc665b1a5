"""One shared character kept in step between the local library and the table.

- `take_library` turns a save made here (by the app, a CLI import, any numdesk on this
  library) into a document change to send;
- `receive` checks an update from the other side against the import limits and the
  rules before anything is saved, merges it, names a field both sides changed at once
  in the history, and saves the result in one revision-checked transaction together
  with the document state (so a kill loses nothing acknowledged);
- `meet` handles the first meeting of a sheet and a copy with no shared past (a copy
  the GM got from an export file): the player's sheet is kept, the copy's differing
  values are named in the history, and history lines from both are kept.
"""

from __future__ import annotations

from typing import Any

from numdesk.link import entry_doc
from numdesk.link.library_side import LinkLibrary
from numdesk.link.secure import LinkRefused
from numdesk.link.shared_entry import Conflict, Received, SharedEntry
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.history import HistoryEntry
from numdesk.model.limits import check_limits
from numdesk.model.merge import describe_path
from numdesk.model.serialize import from_data, to_data
from numdesk.model.validation import find_problems

#: A document update and the sender's state vector when it made it.
Sent = tuple[bytes, bytes]

_LABELS = {
    "xp": "XP",
    "tier": "Tier",
    "effort": "Effort",
    "notes": "Notes",
    "damage_track": "Damage track",
    "shins": "Money",
    "name": "Name",
}


def label(path: entry_doc.Path) -> str:
    """A field of a sheet as a player calls it ("Speed Pool", "XP", "cyphers 2 name")."""
    if len(path) == 3 and path[0] == "pools":
        stat = str(path[1]).capitalize()
        return {"current": f"{stat} Pool", "maximum": f"{stat} Pool maximum"}.get(
            str(path[2]), f"{stat} Edge"
        )
    if len(path) == 2 and path[0] == "wounds":
        return f"{str(path[1]).replace('_', ' ')} wounds"
    if len(path) == 1 and path[0] in _LABELS:
        return _LABELS[str(path[0])]
    return describe_path(path)


def _shown(value: Any) -> str:
    if entry_doc.is_gone(value):
        return "nothing"
    if isinstance(value, dict | list):
        return "another version"
    text = str(value)
    return repr(text) if len(text) <= 60 else repr(text[:57] + "...")


class EntrySync:
    """Entry `uid` at the table, on this side (`here` names this side in histories)."""

    def __init__(self, library: LinkLibrary, uid: str, here: str) -> None:
        self.uid = uid
        self.here = here
        self._library = library
        self.shared = SharedEntry.restore(uid, library.kept(uid))
        #: whether this side had met the table with this entry before
        self.had_state = not self.shared.empty
        #: the library revision the document holds (None: not taken yet)
        self.revision: int | None = None
        #: the library's data as the document last took it: a save here is the
        #: difference from this (the document itself may hold more by then)
        self._base: dict[str, Any] = self.shared.data()
        self._unkept = False
        #: the rules problems of the document's character, by its state vector
        self._problems: tuple[bytes, set[str]] = (b"", set())

    @property
    def name(self) -> str:
        return str(self.shared.data().get("name", self.uid))

    # -- saves made here -------------------------------------------------------------------
    def take_library(self) -> list[Sent]:
        """The library's character into the document, if it changed since last time;
        what to send."""
        replies = []
        sent = self._take()
        if sent is not None:
            replies.append(sent)
        if self.revision is not None and self.shared.data() != self._base:
            replies.extend(self._store())  # the document holds more: the library too
        return replies

    def _take(self) -> Sent | None:
        if self._library.kind(self.uid) is None:
            return None
        character, revision = self._library.character(self.uid)
        if revision == self.revision:
            return None
        current = to_data(character)
        sent = self.shared.local(entry_doc.changes(self._base, current))
        self._base = current
        self.revision = revision
        self._unkept = True  # kept once sent (`keep_state`): the update goes out first
        return sent

    def keep_state(self) -> None:
        """Store the document state after changes made here were sent (a kill before
        this loses nothing: the change is in the library and is taken again)."""
        if self._unkept:
            self._library.keep(self.uid, self.shared.saved())
            self._unkept = False

    # -- updates from the other side --------------------------------------------------------
    def check(self, update: bytes) -> Character:
        """The character `update` would leave; LinkRefused if it breaks a limit or a rule
        the current one keeps (nothing is changed either way)."""
        try:
            data = self.shared.preview(update)
        except ValueError as err:
            raise LinkRefused(f"an update for {self.uid} that cannot be read") from err
        try:
            character = from_data(Character, data)
            check_limits(character)
        except DomainError as err:
            raise LinkRefused(f"an update for {self.uid} out of limits: {err.message}") from err
        if character.uid != self.uid:
            raise LinkRefused(f"an update for {self.uid} that names another entry")
        known = self._problems_now()
        new = [p.message for p in find_problems(character) if p.message not in known]
        if new:
            raise LinkRefused(f"an update for {self.uid} that breaks the rules: {new[0]}")
        return character

    def _problems_now(self) -> set[str]:
        """The problems the current character already has (worked out once per state)."""
        state = self.shared.doc.get_state()
        if self._problems[0] == state:
            return self._problems[1]
        found: set[str] = set()
        if not self.shared.empty:
            try:
                character = from_data(Character, self.shared.data())
                found = {p.message for p in find_problems(character)}
            except DomainError:
                found = set()
        self._problems = (state, found)
        return found

    def receive(self, update: bytes, seen: bytes | None, source: str) -> list[Sent]:
        """Check, merge and save the other side's `update`; what to send back."""
        self.check(update)
        got = self.shared.receive(update, seen)
        return self._settle(got, source)

    def absorb(self, update: bytes) -> None:
        """Check and take the other side's whole document before a first meeting
        (`meet` then saves it); nothing is saved yet."""
        self.check(update)
        self.shared.receive(update, None)

    def _settle(self, got: Received, source: str) -> list[Sent]:
        replies: list[Sent] = []
        if got.conflicts:
            lines = [to_data(self._conflict_line(c, source)) for c in got.conflicts]
            history = got.data.get("history", [])
            edit = entry_doc.Edit("insert", ("history", len(history)), new=lines, at_end=True)
            sent = self.shared.local([edit])
            if sent is not None:
                replies.append(sent)
        if got.edits or got.conflicts:
            replies.extend(self._store())
        else:
            self._library.keep(self.uid, self.shared.saved())
        return replies

    def _conflict_line(self, conflict: Conflict, source: str) -> HistoryEntry:
        field = label(conflict.path)
        return HistoryEntry(
            f"{field}: {_shown(conflict.theirs)} from {source} replaced "
            f"{_shown(conflict.mine)} set at the same time on {self.here}",
            kind="table",
            details="Both sides changed this at once; every laptop keeps the same value.",
        )

    def _store(self) -> list[Sent]:
        """Save the document's character; a save made here meanwhile is taken in first,
        in the same transaction (the library is locked from that read to the write)."""
        replies: list[Sent] = []

        def merge(current: Character | None, revision: int | None) -> tuple[Character, Any]:
            if current is not None and revision != self.revision:
                now = to_data(current)
                sent = self.shared.local(entry_doc.changes(self._base, now))
                if sent is not None:
                    replies.append(sent)
                self._base = now
            return from_data(Character, self.shared.data()), self.shared.saved()

        self.revision = self._library.merge_save(self.uid, merge)
        self._base = self.shared.data()
        self._unkept = False  # the state went with the save
        return replies

    # -- a first meeting without a shared past ------------------------------------------------
    def meet(self, ours_wins: bool, source: str) -> list[Sent]:
        """Fold the library's copy into a document that came from the other side.

        `ours_wins` (the player's side): the library's values are kept over the
        document's; otherwise (the GM's side) the document's are kept. Either way the
        values replaced are named in one history line, and history lines of both are
        kept, in time order.
        """
        if self._library.kind(self.uid) is None:
            return self._store()
        character, revision = self._library.character(self.uid)
        self.revision = revision
        mine = to_data(character)
        theirs = self.shared.data()
        winner, loser = (mine, theirs) if ours_wins else (theirs, mine)
        merged = dict(winner)
        merged["history"] = _union(winner.get("history", []), loser.get("history", []))
        replaced = [
            e
            for e in entry_doc.changes(_without_history(loser), _without_history(winner))
            if e.op == "set"
        ]
        if replaced:
            where = self.here if not ours_wins else source
            names = ", ".join(f"{label(e.path)} {_shown(e.old)}" for e in replaced[:12])
            more = f" and {len(replaced) - 12} more" if len(replaced) > 12 else ""
            line = HistoryEntry(
                f"Met at the table: the player's sheet was kept over the copy on {where} "
                f"({names}{more})",
                kind="table",
            )
            merged["history"].append(to_data(line))
        replies = []
        sent = self.shared.local(entry_doc.changes(theirs, merged))
        if sent is not None:
            replies.append(sent)
        replies.extend(self._store())
        return replies


def _without_history(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "history"}


def _union(first: list[Any], second: list[Any]) -> list[Any]:
    """History lines of both copies, each once, in time order."""
    seen = {_line_key(h) for h in first}
    extra = [h for h in second if _line_key(h) not in seen]
    if not extra:
        return list(first)
    return sorted([*first, *extra], key=lambda h: str(h.get("at", "")))


def _line_key(line: Any) -> tuple[str, ...]:
    if not isinstance(line, dict):
        return (repr(line),)
    return (str(line.get("at", "")), str(line.get("summary", "")), str(line.get("kind", "")))
