"""`numdesk export-pdf` on a real library file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from numdesk.cli import main
from numdesk.store import Library
from tests.conftest import REPO_ROOT
from tests.printing.conftest import flat, page_count, page_size_points, pdf_text
from tests.printing.samples import sample_creature, sample_encounter


@pytest.fixture
def library_file(tmp_path: Path) -> Path:
    """A library holding a character, two creatures and an encounter linking them."""
    path = tmp_path / "lib.numdesk"
    encounter, creatures, characters = sample_encounter()
    with Library.create(path, starter=False) as lib:
        lib.save_many(
            [
                *characters.values(),
                *creatures.values(),
                encounter,
                sample_creature("Broken Hound", 3),
            ]
        )
    return path


def test_export_mixes_sheets_stat_blocks_and_encounters_in_order(
    library_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.pdf"
    code = main(
        [
            "export-pdf",
            "--library",
            str(library_file),
            "--character",
            "kaelen vry",
            "--creature",
            "Margr Raider",
            "--creature",
            "Broken Hound",
            "--encounter",
            "Ambush at Hollow Ford",
            "--out",
            str(out),
            "--page-size",
            "letter",
        ]
    )
    assert code == 0
    assert str(out) in capsys.readouterr().out
    text = flat(pdf_text(out))
    positions = [
        text.index(s) for s in ("Tames the Silver Storm", "Broken Hound", "Ambush at Hollow Ford")
    ]
    assert positions == sorted(positions)
    assert "Margr Raider" in text and "Might 13/17" in text
    assert [round(v) for v in page_size_points(out)] == [612, 792]
    assert page_count(out) == 3  # a sheet, a page of stat blocks, an encounter


def test_export_blank_sheet_with_the_library_named_before_the_command(
    library_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / "blank.pdf"
    assert (
        main(
            [
                "--library",
                str(library_file),
                "export-pdf",
                "--character",
                "Kaelen Vry",
                "--out",
                str(out),
                "--blank",
            ]
        )
        == 0
    )
    words = pdf_text(out).split()
    assert "17" in words and "13" not in words


def test_unknown_names_and_missing_library_are_one_line_errors(
    library_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "none.pdf"
    assert (
        main(
            [
                "export-pdf",
                "--library",
                str(library_file),
                "--creature",
                "Nobody",
                "--out",
                str(out),
            ]
        )
        == 1
    )
    assert "no creature called 'Nobody'" in capsys.readouterr().err
    assert (
        main(
            [
                "export-pdf",
                "--library",
                str(tmp_path / "missing.numdesk"),
                "--character",
                "X",
                "--out",
                str(out),
            ]
        )
        == 1
    )
    assert "There is no library" in capsys.readouterr().err
    assert main(["export-pdf", "--library", str(library_file), "--out", str(out)]) == 1
    assert "Name at least one" in capsys.readouterr().err
    assert not out.exists()
    with pytest.raises(SystemExit):
        main(
            [
                "export-pdf",
                "--library",
                str(library_file),
                "--character",
                "Kaelen Vry",
                "--out",
                str(out),
                "--page-size",
                "A5",
            ]
        )


def test_default_library_is_the_users_own(tmp_path: Path) -> None:
    """Run as a user would, in a fresh process whose data folder is a temporary one.

    Printing only reads: without a library it says so and creates none (issue 12);
    once the user has one (the app makes it on first start), it prints from it.
    """
    out = tmp_path / "starter.pdf"
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "QT_QPA_PLATFORM": "offscreen"}
    argv = ["export-pdf", "--creature", "Street tough", "--out", str(out)]

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "numdesk", *argv],
            cwd=REPO_ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    own = tmp_path / "data" / "numdesk" / "library.numdesk"
    missing = run()
    assert missing.returncode == 1
    assert missing.stderr == f"numdesk: There is no library at {own}.\n"
    assert not own.exists() and not out.exists()
    own.parent.mkdir(parents=True)
    Library.create(own).close()  # with starter content, as the app's first start
    result = run()
    assert result.returncode == 0, result.stderr
    assert "Street tough" in pdf_text(out)


def test_an_entry_whose_rules_set_is_missing_is_not_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from numdesk.model.character import Character

    path, out = tmp_path / "lib.numdesk", tmp_path / "kael.pdf"
    with Library.create(path, starter=False) as lib:
        lib.save_many([Character("Kael", profile="0b7e5f0e-dead")])
    code = main(["export-pdf", "--library", str(path), "--character", "Kael", "--out", str(out)])
    assert code != 0 and not out.exists()
    err = capsys.readouterr().err
    assert "“Kael” plays by a house rules set this library does not have" in err
    assert "Import the rules set" in err


def test_a_near_miss_name_is_answered_with_did_you_mean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from numdesk.model.character import Character

    path = tmp_path / "brakka.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.characters.save(Character("Brakka", profile="cypher"))
    out = tmp_path / "out.pdf"
    args = ["export-pdf", "--library", str(path), "--out", str(out)]
    assert main([*args, "--character", "Brakk"]) == 1
    assert capsys.readouterr().err.strip() == (
        f"numdesk: There is no character called 'Brakk' in {path} (did you mean Brakka?)."
    )
    assert main([*args, "--character", "Zzyzx"]) == 1  # nothing close: no guess
    assert "did you mean" not in capsys.readouterr().err
    assert not out.exists()
