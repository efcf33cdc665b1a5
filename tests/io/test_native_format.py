"""numdesk's own JSON format: round trips, and every bad file reported precisely, unwritten."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from numdesk.io.errors import ImportFormatError
from numdesk.io.export import export_entries
from numdesk.io.importer import import_files
from numdesk.io.schema import schema_text
from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.errors import DomainError
from numdesk.model.history import HistoryEntry
from numdesk.model.items import Cypher
from numdesk.model.kinds import EntryKind
from numdesk.model.serialize import to_data
from numdesk.model.templates import SentenceTemplate
from numdesk.rules.types import SkillLevel, Stat
from numdesk.store import Library

DOCS_SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "export-format.schema.json"


def _everything(lib: Library) -> dict[str, tuple[Any, tuple[str, ...], bool]]:
    """uid -> (to_data, tags, favourite) of every entry."""
    result = {}
    for kind in EntryKind:
        for summary in lib.repo_for(kind).list():
            data = to_data(lib.load(summary.uid))
            result[summary.uid] = (data, tuple(sorted(summary.tags)), summary.favourite)
    return result


@pytest.fixture
def small_library(library: Library) -> Library:
    hero = Character("Ärwen", profile="cypher", tier=2, xp=3)
    hero.pools[Stat.MIGHT].current = 7
    hero.skills.append(Skill("Climbing", SkillLevel.SPECIALIZED))
    hero.abilities.append(Ability("Onslaught", cost=1, pool=Stat.INTELLECT))
    hero.history.append(HistoryEntry("Took 3 Might damage", kind="damage"))
    orc = Creature("Cave brute", level=4, armor=1, modifications=["sees in the dark"])
    focus = SentenceTemplate("Wields Lightning", part="focus", profile="cypher")
    library.save_many([hero, orc, focus, Cypher("Flash bomb", level_dice="1d6+2")])
    library.set_tags(orc.uid, ["Boss", "Caves"])
    library.set_favourite(hero.uid, True)
    return library


def _export(lib: Library, path: Path) -> dict[str, Any]:
    export_entries(lib, path)
    return json.loads(path.read_text(encoding="utf-8"))


def test_round_trip_into_a_fresh_library(small_library: Library, tmp_path: Path) -> None:
    out = tmp_path / "all.json"
    doc = _export(small_library, out)
    assert doc["format"] == "numdesk" and doc["version"] == 1
    with Library.create(tmp_path / "fresh.numdesk", starter=False) as fresh:
        report = import_files(fresh, [out])
        assert report.total == 4
        assert _everything(fresh) == _everything(small_library)


def test_whole_csrd_round_trips(csrd_library: Library, tmp_path: Path) -> None:
    out = tmp_path / "csrd-export.json"
    count = export_entries(csrd_library, out)
    assert count == csrd_library.count()
    with Library.create(tmp_path / "fresh.numdesk", starter=False) as fresh:
        import_files(fresh, [out])
        assert _everything(fresh) == _everything(csrd_library)


def test_export_a_selection_and_a_kind(small_library: Library, tmp_path: Path) -> None:
    orc = small_library.creatures.find_by_name("Cave brute")
    assert orc is not None
    one = tmp_path / "one.json"
    assert export_entries(small_library, one, uids=[orc.uid]) == 1
    entry = json.loads(one.read_text(encoding="utf-8"))["entries"][0]
    assert entry["kind"] == "creature" and entry["data"]["name"] == "Cave brute"
    assert entry["tags"] == ["Boss", "Caves"] and entry["favourite"] is False
    focus_only = tmp_path / "foci.json"
    assert export_entries(small_library, focus_only, kinds=[EntryKind.FOCUS]) == 1


def test_import_merges_tags_and_updates_in_place(small_library: Library, tmp_path: Path) -> None:
    out = tmp_path / "all.json"
    doc = _export(small_library, out)
    orc_entry = next(e for e in doc["entries"] if e["kind"] == "creature")
    orc_entry["data"]["level"] = 6
    orc_entry["tags"] = ["Undead"]
    out.write_text(json.dumps(doc), encoding="utf-8")
    before = small_library.count()
    import_files(small_library, [out])
    assert small_library.count() == before
    orc = small_library.creatures.load(orc_entry["data"]["uid"])
    assert orc.level == 6
    assert set(small_library.summary(orc.uid).tags) == {"Boss", "Caves", "Undead"}


def _mutate_pool(doc: dict[str, Any]) -> None:
    hero = next(e for e in doc["entries"] if e["kind"] == "character")
    hero["data"]["pools"]["might"]["current"] = "seven"


def _hero_index(doc: dict[str, Any]) -> int:
    return next(i for i, e in enumerate(doc["entries"]) if e["kind"] == "character")


CASES = [
    (_mutate_pool, "$.entries[{hero}].data.pools.might.current", "expected a whole number"),
    (
        # a kind numdesk does not know is a newer numdesk's (kept); this is no kind at all
        lambda d: d["entries"][0].update(kind="Dragon!"),
        "$.entries[0].kind",
        "expected a kind of entry: character, creature",
    ),
    (lambda d: d["entries"][0]["data"].pop("name"), "$.entries[0].data", "a field 'name'"),
    (
        # a field numdesk does not know in the data is a newer numdesk's (kept); beside
        # the data it is not
        lambda d: d["entries"][0].update(colour="red"),
        "$.entries[0]",
        "expected only the fields numdesk knows, found 'colour'",
    ),
    (lambda d: d.update(format="numdesk", version="1"), "$.version", "expected 1"),
    (lambda d: d.pop("entries"), "$", "a field 'entries'"),
    (lambda d: d["entries"].append([]), "$.entries[4]", "expected an object"),
    (
        lambda d: d["entries"][0]["data"].update(uid=d["entries"][1]["data"]["uid"]),
        "$.entries[1].data.uid",
        "not used by another entry",
    ),
    (
        lambda d: d["entries"][0].update(tags=[1]),
        "$.entries[0].tags[0]",
        "expected text, found 1",
    ),
]


@pytest.mark.parametrize(("mutate", "path", "expected"), CASES)
def test_bad_file_names_path_and_expectation_and_writes_nothing(
    small_library: Library, tmp_path: Path, mutate: Any, path: str, expected: str
) -> None:
    good = tmp_path / "good.json"
    doc = _export(small_library, good)
    bad_doc = copy.deepcopy(doc)
    mutate(bad_doc)
    bad = tmp_path / "bad-export.json"
    bad.write_text(json.dumps(bad_doc), encoding="utf-8")
    doc["entries"][0]["data"]["name"] = "Renamed by the good file"
    good.write_text(json.dumps(doc), encoding="utf-8")
    before = _everything(small_library)
    with pytest.raises(ImportFormatError) as caught:
        import_files(small_library, [good, bad])
    message = caught.value.message
    assert message.startswith("bad-export.json: " + path.format(hero=_hero_index(doc)) + ":")
    assert expected in message
    assert _everything(small_library) == before


def test_a_newer_format_is_refused(small_library: Library, tmp_path: Path) -> None:
    path = tmp_path / "future.json"
    doc = _export(small_library, path)
    doc["version"] = 2
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DomainError, match="written by a newer numdesk"):
        import_files(small_library, [path])


def test_a_sentence_part_must_match_its_kind(small_library: Library, tmp_path: Path) -> None:
    path = tmp_path / "parts.json"
    doc = _export(small_library, path)
    focus = next(e for e in doc["entries"] if e["kind"] == "focus")
    focus["kind"] = "descriptor"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ImportFormatError, match=r"data\.part: expected 'descriptor'"):
        import_files(small_library, [path])


def test_docs_schema_is_current() -> None:
    assert DOCS_SCHEMA.read_text(encoding="utf-8") == schema_text(), (
        "regenerate: python -m numdesk.io.schema > docs/export-format.schema.json"
    )


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for key in parents:
        data = data[key]
    data[last] = value


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("tier", 7, "Tier must be between 1 and 6."),
        ("xp", -1, "XP cannot be negative."),
        ("shins", -5, "Shins cannot be negative."),
        ("effort", 9, "Effort must be between 1 and 6."),
        ("pools.might.current", 99, "The Might Pool cannot be above its maximum of 10."),
        ("pools.speed.edge", -1, "Speed Edge cannot be negative."),
        ("skills.0.level", "expert", "Numenera has no 'expert' skill level"),
        ("profile", "dnd", "The rules 'dnd' are not built in"),
    ],
)
def test_values_no_edit_could_make_are_refused(
    library: Library, tmp_path: Path, field: str, value: Any, message: str
) -> None:
    """Sheet rules hold for imports too: file, JSON path and rule are named; nothing is written."""
    hero = Character("Kara", skills=[Skill("Climbing")])
    data = to_data(hero)
    if field.startswith("skills.0."):
        data["skills"][0]["level"] = value
        where = "skills[0].level"
    else:
        _set(data, field, value)
        where = field
    path = tmp_path / "kara.json"
    doc = {"format": "numdesk", "version": 1, "entries": [{"kind": "character", "data": data}]}
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DomainError) as caught:
        import_files(library, [path])
    assert caught.value.message.startswith(f"kara.json: $.entries[0].data.{where}: {message}")
    assert library.count() == 0
