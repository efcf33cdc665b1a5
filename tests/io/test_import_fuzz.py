"""Fuzzing the whole import path: hostile variants of real files through the real CLI.

Each example takes a real document (the CLI's own export of a filled library, a CSRD
subset, the Foundry fixtures), damages it one way (truncation, a wrong type, a huge or
negative number, a lone surrogate, deep nesting, a long string, a duplicated entry),
imports it with `numdesk import`, and asserts what a user is promised:

- never a traceback: exit 0, or exit 1 with one line on stderr naming the file;
- a refused file changes nothing in the library;
- every entry an accepted file brought opens in its real editor (offscreen).
"""

from __future__ import annotations

import copy
import io
import json
import sqlite3
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from numdesk.cli import main
from numdesk.controllers.library import LibraryController
from numdesk.controllers.settings import AppSettings
from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.items import Artifact, Cypher, Weapon
from numdesk.model.tables import RollTable, TableRow
from numdesk.rules.types import SkillLevel, WeaponCategory
from numdesk.store import Library
from numdesk.views.main_window import MainWindow

#: Examples per source; the three sources together stay within a few seconds.
EXAMPLES = 25
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=6),
    st.lists(st.integers(-3, 3), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
NUMBERS = st.sampled_from([-1, -(2**31), 2**31, 2**63, 10**40, 1e308, -1e308, 0.5, 10**308])


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(_paths(value, (*prefix, key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(_paths(value, (*prefix, index)))
    return found


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _replace(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    damaged = copy.deepcopy(doc)
    _get(damaged, path[:-1])[path[-1]] = value
    return damaged


def _nested(doc: Any, path: tuple[Any, ...], depth: int) -> str:
    """`doc` as JSON text with the value at `path` wrapped in `depth` lists."""
    mark = "\u0000deep\u0000"
    text = json.dumps(_replace(doc, path, mark))
    inner = "[" * depth + json.dumps(_get(doc, path)) + "]" * depth
    return text.replace(json.dumps(mark), inner, 1)


def _damaged(doc: Any) -> st.SearchStrategy[str]:
    """File texts: `doc` damaged in one of the ways hostile files are."""
    paths = _paths(doc)
    numbers = [p for p in paths if type(_get(doc, p)) in (int, float)] or paths
    texts = [p for p in paths if isinstance(_get(doc, p), str)] or paths
    text = json.dumps(doc)

    def dumped(value: Any) -> str:
        return json.dumps(value)

    options = [
        st.integers(1, len(text) - 1).map(lambda cut: text[:cut]),
        st.tuples(st.sampled_from(paths), JUNK).map(lambda pv: dumped(_replace(doc, *pv))),
        st.tuples(st.sampled_from(numbers), NUMBERS).map(lambda pv: dumped(_replace(doc, *pv))),
        st.sampled_from(texts).map(
            lambda p: dumped(_replace(doc, p, f"{_get(doc, p)}\ud800 tail"))  # lone surrogate
        ),
        st.tuples(st.sampled_from(paths), st.sampled_from([70, 5000])).map(
            lambda pd: _nested(doc, *pd)
        ),
        st.tuples(st.sampled_from(texts), st.sampled_from([201, 30_001, 200_000])).map(
            lambda pn: dumped(_replace(doc, pn[0], "ж" * pn[1]))
        ),
    ]
    entries = doc.get("entries") if isinstance(doc, dict) else None
    if isinstance(entries, list) and entries:
        options.append(
            st.integers(0, len(entries) - 1).map(
                lambda i: dumped({**doc, "entries": [*entries, copy.deepcopy(entries[i])]})
            )
        )
    return st.one_of(*options)


def _sample_library(path: Path) -> None:
    """A library with entries of the kinds that have their own windows and editors."""
    creature = Creature("Margr raider", level=3, armor=1, modifications=["Climbs as level 5"])
    with Library.create(path, starter=False) as lib:
        lib.save_many(
            [
                Character(
                    "Ärwen",
                    profile="cypher",
                    skills=[Skill("Stealth", SkillLevel.TRAINED)],
                    abilities=[Ability("Onslaught", cost=1)],
                    cyphers=[Cypher("Flash egg", level=3)],
                    weapons=[Weapon("Knife", WeaponCategory.LIGHT)],
                ),
                creature,
                Artifact("Storm lance", level=6, depletion="1-2 in 1d20"),
                RollTable("Weather", die=6, rows=[TableRow(1, 3, "Rain"), TableRow(4, 6, "Sun")]),
                Encounter(
                    "Ford",
                    combatants=[Combatant("Raider", source_uid=creature.uid, health=9)],
                ),
            ]
        )


@cache
def _native_export(folder: Path) -> dict[str, Any]:
    """The CLI's own export of the sample library."""
    lib, out = folder / "source.numdesk", folder / "export.json"
    _sample_library(lib)
    with redirect_stdout(io.StringIO()):
        assert main(["export", "--library", str(lib), "--out", str(out)]) == 0
    doc: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return doc


@cache
def _csrd_subset(path: Path) -> dict[str, Any]:
    """A few entries of each CSRD section (and the abilities the types name)."""
    full = json.loads(path.read_text(encoding="utf-8"))
    sample = {k: (v[:2] if isinstance(v, list) else v) for k, v in full.items()}
    names = {r["name"].casefold() for t in sample["types"] for r in t["special_abilities"]}
    sample["abilities"] = [a for a in full["abilities"] if a["name"].casefold() in names]
    for key in ("flavors", "foci"):
        for item in sample[key]:
            item["abilities"] = []
    return sample


FOUNDRY = [
    json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    for name in ("foundry_pc_v2.json", "foundry_pc_v1.json", "foundry_npc.json")
]


class Target:
    """The library the fuzzed files are imported into, with a window showing it."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "target.numdesk"
        _sample_library(self.path)
        self.controller = LibraryController(
            settings=AppSettings(QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
        )
        self.controller.open_library(self.path)
        self.window = MainWindow(self.controller)
        self.file = folder / "fuzzed.json"

    def rows(self) -> dict[str, tuple[str, str]]:
        """uid -> (data, tags) of every entry, read straight from the file."""
        con = sqlite3.connect(self.path)
        try:
            stored = con.execute(
                "SELECT e.uid, e.data, group_concat(t.name) FROM entries e "
                "LEFT JOIN entry_tags et ON et.entry_id = e.id "
                "LEFT JOIN tags t ON t.id = et.tag_id GROUP BY e.id"
            ).fetchall()
        finally:
            con.close()
        return {uid: (data, tags or "") for uid, data, tags in stored}

    def check(self, text: str) -> None:
        """Import `text` with the CLI and hold the outcome to the promises above."""
        self.file.write_text(text, encoding="utf-8", errors="surrogatepass")
        before = self.rows()
        err, out = io.StringIO(), io.StringIO()
        with redirect_stderr(err), redirect_stdout(out):
            code = main(["import", str(self.file), "--library", str(self.path)])
        after = self.rows()
        message = err.getvalue()
        if code != 0:
            assert code == 1
            assert message.startswith("numdesk: fuzzed.json") and message.count("\n") == 1, message
            assert after == before
            return
        assert message == ""
        changed = [uid for uid, row in after.items() if before.get(uid) != row]
        documents = self.window.documents
        for uid in changed:
            documents.open(uid)
            QApplication.processEvents()
        documents.close_all()


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory, qapp: QApplication) -> Iterator[Target]:
    made = Target(tmp_path_factory.mktemp("fuzz"))
    yield made
    made.window.close()
    made.controller.close()


@pytest.fixture(scope="module")
def export_doc(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _native_export(tmp_path_factory.mktemp("export"))


@FUZZ
@given(data=st.data())
def test_fuzzed_own_export(target: Target, export_doc: dict[str, Any], data: st.DataObject) -> None:
    target.check(data.draw(_damaged(export_doc)))


@FUZZ
@given(data=st.data())
def test_fuzzed_csrd_subset(target: Target, csrd_path: Path, data: st.DataObject) -> None:
    target.check(data.draw(_damaged(_csrd_subset(csrd_path))))


@FUZZ
@given(text=st.one_of(*(_damaged(doc) for doc in FOUNDRY)))
def test_fuzzed_foundry_actor(target: Target, text: str) -> None:
    target.check(text)
