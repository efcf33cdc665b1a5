"""Rules in an imported file that cannot be used are refused at the door, in one line
naming the place in the file: a rules set whose id is a built-in's name, and a creature
or encounter on rules neither built in nor carried by the file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from numdesk.io.native import build_document
from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter
from numdesk.model.rules_set import RulesSet
from numdesk.store import Library


def _import(file: Path, lib: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "numdesk", "import", str(file), "--library", str(lib)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


@pytest.mark.parametrize("uid", ["numenera", "cypher"])
def test_a_rules_set_named_like_a_built_in_is_refused_in_words(tmp_path: Path, uid: str) -> None:
    rules = RulesSet(name="Sneaky", base="cypher", changes={"max_effort": 1}, uid=uid)
    file = tmp_path / "sneaky.numdesk-json"
    file.write_text(json.dumps(build_document([(rules, [], False)])), encoding="utf-8")
    lib = tmp_path / "lib.numdesk"
    done = _import(file, lib)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "internal error" not in done.stderr, done.stderr
    assert "$.entries[0].data" in done.stderr and f"'{uid}'" in done.stderr
    with pytest.raises(Exception, match="built-in"):
        rules.profile()


@pytest.mark.parametrize(
    "entry",
    [
        Creature("Lost hound", level=3, profile="0b7e5f0e00004000800000000000dead"),
        Encounter("Lost ambush", profile="0b7e5f0e00004000800000000000dead"),
    ],
    ids=["creature", "encounter"],
)
def test_an_entry_on_unknown_rules_is_refused_at_import(tmp_path: Path, entry: object) -> None:
    file = tmp_path / "lost.numdesk-json"
    file.write_text(json.dumps(build_document([(entry, [], False)])), encoding="utf-8")
    lib = tmp_path / "lib.numdesk"
    with Library.create(lib, starter=False):
        pass
    done = _import(file, lib)
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert "$.entries[0].data.profile" in done.stderr
    assert "0b7e5f0e00004000800000000000dead" in done.stderr
    with Library.open(lib) as opened:
        assert opened.count() == 0
