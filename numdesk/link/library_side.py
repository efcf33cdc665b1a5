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
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any

from numdesk.model.character import Character
from numdesk.model.encounter import Encounter
from numdesk.model.entry_kind import EntryKind
from numdesk.model.errors import DomainError
from numdesk.model.limits import check_limits
from numdesk.model.rules_set import RulesSet
from numdesk.model.serialize import from_data, to_data
from numdesk.rules.profiles import is_builtin
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

    def rules_of(self, uid: str) -> dict[str, Any] | None:
        """The house rules set character `uid` plays by, as plain data (None: built-in
        rules, or a set this library lacks)."""
        try:
            profile = self.character(uid)[0].profile
        except DomainError:
            return None
        if is_builtin(profile) or self.kind(profile) is not EntryKind.RULES_SET:
            return None
        return dict(to_data(self.library.rules_sets.load(profile)))

    def add_rules(self, data: Any) -> tuple[str, bool]:
        """Keep a house rules set brought to the table: (its name, whether it was new).

        A set this library already holds (same uid) is kept as it is here. DomainError if
        the data is not a usable rules set or its uid belongs to another kind of entry."""
        rules = from_data(RulesSet, data)
        check_limits(rules)
        rules.profile()  # a set whose changes do not fit is refused
        kind = self.kind(rules.uid)
        if kind is EntryKind.RULES_SET:
            return rules.name, False
        if kind is not None:
            raise DomainError(f"the house rules '{rules.name}' share an id with another entry")
        self.library.commit([Write(rules.uid, rules, None)])
        return rules.name, True

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

    def merge_save(
        self,
        uid: str,
        merge: Callable[[Character | None, int | None], tuple[Character, dict[str, Any]]],
    ) -> int:
        """Read character `uid` and save what `merge` makes of it, with its table state,
        in ONE write transaction (nobody can save in between); the revision now stored.

        `merge` gets the character as stored and its revision (None, None if the library
        lacks it) and returns the character to save and the table state to keep."""

        def change(current: Any, revision: int | None) -> tuple[list[Write], dict[str, Any]]:
            if current is not None and not isinstance(current, Character):
                raise DomainError(f"The entry {uid} is not a character.")
            character, kept = merge(current, revision)
            write = Write(uid, character, revision, data=to_data(character))
            return [write], {STATE_KEY + uid: kept}

        return self.library.update(uid, change)[uid]

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
