"""Foundry imports into a real library: the damage-track rules set, re-import identity,
the numdesk round trip, and a batch with a bad file (--keep-going, --report)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES
from test_import_cli import _run

from numdesk.io.export import export_entries
from numdesk.io.importer import import_files
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.kinds import EntryKind
from numdesk.model.serialize import to_data
from numdesk.rules.profiles import get_profile
from numdesk.store import Library

ALL = sorted(
    p for p in FIXTURES.glob("*.json") if p.name.startswith(("cypher_", "numenera_", "foundry_"))
)


def test_cypher_pcs_play_by_the_damage_track_rules_set(library: Library) -> None:
    import_files(library, [FIXTURES / "cypher_v3_pc_unmasked.json", FIXTURES / "foundry_npc.json"])
    sets = library.rules_sets.list()
    assert [s.name for s in sets] == ["Cypher System (damage track)"]
    maya = library.characters.find_by_name("Maya Quill")
    assert maya is not None and maya.profile == sets[0].uid
    profile = get_profile(maya.profile)
    assert (profile.uses_damage_track, profile.armor_subtracts) == (True, True)
    smuggler = library.creatures.find_by_name("Harbour Smuggler")
    assert smuggler is not None and smuggler.profile == sets[0].uid
    import_files(library, [FIXTURES / "foundry_pc_v2.json"])
    assert len(library.rules_sets.list()) == 1  # made once, then reused


def test_importing_the_same_files_twice_updates_them(library: Library) -> None:
    import_files(library, ALL)
    counts = {kind: library.count(kind) for kind in EntryKind}
    assert counts[EntryKind.CHARACTER] == 4
    assert counts[EntryKind.CREATURE] == 8
    assert counts[EntryKind.FOLLOWER] == 0  # both companions joined their owners
    import_files(library, ALL)
    assert {kind: library.count(kind) for kind in EntryKind} == counts


def test_numdesk_export_of_imported_entries_round_trips(library: Library, tmp_path: Path) -> None:
    import_files(library, ALL)
    out = tmp_path / "all.numdesk-json"
    export_entries(library, out)
    before = {s.uid: to_data(library.load(s.uid)) for s in library.search(limit=1000)}
    with Library.create(tmp_path / "other.numdesk", starter=False) as other:
        import_files(other, [out])
        after = {s.uid: to_data(other.load(s.uid)) for s in other.search(limit=1000)}
    assert after == before
    maya = next(v for v in after.values() if v.get("name") == "Maya Quill")
    assert maya["second_form"]["name"] == "Little Maya" and maya["currency"] == "Crowns"


def test_a_bad_file_stops_the_batch_unless_keep_going(library: Library, tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"name": "X", "type": "pc", "system": {}, "items": 5}', encoding="utf-8")
    files = [FIXTURES / "numenera_npc.json", bad, FIXTURES / "cypher_v3_marker.json"]
    with pytest.raises(DomainError, match=r"broken.json: \$.items: expected a list"):
        import_files(library, files)
    assert library.count() == 0
    report = import_files(library, files, keep_going=True)
    assert [p.name for p, _m in report.failed] == ["broken.json"]
    assert [f.path.name for f in report.files] == ["numenera_npc.json", "cypher_v3_marker.json"]
    assert library.count(EntryKind.CREATURE) == 1


def test_cli_keep_going_writes_a_json_report(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    lib, out = tmp_path / "cli.numdesk", tmp_path / "report.json"
    args = [
        "import",
        FIXTURES / "cypher_v3_pc_unmasked.json",
        bad,
        FIXTURES / "cypher_v3_marker.json",
    ]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "numdesk",
            *map(str, args),
            "--library",
            str(lib),
            "--keep-going",
            "--report",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    assert "Imported 1 entry from cypher_v3_pc_unmasked.json (1 character)." in done.stdout
    assert done.stderr.startswith("Not imported: broken.json")
    report = json.loads(out.read_text(encoding="utf-8"))
    assert [f["file"].rsplit("/", 1)[-1] for f in report["files"]] == [
        "cypher_v3_pc_unmasked.json",
        "cypher_v3_marker.json",
    ]
    pc = report["files"][0]
    assert pc["format"] == "foundry-v2"
    assert [e["name"] for e in pc["imported"]] == ["Maya Quill"]
    assert [line["outcome"] for line in pc["lines"]] == ["changed"]  # her Armor total
    assert report["files"][1]["lines"][0]["outcome"] == "skipped"
    assert report["failed"][0]["file"].endswith("broken.json")
    with Library.open(lib, create=False) as opened:
        maya = opened.characters.find_by_name("Maya Quill")
        assert isinstance(maya, Character) and maya.second_form is not None


def test_cli_import_takes_a_house_rules_set_by_name(tmp_path: Path) -> None:
    from numdesk.model.rules_set import RulesSet

    path = tmp_path / "house.numdesk"
    gritty = RulesSet("Gritty", base="cypher", changes={"armor_subtracts": True})
    with Library.create(path, starter=False) as lib:
        lib.save_many([gritty])
    npc = FIXTURES / "foundry_npc.json"

    refused = _run("import", npc, "--library", path, "--profile", "Grity")
    assert refused.returncode != 0
    assert "no rules called 'Grity'" in refused.stderr and "'Gritty'" in refused.stderr
    with Library.open(path) as lib:
        assert lib.count(EntryKind.CREATURE) == 0  # refused: nothing imported

    done = _run("import", npc, "--library", path, "--profile", "gritty")
    assert done.returncode == 0, done.stderr
    with Library.open(path) as lib:
        smuggler = lib.creatures.find_by_name("Harbour Smuggler")
        assert smuggler is not None and smuggler.profile == gritty.uid
