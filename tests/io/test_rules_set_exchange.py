"""House rules sets travel with the entries that play by them (export and import)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from numdesk.io.export import export_entries
from numdesk.io.importer import import_files
from numdesk.model.character import Character
from numdesk.model.encounter import Encounter
from numdesk.model.errors import DomainError
from numdesk.model.rules_set import RulesSet
from numdesk.model.serialize import to_data
from numdesk.rules.profiles import PROFILES, get_profile
from numdesk.store import Library


def test_a_sheet_brings_its_rules_set_to_a_new_library(tmp_path: Path) -> None:
    rules = RulesSet(
        name="Gritty Ninth World",
        base="numenera",
        changes={"max_effort": 4, "xp_reroll": False, "day_hours": 24},
        description="We play with shorter days.",
    )
    ada = Character(name="Ada", profile=rules.uid)
    out = tmp_path / "ada.numdesk-json"
    with Library.create(tmp_path / "a.numdesk", starter=False) as lib:
        lib.rules_sets.save(rules)
        lib.characters.save(ada)
        lib.encounters.save(Encounter(name="Ambush", profile=rules.uid))
        assert export_entries(lib, out, uids=[ada.uid]) == 2  # the sheet and its rules
    kinds = [e["kind"] for e in json.loads(out.read_text())["entries"]]
    assert kinds == ["rules_set", "character"]
    assert rules.uid not in PROFILES  # closing the library forgot its rules sets
    with Library.create(tmp_path / "b.numdesk", starter=False) as other:
        report = import_files(other, [out])
        assert report.total == 2
        back = other.rules_sets.load(rules.uid)
        assert to_data(back) == to_data(rules)
        assert get_profile(other.characters.load(ada.uid).profile).max_effort == 4
        assert not get_profile(rules.uid).xp_reroll
    assert rules.uid not in PROFILES
    with Library.open(tmp_path / "b.numdesk") as again:  # and after a restart
        assert get_profile(rules.uid).label == "Gritty Ninth World"
        assert again.rules_sets.count() == 1


def test_a_bad_rules_set_in_a_file_is_refused_by_path(tmp_path: Path) -> None:
    rules = RulesSet(name="Ours", changes={"max_effort": 3})
    doc = {
        "format": "numdesk",
        "version": 1,
        "entries": [{"kind": "rules_set", "data": to_data(rules), "tags": []}],
    }
    doc["entries"][0]["data"]["changes"]["max_effort"] = 9
    out = tmp_path / "bad.numdesk-json"
    out.write_text(json.dumps(doc), encoding="utf-8")
    with Library.create(tmp_path / "c.numdesk", starter=False) as lib:
        with pytest.raises(DomainError, match=r"entries\[0\].*max_effort must be 1 to 6"):
            import_files(lib, [out])
        assert lib.count() == 0


def test_a_sheet_whose_rules_are_missing_is_refused(tmp_path: Path) -> None:
    doc = {
        "format": "numdesk",
        "version": 1,
        "entries": [{"kind": "character", "data": to_data(Character(name="X", profile="zz"))}],
    }
    out = tmp_path / "lost.numdesk-json"
    out.write_text(json.dumps(doc), encoding="utf-8")
    with (
        Library.create(tmp_path / "d.numdesk", starter=False) as lib,
        pytest.raises(DomainError, match="not built in and not a rules set"),
    ):
        import_files(lib, [out])
