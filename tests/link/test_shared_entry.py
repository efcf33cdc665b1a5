"""Shared entries: changes merged, and a field changed on both sides named as such."""

from __future__ import annotations

from numdesk.link.entry_doc import changes
from numdesk.link.shared_entry import SharedEntry
from numdesk.model.character import Character
from numdesk.model.serialize import to_data


def _met() -> tuple[SharedEntry, SharedEntry]:
    player = SharedEntry("ana")
    player.local(changes({}, to_data(Character("Ana", xp=3))))
    gm = SharedEntry("ana")
    gm.receive(player.doc.get_update(), None)
    return player, gm


def _change(side: SharedEntry, **fields: object) -> tuple[bytes, bytes]:
    data = side.data()
    data.update(fields)
    sent = side.local(changes(side.data(), data))
    assert sent is not None
    return sent


def test_a_change_the_sender_had_seen_is_no_conflict() -> None:
    player, gm = _met()
    update, seen = _change(player, xp=4)
    assert gm.receive(update, seen).conflicts == []
    update, seen = _change(gm, xp=6)
    got = player.receive(update, seen)
    assert got.data["xp"] == 6 and got.conflicts == []


def test_the_same_field_at_once_is_a_conflict_on_the_side_that_lost() -> None:
    player, gm = _met()
    from_player = _change(player, xp=5)
    from_gm = _change(gm, xp=7)
    at_gm = gm.receive(*from_player)
    at_player = player.receive(*from_gm)
    assert player.data()["xp"] == gm.data()["xp"]
    lost = [c for c in (at_gm.conflicts + at_player.conflicts)]
    assert len(lost) == 1
    conflict = lost[0]
    assert conflict.path == ("xp",)
    assert {conflict.mine, conflict.theirs} == {5, 7}
    assert conflict.theirs == player.data()["xp"]


def test_different_fields_at_once_are_no_conflict() -> None:
    player, gm = _met()
    from_player = _change(player, notes="owes Bo")
    from_gm = _change(gm, xp=7)
    assert gm.receive(*from_player).conflicts == []
    assert player.receive(*from_gm).conflicts == []
    assert player.data() == gm.data()
    assert gm.data()["notes"] == "owes Bo" and gm.data()["xp"] == 7


def test_what_is_kept_comes_back_after_a_restart() -> None:
    player, gm = _met()
    from_player = _change(player, xp=5)
    kept = SharedEntry.restore("ana", gm.saved())
    from_gm = _change(kept, xp=7)
    at_player = player.receive(*from_gm)
    at_gm = kept.receive(*from_player)
    assert len(at_player.conflicts + at_gm.conflicts) == 1
    assert kept.data() == player.data()


def test_damaged_kept_state_starts_fresh() -> None:
    assert SharedEntry.restore("ana", {"state": "!!"}).empty
    assert SharedEntry.restore("ana", None).empty
