"""Saving, loading, listing and deleting entries of every kind through the repositories."""

from __future__ import annotations

import copy
import sqlite3

import pytest

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.history import HistoryEntry
from numdesk.model.kinds import EntryKind, ModelObject
from numdesk.model.serialize import to_data
from numdesk.model.summary import EntrySummary
from numdesk.model.templates import SentenceTemplate
from numdesk.store import Library, LibraryError


@pytest.mark.parametrize("kind", list(EntryKind))
def test_every_kind_round_trips(
    library: Library, samples: dict[EntryKind, ModelObject], kind: EntryKind
) -> None:
    obj = samples[kind]
    repo = library.repo_for(kind)
    repo.save(obj)
    loaded = repo.load(obj.uid)
    assert type(loaded) is type(obj)
    assert to_data(loaded) == to_data(obj)
    assert to_data(library.load(obj.uid)) == to_data(obj)
    assert library.kind_of_uid(obj.uid) is kind
    [summary] = repo.list()
    assert summary.uid == obj.uid and summary.kind is kind and summary.name == obj.name


def test_every_kind_survives_reopening(tmp_path, samples: dict[EntryKind, ModelObject]) -> None:
    path = tmp_path / "lib.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.save_many(samples.values())
    with Library.open(path) as lib:
        for kind, obj in samples.items():
            assert to_data(lib.repo_for(kind).load(obj.uid)) == to_data(obj)
        assert lib.count() == len(EntryKind)


def test_named_repositories_hold_their_kinds(library: Library) -> None:
    names = {
        "characters": EntryKind.CHARACTER,
        "creatures": EntryKind.CREATURE,
        "followers": EntryKind.FOLLOWER,
        "encounters": EntryKind.ENCOUNTER,
        "cyphers": EntryKind.CYPHER,
        "artifacts": EntryKind.ARTIFACT,
        "oddities": EntryKind.ODDITY,
        "equipment": EntryKind.EQUIPMENT,
        "weapons": EntryKind.WEAPON,
        "armor": EntryKind.ARMOR,
        "shields": EntryKind.SHIELD,
        "abilities": EntryKind.ABILITY,
        "skills": EntryKind.SKILL,
        "types": EntryKind.TYPE,
        "descriptors": EntryKind.DESCRIPTOR,
        "foci": EntryKind.FOCUS,
        "flavors": EntryKind.FLAVOR,
        "tables": EntryKind.TABLE,
    }
    for attr, kind in names.items():
        repo = getattr(library, attr)
        assert repo.kind is kind
        assert library.repo_for(kind) is repo


def test_save_replaces_by_uid_and_keeps_one_row(library: Library) -> None:
    monster = Creature("Broken hound", level=2)
    library.creatures.save(monster)
    monster.name = "Broken hound alpha"
    monster.level = 4
    library.creatures.save(monster)
    assert library.count(EntryKind.CREATURE) == 1
    loaded = library.creatures.load(monster.uid)
    assert (loaded.name, loaded.level) == ("Broken hound alpha", 4)
    assert library.summary(monster.uid).subtitle == "Level 4 creature"


def test_load_of_missing_or_other_kind_is_a_clear_error(library: Library) -> None:
    monster = Creature("Seskii", level=3)
    library.creatures.save(monster)
    with pytest.raises(LibraryError, match="no entry with the id nope"):
        library.load("nope")
    with pytest.raises(LibraryError, match="no character with the id"):
        library.characters.load(monster.uid)
    with pytest.raises(LibraryError):
        library.kind_of_uid("nope")
    with pytest.raises(LibraryError):
        library.characters.delete(monster.uid)
    assert library.has(monster.uid)


def test_wrong_repository_or_clashing_uid_is_refused(library: Library) -> None:
    focus = SentenceTemplate("Bears a Halo of Fire", part="focus")
    with pytest.raises(LibraryError, match="is a focus, not a descriptor"):
        library.descriptors.save(focus)
    monster = Creature("Nibovian wife", level=3)
    library.creatures.save(monster)
    impostor = Character("Impostor", uid=monster.uid)
    with pytest.raises(LibraryError, match="already belongs to a creature"):
        library.characters.save(impostor)
    assert library.count() == 1
    with pytest.raises(LibraryError, match="needs a name"):
        library.creatures.save(Creature("   "))


def test_delete_removes_entry(library: Library) -> None:
    monster = Creature("Callerail", level=3)
    library.creatures.save(monster)
    library.creatures.delete(monster.uid)
    assert library.count() == 0
    assert not library.has(monster.uid)
    with pytest.raises(LibraryError):
        library.creatures.load(monster.uid)


def test_find_by_name_ignores_case_including_non_ascii(library: Library) -> None:
    worm = Creature("Ätherwurm", level=5)
    library.creatures.save(worm)
    library.creatures.save(Creature("Ätherwurm larva", level=2))
    found = library.creatures.find_by_name("äTHERWURM")
    assert found is not None and found.uid == worm.uid
    assert library.creatures.find_by_name("Atherwurm") is None
    assert library.characters.find_by_name("Ätherwurm") is None


def test_list_is_sorted_by_name_and_summarises(library: Library) -> None:
    for name, level in (("zeta", 1), ("Alpha", 3), ("beta", 2)):
        library.creatures.save(Creature(name, level=level))
    listed = library.creatures.list()
    assert [s.name for s in listed] == ["Alpha", "beta", "zeta"]
    assert listed[0] == EntrySummary(
        uid=listed[0].uid,
        kind=EntryKind.CREATURE,
        name="Alpha",
        profile="cypher",
        level=3,
        tags=(),
        favourite=False,
        subtitle="Level 3 creature",
    )


