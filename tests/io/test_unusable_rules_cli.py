"""The CLI and a rules set it cannot use: `export-pdf` refuses in one line naming the
entry and the set, `export` writes everything and says what travels without its set,
and `import --profile` takes a house rules set of the library by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from numdesk.cli import main
from numdesk.model.character import Character
from numdesk.model.rules_set import RulesSet
from numdesk.store import Library

MISSING = "0b7e5f0e-0000-4000-8000-00000000dead"
FIXTURES = Path(__file__).parent / "fixtures"


def _library(tmp_path: Path) -> Path:
    path = tmp_path / "lib.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.save_many(
            [
                Character(name="Orphan", profile=MISSING),
                RulesSet(name="Gritty", base="cypher"),
            ]
        )
    return path


def test_export_pdf_of_a_sheet_whose_rules_set_is_gone_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lib = _library(tmp_path)
    out = tmp_path / "o.pdf"
    code = main(["export-pdf", "--library", str(lib), "--character", "Orphan", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 1 and not out.exists()
    assert err.count("\n") == 1 and "Orphan" in err and "rules set" in err
    assert MISSING in err and "Import" in err


def test_export_writes_the_entry_and_says_its_rules_set_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lib = _library(tmp_path)
    out = tmp_path / "o.json"
    assert main(["export", "--library", str(lib), "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "'Orphan' was written without its rules set" in err and MISSING in err
    assert "Orphan" in json.dumps(json.loads(out.read_text()))


def test_import_profile_accepts_a_house_rules_set_by_name_and_refuses_unknown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lib = _library(tmp_path)
    csv = tmp_path / "c.csv"
    csv.write_text("name,level\nGrit Hound,3\n", encoding="utf-8")
    assert main(["import", str(csv), "--library", str(lib), "--profile", "gritty"]) == 0
    with Library.open(lib) as opened:
        gritty = opened.rules_sets.find_by_name("Gritty")
        hound = opened.creatures.find_by_name("Grit Hound")
        assert gritty is not None and hound is not None
        assert hound.profile == gritty.uid
    capsys.readouterr()
    assert main(["import", str(csv), "--library", str(lib), "--profile", "Nope"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Nope" in err
    assert "numenera" in err and "cypher" in err and "Gritty" in err


def test_export_pdf_of_a_sheet_whose_rules_set_is_damaged_names_the_set_and_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3

    path = tmp_path / "lib.numdesk"
    rules = RulesSet(name="Gritty", base="cypher")
    with Library.create(path, starter=False) as lib:
        lib.save_many([rules, Character(name="Kalos", profile=rules.uid)])
    with sqlite3.connect(path) as conn:  # as a newer numdesk would have written it
        row = conn.execute("SELECT data FROM entries WHERE uid=?", (rules.uid,)).fetchone()
        data = json.loads(row[0])
        data["changes"] = {"no_such_switch_from_the_future": 3}
        conn.execute("UPDATE entries SET data=? WHERE uid=?", (json.dumps(data), rules.uid))
    out = tmp_path / "o.pdf"
    code = main(["export-pdf", "--library", str(path), "--character", "Kalos", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 1 and not out.exists() and err.count("\n") == 1
    assert "Kalos" in err and "Gritty" in err and "no_such_switch_from_the_future" in err
    assert "was not printed" in err and "does not have" not in err
