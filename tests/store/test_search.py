"""Search-as-you-type: ranking, prefixes, filters, safety of user text, index in step."""

from __future__ import annotations

import pytest

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.items import Cypher
from numdesk.model.kinds import EntryKind
from numdesk.store import Library
from numdesk.store.search import fts_query


@pytest.fixture
def filled(library: Library) -> Library:
    library.save_many(
        [
            Creature("Glaive hunter", level=5, description="Stalks lone warriors."),
            Creature("Murden", level=3, description="A beast that hunts glaives at night."),
            Creature("Glaive", level=2, profile="numenera"),
            Creature("Broken hound", level=2, combat="Bites; glaive glaive glaive glaive."),
            Character("Naveed", type="Glaive", tier=4, profile="numenera"),
            Character("Chaury", type="Warrior", tier=1, profile="cypher"),
            Cypher("Detonation", level=5, effect="Explodes in an immediate radius."),
            Cypher("Ray emitter", level=2),
        ]
    )
    return library


def names(results) -> list[str]:  # type: ignore[no-untyped-def]
    return [r.name for r in results]


def test_name_matches_come_first(filled: Library) -> None:
    found = names(filled.search("glaive"))
    assert found[:2] == ["Glaive", "Glaive hunter"]  # exact name, then name prefix
    assert set(found[2:]) == {"Murden", "Broken hound", "Naveed"}  # text matches after


def test_words_typed_so_far_match_as_prefixes(filled: Library) -> None:
    assert names(filled.search("gla"))[:2] == ["Glaive", "Glaive hunter"]
    assert names(filled.search("br ho")) == ["Broken hound"]
    assert names(filled.search("hound br")) == ["Broken hound"]
    assert names(filled.search("detonat")) == ["Detonation"]
    assert filled.search("xyzzy") == []


def test_empty_text_lists_everything_by_name(filled: Library) -> None:
    assert names(filled.search("", kinds=[EntryKind.CYPHER])) == ["Detonation", "Ray emitter"]
    assert len(filled.search()) == 8
    assert len(filled.search(limit=3)) == 3


def test_filters(filled: Library) -> None:
    assert names(filled.search("glaive", kinds=[EntryKind.CHARACTER])) == ["Naveed"]
    assert names(filled.search(kinds=[EntryKind.CHARACTER], profile="cypher")) == ["Chaury"]
    assert names(filled.search(profile="numenera", level_max=2)) == [
        "Glaive",
        "Ray emitter",  # the cypher has no profile: it serves both
    ]
    assert names(filled.search(kinds=[EntryKind.CREATURE], level_min=3)) == [
        "Glaive hunter",
        "Murden",
    ]
    assert names(filled.search(level_min=2, level_max=2)) == [
        "Broken hound",
        "Glaive",
        "Ray emitter",
    ]
    assert names(filled.search(kinds=[EntryKind.CHARACTER], level_min=4)) == ["Naveed"]  # tier
    hound = filled.creatures.find_by_name("Broken hound")
    murden = filled.creatures.find_by_name("Murden")
    assert hound is not None and murden is not None
    filled.set_tags(hound.uid, ["Forest", "pack"])
    filled.set_tags(murden.uid, ["forest"])
    assert names(filled.search(tags=["forest"])) == ["Broken hound", "Murden"]
    assert names(filled.search(tags=["FOREST", "Pack"])) == ["Broken hound"]
    filled.set_favourite(murden.uid, True)
    assert names(filled.search(favourites_only=True)) == ["Murden"]
    assert names(filled.search("beast", favourites_only=True)) == ["Murden"]


def test_tags_are_searchable(filled: Library) -> None:
    ray = filled.cyphers.find_by_name("Ray emitter")
    assert ray is not None
    filled.set_tags(ray.uid, ["artillery"])
    assert names(filled.search("artil")) == ["Ray emitter"]
    filled.set_tags(ray.uid, [])
    assert filled.search("artil") == []


@pytest.mark.parametrize(
    "text",
    [
        '"',
        'glaive"',
        "NEAR(glaive",
        "glaive OR",
        "*",
        "name:glaive",
        "-glaive",
        "^gl",
        "a AND",
        "(",
        "'; DROP TABLE entries; --",
        "{name}: x",
        "\\",
        "%",
        "_",
    ],
)
def test_user_text_can_never_break_the_query(filled: Library, text: str) -> None:
    filled.search(text)  # no exception
    assert filled.count() == 8


def test_operators_are_plain_words(filled: Library) -> None:
    assert fts_query('glaive OR "near" x*') == '"glaive"* "OR"* "near"* "x"*'
    assert fts_query(" ,.;") is None


def test_diacritics_and_case_are_ignored(library: Library) -> None:
    library.creatures.save(Creature("Ätherwurm", level=5))
    assert names(library.search("ather")) == ["Ätherwurm"]
    assert names(library.search("ÄTHER")) == ["Ätherwurm"]


def test_index_follows_rename_and_delete(filled: Library) -> None:
    murden = filled.creatures.find_by_name("Murden")
    assert murden is not None
    murden.name = "Shadow stalker"
    murden.description = "Quiet."
    filled.creatures.save(murden)
    assert filled.search("murden") == []
    assert filled.search("night") == []
    assert names(filled.search("shadow")) == ["Shadow stalker"]
    filled.creatures.delete(murden.uid)
    assert filled.search("shadow") == []
    filled.delete(filled.search("detonation")[0].uid)
    assert filled.search("detonation") == []
    # a new entry reusing the freed row id is not confused with the deleted one
    filled.creatures.save(Creature("Latos", level=1))
    assert names(filled.search("latos")) == ["Latos"]
    assert filled.search("quiet") == []


def test_nested_texts_are_searchable(library: Library) -> None:
    hero = Character("Lobin", notes="Carries the sealed letter.")
    library.characters.save(hero)
    assert names(library.search("sealed letter")) == ["Lobin"]


def test_first_key_presses_match_names_only(filled: Library) -> None:
    # "gl" begins many words in texts; two letters list names, three look into texts too
    assert names(filled.search("gl")) == ["Glaive", "Glaive hunter"]
    assert set(names(filled.search("gla"))) == {
        "Glaive",
        "Glaive hunter",
        "Murden",
        "Broken hound",
        "Naveed",
    }