def test_character_summary_uses_tier_as_level(library: Library) -> None:
    hero = Character("Naveed", type="Glaive", tier=3)
    library.characters.save(hero)
    summary = library.summary(hero.uid)
    assert (summary.level, summary.subtitle, summary.profile) == (3, "Tier 3 Glaive", "numenera")


def test_save_many_is_idempotent_and_reports_progress(
    library: Library, samples: dict[EntryKind, ModelObject]
) -> None:
    calls: list[tuple[int, int]] = []
    library.save_many(samples.values(), progress=lambda done, total: calls.append((done, total)))
    library.save_many(copy.deepcopy(list(samples.values())))
    assert library.count() == len(samples)
    assert calls[-1] == (len(samples), len(samples))
    hero = library.characters.load(samples[EntryKind.CHARACTER].uid)
    assert len(hero.history) == 2


def test_save_many_writes_nothing_when_one_object_is_bad(library: Library) -> None:
    good = [Creature(f"Creature {i}", level=1) for i in range(600)]
    bad = SentenceTemplate("Confused", part="not-a-part")
    with pytest.raises(LibraryError):
        library.save_many([*good, bad])
    clash = Character("Clash", uid=good[0].uid)
    library.creatures.save(good[0])
    with pytest.raises(LibraryError):
        library.save_many([*good[1:], clash])
    assert library.count() == 1


def test_tags_and_favourites_survive_a_save(library: Library) -> None:
    monster = Creature("Jiraskar", level=4)
    library.creatures.save(monster)
    library.set_tags(monster.uid, ["Boss", "boss", "  swamp   beasts ", ""])
    library.set_favourite(monster.uid, True)
    monster.level = 5
    library.creatures.save(monster)
    library.save_many([monster])
    summary = library.summary(monster.uid)
    assert summary.tags == ("Boss", "swamp beasts")
    assert summary.favourite is True
    assert library.all_tags() == ["Boss", "swamp beasts"]
    library.set_favourite(monster.uid, False)
    assert library.summary(monster.uid).favourite is False
    with pytest.raises(LibraryError):
        library.set_favourite("missing", True)
    with pytest.raises(LibraryError):
        library.set_tags("missing", ["x"])


def test_unused_tags_are_forgotten(library: Library) -> None:
    a, b = Creature("A"), Creature("B")
    library.save_many([a, b])
    library.set_tags(a.uid, ["cave", "boss"])
    library.set_tags(b.uid, ["cave"])
    library.set_tags(a.uid, [])
    assert library.all_tags() == ["cave"]
    library.delete(b.uid)
    assert library.all_tags() == []


def test_history_lives_in_its_own_table_and_follows_undo(library: Library) -> None:
    hero = Character("Lobin")
    library.characters.save(hero)
    for i in range(3):
        hero.history.append(HistoryEntry(f"Edit {i}", kind="pools", at=f"2026-01-0{i + 1}"))
        library.characters.save(hero)
    assert [h.summary for h in library.characters.load(hero.uid).history] == [
        "Edit 0",
        "Edit 1",
        "Edit 2",
    ]
    hero.history.pop()  # an undo removes the last line ...
    hero.history.append(HistoryEntry("Edit 2b", details="redone differently"))
    library.characters.save(hero)
    loaded = library.characters.load(hero.uid)
    assert [h.summary for h in loaded.history] == ["Edit 0", "Edit 1", "Edit 2b"]
    assert to_data(loaded.history) == to_data(hero.history)

    con = sqlite3.connect(library.path)
    try:
        rows = con.execute("SELECT seq, summary FROM history ORDER BY seq").fetchall()
        data = con.execute("SELECT data FROM entries").fetchone()[0]
    finally:
        con.close()
    assert rows == [(0, "Edit 0"), (1, "Edit 1"), (2, "Edit 2b")]
    assert "Edit 0" not in data  # the JSON row does not duplicate the history

    library.characters.delete(hero.uid)
    con = sqlite3.connect(library.path)
    try:
        assert con.execute("SELECT count(*) FROM history").fetchone()[0] == 0
    finally:
        con.close()


def test_meta_values_round_trip(library: Library) -> None:
    assert library.meta_get("csrd_imported") is None
    assert library.meta_get("csrd_imported", False) is False
    library.meta_set("csrd_imported", True)
    library.meta_set("recent", ["a", "b"])
    library.meta_set("recent", ["c"])
    assert library.meta_get("csrd_imported") is True
    assert library.meta_get("recent") == ["c"]


def test_save_many_files_tags_and_favourites_in_the_same_transaction(library: Library) -> None:
    a, b = Creature("Octopus", level=4), Creature("Ravage bear", level=5)
    library.save_many([a, b], tags={a.uid: ["Sea", "sea", "boss"], b.uid: []}, favourites=[b.uid])
    assert library.summary(a.uid).tags == ("boss", "Sea")
    assert library.summary(b.uid).favourite is True
    assert [s.name for s in library.search("sea")] == ["Octopus"]
    with pytest.raises(LibraryError):
        library.save_many([Creature("Ghost")], tags={"missing": ["x"]})
    assert library.count() == 2


def test_load_many_reads_every_kind_in_order(
    library: Library, samples: dict[EntryKind, ModelObject]
) -> None:
    objs = list(samples.values())
    library.save_many(objs)
    uids = [o.uid for o in reversed(objs)]
    loaded = library.load_many(uids)
    assert [to_data(o) for o in loaded] == [to_data(o) for o in reversed(objs)]
    assert library.load_many([]) == []
    with pytest.raises(LibraryError, match="missing-one"):
        library.load_many([uids[0], "missing-one"])
