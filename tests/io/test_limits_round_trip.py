"""One set of limits for live saves and imports: whatever numdesk saves, its own export
brings back, and what an import would refuse is refused when it is saved, in the same
words. Every list limit of `numdesk.model.limits` is tried at and beyond its size."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from numdesk.io.export import export_entries
from numdesk.io.importer import import_files, read_files
from numdesk.io.native import build_document
from numdesk.model.character import Character
from numdesk.model.encounter import Encounter, LogEntry
from numdesk.model.errors import DomainError
from numdesk.model.kinds import ENTRY_CLASSES, EntryKind, ModelObject
from numdesk.model.limits import MAX_HISTORY, MAX_LOG, MAX_NAME, RANGES, LimitError
from numdesk.model.rules_set import RulesSet
from numdesk.model.serialize import to_data
from numdesk.model.validation import find_problems
from numdesk.rules.house_rules import MAX_LABEL
from numdesk.store import Library
from numdesk.store.commit import Write
from tests.io.limit_fill import (
    limit_of,
    list_paths,
    sample,
    smallest,
    texts_at_limit,
    with_list,
)

PATHS = list_paths()
#: The character's history may hold 100,000 lines: saving, exporting and reading a file
#: that big takes seconds each (performance.md), so the cases that build one run with
#: the slow tests.
LONG = ("history",)


def _ids(path: tuple[EntryKind, tuple[str, ...], object]) -> str:
    return f"{path[0].value}.{'.'.join(path[1])}"


def _params(
    paths: list[tuple[EntryKind, tuple[str, ...], object]],
) -> list[object]:
    return [
        pytest.param(p, id=_ids(p), marks=[pytest.mark.slow] if p[1][-1] in LONG else [])
        for p in paths
    ]


def _save_live(lib: Library, obj: ModelObject) -> int:
    """Save as the app's controllers do (one commit, the entry new); its revision."""
    return lib.commit([Write(obj.uid, obj, None)])[obj.uid]


def _sheet_rules_allow(obj: ModelObject) -> bool:
    """What a sheet edit can leave on a character (the other kinds have no sheet rules)."""
    return not isinstance(obj, Character) or not find_problems(obj)


def _round_trip(objs: list[ModelObject], folder: Path, *, cli: bool = False) -> Library:
    """Save `objs` as the app does (one entry at a time), export the library, import the
    file into a new library (with the command line when `cli`); the new library, open."""
    first, out, second = folder / "a.numdesk", folder / "out.numdesk-json", folder / "b.numdesk"
    with Library.create(first, starter=False) as lib:
        for obj in objs:
            _save_live(lib, obj)
        if not cli:
            export_entries(lib, out)
    if not cli:
        back = Library.create(second, starter=False)
        import_files(back, [out])
        return back
    for args in (
        ["export", "--library", first, "--out", out],
        ["import", out, "--library", second],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "numdesk", *map(str, args)],
            capture_output=True, text=True, timeout=600, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
    return Library.open(second)


