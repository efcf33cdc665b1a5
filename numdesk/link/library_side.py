"""The table link's own way into the local library: watch, read, and save in one step.

The link runs beside the app (on its own thread) or alone (`numdesk table …`), so it
opens the library file itself, like a second numdesk would. It notices every save made
by anyone — the app's windows, a CLI import, another numdesk — by asking SQLite whether
the file changed (`PRAGMA data_version`, a few microseconds) and then which shared
entries moved their revision.

A remote change is saved like any other edit: revision-checked (a save made here in
between is never overwritten: the link takes it first and saves again), and in the same
transaction as the entry's document state, so a kill at any moment loses nothing that
was acknowledged.
"""

from __future__ import annotations

import difflib
import sqlite3
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

from numdesk.model.character import Character
from numdesk.model.encounter import Encounter
from numdesk.model.entry_kind import EntryKind
from numdesk.model.errors import DomainError
from numdesk.model.serialize import to_data
from numdesk.store import Library
from numdesk.store.commit import Write

#: The library keeps an entry's table state under this meta key prefix.
STATE_KEY = "table-doc:"


class LinkLibrary:
    """An open library as the table link uses it."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.library = Library.open(self.path, create=False)
        self._watch = sqlite3.connect(str(self.path), check_same_thread=False)
        self._version = self._data_version()

    def close(self) -> None:
        self._watch.close()
        self.library.close()

    # -- noticing saves ------------------------------------------------------------------
    def _data_version(self) -> int:
        return int(self._watch.execute("PRAGMA data_version").fetchone()[0])

    def changed(self) -> bool:
        """Whether anyone saved anything since the last call (cheap: call it often)."""
        version = self._data_version()
        if version == self._version:
            return False
        self._version = version
        return True

    def revisions(self, uids: Collection[str]) -> dict[str, int]:
        """uid -> revision of those of `uids` that the library holds."""
        if not uids:
            return {}
        marks = ",".join("?" * len(uids))
        rows = self._watch.execute(
            f"SELECT uid, revision FROM entries WHERE uid IN ({marks})", list(uids)
        ).fetchall()
        self._watch.commit()
        return {str(uid): int(rev) for uid, rev in rows}

    # -- reading -------------------------------------------------------------------------
    def character(self, uid: str) -> tuple[Character, int]:
        """The character `uid` and its revision (DomainError if it is something else)."""
        obj, revision = self.library.load_revision(uid)
        if not isinstance(obj, Character):
            raise DomainError(f"The entry {uid} is not a character.")
        return obj, revision

    def encounter(self, uid: str) -> tuple[Encounter, int]:
        obj, revision = self.library.load_revision(uid)
        if not isinstance(obj, Encounter):
            raise DomainError(f"The entry {uid} is not an encounter.")
        return obj, revision

    def kind(self, uid: str) -> EntryKind | None:
        """The kind of entry `uid`, or None if the library does not hold it."""
        return self.library.kind_of_uid(uid) if self.library.has(uid) else None

    def character_named(self, name: str) -> str:
        """The uid of the character called `name` (case ignored); DomainError naming the
        nearest names when there is none."""
        found = self.library.characters.find_by_name(name)
        if found is not None:
            return found.uid
        names = [s.name for s in self.library.characters.list()]
        near = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
        hint = f" (did you mean {' or '.join(near)}?)" if near else ""
        raise DomainError(f"This library has no character called '{name}'{hint}.")

    def encounter_named(self, name: str) -> str:
        found = self.library.encounters.find_by_name(name)
        if found is None:
            raise DomainError(f"This library has no encounter called '{name}'.")
        return found.uid

    def kept(self, uid: str) -> Any:
        """The table state kept for entry `uid` (None if it never met a table)."""
        return self.library.meta_get(STATE_KEY + uid)

    # -- saving --------------------------------------------------------------------------
    def save(self, character: Character, expected: int | None, kept: dict[str, Any]) -> int:
        """Save `character` (revision-checked against `expected`; None: it must be new)
        and its table state in ONE transaction; returns the revision now stored."""
        revisions = self.library.commit(
            [Write(character.uid, character, expected, data=to_data(character))],
            meta={STATE_KEY + character.uid: kept},
        )
        return revisions[character.uid]

    def keep(self, uid: str, kept: dict[str, Any]) -> None:
        """Save only the table state of entry `uid`."""
        self.library.meta_set(STATE_KEY + uid, kept)

    def save_encounter(self, encounter: Encounter, expected: int) -> int:
        return self.library.commit(
            [Write(encounter.uid, encounter, expected, data=to_data(encounter))]
        )[encounter.uid]

    def characters(self, uids: Sequence[str]) -> dict[str, Character]:
        """The characters among `uids` that the library holds, by uid."""
        found: dict[str, Character] = {}
        for uid in uids:
            try:
                found[uid] = self.character(uid)[0]
            except DomainError:
                continue
        return found
