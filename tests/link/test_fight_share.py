"""The players' view of the shared fight follows every save, even one that lands while
the host is reading the fight (a round begun just then must still reach them)."""

from __future__ import annotations

from pathlib import Path

from numdesk.link.fight_share import FightShare
from numdesk.link.library_side import LinkLibrary
from numdesk.model.encounter import Combatant, Encounter
from numdesk.store import Library
from numdesk.store.commit import Write


class _SavedMeanwhile(LinkLibrary):
    """The library as the host reads it, while the GM's app saves the fight once, just
    after the host has read it (a real save on another connection)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.pending: Encounter | None = None

    def encounter(self, uid: str) -> tuple[Encounter, int]:
        found = super().encounter(uid)
        if self.pending is not None:
            _save(self.path, self.pending)
            self.pending = None
        return found


def _save(path: Path, encounter: Encounter) -> None:
    with Library.open(path, create=False) as app:
        _old, revision = app.load_revision(encounter.uid)
        app.commit([Write(encounter.uid, encounter, revision)])


def _round(fight: Encounter, number: int) -> Encounter:
    return Encounter(fight.name, uid=fight.uid, profile=fight.profile, round=number,
                     combatants=fight.combatants)  # fmt: skip


def test_a_save_landing_while_the_fight_is_read_still_reaches_the_players(tmp_path: Path) -> None:
    path = tmp_path / "gm.numdesk"
    fight = Encounter(
        "Ambush", profile="cypher", round=1, combatants=[Combatant("Bandit", level=2)]
    )
    with Library.create(path, starter=False) as lib:
        lib.commit([Write(fight.uid, fight, None)])
    library = _SavedMeanwhile(path)
    try:
        share = FightShare(library)
        share.share(fight.uid)
        assert share.view is not None and share.view["round"] == 1
        _save(path, _round(fight, 2))
        library.pending = _round(fight, 3)  # the next round begins while round 2 is read
        assert share.refresh() is True and share.view["round"] == 2
        assert share.refresh() is True  # that save was not taken as seen
        assert share.view["round"] == 3
        assert share.refresh() is False
    finally:
        library.close()