def test_a_fight_with_a_long_log_exports_and_comes_back_whole(tmp_path: Path) -> None:
    """The case that lost fights: more than 1,000 lines saved, refused on import."""
    fight = sample(EntryKind.ENCOUNTER)
    assert isinstance(fight, Encounter)
    fight.log = [LogEntry(1 + i // 20, f"Action {i}", at="2026-01-01T10:00:00+00:00")
                 for i in range(1_500)]  # fmt: skip
    with _round_trip([fight], tmp_path, cli=True) as back:
        again = back.encounters.load(fight.uid)
        assert len(again.log) == 1_500 and to_data(again) == to_data(fight)


@pytest.mark.parametrize("where", _params(PATHS))
def test_one_item_beyond_a_list_limit_is_refused_when_saved_as_when_imported(
    where: tuple[EntryKind, tuple[str, ...], object], tmp_path: Path
) -> None:
    kind, path, item = where
    over = with_list(kind, path, item, limit_of(path) + 1)
    with Library.create(tmp_path / "live.numdesk", starter=False) as lib:
        with pytest.raises(LimitError) as saved:
            _save_live(lib, over)
        assert lib.count() == 0
        assert f"a list of at most {limit_of(path):,} items" in saved.value.message
        assert saved.value.path.startswith(path[0])
        file = tmp_path / "over.numdesk-json"
        file.write_text(json.dumps(build_document([(over, [], False)])), encoding="utf-8")
        with pytest.raises(DomainError) as imported:
            import_files(lib, [file])
        assert f"a list of at most {limit_of(path):,} items" in imported.value.message
        assert lib.count() == 0


@pytest.mark.parametrize("long", _params([p for p in PATHS if p[1][-1] in LONG]))
def test_a_long_record_at_its_limit_comes_back_from_an_export(
    long: tuple[EntryKind, tuple[str, ...], object], tmp_path: Path
) -> None:
    kind, path, item = long
    obj = with_list(kind, path, item, limit_of(path))
    with _round_trip([obj], tmp_path) as back:
        assert to_data(back.load(obj.uid)) == to_data(obj)


def test_every_list_at_its_limit_saved_live_comes_back_from_an_export_unchanged(
    tmp_path: Path,
) -> None:
    """Each list of each kind at exactly its limit (the fight log's 10,000 lines too),
    saved, exported, imported: identical. Where the sheet rules allow fewer (a rest is
    used once a day), the import refuses the same sheet: no edit can make it."""
    at_limit: list[ModelObject] = []
    refused_by_sheet_rules: list[ModelObject] = []
    for kind, path, item in PATHS:
        if path[-1] in LONG:
            continue
        obj = with_list(kind, path, item, limit_of(path))
        (at_limit if _sheet_rules_allow(obj) else refused_by_sheet_rules).append(obj)
    assert "recoveries_used" in [_filled_list(o) for o in refused_by_sheet_rules]
    for obj in refused_by_sheet_rules:  # no edit can make these, and no import takes them
        file = tmp_path / "refused.numdesk-json"
        file.write_text(json.dumps(build_document([(obj, [], False)])), encoding="utf-8")
        with pytest.raises(DomainError):
            read_files([file])
    with _round_trip(at_limit, tmp_path) as back:
        for obj in at_limit:
            assert to_data(back.load(obj.uid)) == to_data(obj), obj.name


def _filled_list(obj: ModelObject) -> str:
    """The name of the list of `obj` that `with_list` filled (the longest one)."""
    lists = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
    return max((n for n, v in lists.items() if isinstance(v, list)), key=lambda n: len(lists[n]))


def _everything_at_its_limit(kind: EntryKind) -> ModelObject:
    """A `kind` entry with every list at its limit, every text at its length and every
    bounded number at the top of its range (where the sheet rules allow it)."""
    obj = sample(kind)
    for path_kind, path, item in PATHS:
        if path_kind is not kind or len(path) > 1:
            continue
        filled = with_list(kind, path, item, limit_of(path))
        if _sheet_rules_allow(filled):
            setattr(obj, path[0], getattr(filled, path[0]))
    texts_at_limit(obj)
    for field in dataclasses.fields(obj):
        bounds = RANGES.get(f"{type(obj).__name__}.{field.name}")
        if bounds is not None:
            setattr(obj, field.name, bounds.high)
    if isinstance(obj, RulesSet):
        obj.name = obj.name[:MAX_LABEL]  # the rules' own, tighter limit
    return obj


@pytest.mark.slow
def test_a_library_with_every_entry_kind_filled_to_its_limits_round_trips(
    tmp_path: Path,
) -> None:
    entries = [_everything_at_its_limit(kind) for kind in ENTRY_CLASSES]
    for obj in entries:
        assert _sheet_rules_allow(obj), obj.name
    fight = next(o for o in entries if isinstance(o, Encounter))
    hero = next(o for o in entries if isinstance(o, Character))
    assert len(fight.log) == MAX_LOG and len(hero.history) == MAX_HISTORY
    with _round_trip(entries, tmp_path) as back:
        assert back.count() == len(entries)
        for obj in entries:
            assert to_data(back.load(obj.uid)) == to_data(obj), type(obj).__name__


def test_a_tag_is_refused_when_saved_if_an_import_would_refuse_it(tmp_path: Path) -> None:
    creature = sample(EntryKind.CREATURE)
    with Library.create(tmp_path / "lib.numdesk", starter=False) as lib:
        _save_live(lib, creature)
        lib.set_tags(creature.uid, ["t" * MAX_NAME])
        with pytest.raises(LimitError, match=f"at most {MAX_NAME} characters"):
            lib.set_tags(creature.uid, ["t" * (MAX_NAME + 1)])
        assert lib.summary(creature.uid).tags == ("t" * MAX_NAME,)


def test_smallest_items_are_valid_on_their_own() -> None:
    """The filler's items pass the limits (a test of the test's helper)."""
    from numdesk.model.limits import check_limits

    for _kind, _path, item in PATHS:
        check_limits(smallest(item))


def test_an_edit_to_a_text_at_its_limit_is_saved_with_a_history_line_within_limits(
    tmp_path: Path,
) -> None:
    """The history line names the old and new text; it must not outgrow a text field."""
    from numdesk.model.limits import MAX_TEXT
    from numdesk.model.operations.edits import SetField

    hero = sample(EntryKind.CHARACTER)
    assert isinstance(hero, Character)
    hero.player = "p" * MAX_TEXT
    with Library.create(tmp_path / "lib.numdesk", starter=False) as lib:
        revision = _save_live(lib, hero)
        SetField("player", "q" * MAX_TEXT).apply(hero)
        lib.commit([Write(hero.uid, hero, revision)])
        line = lib.characters.load(hero.uid).history[-1].summary
        assert line.startswith("Player: 'ppp") and "qqq" in line and len(line) < 300
