"""`numdesk export-pdf` and `numdesk export`, run as real processes, on entries that play
by a house rules set: a set saved in the library and the "Cypher System (damage track)"
set an imported Foundry Cypher PC brings. Each process starts with an empty registry,
as a user's shell does, so the read-only open itself must register the library's sets."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.rules_set import RulesSet
from numdesk.store import Library
from tests.conftest import SHARED_DATA

FOUNDRY = SHARED_DATA / "foundry-actors"


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "numdesk", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


def _pdf_text(pdf: Path) -> str:
    done = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_export_pdf_prints_a_character_creature_and_encounter_on_a_house_rules_set(
    tmp_path: Path,
) -> None:
    path = tmp_path / "lib.numdesk"
    rules = RulesSet(name="Gritty Table", base="cypher", changes={"max_effort": 2})
    ghoul = Creature("Grave Ghoul", level=4, profile=rules.uid)
    with Library.create(path, starter=False) as lib:
        lib.save_many(
            [
                rules,
                Character(name="Kalos Vane", profile=rules.uid),
                ghoul,
                Encounter(
                    name="Crypt Ambush",
                    profile=rules.uid,
                    combatants=[Combatant(name="Grave Ghoul", source_uid=ghoul.uid)],
                ),
            ]
        )
    out = tmp_path / "gritty.pdf"
    done = _run(
        "export-pdf", "--library", path, "--character", "Kalos Vane", "--creature",
        "Grave Ghoul", "--encounter", "Crypt Ambush", "--out", out,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = _pdf_text(out)
    assert "Kalos Vane" in text and "Grave Ghoul" in text and "Crypt Ambush" in text
    assert "Gritty Table" in text  # the sheet names the rules it plays by


def test_an_imported_foundry_cypher_pc_prints_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "lib.numdesk"
    actor = FOUNDRY / "cs2-pc-griselda-tags-f12.json"
    name = json.loads(actor.read_text(encoding="utf-8"))["name"]
    done = _run("import", actor, "--library", path)
    assert done.returncode == 0, done.stderr
    with Library.open_read_only(path) as lib:
        pc = lib.characters.find_by_name(name)
        track = lib.rules_sets.find_by_name("Cypher System (damage track)")
        assert pc is not None and track is not None and pc.profile == track.uid
    out = tmp_path / "pc.pdf"
    done = _run("export-pdf", "--library", path, "--character", name, "--out", out)
    assert done.returncode == 0, done.stderr
    assert "internal error" not in done.stderr
    text = _pdf_text(out)
    assert name.split()[0] in text and "damage track" in text


def test_export_of_a_house_rules_entry_carries_its_set_and_prints_no_warning(
    tmp_path: Path,
) -> None:
    path = tmp_path / "lib.numdesk"
    rules = RulesSet(name="Gritty Table", base="cypher", changes={"max_effort": 2})
    with Library.create(path, starter=False) as lib:
        lib.save_many([rules, Character(name="Kalos Vane", profile=rules.uid)])
    out = tmp_path / "out.json"
    done = _run("export", "--library", path, "--out", out)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    kinds = sorted(e["kind"] for e in json.loads(out.read_text())["entries"])
    assert kinds == ["character", "rules_set"]
