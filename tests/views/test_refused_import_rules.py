"""A refused import changes no rules: the house rules sets a file carries are registered
only when its import commits, so an open sheet keeps playing by its library's set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from main_window_helpers import make_controller, make_window
from pytestqt.qtbot import QtBot

from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.operations.task import TaskInput, preview_task
from numdesk.model.rules_set import RulesSet
from numdesk.model.serialize import to_data
from numdesk.rules.profiles import PROFILES
from numdesk.rules.types import Stat
from numdesk.views.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    controller = make_controller(tmp_path)
    yield make_window(qtbot, controller)
    controller.close()


def _entry(kind: str, obj: object) -> dict[str, object]:
    return {"kind": kind, "data": to_data(obj), "tags": []}


def _refused_file(folder: Path, name: str, *entries: dict[str, object]) -> Path:
    """A numdesk file whose last entry is broken, so the whole import is refused."""
    broken = _entry("character", Character(name="Broken"))
    broken["data"]["tier"] = 99  # type: ignore[index]
    path = folder / name
    doc = {"format": "numdesk", "version": 1, "entries": [*entries, broken]}
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_an_open_sheet_keeps_its_rules_after_a_refused_import_of_a_foreign_set(
    window: MainWindow, tmp_path: Path
) -> None:
    ours = RulesSet(name="Our Table", base="cypher", changes={"max_effort": 3})
    kalos = Character(name="Kalos", profile=ours.uid, effort=3)
    window.controller.library.save_many([ours, kalos])
    sheet = window.open_entry(kalos.uid)
    heavy = TaskInput(stat=Stat.MIGHT, difficulty=4, effort_ease=3)
    assert preview_task(sheet.controller.character, heavy).problem is None

    # the same set (same uid) as another group plays it, with an Effort cap of 1, and a
    # set of its own with a sheet on it; the file is refused for its last entry
    theirs = RulesSet(name="Our Table", base="cypher", changes={"max_effort": 1}, uid=ours.uid)
    foreign = RulesSet(name="Strangers", base="cypher", changes={"max_effort": 1})
    file = _refused_file(
        tmp_path,
        "foreign.numdesk-json",
        _entry("rules_set", theirs),
        _entry("rules_set", foreign),
        _entry("character", Character(name="Visitor", profile=foreign.uid)),
    )
    for read in (
        lambda: window.controller.read_import([file]),
        lambda: window.controller.import_files([file]),
    ):
        with pytest.raises(DomainError, match="tier"):
            read()
        assert sheet.controller.profile.max_effort == 3
        assert preview_task(sheet.controller.character, heavy).problem is None
        assert foreign.uid not in PROFILES
    assert window.controller.library.characters.find_by_name("Visitor") is None


def test_a_file_accepted_with_keep_going_lends_its_set_to_the_next_file_but_a_refused_one_does_not(
    window: MainWindow, tmp_path: Path
) -> None:
    good_set = RulesSet(name="Lent", base="numenera", changes={"max_effort": 2})
    bad_set = RulesSet(name="Never", base="numenera", changes={"max_effort": 1})
    good = tmp_path / "a-good.numdesk-json"
    good.write_text(
        json.dumps({"format": "numdesk", "version": 1, "entries": [_entry("rules_set", good_set)]}),
        encoding="utf-8",
    )
    bad = _refused_file(tmp_path, "b-bad.numdesk-json", _entry("rules_set", bad_set))
    # later files play by the sets of files read before them in the same import
    user_good = tmp_path / "c-uses-good.numdesk-json"
    user_bad = tmp_path / "d-uses-bad.numdesk-json"
    for path, rules in ((user_good, good_set), (user_bad, bad_set)):
        sheet = Character(name=rules.name, profile=rules.uid)
        doc = {"format": "numdesk", "version": 1, "entries": [_entry("character", sheet)]}
        path.write_text(json.dumps(doc), encoding="utf-8")
    report = window.controller.read_import([good, bad, user_good, user_bad], keep_going=True)
    assert [f.path for f in report.files] == [good, user_good]
    assert [p for p, _m in report.failed] == [bad, user_bad]
    assert good_set.uid not in PROFILES and bad_set.uid not in PROFILES  # not yet saved
    window.controller.save_import(report)
    assert PROFILES[good_set.uid].max_effort == 2 and bad_set.uid not in PROFILES
    assert window.controller.library.characters.find_by_name("Lent") is not None


def test_a_foundry_pc_import_cancelled_while_writing_leaves_no_rules_set_behind(
    window: MainWindow, tmp_path: Path
) -> None:
    from numdesk.controllers.library import ImportCancelled
    from tests.conftest import SHARED_DATA

    actor = SHARED_DATA / "foundry-actors" / "cs2-pc-griselda-tags-f12.json"
    report = window.controller.read_import([actor])
    labels = {p.label for p in PROFILES.values()}

    def cancel(_done: int, _total: int) -> None:
        raise ImportCancelled("Import cancelled; nothing was written.")

    with pytest.raises(ImportCancelled):
        window.controller.save_import(report, cancel)
    library = window.controller.library
    assert library.rules_sets.find_by_name("Cypher System (damage track)") is None
    assert {p.label for p in PROFILES.values()} == labels
    window.controller.save_import(report)  # the same import, not cancelled
    track = library.rules_sets.find_by_name("Cypher System (damage track)")
    assert track is not None and PROFILES[track.uid].uses_damage_track
    pc = library.characters.find_by_name(report.files[0].entries[0].obj.name)
    assert pc is not None and pc.profile == track.uid
