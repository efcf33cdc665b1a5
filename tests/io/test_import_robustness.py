"""Damaged files of every format give a DomainError, never a crash (property tests)."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

from conftest import FIXTURES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from numdesk.io.csrd import read_csrd
from numdesk.io.csv_creatures import read_creatures_csv
from numdesk.io.foundry import read_foundry
from numdesk.io.native import build_document, read_document
from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.errors import DomainError
from numdesk.model.items import Artifact

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10**12),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON document."""
    found = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(_paths(value, (*prefix, key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(_paths(value, (*prefix, index)))
    return found


def _replace(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    damaged = copy.deepcopy(doc)
    node = damaged
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return damaged


def _damage_strategy(doc: Any) -> st.SearchStrategy[Any]:
    paths = _paths(doc)
    return st.tuples(st.sampled_from(paths), JUNK).map(lambda pv: _replace(doc, *pv))


FOUNDRY = [
    json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    for name in ("foundry_pc_v2.json", "foundry_pc_v1.json", "foundry_npc.json")
]
NATIVE = build_document(
    [
        (Character("Ärwen", profile="cypher"), ["x"], True),
        (Creature("Brute", 3, modifications=["m"]), [], False),
        (Artifact("Lens", level=4), [], False),
    ]
)
QUICK = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@QUICK
@given(st.one_of(*(_damage_strategy(doc) for doc in FOUNDRY)))
def test_damaged_foundry_actor(doc: Any) -> None:
    try:
        read_foundry(doc, Path("actor.json"))
    except DomainError as err:
        assert err.message.startswith("actor.json")


@QUICK
@given(_damage_strategy(NATIVE))
def test_damaged_native_export(doc: Any) -> None:
    try:
        read_document(doc, Path("export.json"))
    except DomainError as err:
        assert err.message.startswith("export.json")


@QUICK
@given(st.text(alphabet=st.sampled_from('ab1,-"\n\r \x00é'), max_size=60))
def test_damaged_csv(body: str) -> None:
    try:
        read_creatures_csv("name,level,health,armor\n" + body, Path("c.csv"))
    except DomainError as err:
        assert err.message.startswith("c.csv")


@cache
def _csrd_sample(path: Path) -> dict[str, Any]:
    """Two entries of each CSRD section (and the abilities the two types name)."""
    full = json.loads(path.read_text(encoding="utf-8"))
    sample = {k: (v[:2] if isinstance(v, list) else v) for k, v in full.items()}
    names = {r["name"].casefold() for t in sample["types"] for r in t["special_abilities"]}
    sample["abilities"] = [a for a in full["abilities"] if a["name"].casefold() in names]
    for key in ("flavors", "foci"):
        for item in sample[key]:
            item["abilities"] = []
    return sample


@QUICK
@given(data=st.data())
def test_damaged_csrd(csrd_path: Path, data: st.DataObject) -> None:
    doc = data.draw(_damage_strategy(_csrd_sample(csrd_path)))
    try:
        read_csrd(doc, Path("CSRD.json"))
    except DomainError as err:
        assert err.message.startswith("CSRD.json")
