"""The GM's running fight, as the players at the table may see it.

The host shares one encounter of its library: whenever that encounter or one of its
PCs' sheets is saved (by the fight window, by anyone), the players' projection
(`numdesk.model.table_view.project`: hidden combatants left out, NPC health in words
unless revealed) is made again and, if it differs, sent. Only this projection leaves
the GM's laptop: never the log, notes or stat blocks.
"""

from __future__ import annotations

from typing import Any

from numdesk.link.library_side import LinkLibrary
from numdesk.model.errors import DomainError
from numdesk.model.operations.encounter_base import LogEvent
from numdesk.model.serialize import to_data
from numdesk.model.table_view import project
from numdesk.store.commit import ConflictError


class FightShare:
    """Which encounter the players see, and the view they last got."""

    def __init__(self, library: LinkLibrary) -> None:
        self._library = library
        self.uid: str | None = None
        #: the players' view as plain data (None: no fight shown)
        self.view: dict[str, Any] | None = None
        self._seen: dict[str, int] = {}
        self._pcs: list[str] = []

    def share(self, uid: str | None) -> None:
        """Show encounter `uid` (None: stop showing a fight)."""
        self.uid = uid
        self._seen = {}
        self._pcs = []
        self.refresh()

    def refresh(self) -> bool:
        """Make the view again if the fight or a PC's sheet was saved; whether it changed."""
        if self.uid is None:
            changed = self.view is not None
            self.view = None
            return changed
        revisions = self._library.revisions([self.uid, *self._pcs])
        if revisions == self._seen:
            return False
        try:
            encounter, _revision = self._library.encounter(self.uid)
        except DomainError:
            self.uid = None
            return self.refresh()
        self._pcs = [c.source_uid for c in encounter.combatants if c.side == "pc" and c.source_uid]
        sheets = self._library.characters(self._pcs)
        # the revisions read *before* reading the fight: a save landing while it is read
        # moves its revision past these, so the next call makes the view again (read after,
        # such a save was marked seen and its change never reached the players)
        self._seen = revisions
        view = to_data(project(encounter, sheets))
        if encounter.round == 0:
            # still being prepared: who is in it stays the GM's until the first round
            # (an ambush can be hidden before the players ever see it)
            view["seats"] = []
        changed = view != self.view
        self.view = view
        return changed

    def log(self, text: str) -> None:
        """Write `text` into the shared fight's log (the headless host's rolls)."""
        if self.uid is None:
            return
        for _attempt in range(5):
            encounter, revision = self._library.encounter(self.uid)
            LogEvent(text, "roll").apply(encounter)
            try:
                self._library.save_encounter(encounter, revision)
                return
            except ConflictError:
                continue
