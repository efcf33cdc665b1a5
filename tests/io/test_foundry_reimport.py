"""Issue 24: the two real versions of one Foundry PC (the same actor id, saved by Foundry
10 and by Foundry 12) imported one after the other update one entry, and the import
report says value by value what the second changed."""

from __future__ import annotations

import json
from pathlib import Path

from numdesk.io.importer import import_files
from numdesk.store import Library
from tests.foundry_real import real_actor, run_numdesk


def test_f12_over_f10_updates_one_entry_and_says_what_changed(library: Library) -> None:
    import_files(library, [real_actor("cs2-pc-griselda-tags-f10.json")])
    (first,) = library.characters.list()
    before = library.characters.load(first.uid)
    assert before.descriptor == ""

    report = import_files(library, [real_actor("cs2-pc-griselda-tags-f12.json")])
    (again,) = library.characters.list()
    assert again.uid == first.uid
    after = library.characters.load(first.uid)
    assert after.descriptor == "Righteous"
    assert "1 of them already in the library, updated" in report.summary()
    updated = [ln for f in report.files for ln in f.lines if ln.outcome == "updated"]
    texts = [ln.text for ln in updated]
    assert "descriptor: '' → 'Righteous'" in texts
    # the tag the Foundry 12 sheet added, and the items newly linked to tags
    assert any(t.startswith("recursions: added ") for t in texts)
    assert all(ln.entry == after.name for ln in updated)
    # items matched by name keep their identity: no "removed X" + "added X" for the same
    removed = {t.split(": removed ")[1] for t in texts if ": removed " in t}
    added = {t.split(": added ")[1] for t in texts if ": added " in t}
    assert not removed & added
    # the sheet's history keeps what happened before and says the import updated it
    assert after.history[: len(before.history)] == before.history
    assert "Updated from cs2-pc-griselda-tags-f12.json" in after.history[-1].summary
    assert "descriptor: '' → 'Righteous'" in after.history[-1].details


def test_the_same_file_again_changes_nothing(library: Library) -> None:
    import_files(library, [real_actor("cs2-pc-harold-spells-f12.json")])
    (summary,) = library.characters.list()
    stored = library.characters.load(summary.uid)
    report = import_files(library, [real_actor("cs2-pc-harold-spells-f12.json")])
    assert [ln for f in report.files for ln in f.lines if ln.outcome == "updated"] == []
    assert "1 already up to date" in report.summary()
    assert library.characters.load(summary.uid) == stored


def test_every_pc_pair_reimports_into_one_entry_from_the_command_line(tmp_path: Path) -> None:
    lib = tmp_path / "pairs.numdesk"
    names = ["griselda-tags", "harold-spells", "lupus-exclusive-tags", "alexina-recursions"]
    names.append("grocko-unmasked")
    for version in ("f10", "f12"):
        files = [real_actor(f"cs2-pc-{n}-{version}.json") for n in names]
        out = tmp_path / f"{version}.json"
        done = run_numdesk("import", *files, "--library", lib, "--report", out)
        assert done.returncode == 0, done.stderr
    with Library.open_read_only(lib) as opened:
        assert len(opened.characters.list()) == len(names)
    report = json.loads((tmp_path / "f12.json").read_text(encoding="utf-8"))
    for file in report["files"]:
        outcomes = {line["outcome"] for line in file["lines"]}
        assert "updated" in outcomes, file["file"]
